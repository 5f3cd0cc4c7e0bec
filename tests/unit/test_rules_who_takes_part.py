"""Who is in the thick of it: helping, Group Gambles, Tumults, Wide Shots, Dangers to aim at.

Each rule here used to be restated in views and templates; now the engine answers.
"""

import pytest

from sessions.rules import (
    CareerOver,
    CharacterState,
    DangerState,
    DangerTemplate,
    Incapacitated,
    NotATarget,
    PerilReason,
    can_be_targeted,
    check_can_contribute,
    check_target,
    counts_toward_group,
    end_scene,
    end_tumult,
    group_participants,
    in_the_thick_of_it,
)

READY = CharacterState(lucky_saves=2)
OUT = CharacterState(knockouts=1, incapacitated=True)
ENDED = CharacterState(knockouts=4, retired=True, career_ended=True)
RETIRING = CharacterState(knockouts=4, retired=True)


@pytest.mark.parametrize(
    ("state", "in_it"), [(READY, True), (OUT, False), (ENDED, False), (RETIRING, True)]
)
def test_only_heroes_on_their_feet_take_part(state, in_it):
    assert in_the_thick_of_it(state) is in_it


def test_a_knocked_out_hero_adds_nothing_to_a_wide_shot():
    check_can_contribute(READY)
    with pytest.raises(Incapacitated):
        check_can_contribute(OUT)
    with pytest.raises(CareerOver):
        check_can_contribute(ENDED)


def test_a_group_gamble_calls_on_everyone_still_standing():
    cast = {"sam": READY, "ada": OUT, "jo": RETIRING}
    assert group_participants(cast) == ["sam", "jo"]


@pytest.mark.parametrize(
    ("who", "gambled", "counts"),
    [("sam", [], True), ("sam", ["sam"], False), ("ada", [], False), ("jo", ["sam"], True)],
)
def test_a_gamble_counts_toward_the_group_once_for_those_called_on(who, gambled, counts):
    assert counts_toward_group(who, ["sam", "jo"], gambled) is counts


@pytest.mark.parametrize(
    ("danger", "revealed", "in_scene", "target"),
    [
        (DangerState(2, 3), True, True, True),
        (DangerState(2, 3), False, True, False),  # hidden by the Director
        (DangerState(2, 3), True, False, False),  # somewhere else
        (DangerState(2, 3, successes=2), True, True, False),  # out of the picture
    ],
)
def test_a_gamble_is_aimed_only_at_a_shown_enemy_in_the_scene(danger, revealed, in_scene, target):
    assert can_be_targeted(danger, revealed=revealed, in_scene=in_scene) is target
    if target:
        check_target(danger, revealed=revealed, in_scene=in_scene)
    else:
        with pytest.raises(NotATarget):
            check_target(danger, revealed=revealed, in_scene=in_scene)


def test_the_end_of_a_tumult_puts_those_knocked_out_during_it_back_on_their_feet():
    assert end_tumult(OUT, knocked_out_during_it=True) == end_scene(OUT)
    assert end_tumult(OUT, knocked_out_during_it=True) == CharacterState(knockouts=1)
    assert end_tumult(READY, knocked_out_during_it=False) == READY


def test_a_hero_knocked_out_before_the_tumult_stays_out_until_the_scene_ends():
    assert end_tumult(OUT, knocked_out_during_it=False) == OUT
    assert end_scene(OUT) == CharacterState(knockouts=1)


def test_every_peril_reason_has_its_own_label_and_words():
    keys = [reason.key for reason in PerilReason]
    labels = [reason.label for reason in PerilReason]
    assert len(set(keys)) == len(set(labels)) == len(PerilReason)
    assert PerilReason["ENVIRONMENT"].words == "the environment is unforgiving"


def test_the_templates_are_the_srds():
    stats = {t.label: (t.success_threshold, t.danger_rating) for t in DangerTemplate}
    assert stats == {"Minion": (1, 1), "Lieutenant": (2, 3), "Villain": (4, 5)}
