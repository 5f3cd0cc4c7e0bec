"""Building a Gamble's pool: bonus dice, helpers, penalties, and what retirement takes away."""

from dataclasses import replace

import pytest

from sessions.rules import BASE_DICE, CharacterState, GambleSetup, OutOfRange, dice_each, pool_size

READY = CharacterState(blammo=5)
RETIRED = CharacterState(knockouts=4, retired=True, blammo=5)


def test_a_plain_gamble_rolls_one_die():
    assert pool_size(READY, GambleSetup()) == 1


def test_each_knack_equipment_blammo_die_advantage_and_helper_adds_a_die():
    setup = GambleSetup(
        knacks=2,
        equipment=1,
        blammo_sound_effects=("KRAK!", "Fwoosh"),
        advantages=1,
        helpers=2,
    )
    assert pool_size(READY, setup) == 1 + 2 + 1 + 2 + 1 + 2


def test_each_penalty_removes_a_die():
    assert pool_size(READY, GambleSetup(knacks=3, penalties=2)) == 2


def test_a_pool_is_never_reduced_below_one_die():
    assert pool_size(READY, GambleSetup(knacks=1, penalties=5)) == 1


def test_a_retired_character_gains_no_bonus_dice_from_modifiers():
    setup = GambleSetup(knacks=3, equipment=2, blammo_sound_effects=("zap",), advantages=4)
    assert pool_size(RETIRED, setup) == 1


def test_a_retired_character_still_gets_helpers_dice_and_penalties():
    assert pool_size(RETIRED, GambleSetup(knacks=3, helpers=2)) == 3
    assert pool_size(RETIRED, GambleSetup(helpers=2, penalties=1)) == 2
    assert pool_size(RETIRED, GambleSetup(helpers=1, penalties=4)) == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"knacks": -1},
        {"knacks": 4},
        {"equipment": 3},
        {"advantages": -1},
        {"helpers": -2},
        {"penalties": -1},
        {"helpers": 13},
        {"advantages": 13},
        {"penalties": 13},
        {"blammo_sound_effects": tuple(f"Zap {n}" for n in range(13))},
        {"helpers": 1.0},
        {"blammo_sound_effects": ["list", "not tuple"]},
        {"blammo_sound_effects": ("ok", 3)},
    ],
)
def test_a_gamble_setup_with_impossible_counts_is_refused(fields):
    with pytest.raises(OutOfRange):
        GambleSetup(**fields)


def test_a_character_has_at_most_three_knacks_and_two_equipment_to_count():
    assert pool_size(READY, GambleSetup(knacks=3, equipment=2)) == 6


@pytest.mark.parametrize("state", [READY, RETIRED], ids=["ready", "retired"])
def test_what_one_more_of_each_adds_is_what_the_pool_counts(state):
    """A phone counts Roll!'s dice by `dice_each` before the server answers: one more of
    anything comes to the pool the engine rolls."""
    built = GambleSetup(knacks=2, advantages=1)
    for name, each in dice_each(state).items():
        one_more = (
            {name: (*built.blammo_sound_effects, "KRAK!")}
            if name == "blammo_sound_effects"
            else {name: getattr(built, name) + 1}
        )
        more = pool_size(state, replace(built, **one_more))
        assert more == max(BASE_DICE, pool_size(state, built) + each), name
