"""Which dice of a Gamble the Blammo! Dice spent added (the table marks them): the last ones,
one per sound effect, never the one die every Gamble rolls."""

from sessions.rules import CharacterState, GambleSetup, LoadedDice, roll_gamble


def _rolled(effects: tuple[str, ...], **setup) -> tuple[int, ...]:
    state = CharacterState(blammo=len(effects))
    pool_setup = GambleSetup(blammo_sound_effects=effects, **setup)
    _, gamble = roll_gamble(state, pool_setup, (), LoadedDice([3] * 12))
    return gamble.blammo_dice


def test_the_blammo_dice_are_the_last_of_the_pool():
    assert _rolled(()) == ()
    assert _rolled(("KRAK!",), knacks=1) == (2,)
    assert _rolled(("KRAK!", "BOOM!"), advantages=1) == (2, 3)


def test_a_penalty_never_makes_the_one_die_every_gamble_rolls_a_blammo_die():
    assert _rolled(("KRAK!",), penalties=1) == ()
    assert _rolled(("KRAK!", "BOOM!"), penalties=1) == (1,)
