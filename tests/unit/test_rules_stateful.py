"""Random sequences of table actions never break a character sheet.

Hypothesis plays long runs of Gambles, re-rolls, Lucky Saves, lock-ins, Peril, Rests and
Leg/Scene changes against one character, checking after every step that the trackers stay
in range, that retirement tracks Knockouts, and that every refused move changes nothing and
throws no dice.
"""

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from sessions.rules import (
    CharacterState,
    GambleSetup,
    RuleError,
    add_peril,
    adjust_peril,
    catchphrase_reroll,
    check_can_help,
    end_leg,
    end_scene,
    lock_in,
    new_character,
    pool_size,
    remove_peril,
    rest,
    roll_gamble,
    spend_lucky_save,
    start_leg,
)


class DrawnDice:
    """Dice whose faces Hypothesis chooses, so it can shrink a failure to its simplest roll."""

    def __init__(self, data):
        self.data = data
        self.thrown = 0

    def d6(self):
        self.thrown += 1
        return self.data.draw(st.integers(1, 6), label="die")

    def roll(self, n):
        return tuple(self.d6() for _ in range(n))


# A few sound effects that clash with each other or say nothing, and plenty of fresh ones.
CLASHING_SOUND_EFFECTS = ["Plunk!", "plunk", "KRAK", "k-r-a-k", "!!"]
sound_effects = st.one_of(
    st.sampled_from(CLASHING_SOUND_EFFECTS), st.integers(0, 999).map(lambda n: f"Zap-{n}!")
)

setups = st.builds(
    GambleSetup,
    knacks=st.integers(0, 3),
    equipment=st.integers(0, 2),
    blammo_sound_effects=st.one_of(
        st.just(()), st.lists(sound_effects, min_size=1, max_size=3).map(tuple)
    ),
    advantages=st.integers(0, 2),
    helpers=st.integers(0, 3),
    penalties=st.integers(0, 4),
)


