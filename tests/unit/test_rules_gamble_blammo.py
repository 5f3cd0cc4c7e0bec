"""Spending Blammo! Dice: before the roll, one new sound effect each, never heard before in
the Adventure."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sessions.rules import (
    CharacterState,
    EmptySoundEffect,
    GambleSetup,
    LoadedDice,
    NotEnoughBlammo,
    RetiredNoBonusDice,
    SoundEffectUsed,
    check_sound_effects,
    lock_in,
    normalize_sound_effect,
    roll_gamble,
)

FULL_WIDTH_PLUNK = "\uff30\uff2c\uff35\uff2e\uff2b"  # as typed with an East Asian keyboard


@pytest.mark.parametrize("spelling", ["PLUNK!", "plunk", "Plunk ! ", "p-l-u-n-k", FULL_WIDTH_PLUNK])
def test_sound_effects_match_whatever_the_case_punctuation_or_spacing(spelling):
    assert normalize_sound_effect(spelling) == "plunk"


def test_different_sounds_stay_different():
    assert normalize_sound_effect("KA-POW") != normalize_sound_effect("KA-BLAM")
    assert normalize_sound_effect("Bang 2") != normalize_sound_effect("Bang")


@pytest.mark.parametrize("text", ["", "   ", "!!!", "— ?"])
def test_a_sound_effect_with_no_sound_in_it_is_refused(text):
    with pytest.raises(EmptySoundEffect):
        normalize_sound_effect(text)


def test_checking_sound_effects_returns_their_normalized_forms():
    assert check_sound_effects(["Zap!", "KRAK"], used={"plunk"}) == ("zap", "krak")


def test_a_sound_effect_used_before_in_the_adventure_is_refused():
    with pytest.raises(SoundEffectUsed, match="try another"):
        check_sound_effects(["Plunk!"], used={"plunk"})


def test_used_sound_effects_are_compared_in_normalized_form_too():
    with pytest.raises(SoundEffectUsed):
        check_sound_effects(["plunk"], used=["PLUNK!!"])


def test_a_sound_effect_cannot_be_repeated_within_one_gamble():
    with pytest.raises(SoundEffectUsed) as caught:
        check_sound_effects(["Boom", "BOOM!"], used=())
    assert caught.value.sound_effect == "BOOM!"


def test_a_stored_used_entry_with_no_sound_does_not_block_anything():
    assert check_sound_effects(["Zap"], used=["", "!!"]) == ("zap",)


def test_blammo_dice_are_spent_when_the_gamble_is_rolled():
    state = CharacterState(blammo=3)
    setup = GambleSetup(blammo_sound_effects=("Zok!", "Pow"))
    state, gamble = roll_gamble(state, setup, {"plunk"}, LoadedDice([2, 3, 4]))
    assert state.blammo == 1
    assert gamble.pool == 3
    assert gamble.sound_effect_keys == ("zok", "pow")


def test_spent_blammo_dice_stay_spent_whatever_the_outcome():
    state = CharacterState(blammo=1)
    setup = GambleSetup(blammo_sound_effects=("Whump",))
    state, gamble = roll_gamble(state, setup, (), LoadedDice([2, 3]))
    outcome = lock_in(state, gamble)
    assert outcome.blunder
    assert outcome.state.blammo == 1  # the spent die is gone; the blunder earns a new one


def test_more_sound_effects_than_blammo_dice_are_refused():
    state = CharacterState(blammo=1)
    dice = LoadedDice([6, 6, 6])
    with pytest.raises(NotEnoughBlammo, match="you have 1 Blammo! Die and tried to spend 2"):
        roll_gamble(state, GambleSetup(blammo_sound_effects=("a", "b")), (), dice)
    assert dice.remaining == 3


def test_a_used_sound_effect_refuses_the_whole_gamble_and_rolls_nothing():
    state = CharacterState(blammo=2)
    dice = LoadedDice([6, 6, 6])
    setup = GambleSetup(blammo_sound_effects=("Crash", "plunk!"))
    with pytest.raises(SoundEffectUsed):
        roll_gamble(state, setup, {"plunk"}, dice)
    assert state.blammo == 2
    assert dice.remaining == 3


def test_a_retired_character_cannot_spend_blammo_dice():
    retired = CharacterState(knockouts=4, retired=True, blammo=3)
    with pytest.raises(RetiredNoBonusDice):
        roll_gamble(retired, GambleSetup(blammo_sound_effects=("Zing",)), (), LoadedDice([6]))


@given(st.text())
def test_normalizing_a_sound_effect_twice_changes_nothing(text):
    try:
        key = normalize_sound_effect(text)
    except EmptySoundEffect:
        return
    assert normalize_sound_effect(key) == key
    assert normalize_sound_effect(text + " !?") == key


def test_letters_brought_together_by_dropped_punctuation_still_normalize_once():
    # Hangul jamo ᄀ and ᅡ compose into 가 once the "!" between them is gone.
    key = normalize_sound_effect("\u1100!\u1161")
    assert key == "\uac00"
    assert normalize_sound_effect(key) == key
