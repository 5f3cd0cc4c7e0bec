"""The Director's screens after a fresh-eyes evening (issue #35): a Danger prepared hidden or
in sight, Peril from a named Danger in an ordinary Scene, a Line or Veil confirmed where it was
added, consequence prompts that set the prep apart, a Tumult that asks first, and Lucky Saves
typed in by hand at a Leg's start for a hero who joined after the page was drawn."""

import html
import re

import pytest

from characters.models import Character
from sessions import parts
from sessions.actions import cast, legs
from sessions.models import Danger, KeyLocation, Leg, RealDice, TableEvent
from sessions.viewer import Viewer
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return html.unescape(response.content.decode())


# A Danger prepared hidden, or in sight ---------------------------------------------------------


def test_a_danger_is_prepared_hidden_or_in_sight(alice_client, adventure):
    location = KeyLocation.objects.get(leg__adventure=adventure)
    url = f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/new/"
    form = _text(alice_client.get(url))
    assert "Hidden from players until you reveal it: the phones and the TV don't show it" in form
    assert "In sight: the players see it as soon as its Scene starts" in form
    # Hidden by default, and said so by the field (a fresh-eyes defect: it went unsaid).
    assert re.search(r'<input[^>]*value="hidden"[^>]*checked', form)
    assert "A new Danger starts hidden: a secret stays safe until you show it." in form

    alice_client.post(url, {"name": "Cistern Crocodile", "template": "villain"})
    alice_client.post(url, {"name": "Harbour Police", "template": "minion", "in_sight": "shown"})
    assert not Danger.objects.get(name="Cistern Crocodile").revealed
    police = Danger.objects.get(name="Harbour Police")
    assert police.revealed

    edit = f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/{police.pk}/edit/"
    assert re.search(r'<input[^>]*value="shown"[^>]*checked', _text(alice_client.get(edit)))
    alice_client.post(edit, {"name": "Harbour Police", "template": "minion", "in_sight": "hidden"})
    police.refresh_from_db()
    assert not police.revealed
    outline = _text(alice_client.get(f"/adventures/{adventure.pk}/"))
    assert "Hidden from the players" in outline


def test_a_forged_choice_of_sight_is_refused_by_its_field(alice_client, adventure):
    location = KeyLocation.objects.get(leg__adventure=adventure)
    url = f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/new/"
    response = alice_client.post(
        url, {"name": "Ghost", "template": "minion", "in_sight": "glowing"}, headers=HTMX
    )
    assert response.status_code == 400
    assert "Select a valid choice" in _text(response)
    assert not Danger.objects.filter(name="Ghost").exists()


# Peril from a named Danger, in an ordinary Scene ------------------------------------------------


def _peril(director, playing, hero, delta, reason, **more):
    data = {"character": hero.pk, "delta": delta, "reason": reason, "tool": "peril-form"} | more
    return director.post(playing["url"] + "peril/", data, headers=HTMX)


def test_peril_from_a_named_danger_outside_a_tumult(director, playing):
    sam = playing["sam"]
    dockhands = Danger.objects.get(name__startswith="Dockhands")
    Danger.objects.filter(pk=dockhands.pk).update(name="Dockhands", danger_rating=2, revealed=True)
    page = _text(director.get(playing["url"]))
    # Both places the Director gives Peril: the Cast's "Peril for" and the Tools' "Why".
    assert page.count('<optgroup label="From a Danger of this Scene">') == 2
    assert page.count(f'<option value="danger-{dockhands.pk}">Dockhands</option>') == 2

    response = _peril(director, playing, sam, 2, f"danger-{dockhands.pk}", detail="a thrown crate")
    assert response.status_code == 200
    event = TableEvent.objects.filter(kind="peril").latest("pk")
    assert event.summary.startswith("Peril from Dockhands (a thrown crate): Sam Okafor")
    assert event.data["from_danger"] == dockhands.pk
    sam.refresh_from_db()
    assert sam.peril == 2
    # The players read the same line.
    assert "Peril from Dockhands (a thrown crate)" in _text(player_client(sam).get(playing["url"]))


def test_a_hidden_danger_strikes_unnamed(director, playing):
    sam = playing["sam"]
    dockhands = Danger.objects.get(name__startswith="Dockhands")
    assert f"{dockhands.name} (hidden)</option>" in _text(director.get(playing["url"]))
    assert _peril(director, playing, sam, 1, f"danger-{dockhands.pk}").status_code == 200
    event = TableEvent.objects.filter(kind="peril").latest("pk")
    assert event.summary.startswith("Peril from an unseen enemy: Sam Okafor")
    assert "Dockhands" not in event.summary


