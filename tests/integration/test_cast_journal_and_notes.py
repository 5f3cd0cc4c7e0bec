"""What the table writes down: the Cast's shared journal (live on every Cast screen) and each
player's private notes on their hero."""

import pytest

from sessions import parts
from sessions.models import CastJournalEntry, TableEvent
from sessions.viewer import Viewer
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def _write(client, table, text, **data):
    return client.post(table["url"] + "journal/", {"text": text, **data}, headers=HTMX)


def test_a_player_writes_in_the_journal_and_every_screen_gets_it(playing):
    sam = playing["sam"]
    response = _write(player_client(sam), playing, "Pillai owes the Baron money.")
    assert response.status_code == 200
    assert 'name="text"' in response.content.decode()  # a fresh form for the next line
    assert "Pillai owes" not in response.content.decode()
    entry = CastJournalEntry.objects.get()
    assert (entry.character, entry.author, entry.text) == (
        sam,
        sam.owner,
        "Pillai owes the Baron money.",
    )
    event = TableEvent.objects.first()
    assert event.summary == "Sam Okafor writes in the Cast journal."
    assert parts.change([event]).names >= {"cast-journal"}
    # Drawn for each reader: Sam may cross his own line out, Ada may not.
    for hero, removable in ((sam, True), (playing["ada"], False)):
        viewer = Viewer(playing["adventure"], hero.owner_id)
        html = dict(parts.drawn(viewer, parts.Change(frozenset({"cast-journal"}))))
        assert "Pillai owes the Baron money." in html["cast-journal"]
        assert ("Cross out" in html["cast-journal"]) is removable
    page = player_client(playing["ada"]).get(playing["url"]).content.decode()
    assert "Pillai owes the Baron money." in page
    assert (
        "Pillai owes the Baron money."
        in player_client(playing["ada"])
        .get(playing["adventure"].get_absolute_url())
        .content.decode()
    )


def test_an_empty_line_is_refused_in_place(playing):
    response = _write(player_client(playing["sam"]), playing, "  ")
    assert response.status_code == 400
    assert "Write something for the journal first." in response.content.decode()
    assert not CastJournalEntry.objects.exists()
    assert not TableEvent.objects.filter(kind="journal").exists()


def test_a_player_writes_only_as_their_own_hero(playing):
    response = _write(player_client(playing["sam"]), playing, "Forged", character=playing["ada"].pk)
    assert response.status_code == 400
    assert "Write as one of your own heroes." in response.content.decode()
    assert not CastJournalEntry.objects.exists()


def test_the_director_writes_as_the_director_and_crosses_out_any_line(director, playing):
    _write(player_client(playing["sam"]), playing, "Sam's line")
    assert _write(director, playing, "A note from the Director").status_code == 200
    assert CastJournalEntry.objects.get(text="A note from the Director").character is None
    sams = CastJournalEntry.objects.get(text="Sam's line")
    # Ada can't cross out Sam's line; the Director can.
    ada = player_client(playing["ada"])
    refused = ada.post(playing["url"] + f"journal/{sams.pk}/remove/", headers=HTMX)
    assert refused.status_code == 409
    assert CastJournalEntry.objects.filter(pk=sams.pk).exists()
    done = director.post(playing["url"] + f"journal/{sams.pk}/remove/", headers=HTMX)
    assert done.status_code == 200
    assert not CastJournalEntry.objects.filter(pk=sams.pk).exists()


def test_a_finished_table_keeps_its_journal_as_it_was(director, playing):
    _write(player_client(playing["sam"]), playing, "Before the end")
    director.post(playing["url"] + "finish/", {"confirm": "yes"}, headers=HTMX)
    refused = _write(player_client(playing["sam"]), playing, "After the end")
    assert refused.status_code == 409
    # The form answers in its own place: the reason, and the line still typed in it.
    form = refused.content.decode()
    assert form.lstrip().startswith("<form")
    assert "This Adventure is finished: its table is kept as it was." in form
    assert "After the end</textarea>" in form
    assert "Write it down" in form
    assert list(CastJournalEntry.objects.values_list("text", flat=True)) == ["Before the end"]
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Before the end" in page
    assert "Write it down" not in page


def test_a_player_keeps_private_notes_on_their_hero_at_the_table(director, playing):
    sam = playing["sam"]
    client = player_client(sam)
    url = playing["url"] + f"hero-notes/{sam.pk}/"
    response = client.post(url, {"notes": "Suspect: the harbourmaster"}, headers=HTMX)
    assert response.status_code == 200
    assert "Suspect: the harbourmaster" in response.content.decode()
    sam.refresh_from_db()
    assert sam.notes == "Suspect: the harbourmaster"
    assert "Suspect: the harbourmaster" in client.get(playing["url"]).content.decode()
    assert "Suspect: the harbourmaster" in client.get(sam.get_absolute_url()).content.decode()
    # Nobody else reads them: not Ada's player, not the Director, not on the screen.
    for other in (player_client(playing["ada"]), director):
        assert "Suspect: the harbourmaster" not in other.get(playing["url"]).content.decode()
        assert other.post(url, {"notes": "x"}, headers=HTMX).status_code == 404
    outline = director.get(playing["adventure"].get_absolute_url()).content.decode()
    assert "Suspect: the harbourmaster" not in outline
    sam.refresh_from_db()
    assert sam.notes == "Suspect: the harbourmaster"


def test_notes_too_long_are_refused_in_place(playing):
    sam = playing["sam"]
    url = playing["url"] + f"hero-notes/{sam.pk}/"
    response = player_client(sam).post(url, {"notes": "x" * 4001}, headers=HTMX)
    assert response.status_code == 400
    assert "at most 4000 characters" in response.content.decode()
    sam.refresh_from_db()
    assert sam.notes == ""


def test_notes_are_kept_from_the_sheet_too(playing):
    sam = playing["sam"]
    client = player_client(sam)
    response = client.post(sam.get_absolute_url() + "notes/", {"notes": "Owes Ada a drink"})
    assert response.status_code == 302
    sam.refresh_from_db()
    assert sam.notes == "Owes Ada a drink"
    htmx = client.post(sam.get_absolute_url() + "notes/", {"notes": "Two drinks"}, headers=HTMX)
    assert htmx.status_code == 200
    assert "Saved." in htmx.content.decode()
    other = player_client(playing["ada"]).post(sam.get_absolute_url() + "notes/", {"notes": "x"})
    assert other.status_code == 404
