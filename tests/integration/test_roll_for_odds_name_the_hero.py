"""The Director rolling for a player without a phone reads the odds line as the Director: the
Lucky Saves are the hero's ("with Sam Okafor's Lucky Saves"), never "your" (the review: the
roll-for page said "100% with your Lucky Saves"). The player's own panel keeps "your"."""

import html

import pytest

from tests.conftest import player_client

pytestmark = pytest.mark.django_db


def test_the_roll_for_page_names_the_heros_lucky_saves(director, playing):
    sam = playing["sam"]
    assert sam.lucky_saves > 0
    page = html.unescape(director.get(playing["url"] + f"for/{sam.pk}/").content.decode())
    assert f"with {sam.name}'s Lucky Saves" in page
    assert "with your Lucky Saves" not in page
    # As the pool is built, the line asked for again says the same.
    line = html.unescape(director.get(playing["url"] + f"odds/{sam.pk}/").content.decode())
    assert f"with {sam.name}'s Lucky Saves" in line


def test_the_players_own_odds_line_says_your(playing):
    sam = playing["sam"]
    client = player_client(sam)
    line = html.unescape(client.get(playing["url"] + f"odds/{sam.pk}/").content.decode())
    assert "with your Lucky Saves" in line


def test_the_roll_for_page_offers_the_heros_catchphrase_not_yours(director, playing):
    """A fresh-eyes Director rolling for Sam read "Re-roll with your Catchphrase"."""
    from sessions.rules import LoadedDice, use_dice
    from tests.gambles import gamble_form

    sam = playing["sam"]
    with use_dice(LoadedDice([2])):
        director.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("for-sam-01"))
    page = html.unescape(director.get(playing["url"] + f"for/{sam.pk}/").content.decode())
    assert f"with {sam.name}'s Catchphrase" in page
    assert "your Catchphrase" not in page
    # Sam's phone watches the Director's roll: the re-roll is the Director's to make.
    own = html.unescape(player_client(sam).get(playing["url"]).content.decode())
    assert "The Director re-rolls and locks it in from their page" in own
    assert "with your Catchphrase" not in own
