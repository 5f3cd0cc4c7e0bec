"""Table actions: one function each, one transaction each, every rule from the rules engine.

Each action locks the rows it changes (PostgreSQL row locks; on SQLite the IMMEDIATE
transaction already holds the write lock), checks the move with the rules engine, saves, and
appends a public `TableEvent` that is announced to every open page once the transaction
commits. A refused move raises a `RuleError` and, the transaction rolled back, changes nothing.
"""

import contextlib
import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from characters.models import Character
from sessions import live
from sessions import rules as R
from sessions.models import (
    Adventure,
    Danger,
    Gamble,
    GroupGamble,
    KeyLocation,
    Leg,
    Scene,
    SoundEffect,
    TableEvent,
    WideShot,
    WideShotDetail,
)
from sessions.models.prep import new_token

# SQLite lets one writer in at a time, and its busy-wait is a lottery, not a queue: under load
# an unlucky writer can lose for longer than the busy timeout. One process serves a SQLite
# table, so its writers queue on this lock first and then find the database free.
_sqlite_writers = threading.RLock()


def table_action[F: Callable](action: F) -> F:
    """One table action: one transaction, writers taking turns (see `_sqlite_writers`)."""

    @functools.wraps(action)
    def run(*args, **kwargs):
        turn = _sqlite_writers if connection.vendor == "sqlite" else contextlib.nullcontext()
        with turn, transaction.atomic():
            return action(*args, **kwargs)

    return run  # type: ignore[return-value]


class StaleAction(R.RuleError):
    default_message = "The table has moved on since you looked: here's where things stand now."


class NotNow(R.RuleError):
    """A move that the rules allow, just not at this point of the game."""


def record(
    adventure: Adventure,
    kind: str,
    summary: str,
    *,
    actor=None,
    character: Character | None = None,
    topics: tuple[str, ...] = (),
    **data,
) -> TableEvent:
    """Append a public event to the log. ``topics`` name the parts of every page to redraw;
    the character's own panels (``char-<id>``) are added for you."""
    topics = (*topics, f"char-{character.pk}") if character else topics
    event = TableEvent.objects.create(
        adventure=adventure,
        kind=kind,
        summary=summary[:500],
        actor=actor,
        character=character,
        data={**data, "topics": list(dict.fromkeys(topics))},
    )
    live.publish(event)
    return event


def trackers(state: R.CharacterState) -> dict:
    return {
        "peril": state.peril,
        "lucky_saves": state.lucky_saves,
        "blammo": state.blammo,
        "knockouts": state.knockouts,
    }


def locked_adventure(adventure: Adventure) -> Adventure:
    """Take the Adventure's row lock: pacing actions happen one at a time."""
    return Adventure.objects.select_for_update().get(pk=adventure.pk)


def cast_characters(adventure: Adventure, *, lock: bool = False) -> list[Character]:
    """The Cast still playing: active members whose careers haven't ended."""
    characters = Character.objects.filter(
        cast_memberships__adventure=adventure, cast_memberships__active=True, career_ended=False
    ).order_by("cast_memberships__joined", "pk")
    if lock:
        characters = characters.select_for_update()
    return list(characters)


def current_leg(adventure: Adventure) -> Leg | None:
    return adventure.legs.filter(status=Leg.Status.PLAYING).first()


def current_scene(adventure: Adventure) -> Scene | None:
    return (
        Scene.objects.filter(leg__adventure=adventure, status=Scene.Status.PLAYING)
        .select_related("key_location", "leg")
        .first()
    )


# Legs and Scenes ---------------------------------------------------------------------------


@table_action
def start_leg(adventure: Adventure, leg: Leg, actor, dice: R.Dice) -> TableEvent:
    adventure = locked_adventure(adventure)
    leg = Leg.objects.select_for_update().get(pk=leg.pk)  # as it is now, not as first read
    if current_leg(adventure):
        raise NotNow("A Leg is already under way: end it before starting the next.")
    if leg.adventure_id != adventure.pk or leg.status != Leg.Status.PLANNED:
        raise NotNow("That Leg has already been played.")
    leg.status = Leg.Status.PLAYING
    leg.save(update_fields=["status"])
    adventure.status = Adventure.Status.PLAYING
    adventure.save(update_fields=["status", "updated"])
    rolls = []
    for character in cast_characters(adventure, lock=True):
        before = character.state
        after, roll = R.start_leg(before, dice)
        character.take_state(after)
        rolls.append(
            {
                "name": character.name,
                "roll": roll,
                "from": before.lucky_saves,
                "to": after.lucky_saves,
            }
        )
    return record(
        adventure,
        "leg_started",
        f"Leg {_leg_number(leg)} begins: {leg.title}. Lucky Saves +1d6 and Catchphrases ready!",
        actor=actor,
        topics=("scene", "cast", "gamble", "director", "everyone"),
        rolls=rolls,
    )


