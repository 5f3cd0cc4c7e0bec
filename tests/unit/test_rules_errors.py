"""Every refused move explains itself to the player in plain, friendly words."""

import inspect

import pytest

import sessions.rules as rules
from sessions.rules import (
    NotEnoughBlammo,
    OutOfRange,
    RuleError,
    SoundEffectUsed,
    WrongDiceCount,
)

ERRORS_WITH_ARGUMENTS = {
    SoundEffectUsed: ("KRAK!",),
    NotEnoughBlammo: (1, 3),
    WrongDiceCount: (3, 2),
}
RULE_ERRORS = [
    member
    for _, member in inspect.getmembers(rules, inspect.isclass)
    if issubclass(member, RuleError)
]


def test_every_rule_error_is_exported_from_the_rules_package():
    assert len(RULE_ERRORS) >= 19
    assert all(error.__name__ in rules.__all__ for error in RULE_ERRORS)


@pytest.mark.parametrize("error_class", RULE_ERRORS, ids=lambda error: error.__name__)
def test_every_rule_error_reads_as_a_sentence_for_the_player(error_class):
    message = str(error_class(*ERRORS_WITH_ARGUMENTS.get(error_class, ())))
    assert message[0].isupper() or message[0] == "“"
    assert message.endswith((".", "!", "?", "”"))
    assert "Error" not in message
    assert "_" not in message


def test_a_used_sound_effect_is_named_back_to_the_player():
    error = SoundEffectUsed("KRAK!")
    assert str(error) == "“KRAK!” has been used — try another sound effect!"
    assert error.sound_effect == "KRAK!"


def test_not_enough_blammo_says_how_many_there_are():
    assert str(NotEnoughBlammo(0, 1)) == (
        "Not enough Blammo! Dice — you have 0 Blammo! Dice and tried to spend 1."
    )
    assert (NotEnoughBlammo(2, 3).available, NotEnoughBlammo(2, 3).wanted) == (2, 3)


def test_a_rule_error_can_carry_a_more_specific_message():
    assert str(OutOfRange("Peril must be from 0 to 5.")) == "Peril must be from 0 to 5."
    assert str(OutOfRange()) == "That number is off the charts."


def test_views_can_catch_every_refusal_with_one_except_clause():
    assert all(issubclass(error, RuleError) for error in RULE_ERRORS)
    assert issubclass(OutOfRange, ValueError)