@pytest.mark.parametrize(
    ("delta", "said"),
    [(2, "the Danger Rating is 1"), (-1, "pick another reason")],
    ids=["over its rating", "taking Peril away"],
)
def test_a_dangers_peril_is_refused_past_its_rating_or_below_zero(director, playing, delta, said):
    sam = playing["sam"]
    dockhands = Danger.objects.get(name__startswith="Dockhands")
    response = _peril(director, playing, sam, delta, f"danger-{dockhands.pk}")
    assert response.status_code == 409  # a move the rules refuse, said by its form
    assert said in _text(response)
    sam.refresh_from_db()
    assert sam.peril == 0
    assert not TableEvent.objects.filter(kind="peril").exists()


def test_a_danger_thats_out_or_elsewhere_is_no_reason(director, playing, adventure):
    sam = playing["sam"]
    dockhands = Danger.objects.get(name__startswith="Dockhands")
    Danger.objects.filter(pk=dockhands.pk).update(successes=1)  # out of the picture
    assert "From a Danger of this Scene" not in _text(director.get(playing["url"]))
    for forged in (f"danger-{dockhands.pk}", "danger-999999"):
        response = _peril(director, playing, sam, 1, forged)
        assert response.status_code == 409
        assert "Pick one of the reasons" in _text(response)
    assert not TableEvent.objects.filter(kind="peril").exists()


# A Line or a Veil added at the table: said where it was added -----------------------------------


def _add(client, playing, **data):
    data = {"kind": "line", "text": "", "part": "lines-veils"} | data
    url = f"/adventures/{playing['adventure'].pk}/safety/"
    return client.post(url, data, headers=HTMX)


def test_a_line_added_at_the_table_is_confirmed_in_its_own_section(director, playing):
    response = _add(director, playing, text="No spiders, ever")
    assert response.status_code == 200
    page = _text(response)
    assert 'id="lines-veils-title"' in page  # the section itself, not the log
    assert "✓ Line added: No spiders, ever" in page
    assert page.count("No spiders, ever") >= 2  # said, and in the list
    assert "{#" not in page
    # Folded again, empty, once added: what was added is said under its fold.
    assert '<details class="fold" id="lines-veils-add" data-keep-open>' in page
    # A Veil, anonymously, from a player's phone.
    sam = playing["sam"]
    veil = _text(_add(player_client(sam), playing, kind="veil", text="Torture", anonymous="on"))
    assert "✓ Veil added: Torture" in veil


def test_a_mistake_comes_back_in_the_section_and_nothing_is_added(director, playing):
    response = _add(director, playing, text="")
    assert response.status_code == 400
    page = _text(response)
    assert 'id="lines-veils-title"' in page
    assert "added:" not in page
    assert "errorlist" in page
    assert not playing["adventure"].safety.exists()


def test_without_javascript_the_table_comes_back_at_its_lines_and_veils(director, playing):
    url = f"/adventures/{playing['adventure'].pk}/safety/"
    response = director.post(url, {"kind": "line", "text": "No spiders", "part": "lines-veils"})
    assert response.status_code == 302
    assert response["Location"] == playing["url"] + "#lines-veils-panel"
    assert "Line added: No spiders" in _text(director.get(playing["url"]))


# Lucky Saves typed in at a Leg's start, for every hero at the table -----------------------------


def test_a_hero_who_joins_gets_a_lucky_saves_die_at_the_next_leg(director, playing, make_user):

    adventure = playing["adventure"]
    adventure.real_dice = RealDice.EITHER
    adventure.save(update_fields=["real_dice"])
    legs.end_leg(adventure, adventure.director)
    Leg.objects.create(adventure=adventure, position=2, title="The Brass Jack")
    page = _text(director.get(playing["url"]))
    assert "Lucky Saves rolled by hand? One die each" in page
    assert "Type the die (1 to 6) each player rolled for their Lucky Saves" in page

    # Dora joins after the Director's page was drawn: the live redraw of Pacing has her die.
    dora = Character.objects.create(owner=make_user("dora"), name="Dora", archetype="brawler")
    cast.join_cast(adventure, dora, dora.owner)
    joined = TableEvent.objects.filter(kind="cast_joined").latest("pk")
    changed = parts.change([joined])
    assert "director-pacing" in changed.names
    viewer = Viewer(adventure, adventure.director_id, True)
    drawn = dict(parts.drawn(viewer, changed))
    assert f'for="faces-leg-{dora.pk}">Dora</label>' in drawn["director-pacing"]