def _leg_number(leg: Leg) -> int:
    return list(leg.adventure.legs.values_list("pk", flat=True)).index(leg.pk) + 1


@table_action
def end_leg(adventure: Adventure, actor) -> TableEvent:
    adventure = locked_adventure(adventure)
    leg = current_leg(adventure)
    if leg is None:
        raise NotNow("No Leg is under way.")
    _settle_open_gambles(adventure, actor)
    Scene.objects.filter(leg=leg, status=Scene.Status.PLAYING).update(status=Scene.Status.DONE)
    leg.status = Leg.Status.FINISHED
    leg.save(update_fields=["status"])
    retired = []
    for character in cast_characters(adventure, lock=True):
        after = R.end_leg(character.state)
        if after.career_ended:
            retired.append(character.name)
        character.take_state(after)
    summary = f"Leg {_leg_number(leg)} ends: {leg.title}. Peril resets to 0."
    if retired:
        summary += f" {', '.join(retired)} hang up their hats: their adventuring days are over."
    return record(
        adventure,
        "leg_ended",
        summary,
        actor=actor,
        topics=("scene", "cast", "gamble", "director", "wideshot", "everyone"),
        retired=retired,
    )


@table_action
def start_scene(
    adventure: Adventure, scene: Scene, key_location: KeyLocation | None, actor
) -> TableEvent:
    adventure = locked_adventure(adventure)
    scene = Scene.objects.select_for_update().get(pk=scene.pk)  # a double click sees it played
    leg = current_leg(adventure)
    if leg is None or scene.leg_id != leg.pk:
        raise NotNow("Start the Scene's Leg first.")
    if scene.status != Scene.Status.PLANNED:
        raise NotNow("That Scene has already been played.")
    if key_location is not None and key_location.leg.adventure_id != adventure.pk:
        raise NotNow("That Key Location isn't in this adventure.")
    if playing := current_scene(adventure):
        _finish_scene(adventure, playing)
    scene.status = Scene.Status.PLAYING
    scene.key_location = key_location
    scene.save(update_fields=["status", "key_location"])
    first_visit = (
        key_location is not None and not WideShot.objects.filter(key_location=key_location).exists()
    )
    if first_visit:
        WideShot.objects.create(
            scene=scene,
            key_location=key_location,
            opening=key_location.wide_shot_opening,
            questions=[{"text": q, "to": None} for q in key_location.leading_questions],
        )
    where = f" at {key_location.name}" if key_location else ""
    summary = f"New Scene{where}: {scene.beat}."
    if first_visit:
        summary += " Wide Shot! Everyone, what do you see?"
    return record(
        adventure,
        "scene_started",
        summary,
        actor=actor,
        topics=("scene", "wideshot", "wideshot-state", "cast", "director", "everyone"),
    )


def _finish_scene(adventure: Adventure, scene: Scene) -> None:
    scene.status = Scene.Status.DONE
    scene.save(update_fields=["status"])
    # Knocked-out heroes are back on their feet in the next Scene.
    for character in cast_characters(adventure, lock=True):
        if character.incapacitated:
            character.take_state(R.end_scene(character.state))


@table_action
def end_scene(adventure: Adventure, actor) -> TableEvent:
    adventure = locked_adventure(adventure)
    scene = current_scene(adventure)
    if scene is None:
        raise NotNow("No Scene is under way.")
    _finish_scene(adventure, scene)
    return record(
        adventure,
        "scene_ended",
        f"Scene over: {scene.beat}. Anyone knocked out is back on their feet.",
        actor=actor,
        topics=("scene", "wideshot", "wideshot-state", "cast", "director", "everyone"),
    )


