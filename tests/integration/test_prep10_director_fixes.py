"""Fresh-eyes Director defects (prep10): the prep page tags a Key Location's obstacles secret
(they reach the Director's crib alone, DESIGN.md §2); the Director's own Line or Veil reads
"(yours)", not "(from <their username>)"; a hidden Danger offered for a Tumult tells the
Director, before it fights, that it fights unseen, and its name stays off every player's
page, stream and the TV all the while (DESIGN.md §3: secrets never reach a player)."""

import re

import pytest
from django.test import Client

from sessions import live
from sessions.models import Danger, TableEvent
from tests.conftest import HTMX, player_client
from tests.integration.test_tumult_against_chosen_dangers import _start, _text, three
from tests.streams import streamed

pytestmark = pytest.mark.django_db
__all__ = ["three"]  # the fixture: Brass Jack and the Museum guards shown, the Lurker hidden

UNSEEN = "hidden — fights unseen"
TOLD = "A hidden Danger fights unseen"


def _row(html: str, text: str) -> str:
    """The list item that holds ``text``."""
    start = html.rindex("<li", 0, html.index(text))
    return html[start : html.index("</li>", start)]


def test_the_prep_page_tags_obstacles_secret(director, playing):
    prep = director.get(playing["adventure"].get_absolute_url()).content.decode()
    assert re.search(r'<dt>Obstacles <span class="secret-tag">secret</span></dt>', prep)
    # As the clues and the notes beside them are.
    assert '<dt>Clues <span class="secret-tag">secret</span></dt>' in prep


def test_the_key_location_form_says_obstacles_are_secret(director, playing):
    adventure = playing["adventure"]
    location = adventure.legs.get().key_locations.first()
    url = f"/adventures/{adventure.pk}/legs/{location.leg_id}/locations/{location.pk}/edit/"
    form = director.get(url)
    assert form.status_code == 200, url
    field = re.search(r'<label for="id_obstacles".*?</div>', form.content.decode(), re.S)
    assert "Secret." in field.group(0)


@pytest.fixture
def lines(director, playing):
    """The Director adds a Line at the table under their name; Sam's player a Veil."""
    url = f"/adventures/{playing['adventure'].pk}/safety/"
    data = {"part": "lines-veils", "kind": "line", "text": "Harm to children"}
    assert director.post(url, data, headers=HTMX).status_code == 200
    sam = player_client(playing["sam"])
    data = {"part": "lines-veils", "kind": "veil", "text": "Spiders"}
    assert sam.post(url, data, headers=HTMX).status_code == 200
    return playing | {"sam_client": sam}


def test_the_directors_own_line_reads_yours_at_the_table(director, lines):
    username = lines["adventure"].director.username
    table = director.get(lines["url"] + "part/lines-veils/").content.decode()
    assert f"(from {username})" not in table
    assert "(yours)" in _row(table, "Harm to children")
    assert "(from Sam Okafor)" in _row(table, "Spiders")


def test_the_directors_own_line_reads_yours_in_prep(director, lines):
    username = lines["adventure"].director.username
    prep = director.get(lines["adventure"].get_absolute_url()).content.decode()
    assert f"(from {username})" not in prep
    assert "(yours)" in _row(prep, "Harm to children")
    assert "(anonymous)" not in _row(prep, "Harm to children")
    assert "(from Sam Okafor)" in _row(prep, "Spiders")


def test_players_never_read_yours_or_a_name(lines):
    sam = lines["sam_client"]
    for page in (
        sam.get(lines["url"] + "part/lines-veils/").content.decode(),
        sam.get(lines["adventure"].get_absolute_url()).content.decode(),
    ):
        assert "Harm to children" in page
        assert "(yours)" not in page
        assert "(from" not in page


def test_the_start_question_tells_a_hidden_danger_fights_unseen(director, playing, three):
    panel = _text(director.get(playing["url"] + "part/director-tumult/").content.decode())
    assert TOLD in panel


def test_no_word_of_unseen_when_every_danger_is_in_sight(director, playing, three):
    Danger.objects.update(revealed=True)
    panel = _text(director.get(playing["url"] + "part/director-tumult/").content.decode())
    assert TOLD not in panel


def test_bringing_in_a_hidden_danger_says_so_before_and_keeps_it_secret(director, playing, three):
    jack, _guards, lurker = three.values()
    _start(director, playing, jack)
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    # Told before it happens, in the choice itself and beside it.
    # A button of its own, "Bring The Lurker in", described as fighting unseen (no radio).
    choice = rf'name="danger" value="{lurker.pk}"[^>]*>Bring The Lurker in</button>'
    assert re.search(choice, panel)
    assert 'type="radio"' not in panel
    assert f'id="tumult-join-unseen-{lurker.pk}">{UNSEEN}</span>' in panel
    assert TOLD in _text(panel)
    joined = director.post(
        playing["url"] + "tumult/join/",
        {"part": "director-tumult", "tool": "join", "danger": lurker.pk},
        headers=HTMX,
    )
    assert joined.status_code == 200
    lurker.refresh_from_db()
    assert not lurker.revealed  # a Tumult doesn't show it: only the Director's Show does

    sam = playing["sam"]
    director.post(
        playing["url"] + "tumult/enemies/", {f"split-{lurker.pk}-{sam.pk}": "2"}, headers=HTMX
    )
    sam.refresh_from_db()
    assert sam.peril == 2
    struck = TableEvent.objects.filter(kind="enemies_turn").latest("pk").summary
    assert "An enemy → Sam Okafor" in struck

    adventure = playing["adventure"]
    adventure.screen_token = "a-screen-token-for-the-test"
    adventure.save(update_fields=["screen_token"])
    phone, tv = player_client(sam), Client()

    def read(client, url):
        response = client.get(url)
        assert response.status_code == 200, url
        return response.content.decode()

    pages = {
        "phone": read(phone, playing["url"]),
        "gamble": read(phone, playing["url"] + f"part/gamble/?character={sam.pk}"),
        "tumult part": read(phone, playing["url"] + "part/tumult/"),
        "dangers part": read(phone, playing["url"] + "part/dangers/"),
        "log": read(phone, f"/adventures/{adventure.pk}/log/"),
        "tv": read(tv, f"/screen/{adventure.screen_token}/"),
        "sheet": read(phone, sam.get_absolute_url()),
    }
    assert "Brass Jack" in pages["gamble"]  # the foe in sight is there to aim at
    listeners = [live.Listener(adventure.pk, sam.owner_id), live.Listener(adventure.pk)]
    pages |= streamed(adventure, listeners)
    for where, text in pages.items():
        assert "Lurker" not in text, where
    # The Director's page still names it, marked hidden.
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "Up against: Brass Jack, The Lurker (hidden)." in _text(panel).replace(" .", ".")