class TableActions(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.state = CharacterState()
        self.gamble = None
        self.used_effects = frozenset()
        self.knockouts_so_far = 0

    def attempt(self, move, dice=None):
        """Make a move; if the rules refuse it, check that nothing changed and return None."""
        before = (self.state, self.gamble, self.used_effects)
        try:
            return move()
        except RuleError as refusal:
            message = str(refusal)
        assert message, "a refusal must tell the player why"
        assert (self.state, self.gamble, self.used_effects) == before
        if dice is not None:
            assert dice.thrown == 0, "a refused move threw dice"
        return None

    @initialize(data=st.data())
    def make_a_character(self, data):
        self.state = new_character(DrawnDice(data))

    @rule(setup=setups, data=st.data())
    def gamble(self, setup, data):
        if self.gamble_is_open():
            self.lock_in()  # as at the table: a player's next action locks in an open Gamble
        dice = DrawnDice(data)
        before = self.state
        made = self.attempt(lambda: roll_gamble(self.state, setup, self.used_effects, dice), dice)
        if made is None:
            return
        self.state, self.gamble = made
        assert self.state.blammo == before.blammo - len(setup.blammo_sound_effects)
        assert self.gamble.pool == pool_size(before, setup) == dice.thrown
        self.used_effects |= set(self.gamble.sound_effect_keys)

    def gamble_is_open(self):
        return self.gamble is not None and not self.gamble.locked

    @precondition(gamble_is_open)
    @rule(data=st.data())
    def speak_the_catchphrase(self, data):
        dice = DrawnDice(data)
        made = self.attempt(lambda: catchphrase_reroll(self.state, self.gamble, dice), dice)
        if made is not None:
            pool = self.gamble.pool
            self.state, self.gamble = made
            assert self.gamble.pool == pool == dice.thrown
            assert self.gamble.lucky_saves_spent == 0

    @precondition(gamble_is_open)
    @rule(index=st.integers(-1, 8))
    def spend_a_lucky_save(self, index):
        made = self.attempt(lambda: spend_lucky_save(self.state, self.gamble, index))
        if made is not None:
            saves, total = self.state.lucky_saves, sum(self.gamble.dice)
            self.state, self.gamble = made
            assert self.state.lucky_saves == saves - 1
            assert sum(self.gamble.dice) == total + 1

    @precondition(gamble_is_open)
    @rule()
    def lock_in(self):
        outcome = self.attempt(lambda: lock_in(self.state, self.gamble))
        if outcome is None:
            return
        assert outcome.ones == self.gamble.dice.count(1)
        assert outcome.success == any(face >= 5 for face in self.gamble.dice)
        assert outcome.state.blammo == self.state.blammo + (0 if outcome.success else 1)
        assert outcome.gamble.locked
        self.state, self.gamble = outcome.state, outcome.gamble

    @precondition(lambda self: self.gamble is not None and self.gamble.locked)
    @rule(move=st.sampled_from(["lock in", "lucky save", "catchphrase"]), data=st.data())
    def meddle_with_a_locked_gamble(self, move, data):
        dice = DrawnDice(data)
        moves = {
            "lock in": lambda: lock_in(self.state, self.gamble),
            "lucky save": lambda: spend_lucky_save(self.state, self.gamble, 0),
            "catchphrase": lambda: catchphrase_reroll(self.state, self.gamble, dice),
        }
        assert self.attempt(moves[move], dice) is None

    @rule(source=st.sampled_from(["add", "remove", "director"]), amount=st.integers(-8, 8))
    def peril_changes(self, source, amount):
        moves = {
            "add": lambda: add_peril(self.state, amount),
            "remove": lambda: remove_peril(self.state, amount),
            "director": lambda: adjust_peril(self.state, amount),
        }
        change = self.attempt(moves[source])
        if change is None:
            return
        assert change.state_before == self.state
        if change.requested > 0:
            assert change.applied + change.discarded == change.requested
        else:
            assert change.state_after.peril == max(0, self.state.peril + change.requested)
        self.state = change.state_after

    @rule(data=st.data())
    def rest(self, data):
        dice = DrawnDice(data)
        result = self.attempt(lambda: rest(self.state, dice), dice)
        if result is not None:
            assert result.state.peril == self.state.peril - (1 if result.recovered else 0)
            self.state = result.state

    @rule()
    def help_out(self):
        self.attempt(lambda: check_can_help(self.state))

    @rule(moment=st.sampled_from(["start leg", "end leg", "end scene"]), data=st.data())
    def time_passes(self, moment, data):
        dice = DrawnDice(data)
        if moment == "start leg":
            made = self.attempt(lambda: start_leg(self.state, dice), dice)
            if made is not None:
                saves = self.state.lucky_saves
                self.state, roll = made
                assert self.state.lucky_saves == min(6, saves + roll)
                assert not self.state.catchphrase_used
        elif moment == "end leg":
            state = self.attempt(lambda: end_leg(self.state))
            if state is not None:
                assert state.peril == 0
                assert state.career_ended == self.state.retired
                self.state = state
        else:
            state = self.attempt(lambda: end_scene(self.state))
            if state is not None:
                assert not state.incapacitated
                self.state = state

    @precondition(lambda self: self.state.career_ended)
    @rule(data=st.data())
    def roll_up_a_new_character(self, data):
        self.state = new_character(DrawnDice(data))
        self.gamble = None
        self.knockouts_so_far = 0

    @invariant()
    def trackers_stay_in_range(self):
        state = self.state
        assert 0 <= state.peril <= 6
        assert 0 <= state.lucky_saves <= 6
        assert state.blammo >= 0
        assert 0 <= state.knockouts <= 4

    @invariant()
    def retired_exactly_at_four_knockouts(self):
        assert self.state.retired == (self.state.knockouts == 4)
        assert not self.state.career_ended or self.state.retired

    @invariant()
    def knockouts_are_permanent(self):
        assert self.state.knockouts >= self.knockouts_so_far
        self.knockouts_so_far = self.state.knockouts

    @invariant()
    def gamble_dice_are_real_dice(self):
        if self.gamble is not None:
            assert len(self.gamble.dice) == self.gamble.pool >= 1
            assert all(1 <= face <= 6 for face in self.gamble.dice)
            assert all(
                now >= was for now, was in zip(self.gamble.dice, self.gamble.rolled, strict=True)
            )


TableActions.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
test_table_actions_keep_every_character_sheet_legal = TableActions.TestCase