# Gambles ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GambleRequest:
    """What a player asks for, already checked to belong to their character and this table."""

    intent: str
    knacks: list[str]
    equipment: list[str]
    sound_effects: list[str]
    advantages: int
    helpers: list[Character]
    penalties: int
    danger: Danger | None = None


def to_engine(gamble: Gamble) -> R.Gamble:
    setup = gamble.setup
    return R.Gamble(
        pool=gamble.pool,
        dice=tuple(gamble.dice),
        rolled=tuple(gamble.rolled),
        setup=R.GambleSetup(
            knacks=len(setup.get("knacks", [])),
            equipment=len(setup.get("equipment", [])),
            blammo_sound_effects=tuple(setup.get("sound_effects", [])),
            advantages=setup.get("advantages", 0),
            helpers=len(setup.get("helpers", [])),
            penalties=setup.get("penalties", 0),
        ),
        lucky_saves_spent=gamble.lucky_saves_spent,
        catchphrase_used=gamble.catchphrase_used,
        locked=gamble.locked,
    )


def _take_gamble(gamble: Gamble, engine: R.Gamble) -> None:
    gamble.dice, gamble.rolled = list(engine.dice), list(engine.rolled)
    gamble.lucky_saves_spent = engine.lucky_saves_spent
    gamble.catchphrase_used = engine.catchphrase_used
    gamble.locked = engine.locked
    gamble.step += 1


def _locked_character(character_id: int) -> Character:
    return Character.objects.select_for_update().get(pk=character_id)


@table_action
def roll_gamble(
    adventure: Adventure,
    character: Character,
    request: GambleRequest,
    request_id: str,
    actor,
    dice: R.Dice,
) -> Gamble:
    """Build the pool and roll. The same request_id twice (a double click) rolls once."""
    adventure = locked_adventure(adventure)
    if replay := Gamble.objects.filter(character=character, request_id=request_id).first():
        return replay
    _check_not_paused(adventure)
    character = _locked_character(character.pk)
    open_gamble = Gamble.objects.filter(character=character, locked=False).first()
    if open_gamble is not None:
        # The player moved on without locking in: their next action locks it in for them.
        _lock_in(adventure, open_gamble, actor, automatic=True)
        character.refresh_from_db()
    for helper in request.helpers:
        R.check_can_help(helper.state)
    scene = current_scene(adventure)
    if request.danger is not None:
        # Checked again under the lock: the Director may have hidden it since the page loaded.
        danger = Danger.objects.select_for_update().get(pk=request.danger.pk)
        here = scene is not None and (
            danger.scene_id == scene.pk
            or (
                danger.key_location_id is not None
                and danger.key_location_id == scene.key_location_id
            )
        )
        if not (here and danger.revealed and not danger.is_out):
            raise NotNow("That enemy isn't in the picture any more.")
    setup = R.GambleSetup(
        knacks=len(request.knacks),
        equipment=len(request.equipment),
        blammo_sound_effects=tuple(request.sound_effects),
        advantages=request.advantages,
        helpers=len(request.helpers),
        penalties=request.penalties,
    )
    used = set(SoundEffect.objects.filter(adventure=adventure).values_list("key", flat=True))
    state, engine = R.roll_gamble(character.state, setup, used, dice)
    # The Director's tools hook in here; imported late because they build on this module.
    from sessions import direction

    tumult_topic = direction.take_tumult_action(adventure, character)
    group = direction.open_group(adventure)
    if group and (
        character.pk not in group.participants or group.gambles.filter(character=character).exists()
    ):
        group = None
    gamble = Gamble.objects.create(
        adventure=adventure,
        character=character,
        scene=scene,
        group=group,
        danger=request.danger,
        request_id=request_id,
        setup={
            "intent": request.intent,
            "knacks": request.knacks,
            "equipment": request.equipment,
            "sound_effects": request.sound_effects,
            "advantages": request.advantages,
            "helpers": [h.pk for h in request.helpers],
            "helper_names": [h.name for h in request.helpers],
            "penalties": request.penalties,
            "danger_name": request.danger.name if request.danger else "",
        },
        pool=engine.pool,
        dice=list(engine.dice),
        rolled=list(engine.rolled),
    )
    if request.sound_effects:
        try:
            with transaction.atomic():
                SoundEffect.objects.bulk_create(
                    SoundEffect(adventure=adventure, key=key, text=text[:60], gamble=gamble)
                    for key, text in zip(
                        engine.sound_effect_keys, request.sound_effects, strict=True
                    )
                )
        except IntegrityError:
            # Someone shouted the same sound a split second earlier.
            raise R.SoundEffectUsed(request.sound_effects[0]) from None
    character.take_state(state)
    intent = f" to {request.intent}" if request.intent else ""
    part_of = f" (Group Gamble: {group.description})" if group else ""
    dice_words = f"{engine.pool} {'die' if engine.pool == 1 else 'dice'}"
    record(
        adventure,
        "gamble_rolled",
        f"{character.name} gambles{intent}{part_of}: {dice_words}.",
        actor=actor,
        character=character,
        topics=("gamble", "cast", *((tumult_topic,) if tumult_topic else ())),
        gamble=gamble.pk,
        dice=gamble.dice,
        sound_effects=request.sound_effects,
        setup=_setup_words(gamble),
    )
    return gamble


