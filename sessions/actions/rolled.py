"""A rolled Gamble, until it is locked in: the Catchphrase re-roll, Lucky Saves and the lock-in
itself (a Gamble nobody locked in is `sessions.actions.settled`'s)."""

from characters.models import Character
from sessions import rules as R
from sessions.actions import groups, handdice, locked
from sessions.actions.base import (
    StaleAction,
    check_not_paused,
    locked_adventure,
    record,
    table_action,
)
from sessions.models import Adventure, Gamble, TableEvent
from sessions.models.prepared import Prepared
from sessions.topics import Topic
from sessions.viewer import Written

# A move on an open Gamble that spends something of its hero's.
CHANGED = (Topic.GAMBLES, Topic.CAST)


def _open_gamble(gamble_id: int, step: int | None) -> Gamble:
    """The Gamble as it is now, its hero locked with it, refused if it moved on since the page
    showed it."""
    gamble = _gamble_with_hero.get(gamble_id)
    if gamble.locked:
        raise R.GambleAlreadyLocked()
    if step is None or step != gamble.step:
        raise StaleAction()
    return gamble


class DirectorRolling(R.RuleError):
    """A move the hero's player sent on a Gamble the Director is rolling for them (the
    roll-for page): that page re-rolls and locks it in, never a second hand from the phone."""

    def __init__(self, name: str) -> None:
        super().__init__(
            f"The Director is rolling this Gamble for {name}: the re-roll and the lock-in are "
            "made on their page. Tell them what you want."
        )


class SuccessInHand(R.RuleError):
    """A Catchphrase re-roll of dice that already succeed, sent without its confirmation."""

    default_message = "Your roll already succeeds: say you want it re-rolled anyway, then re-roll."


def _theirs_to_move(adventure: Adventure, gamble: Gamble, actor) -> None:
    """Refuse the player's re-roll or lock-in of a Gamble the Director is rolling for them."""
    if gamble.by_director and getattr(actor, "pk", None) != adventure.director_id:
        raise DirectorRolling(gamble.character.name)


@Prepared
def _gamble_with_hero(gamble_id: int):
    return Gamble.objects.select_for_update().select_related("character").filter(pk=gamble_id)


@table_action(undoable=True)
def catchphrase_reroll(
    adventure: Adventure,
    gamble_id: int,
    step: int | None,
    actor,
    dice: R.Dice,
    *,
    confirmed: bool = True,
) -> Gamble:
    """Re-roll the whole pool with the hero's Catchphrase. Dice that already succeed are only
    thrown away ``confirmed`` (the phone asked first: a success went in one tap)."""
    adventure = locked_adventure(adventure, now=True)
    check_not_paused(adventure)
    gamble = _open_gamble(gamble_id, step)
    _theirs_to_move(adventure, gamble, actor)
    character = gamble.character
    # (Asked only of a re-roll the rules would allow: a Catchphrase spent says so, as ever.)
    engine = gamble.engine
    if not confirmed and engine.success and R.still_in_play(character.state, engine).catchphrase:
        raise SuccessInHand()
    before = list(gamble.dice)
    state, engine = R.catchphrase_reroll(character.state, gamble.engine, dice)
    gamble.take_engine(engine)
    gamble.by_hand = handdice.by_hand(dice)
    gamble.setup = {
        **{k: v for k, v in gamble.setup.items() if k != handdice.TYPED},
        **handdice.typed_in(adventure, actor, character, dice),
    }
    gamble.save()
    character.take_state(state)
    phrase = f"“{character.catchphrase}”" if character.catchphrase else "their catchphrase"
    typed = gamble.typed_in
    hand = f" {handdice.hand_words(character.name, gamble.dice, typed)}" if gamble.by_hand else ""
    event = record(
        adventure,
        "catchphrase",
        f"{character.name}: {phrase} Re-roll!{hand}",
        actor=actor,
        character=character,
        topics=CHANGED,
        gamble=gamble.pk,
        before=before,
        dice=gamble.dice,
        phrase=character.catchphrase,
        by_hand=gamble.by_hand,
        **({handdice.TYPED: True} if typed else {}),
        **handdice.throw(gamble.dice, dice),
    )
    _hand_over(event, adventure, gamble)
    return gamble


@table_action(undoable=True)
def spend_lucky_save(
    adventure: Adventure, gamble_id: int, die_index: int, step: int | None, actor
) -> Gamble:
    adventure = locked_adventure(adventure, now=True)
    check_not_paused(adventure)
    gamble = _open_gamble(gamble_id, step)
    character = gamble.character
    state, engine = R.spend_lucky_save(character.state, gamble.engine, die_index)
    was = gamble.dice[die_index]
    gamble.take_engine(engine)
    gamble.save()
    character.take_state(state)
    event = record(
        adventure,
        "lucky_save",
        f"{character.name} spends a Lucky Save: a {was} becomes a {was + 1}.",
        actor=actor,
        character=character,
        topics=CHANGED,
        gamble=gamble.pk,
        dice=gamble.dice,
        lucky_saves_left=state.lucky_saves,
    )
    _hand_over(event, adventure, gamble)
    return gamble


@table_action(undoable=True)
def lock_in(adventure: Adventure, gamble_id: int, step: int | None, actor) -> Gamble:
    """Lock in the Gamble as the page showed it (``step``)."""
    adventure = locked_adventure(adventure, now=True)
    check_not_paused(adventure)
    gamble = _open_gamble(gamble_id, step)
    _theirs_to_move(adventure, gamble, actor)
    event = _lock_in(
        adventure,
        gamble,
        gamble.character,
        actor,
        automatic=False,
        in_a_tumult=bool(adventure.tumult_id),
    )
    _hand_over(event, adventure, gamble)
    return gamble


def _hand_over(event: TableEvent, adventure: Adventure, gamble: Gamble) -> None:
    """Hand what a move on an open Gamble wrote to the drawing of its event (`Written`), the
    action's first."""
    event.written = Written(adventure, gamble, first=True)


def _lock_in(
    adventure: Adventure,
    gamble: Gamble,
    character: Character,
    actor,
    *,
    automatic: bool,
    ended: str = "",
    in_a_tumult: bool = False,
) -> TableEvent:
    """Lock in ``gamble`` of ``character`` (locked by the caller); its event. ``in_a_tumult``:
    a Tumult is on, whose banner hears of it."""
    settled = locked.settle(adventure, gamble, character)
    event = locked.record_lock_in(
        adventure,
        gamble,
        character,
        actor,
        settled,
        automatic=automatic,
        ended=ended,
        in_a_tumult=in_a_tumult,
    )
    if gamble.group_id:
        groups.resolve_group_if_done(adventure, gamble.group_id, actor)
    return event


def lock_in_as_left(
    adventure: Adventure, gamble: Gamble, character: Character, actor, ended: str = ""
) -> TableEvent:
    """Lock in a Gamble nobody locked in, as the page left it (`sessions.actions.settled`)."""
    return _lock_in(adventure, gamble, character, actor, automatic=True, ended=ended)
