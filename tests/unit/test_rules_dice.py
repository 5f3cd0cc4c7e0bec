"""Dice: loaded dice for exact tests, secure dice for the table, and the swap between them."""

import secrets

import pytest

from sessions.rules import (
    DiceExhausted,
    LoadedDice,
    OutOfRange,
    SecureDice,
    d66,
    table_dice,
    use_dice,
)


def test_loaded_dice_come_up_with_their_faces_in_order():
    dice = LoadedDice([3, 1, 6, 5])
    assert dice.d6() == 3
    assert dice.roll(2) == (1, 6)
    assert dice.d6() == 5
    assert dice.remaining == 0


def test_loaded_dice_running_out_says_so_and_consume_nothing():
    dice = LoadedDice([2, 4])
    with pytest.raises(DiceExhausted, match="ran out"):
        dice.roll(3)
    assert dice.remaining == 2
    assert dice.roll(2) == (2, 4)
    with pytest.raises(DiceExhausted):
        dice.d6()


@pytest.mark.parametrize("face", [0, 7, -1, True, 2.0])
def test_loaded_dice_refuse_a_face_no_d6_has(face):
    with pytest.raises(OutOfRange):
        LoadedDice([1, face])


def test_rolling_no_dice_gives_no_faces():
    assert LoadedDice([]).roll(0) == ()
    assert SecureDice().roll(0) == ()


@pytest.mark.parametrize("count", [-1, 1.5, True])
def test_a_roll_needs_a_whole_number_of_dice(count):
    with pytest.raises(OutOfRange):
        SecureDice().roll(count)
    with pytest.raises(OutOfRange):
        LoadedDice([1, 2]).roll(count)


def test_d66_reads_the_first_die_as_tens_and_the_second_as_ones():
    assert d66(LoadedDice([4, 2])) == (4, 2)


def test_secure_dice_show_only_faces_one_to_six_and_as_many_as_asked():
    dice = SecureDice()
    faces = dice.roll(600)
    assert len(faces) == 600
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_secure_dice_draw_from_the_operating_systems_secure_source():
    assert isinstance(SecureDice()._random, secrets.SystemRandom)


def test_the_table_rolls_secure_dice_by_default():
    assert isinstance(table_dice(), SecureDice)


def test_use_dice_swaps_the_table_dice_and_puts_them_back():
    before = table_dice()
    loaded = LoadedDice([6])
    with use_dice(loaded) as dice:
        assert dice is loaded
        assert table_dice() is loaded
        assert table_dice().d6() == 6
    assert table_dice() is before


def test_use_dice_puts_the_table_dice_back_even_when_the_block_fails():
    before = table_dice()
    with pytest.raises(RuntimeError), use_dice(LoadedDice([])):
        raise RuntimeError("boom")
    assert table_dice() is before