def _setup_words(gamble: Gamble) -> list[str]:
    setup = gamble.setup
    words = [f"Knack: {k}" for k in setup.get("knacks", [])]
    words += [f"Equipment: {e}" for e in setup.get("equipment", [])]
    if setup.get("advantages"):
        words.append(f"{setup['advantages']} advantage(s)")
    words += [f"helped by {name}" for name in setup.get("helper_names", [])]
    if setup.get("penalties"):
        words.append(f"{setup['penalties']} penalty(ies)")
    if setup.get("danger_name"):
        words.append(f"at {setup['danger_name']}")
    return words


def _open_gamble(gamble_id: int, step: int | None) -> Gamble:
    gamble = Gamble.objects.select_for_update().select_related("character").get(pk=gamble_id)
    if gamble.locked:
        raise R.GambleAlreadyLocked()
    if step is not None and step != gamble.step:
        raise StaleAction()
    return gamble


def _check_not_paused(adventure: Adventure) -> None:
    if adventure.paused:
        raise NotNow("The table is paused (X-card). Wait for the Director to resume.")


@table_action
def catchphrase_reroll(
    adventure: Adventure, gamble_id: int, step: int | None, actor, dice: R.Dice
) -> Gamble:
    adventure = locked_adventure(adventure)
    _check_not_paused(adventure)
    gamble = _open_gamble(gamble_id, step)
    character = _locked_character(gamble.character_id)
    before = list(gamble.dice)
    state, engine = R.catchphrase_reroll(character.state, to_engine(gamble), dice)
    _take_gamble(gamble, engine)
    gamble.save()
    character.take_state(state)
    phrase = f"“{character.catchphrase}”" if character.catchphrase else "their catchphrase"
    record(
        adventure,
        "catchphrase",
        f"{character.name}: {phrase} Re-roll!",
        actor=actor,
        character=character,
        topics=("gamble", "cast"),
        gamble=gamble.pk,
        before=before,
        dice=gamble.dice,
    )
    return gamble


@table_action
def spend_lucky_save(
    adventure: Adventure, gamble_id: int, die_index: int, step: int | None, actor
) -> Gamble:
    adventure = locked_adventure(adventure)
    _check_not_paused(adventure)
    gamble = _open_gamble(gamble_id, step)
    character = _locked_character(gamble.character_id)
    state, engine = R.spend_lucky_save(character.state, to_engine(gamble), die_index)
    was = gamble.dice[die_index]
    _take_gamble(gamble, engine)
    gamble.save()
    character.take_state(state)
    record(
        adventure,
        "lucky_save",
        f"{character.name} spends a Lucky Save: a {was} becomes a {was + 1}.",
        actor=actor,
        character=character,
        topics=("gamble", "cast"),
        gamble=gamble.pk,
        dice=gamble.dice,
        lucky_saves_left=state.lucky_saves,
    )
    return gamble


@table_action
def lock_in(adventure: Adventure, gamble_id: int, step: int | None, actor) -> Gamble:
    adventure = locked_adventure(adventure)
    gamble = _open_gamble(gamble_id, step)
    return _lock_in(adventure, gamble, actor, automatic=False)


