"""Real dice: a Gamble from faces a player rolled by hand goes through the same rules."""

import pytest

from sessions.rules import (
    CharacterState,
    EnteredDice,
    FaceCounts,
    GambleSetup,
    LoadedDice,
    NotADie,
    OutOfRange,
    RetiredNoBonusDice,
    WrongDiceCount,
    catchphrase_reroll,
    d66,
    investigate,
    lock_in,
    new_character,
    pool_reasons,
    read_faces,
    rest,
    roll_gamble,
    spend_lucky_save,
    start_leg,
)


def test_typed_faces_are_read_with_spaces_commas_or_nothing_between_them():
    assert read_faces("5 2 1") == (5, 2, 1)
    assert read_faces(" 6,1 ,  3 ") == (6, 1, 3)
    assert read_faces("521") == (5, 2, 1)
    assert read_faces("4") == (4,)


@pytest.mark.parametrize("typed", ["0", "7", "5 7 1", "-1", "abc", "5 two", "2.5", "", "   ", "٣"])
def test_anything_but_faces_one_to_six_is_refused_with_a_plain_message(typed):
    with pytest.raises(NotADie) as refused:
        read_faces(typed)
    assert "d6" in str(refused.value) or "faces" in str(refused.value)


def test_two_hundred_faces_are_refused_before_any_rule_sees_them():
    with pytest.raises(OutOfRange, match="200 faces"):
        read_faces(" ".join(["3"] * 200))


def test_entered_dice_only_hold_faces_of_a_d6():
    for face in (0, 7, -1, True, "5"):
        with pytest.raises(NotADie):
            EnteredDice([face])


def test_a_gamble_takes_exactly_the_pools_count_of_entered_faces():
    state = CharacterState(lucky_saves=2)
    setup = GambleSetup(knacks=2)  # a pool of 3
    for faces in ([5, 2], [5, 2, 1, 4], [], [6] * 50):
        with pytest.raises(WrongDiceCount) as refused:
            roll_gamble(state, setup, (), EnteredDice(faces))
        assert "Roll 3 dice" in str(refused.value)
        assert f"you entered {len(faces)}" in str(refused.value)
    after, gamble = roll_gamble(state, setup, (), EnteredDice([5, 2, 1]))
    assert gamble.pool == 3
    assert gamble.dice == gamble.rolled == (5, 2, 1)
    assert after == state


def test_a_refused_entered_roll_spends_no_blammo_dice():
    state = CharacterState(blammo=1)
    setup = GambleSetup(blammo_sound_effects=("KA-POW!",))  # a pool of 2
    with pytest.raises(WrongDiceCount):
        roll_gamble(state, setup, (), EnteredDice([4]))
    after, gamble = roll_gamble(state, setup, (), EnteredDice([4, 4]))
    assert after.blammo == 0
    assert gamble.pool == 2


def test_only_text_can_be_read_as_faces_and_only_whole_dice_rolled():
    with pytest.raises(NotADie):
        read_faces(None)
    with pytest.raises(OutOfRange, match="number of dice"):
        EnteredDice([3]).roll(-1)


def test_a_throw_is_counted_face_by_face_for_the_dice_page():
    assert FaceCounts.tally([5, 2, 1, 5]) == [1, 1, 0, 0, 2, 0]
    assert FaceCounts.tally([]) == [0] * 6


def test_entered_dice_are_one_throw_and_cannot_be_rolled_twice():
    dice = EnteredDice([3, 3])
    assert dice.roll(2) == (3, 3)
    with pytest.raises(WrongDiceCount):
        dice.roll(2)


def test_a_lucky_save_lifts_an_entered_die_and_the_final_ones_cost_peril():
    state = CharacterState(lucky_saves=1, peril=1)
    state, gamble = roll_gamble(state, GambleSetup(knacks=2), (), EnteredDice([4, 1, 1]))
    state, gamble = spend_lucky_save(state, gamble, 0)
    assert gamble.dice == (5, 1, 1)
    assert gamble.rolled == (4, 1, 1)
    outcome = lock_in(state, gamble)
    assert outcome.success
    assert outcome.ones == 2
    assert outcome.state.peril == 3
    assert outcome.state.lucky_saves == 0


