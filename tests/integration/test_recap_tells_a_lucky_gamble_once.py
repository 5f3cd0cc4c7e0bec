"""A Gamble thrown a blunder and turned into a success with Lucky Saves is one moment of the
recap, told once (a fresh-eyes recap told Noor's Gamble "…and pulled it off", then, a new
paragraph begun, "Noor Haddad was staring at a blunder until Lucky Saves nudged the dice")."""

import pytest

from sessions.rules import LoadedDice
from tests.integration.test_recaps import _ask

pytestmark = pytest.mark.django_db


def test_a_gamble_saved_by_lucky_saves_is_told_once(playing):
    from sessions.actions import gambles, legs, rolled
    from sessions.models import Gamble, Recap

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    director = adventure.director
    for n, hero in enumerate((ada, ada, sam)):  # three sentences before it: a paragraph's end
        made = gambles.roll_gamble(
            adventure,
            hero,
            _ask(intent=f"pick lock number {n}"),
            f"lucky-{n}",
            hero.owner,
            LoadedDice([6]),
        )
        rolled.lock_in(adventure, made.pk, Gamble.objects.get(pk=made.pk).step, hero.owner)
    made = gambles.roll_gamble(
        adventure,
        sam,
        _ask(intent="signal the harbourmaster with flags"),
        "lucky-3",
        sam.owner,
        LoadedDice([4]),
    )
    made = rolled.spend_lucky_save(adventure, made.pk, 0, made.step, sam.owner)
    rolled.lock_in(adventure, made.pk, made.step, sam.owner)
    legs.end_leg(adventure, director)

    body = Recap.objects.get().body
    assert body.count("signal the harbourmaster with flags") == 1, body
    # Its luck in its own sentence, whichever way the chapter's seed words it, and never again.
    [told] = [s for s in body.split(". ") if "signal the harbourmaster" in s]
    assert "Lucky Saves" in told, body
    # …never told again as a moment of its own, in any of that moment's words.
    for again in ("staring at a blunder", "It took Lucky Saves", "Lucky Saves turned"):
        assert again not in body, body
