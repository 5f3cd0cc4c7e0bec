"""Tumults: players act first, one action each per round, then the enemies' turn."""

import pytest

from sessions.rules import (
    AlreadyActed,
    GambleStillOpen,
    NotEnemiesTurn,
    NotInTheFight,
    NotPlayersTurn,
    OutOfRange,
    Phase,
    TumultState,
    enemies_turn,
    next_round,
    start_tumult,
    still_to_act,
    still_to_lock_in,
    take_action,
)

CAST = {"ada", "bo", "cy"}


def test_a_tumult_starts_in_round_one_with_the_players_acting_first():
    tumult = start_tumult()
    assert tumult.round == 1
    assert tumult.phase is Phase.PLAYERS
    assert tumult.acted == frozenset()


def test_players_act_in_any_order_and_the_table_shows_who_has_acted():
    tumult = take_action(start_tumult(), "cy", CAST)
    tumult = take_action(tumult, "ada", CAST)
    assert tumult.acted == {"ada", "cy"}
    assert still_to_act(tumult, CAST) == {"bo"}


def test_each_character_acts_once_per_round():
    tumult = take_action(start_tumult(), "ada", CAST)
    with pytest.raises(AlreadyActed):
        take_action(tumult, "ada", CAST)


def test_only_characters_still_in_the_fight_can_act():
    with pytest.raises(NotInTheFight):
        take_action(start_tumult(), "dee", CAST)


def test_nobody_acts_during_the_enemies_turn():
    tumult = enemies_turn(start_tumult())
    with pytest.raises(NotPlayersTurn):
        take_action(tumult, "ada", CAST)
    assert still_to_act(tumult, CAST) == frozenset()


def test_the_director_can_move_to_the_enemies_turn_even_if_someone_passed():
    tumult = enemies_turn(take_action(start_tumult(), "ada", CAST))
    assert tumult.phase is Phase.ENEMIES


def test_the_enemies_take_one_turn_per_round():
    with pytest.raises(NotPlayersTurn):
        enemies_turn(enemies_turn(start_tumult()))


def test_a_new_round_follows_the_enemies_turn_with_everyone_ready_to_act():
    tumult = enemies_turn(take_action(start_tumult(), "ada", CAST))
    tumult = next_round(tumult)
    assert (tumult.round, tumult.phase, tumult.acted) == (2, Phase.PLAYERS, frozenset())
    assert take_action(tumult, "ada", CAST).acted == {"ada"}


def test_a_new_round_cannot_skip_the_enemies_turn():
    with pytest.raises(NotEnemiesTurn):
        next_round(start_tumult())


def test_a_tumult_phase_read_back_from_storage_as_text_becomes_the_phase():
    assert TumultState(round=3, phase="enemies").phase is Phase.ENEMIES


@pytest.mark.parametrize(
    "fields",
    [{"round": 0}, {"phase": "villains"}, {"acted": {"ada"}}],
)
def test_an_impossible_tumult_state_is_refused(fields):
    with pytest.raises(OutOfRange):
        TumultState(**fields)


def test_a_gamble_rolled_but_not_locked_in_keeps_the_round_open():
    # The SRD: once all players have acted, the enemies respond. A Gamble's action is done when
    # it is locked in (a Lucky Save or a re-roll may still come), not when it is rolled.
    tumult = start_tumult()
    for who in ("ada", "bo", "sam"):
        tumult = take_action(tumult, who, {*CAST, "sam"})
    assert (
        still_to_act(tumult, {"ada", "bo", "sam"}) == set()
    )  # Sam rolled: no second Gamble this round
    assert still_to_lock_in(tumult, ["sam"]) == {"sam"}
    with pytest.raises(GambleStillOpen) as refused:
        enemies_turn(tumult, {"sam": "Sam Spade"})
    assert str(refused.value) == (
        "Waiting for Sam Spade to lock in: the enemies act once every Gamble is locked in."
    )
    # Locked in: over to the enemies.
    assert enemies_turn(tumult, {}).phase is Phase.ENEMIES


def test_only_a_gamble_rolled_as_this_rounds_action_holds_the_enemies_back():
    # Ada's Gamble open since before she acted this round (or the enemies' phase): not waited on.
    tumult = take_action(start_tumult(), "bo", CAST)
    assert still_to_lock_in(tumult, ["ada"]) == set()
    assert enemies_turn(tumult, {"ada": "Ada"}).phase is Phase.ENEMIES
    assert still_to_lock_in(enemies_turn(tumult), ["bo"]) == set()
