"""The Catchphrase re-roll and the open Gamble's dice, guarded (fresh-eyes evening, dice59):
a success is never thrown away in one tap, a Gamble the Director is rolling for a hero is
the Director's page's alone, and the Blammo! Die is marked among the dice."""

import html
import re

import pytest

from sessions.models import Gamble
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _roll(client, playing, hero, request_id="request-0001", headers=HTMX, **data):
    url = playing["url"] + f"roll/{hero.pk}/"
    return client.post(url, gamble_form(request_id, **data), headers=headers)


def _move(client, playing, gamble, move, headers=HTMX, **data):
    url = playing["url"] + f"gambles/{gamble.pk}/{move}/"
    return client.post(url, {"step": gamble.step, **data}, headers=headers)


# A success is asked about before a re-roll throws it away ---------------------------------------


def test_a_reroll_of_a_success_is_refused_until_it_is_confirmed(playing):
    bob = player_client(playing["sam"])
    with use_dice(LoadedDice([5, 2])):
        _roll(bob, playing, playing["sam"])
        gamble = Gamble.objects.get()
        refused = _move(bob, playing, gamble, "reroll")
    assert refused.status_code == 409
    assert "already succeeds" in _text(refused)
    gamble.refresh_from_db()
    assert (gamble.dice, gamble.catchphrase_used) == ([5], False)
    with use_dice(LoadedDice([2])):
        confirmed = _move(bob, playing, gamble, "reroll", confirm="yes")
    assert confirmed.status_code == 200
    gamble.refresh_from_db()
    assert (gamble.dice, gamble.catchphrase_used) == ([2], True)


def test_a_reroll_of_a_blunder_needs_no_confirming(playing):
    bob = player_client(playing["sam"])
    with use_dice(LoadedDice([3, 6])):
        _roll(bob, playing, playing["sam"])
        gamble = Gamble.objects.get()
        assert _move(bob, playing, gamble, "reroll").status_code == 200
    gamble.refresh_from_db()
    assert gamble.dice == [6]


def test_the_panel_of_a_success_asks_before_the_catchphrase_rerolls(playing):
    bob = player_client(playing["sam"])
    with use_dice(LoadedDice([6])):
        _roll(bob, playing, playing["sam"])
    page = _text(bob.get(playing["url"]))
    # The Catchphrase button only opens the question; the re-roll is its own button.
    assert re.search(r'<button type="button"[^>]*data-reroll-ask[^>]*>Catchphrase re-roll', page)
    assert "Your roll already succeeds. Re-roll anyway?" in page
    assert re.search(r'<button type="submit"[^>]*name="confirm" value="yes"', page)


def test_the_panel_of_a_blunder_rerolls_at_once(playing):
    bob = player_client(playing["sam"])
    with use_dice(LoadedDice([2])):
        _roll(bob, playing, playing["sam"])
    page = _text(bob.get(playing["url"]))
    assert "data-reroll-ask" not in page
    assert "Re-roll anyway?" not in page
    assert re.search(r'<button type="submit"[^>]*>Catchphrase re-roll', page)


# The Director rolling for a hero: its player's phone watches -----------------------------------


def _rolled_by_the_director(director, playing, dice=(2,)):
    sam = playing["sam"]
    page = {"Referer": f"http://testserver{playing['url']}for/{sam.pk}/"}
    with use_dice(LoadedDice(list(dice))):
        assert _roll(director, playing, sam, headers=page).status_code == 302
    gamble = Gamble.objects.get()
    assert gamble.by_director
    return gamble


def test_the_phone_shows_the_directors_roll_without_its_moves(director, playing):
    _rolled_by_the_director(director, playing)
    page = _text(player_client(playing["sam"]).get(playing["url"]))
    assert "The Director is rolling for Sam Okafor." in page
    assert 'aria-label="Die 1: 2"' in page
    assert "Catchphrase re-roll" not in page
    assert "Re-rolling by hand?" not in page
    assert ">Lock in<" not in page
    assert "The Director re-rolls and locks it in from their page" in page


def test_a_player_reroll_of_the_directors_roll_is_refused_in_the_panel(director, playing):
    gamble = _rolled_by_the_director(director, playing)
    bob = player_client(playing["sam"])
    for move in ("reroll", "lock"):
        with use_dice(LoadedDice([6])):
            refused = _move(bob, playing, gamble, move, confirm="yes")
        assert refused.status_code == 409
        said = _text(refused)
        assert "The Director is rolling this Gamble for Sam Okafor" in said
        assert "Sam Okafor: Gamble</h2>" in said  # the hero's panel, the reason in it
    gamble.refresh_from_db()
    assert (gamble.dice, gamble.catchphrase_used, gamble.locked) == ([2], False, False)
    # Without JavaScript: back to the table, the reason on top; nothing changed.
    plain = _move(bob, playing, gamble, "reroll", headers={})
    assert plain.status_code == 302
    gamble.refresh_from_db()
    assert gamble.dice == [2]


def test_the_director_still_rerolls_and_locks_in_on_the_roll_for_page(director, playing):
    gamble = _rolled_by_the_director(director, playing)
    page = {"Referer": f"http://testserver{playing['url']}for/{playing['sam'].pk}/"}
    with use_dice(LoadedDice([5])):
        assert _move(director, playing, gamble, "reroll", headers=page).status_code == 302
    gamble.refresh_from_db()
    assert gamble.dice == [5]
    assert _move(director, playing, gamble, "lock", headers=page).status_code == 302
    gamble.refresh_from_db()
    assert gamble.locked


# The Blammo! Die among the dice ------------------------------------------------------------------


def test_the_blammo_die_is_marked_among_the_dice(playing):
    bob = player_client(playing["sam"])
    with use_dice(LoadedDice([3, 4, 6])):
        _roll(bob, playing, playing["sam"], advantages=1, sound_effects=["KRAK!"])
    page = _text(bob.get(playing["url"]))
    assert 'aria-label="Die 1: 3"' in page
    assert 'aria-label="Die 2: 4"' in page
    assert 'aria-label="Die 3: 6 (Blammo! Die: KRAK!)"' in page
    # Each Gamble's dice drawn on the page (the hero's panel, the Latest Gamble) mark one die.
    assert page.count('class="blammo-tag"') == page.count('aria-label="Die 3: 6 (Blammo!')