def _lock_in(adventure: Adventure, gamble: Gamble, actor, *, automatic: bool) -> Gamble:
    character = _locked_character(gamble.character_id)
    outcome = R.lock_in(character.state, to_engine(gamble))
    _take_gamble(gamble, outcome.gamble)
    gamble.success = outcome.success
    gamble.locked_at = timezone.now()
    gamble.save()
    character.take_state(outcome.state)
    verdict = "Success!" if outcome.success else "Blunder! +1 Blammo! Die."
    peril = outcome.peril
    if outcome.ones:
        verdict += f" {outcome.ones} × 1 rolled: Peril +{peril.applied}."
    if peril.knocked_out:
        verdict += f" KNOCKOUT! {character.name} is out for the rest of the Scene."
    if peril.retired:
        verdict += f" That's Knockout number four: {character.name} is retiring."
    from sessions import direction

    if outcome.success and gamble.danger_id:
        danger = Danger.objects.select_for_update().get(pk=gamble.danger_id)
        words = direction.mark_success(adventure, danger, actor, character.name)
        # Hidden since the roll? Then the Cast learns only that a blow landed.
        verdict += words if danger.revealed else " A success against a Danger."
    who = "The Director locks in" if automatic or (actor and actor.pk != character.owner_id) else ""
    prefix = f"{who} {character.name}'s Gamble" if who else f"{character.name} locks in"
    record(
        adventure,
        "gamble_locked",
        f"{prefix}: {verdict}".replace("  ", " "),
        actor=actor,
        character=character,
        topics=("gamble", "cast", "director", "dangers"),
        gamble=gamble.pk,
        dice=gamble.dice,
        success=outcome.success,
        sound_effects=gamble.sound_effects,
        knocked_out=peril.knocked_out,
        retired=peril.retired,
        before=trackers(peril.state_before),
        after=trackers(outcome.state),
    )
    if gamble.group_id:
        group = GroupGamble.objects.select_for_update().get(pk=gamble.group_id)
        if not group.closed:
            direction.resolve_group_if_done(adventure, group, actor, force=False)
    return gamble


def _settle_open_gambles(adventure: Adventure, actor) -> None:
    for gamble in Gamble.objects.select_for_update().filter(adventure=adventure, locked=False):
        _lock_in(adventure, gamble, actor, automatic=True)


# The Wide Shot -----------------------------------------------------------------------------


def _board(adventure: Adventure) -> WideShot:
    scene = current_scene(adventure)
    board = WideShot.objects.select_for_update().filter(scene=scene).first() if scene else None
    if board is None:
        raise NotNow("There's no Wide Shot open right now.")
    return board


@table_action
def add_wide_shot_detail(adventure: Adventure, character: Character, text: str, actor) -> None:
    adventure = locked_adventure(adventure)
    board = _board(adventure)
    if board.locked:
        raise NotNow("The Director has locked this Wide Shot.")
    character = _locked_character(character.pk)
    if character.incapacitated:
        raise R.Incapacitated()
    _detail, created = WideShotDetail.objects.update_or_create(
        wide_shot=board, character=character, defaults={"text": text}
    )
    verb = "sees" if created else "now sees"
    record(
        adventure,
        "wideshot_detail",
        f"{character.name} {verb}: {text}",
        actor=actor,
        character=character,
        topics=("wideshot",),
    )


@table_action
def edit_wide_shot(adventure: Adventure, opening: str, questions: list[dict], actor) -> None:
    adventure = locked_adventure(adventure)
    board = _board(adventure)
    board.opening, board.questions = opening, questions
    board.save(update_fields=["opening", "questions"])
    record(
        adventure,
        "wideshot_edited",
        "The Director reframes the Wide Shot.",
        actor=actor,
        topics=("wideshot",),
    )


@table_action
def lock_wide_shot(adventure: Adventure, locked: bool, actor) -> None:
    adventure = locked_adventure(adventure)
    board = _board(adventure)
    if board.locked == locked:
        return
    board.locked = locked
    board.save(update_fields=["locked"])
    summary = (
        "The Wide Shot is locked: what you described is now canon."
        if locked
        else "The Wide Shot is open again for details."
    )
    record(
        adventure, "wideshot_locked", summary, actor=actor, topics=("wideshot", "wideshot-state")
    )


# The shared screen ---------------------------------------------------------------------------


@table_action
def set_screen(adventure: Adventure, enabled: bool) -> Adventure:
    adventure = locked_adventure(adventure)
    adventure.screen_token = new_token() if enabled else None
    adventure.save(update_fields=["screen_token", "updated"])
    return adventure
