"""An Investigation once rolled (fresh-eyes review of the Director's table): the Latest Gamble
panel tells it under the Gamble before it, as it tells a Group Gamble's tally; and the
investigator's phone puts its note away once the table's next Gamble is locked in, anyone's."""

import html

import pytest

from sessions.actions import corrections
from sessions.models import Gamble, TableEvent
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.integration.test_phone_news_on_the_gamble_panel import FOUND, _investigate

pytestmark = pytest.mark.django_db

TOLD = (
    "Then an Investigation: Sam Okafor takes a closer look at the ledger's torn pages: "
    "rolls 4, and learns <strong>a solid lead</strong>."
)


def _page(client, playing) -> str:
    response = client.get(playing["url"])
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def _latest(page: str) -> str:
    start = page.index('id="latest-title"')
    return page[start : page.index("</section>", start)]


def _gamble(playing, hero: str, key: str) -> None:
    client = player_client(playing[hero])
    with use_dice(LoadedDice([6])):
        client.post(playing["url"] + f"roll/{playing[hero].pk}/", gamble_form(key), headers=HTMX)
    gamble = Gamble.objects.filter(character=playing[hero]).latest("pk")
    client.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX)


def test_the_latest_gamble_panel_tells_an_investigation_rolled_since(director, playing):
    _gamble(playing, "ada", "before-look-1")
    assert "Investigation" not in _latest(_page(director, playing))
    _investigate(playing)
    latest = _latest(_page(director, playing))
    assert TOLD in latest
    assert "Success!" in latest  # the Gamble before it, still told above
    # The TV's and the phones' panel is the same drawing.
    assert TOLD in _latest(_page(player_client(playing["ada"]), playing))
    # Rolled, the Investigation redraws the panel live.
    assert "gambles" in TableEvent.objects.get(kind="investigated").data["topics"]

    # The next Gamble is the latest roll again.
    _gamble(playing, "ada", "after-look-01")
    assert "Then an Investigation" not in _latest(_page(director, playing))


def test_an_undone_investigation_leaves_the_panel(director, playing):
    _gamble(playing, "ada", "before-look-2")
    _investigate(playing)
    assert TOLD in _latest(_page(director, playing))
    adventure = playing["adventure"]
    corrections.undo(adventure, TableEvent.objects.first().pk, adventure.director)
    assert "Then an Investigation" not in _latest(_page(director, playing))


def test_the_investigators_note_goes_at_the_tables_next_gamble(playing):
    _investigate(playing)
    sam = player_client(playing["sam"])
    assert FOUND in _page(sam, playing)
    _gamble(playing, "ada", "others-turn-1")
    # Ada's Gamble locked in: the table moved on, and Sam's note is gone.
    assert FOUND not in _page(sam, playing)


def test_the_lock_in_that_puts_the_note_away_redraws_the_investigators_panel(playing):
    """Live too (phone14): the lock-in that puts a note away redraws every hero's panel, the
    investigator's among them; a lock-in with no note up redraws the locking hero's alone."""
    _investigate(playing)
    _gamble(playing, "ada", "others-turn-2")
    locked = TableEvent.objects.filter(kind="gamble_locked").latest("pk")
    assert "heroes" in locked.data["topics"]
    _gamble(playing, "ada", "others-turn-3")
    locked = TableEvent.objects.filter(kind="gamble_locked").latest("pk")
    assert "heroes" not in locked.data["topics"]


def test_while_an_investigation_is_asked_the_phone_offers_no_gamble_to_roll(playing):
    """A fresh-eyes phone: the Investigate panel above, a live Roll! below; the player typed an
    action, pressed Roll!, and made a Gamble of it (a Blunder, Peril), the Investigation still
    waiting. One roll asked at a time: the Gamble form comes back after the Investigation."""
    from sessions.actions import investigations
    from sessions.models import Investigation

    adventure, sam = playing["adventure"], playing["sam"]
    investigations.ask_to_investigate(adventure, sam.pk, "The locked closet", adventure.director)
    page = _page(player_client(sam), playing)
    assert "Investigate (roll 1d6)" in page
    assert "Investigate first: your next Gamble comes after that roll." in page
    assert f'action="/adventures/{adventure.pk}/table/roll/{sam.pk}/"' not in page
    investigations.investigate(
        adventure, Investigation.objects.get().pk, sam.owner, LoadedDice([4])
    )
    page = _page(player_client(sam), playing)
    assert "Investigate first" not in page
    assert f'action="/adventures/{adventure.pk}/table/roll/{sam.pk}/"' in page


def test_a_tumult_puts_the_investigation_note_away(playing):
    """A fresh-eyes phone: "You investigated the locked closet…" still sat over the hero's
    Gamble in the Tumult that followed, pushing their turn down."""
    from sessions.actions import tumults

    _investigate(playing)
    assert "You investigated" in _page(player_client(playing["sam"]), playing)
    tumults.start_tumult(playing["adventure"], playing["adventure"].director)
    assert "You investigated" not in _page(player_client(playing["sam"]), playing)
