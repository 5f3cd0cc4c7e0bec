"""The Latest Gamble tells a settled Group Gamble's tally and verdict (a fresh-eyes defect: the
Director's cockpit showed only the last member's "Blunder!", the group's "it fails!" only on the
TV and in the log)."""

import pytest

from sessions.actions import groups
from tests.conftest import HTMX
from tests.integration.test_recap_true_words import _gamble, _group_gamble

pytestmark = pytest.mark.django_db


def _latest(director, playing) -> str:
    return director.get(playing["url"] + "part/latest/").content.decode()


def test_the_last_members_blunder_comes_with_the_groups_verdict(director, playing):
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    groups.call_group_gamble(adventure, "Swing across the clock", adventure.director)
    _gamble(adventure, sam, [6], "group-0001", "Swing across the clock")
    mid = _latest(director, playing)
    assert "came good" not in mid  # Ada is still to roll: no verdict yet
    _gamble(adventure, ada, [2], "group-0002", "Swing on the pendulums")
    latest = _latest(director, playing)
    assert "Blunder!" in latest  # Ada's own Gamble
    assert "Group Gamble (Swing across the clock): 1 of 2 came good:" in latest
    assert "it fails!" in latest


def test_a_group_gamble_that_comes_good_says_so(director, playing):
    flood = "Outrun the flood"
    _group_gamble(playing, flood, sam=([6], flood), ada=([5], flood))
    assert "2 of 2 came good: <strong" in _latest(director, playing)
    assert "Success!</strong></p>" in _latest(director, playing)


def test_closed_by_the_director_the_group_is_tallied_with_its_missing_gamble(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    groups.call_group_gamble(adventure, "Outrun the flood", adventure.director)
    _gamble(adventure, sam, [6], "group-0001", "Outrun the flood")
    director.post(playing["url"] + "group/close/", headers=HTMX)
    latest = _latest(director, playing)
    assert "Success!" in latest  # Sam's own
    assert "Group Gamble (Outrun the flood): 1 of 2 came good:" in latest
    assert "it fails!" in latest


def test_a_lone_gamble_tells_no_group(director, playing):
    _gamble(playing["adventure"], playing["sam"], [6], "lone-0001", "Kick the door in")
    assert "Group Gamble" not in _latest(director, playing)


def test_the_groups_verdict_is_the_headline_over_the_last_roll_in_it(director, playing):
    """A fresh-eyes TV read a member's "6 6 Success!" as the headline over the group's "it
    fails!": the group's verdict comes first, the last roll in it under it."""
    _group_gamble(
        playing,
        "Swing across the clock",
        sam=([2], "Swing across the clock"),
        ada=([6], "Swing on the pendulums"),
    )
    latest = _latest(director, playing)
    verdict = latest.index("1 of 2 came good")
    assert verdict < latest.index("The last roll in it:") < latest.index("Success!")


def test_the_latest_gamble_is_the_one_moved_last_not_the_one_rolled_last(director, playing):
    """A fresh-eyes evening: Sam rolled, Ada rolled, Sam locked in a Blunder; the Latest Gamble
    kept Ada's earlier roll up, and Sam's Blunder (with its prompts) was only in the log."""
    from sessions.actions import gambles, rolled
    from sessions.rules import LoadedDice
    from tests.integration.test_recaps import _ask

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    sams = gambles.roll_gamble(
        adventure, sam, _ask(intent="Kick"), "s1", sam.owner, LoadedDice([2])
    )
    adas = gambles.roll_gamble(
        adventure, ada, _ask(intent="Duck"), "a1", ada.owner, LoadedDice([6])
    )
    assert "Ada" in _latest(director, playing)
    rolled.lock_in(adventure, sams.pk, sams.step, sam.owner)
    latest = _latest(director, playing)
    assert "Blunder!" in latest
    assert "kick" in latest.lower()
    rolled.lock_in(adventure, adas.pk, adas.step, ada.owner)
    assert "Success!" in _latest(director, playing)