def test_a_catchphrase_takes_new_entered_faces_for_the_whole_pool():
    state = CharacterState(lucky_saves=2)
    state, gamble = roll_gamble(state, GambleSetup(knacks=1), (), EnteredDice([1, 2]))
    state, gamble = spend_lucky_save(state, gamble, 1)
    with pytest.raises(WrongDiceCount, match="Roll 2 dice"):
        catchphrase_reroll(state, gamble, EnteredDice([6]))
    state, gamble = catchphrase_reroll(state, gamble, EnteredDice([6, 1]))
    assert gamble.dice == gamble.rolled == (6, 1)
    assert gamble.lucky_saves_spent == 0
    assert state.catchphrase_used
    assert state.lucky_saves == 1  # the save spent on the old dice stays spent
    outcome = lock_in(state, gamble)
    assert outcome.success
    assert outcome.state.peril == 1  # the 1 of the new dice, not the old one


def test_a_blunder_of_entered_dice_earns_a_blammo_die():
    outcome = lock_in(*roll_gamble(CharacterState(), GambleSetup(), (), EnteredDice([3])))
    assert outcome.blunder
    assert outcome.state.blammo == 1


def test_entered_ones_knock_a_hero_out_and_the_fourth_knockout_retires_them():
    state = CharacterState(peril=4, knockouts=3)
    state, gamble = roll_gamble(state, GambleSetup(knacks=1), (), EnteredDice([1, 1]))
    outcome = lock_in(state, gamble)
    assert outcome.peril.knocked_out
    assert outcome.state.knockouts == 4
    assert outcome.state.retired


def test_a_retired_hero_rolls_only_helpers_and_the_base_die_by_hand():
    retired = CharacterState(knockouts=4, retired=True)
    # Knacks add nothing now: a pool of 1 + 1 helper.
    setup = GambleSetup(knacks=2, helpers=1)
    with pytest.raises(WrongDiceCount, match="Roll 2 dice"):
        roll_gamble(retired, setup, (), EnteredDice([5, 5, 5, 5]))
    _, gamble = roll_gamble(retired, setup, (), EnteredDice([2, 5]))
    assert gamble.pool == 2
    with pytest.raises(RetiredNoBonusDice):
        roll_gamble(
            CharacterState(knockouts=4, retired=True, blammo=1),
            GambleSetup(blammo_sound_effects=("ZOK!",)),
            (),
            EnteredDice([5, 5]),
        )


def test_one_die_rolls_take_exactly_one_entered_face():
    with pytest.raises(WrongDiceCount, match="Roll 1 die"):
        rest(CharacterState(peril=3), EnteredDice([2, 2]))
    assert rest(CharacterState(peril=3), EnteredDice([2])).state.peril == 2
    assert investigate(EnteredDice([6])).label == "the lot"
    after, roll = start_leg(CharacterState(lucky_saves=4), EnteredDice([5]))
    assert (after.lucky_saves, roll) == (6, 5)
    assert new_character(EnteredDice([3])).lucky_saves == 3


def test_a_d66_by_hand_is_two_faces_tens_first():
    assert d66(EnteredDice([4, 2])) == (4, 2)
    assert d66(LoadedDice([4, 2])) == (4, 2)
    with pytest.raises(WrongDiceCount, match="Roll 2 dice"):
        d66(EnteredDice([4]))


def test_the_pool_says_why_it_is_that_many_dice():
    hero = CharacterState()
    setup = GambleSetup(knacks=2, equipment=1, helpers=1, penalties=1)
    assert pool_reasons(hero, setup) == "1 + 2 Knacks + 1 Equipment + 1 helper − 1 penalty"
    assert pool_reasons(hero, GambleSetup()) == "1"
    assert (
        pool_reasons(hero, GambleSetup(penalties=3)) == "1 − 3 penalties (never fewer than 1 die)"
    )
    retired = CharacterState(knockouts=4, retired=True)
    assert pool_reasons(retired, GambleSetup(knacks=2, helpers=2)) == (
        "1 (retired: no Bonus Dice) + 2 helpers"
    )
