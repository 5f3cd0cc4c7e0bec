"""A recap drafted from a real log tells what the Cast saw in the order it made sense: a Group
Gamble before its members' parts, a handout revealed in the Leg, a Scene's premise and its NPC
as words of a sentence."""

import pytest

from sessions.actions import gambles, groups, handouts, legs, rolled, scenes
from sessions.models import Handout, Leg, Recap, Scene
from sessions.rules import LoadedDice
from tests.integration.test_recaps import _ask

pytestmark = pytest.mark.django_db


def _gamble(adventure, hero, faces, key, intent):
    made = gambles.roll_gamble(
        adventure, hero, _ask(intent=intent), key, hero.owner, LoadedDice(faces)
    )
    rolled.lock_in(adventure, made.pk, made.step, hero.owner)


def _group_gamble(playing, action: str, *, sam: tuple[list[int], str], ada: tuple[list[int], str]):
    """The Director calls a Group Gamble to ``action``; Sam, then Ada, roll their part (their
    dice, their own words) and lock it in."""
    adventure = playing["adventure"]
    groups.call_group_gamble(adventure, action, adventure.director)
    _gamble(adventure, playing["sam"], sam[0], "group-0001", sam[1])
    _gamble(adventure, playing["ada"], ada[0], "group-0002", ada[1])


def _recap_of_the_leg(adventure) -> str:
    """The Director ends the Leg: its recap's body."""
    legs.end_leg(adventure, adventure.director)
    return Recap.objects.get().body


def test_a_group_gamble_is_told_once_not_its_members_parts(playing):
    """A member's Gamble is the group's, told once in its sentence (a fresh-eyes recap: "Not
    long after, Mabel Finch set out to sprint for the exit, and blundered." after the group's)."""
    _group_gamble(
        playing, "Outrun the flood", sam=([6], "Vault the railing"), ada=([5], "Swim for my life")
    )
    body = _recap_of_the_leg(playing["adventure"])
    assert "Sam and Ada gambled together (“Outrun the flood”): both came good" in body
    assert "vault the railing" not in body
    assert "swim for" not in body


def test_the_second_legs_recap_tells_its_handout_and_its_premise(playing):
    adventure, director = playing["adventure"], playing["adventure"].director
    legs.end_leg(adventure, director)
    second = Leg.objects.create(adventure=adventure, position=2, title="The Drowned Ledger")
    scene = Scene.objects.create(
        leg=second,
        position=1,
        beat="Down at the harbour",
        framing_where="The harbour office",
        framing_what="Missing ships",
        framing_who="Pillai",
    )
    legs.start_leg(adventure, second, director, LoadedDice([3, 4]))
    scenes.start_scene(adventure, scene, None, director)
    stubs = Handout.objects.create(
        adventure=adventure, caption="The torn ledger stubs", display="d", thumb="t", digest="x"
    )
    handouts.reveal(adventure, stubs.pk, director)
    handouts.put_away(adventure, director)
    handouts.reveal(adventure, stubs.pk, director)  # shown again: told once
    legs.end_leg(adventure, director)
    body = Recap.objects.get(title__startswith="Leg 2").body
    assert body.count("“The torn ledger stubs”") == 1
    assert "set out to missing ships" not in body
    assert "with Pillai on hand" in body
    assert "at issue: missing ships" in body.lower()
