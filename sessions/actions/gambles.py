"""Gambles: building the pool and rolling it (what follows the roll: `rolled`)."""

from dataclasses import dataclass

from django.db import IntegrityError
from django.db.models import Exists, F, FilteredRelation, Q, Value

from characters.models import Character
from sessions import rules as R
from sessions.actions import groups, handdice, tumults
from sessions.actions.base import (
    NotNow,
    check_not_paused,
    locked_adventure,
    record,
    table_action,
)
from sessions.actions.settled import lock_in_automatically
from sessions.actions.words import dice_words, helped_words, setup_words
from sessions.models import Adventure, Danger, Gamble, Scene, SoundEffect, TableEvent
from sessions.models.prepared import Prepared
from sessions.topics import Topic
from sessions.viewer import Written
from sessions.wording.gambles import gambled


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
    # Every hero's name at the table, the Scene's NPCs' and revealed Dangers': a stated action
    # may start with one ("Ada bluffs the foreman while I sneak round"), which is then no task,
    # or name one after its verb ("Question Mr. Wen"); each keeps its capital.
    names: tuple[str, ...] = ()

    @property
    def setup(self) -> R.GambleSetup:
        return R.GambleSetup(
            knacks=len(self.knacks),
            equipment=len(self.equipment),
            blammo_sound_effects=tuple(self.sound_effects),
            advantages=self.advantages,
            helpers=len(self.helpers),
            penalties=self.penalties,
        )

    def stored(self) -> dict:
        """The setup as the Gamble row keeps it (names too, for the log)."""
        return {
            "intent": self.intent,
            "knacks": self.knacks,
            "equipment": self.equipment,
            "sound_effects": self.sound_effects,
            "advantages": self.advantages,
            "helpers": [h.pk for h in self.helpers],
            "helper_names": [h.name for h in self.helpers],
            "penalties": self.penalties,
            "danger_name": self.danger.name if self.danger else "",
            "table_names": list(self.names),
        }


def _check_target(danger: Danger, scene: Scene | None) -> None:
    # Checked again under the lock: the Director may have hidden it since the page loaded.
    danger = Danger.objects.select_for_update().get(pk=danger.pk)
    R.check_target(danger.state, revealed=danger.revealed, in_scene=danger.is_in(scene))


def _shout(adventure: Adventure, gamble: Gamble, engine: R.Gamble, effects: list[str]) -> None:
    """Claim the Gamble's Blammo! sound effects for the rest of the Adventure."""
    try:
        SoundEffect.objects.bulk_create(
            SoundEffect(adventure=adventure, key=key, text=text[:60], gamble=gamble)
            for key, text in zip(engine.sound_effect_keys, effects, strict=True)
        )
    except IntegrityError:
        # The sounds heard were read under the table's lock, so this is a last line of defence;
        # the refusal rolls the whole roll back, so no savepoint is needed.
        raise R.SoundEffectUsed(effects[0]) from None


def _roller(adventure: Adventure, character_id: int, request: GambleRequest, request_id: str):
    """The hero about to Gamble, locked, with what the roll must know in the same read: the
    Gamble this request already rolled and the hero's open Gamble (ids, joined: one row each at
    most, by the constraints) and, if the request names sound effects, whether one was heard
    before. Read after the Adventure's lock, nothing of it can change before commit."""
    keys = {R.normalize_sound_effect(effect) for effect in request.sound_effects}
    if not keys:  # most rolls: the read compiled once
        return _roller_without_sounds.get(character_id, request_id)
    heard = Exists(adventure.sounds.filter(key__in=keys))
    return _rollers(request_id, heard).get(pk=character_id)


def _rollers(request_id: str, heard):
    return Character.objects.select_for_update(of=("self",)).annotate(
        now_replay=FilteredRelation("gambles", condition=Q(gambles__request_id=request_id)),
        replay_id=F("now_replay__pk"),
        now_open=FilteredRelation("gambles", condition=Q(gambles__locked=False)),
        open_gamble_id=F("now_open__pk"),
        sound_heard=heard,
    )


@Prepared
def _roller_without_sounds(character_id: int, request_id: str):
    return _rollers(request_id, Value(False)).filter(pk=character_id)


@table_action(undoable=True)
def roll_gamble(
    adventure: Adventure,
    character: Character,
    request: GambleRequest,
    request_id: str,
    actor,
    dice: R.Dice,
) -> Gamble:
    """Build the pool and roll. The same request_id twice (a double click) rolls once."""
    adventure = locked_adventure(adventure, now=True)
    character = _roller(adventure, character.pk, request, request_id)
    if character.replay_id:
        return Gamble.objects.get(pk=character.replay_id)
    check_not_paused(adventure)
    if adventure.playing_scene_id is None:
        raise NotNow("A Gamble needs a Scene in play: the Director starts one first.")
    settled = bool(character.open_gamble_id)
    if settled:
        adventure, character = _settled(adventure, character, request, request_id, actor)
    for helper in request.helpers:
        R.check_can_help(helper.state)
    if request.danger is not None:
        _check_target(request.danger, adventure.playing_scene())
    # Which were heard, only to say which: the engine refuses them.
    used = set(adventure.sounds.values_list("key", flat=True)) if character.sound_heard else ()
    state, engine = R.roll_gamble(character.state, request.setup, used, dice)
    acted_in_tumult = bool(adventure.tumult_id) and tumults.take_tumult_action(adventure, character)
    by_director = handdice.typed_for(adventure, actor, character)
    gamble = Gamble.objects.create(
        adventure=adventure,
        character=character,
        scene_id=adventure.playing_scene_id,
        group=groups.group_to_join(adventure, character) if adventure.group_id else None,
        danger=request.danger,
        request_id=request_id,
        setup={
            **request.stored(),
            **handdice.typed_in(adventure, actor, character, dice),
            # Made by the Director for its player (the roll-for page): their phone says so.
            **({Gamble.BY_DIRECTOR: True} if by_director else {}),
        },
        pool=engine.pool,
        dice=list(engine.dice),
        rolled=list(engine.rolled),
        by_hand=handdice.by_hand(dice),
    )
    if request.sound_effects:
        _shout(adventure, gamble, engine, request.sound_effects)
    # Only Blammo! Dice spent on sound effects change the hero's trackers: most rolls write
    # nothing to the hero, and redraw no Cast panel.
    spent = character.take_state(state)
    event = _record_roll(adventure, gamble, actor, acted_in_tumult, spent)
    # The newest Gamble, in the Scene in play; its action's first event unless it settled one.
    event.written = Written(adventure, gamble, latest=True, first=not settled)
    return gamble


def _settled(
    adventure: Adventure, character: Character, request: GambleRequest, request_id: str, actor
) -> tuple[Adventure, Character]:
    """A player who moved on without locking in: their next action locks it in for them."""
    open_gamble = Gamble.objects.get(pk=character.open_gamble_id)
    lock_in_automatically(adventure, open_gamble, character, actor)
    # Read again as the lock-in left the hero and the table (a Group Gamble may have closed).
    adventure = locked_adventure(adventure, now=True)
    return adventure, _roller(adventure, character.pk, request, request_id)


def _record_roll(
    adventure: Adventure, gamble: Gamble, actor, acted_in_tumult: bool, spent: bool
) -> TableEvent:
    character, intent = gamble.character, gamble.setup["intent"]
    # "Sam gambles to swing the crane hook", "Ada Quill bluffs the foreman" (typed "I bluff the
    # foreman"), "Ada gambles on “A leap of faith”": the dice follow the colon.
    said = gambled(character.name, intent, gamble.names, character.pronouns)
    part_of = ""
    if gamble.group:
        # The Group Gamble named, unless the member's words already say it ("Sam gambles to
        # outrun the flood (Group Gamble: Outrun the flood)", a fresh-eyes log).
        told = gamble.group.description.strip().rstrip(".!").casefold()
        part_of = (
            " (Group Gamble)"
            if told in intent.casefold()
            else f" (Group Gamble: {gamble.group.description})"
        )
    typed = gamble.typed_in
    hand = f" {handdice.hand_words(character.name, gamble.dice, typed)}" if gamble.by_hand else ""
    # Who helped is named: their +1d6 each is in the pool, and the table sees whose (issue 34).
    helped = helped_words(gamble.setup.get("helper_names", []))
    return record(
        adventure,
        "gamble_rolled",
        f"{said}{part_of}: {dice_words(gamble.pool)}{helped}.{hand}",
        actor=actor,
        character=character,
        topics=(
            Topic.GAMBLES,
            *((Topic.CAST,) if spent else ()),
            *((Topic.TUMULT,) if acted_in_tumult else ()),
            # A Group Gamble's member has rolled: their phone's call to roll goes. The Director
            # rolls for a hero: its player's phone calls out that they are.
            *((Topic.CALLS,) if gamble.group_id or gamble.by_director else ()),
            # Every member's phone lists each part of a Group Gamble (issue 35 item 3).
            *((Topic.GROUP,) if gamble.group_id else ()),
        ),
        gamble=gamble.pk,
        dice=gamble.dice,
        sound_effects=gamble.sound_effects,
        setup=setup_words(gamble.setup),
        # What the hero set out to do, for the recap to tell of its success or blunder.
        intent=intent,
        # The pool as asked (`GambleForm`'s fields): an undone roll's fresh form holds them.
        asked={
            "knacks": gamble.setup.get("knacks", []),
            "equipment": gamble.setup.get("equipment", []),
            "advantages": gamble.setup.get("advantages", 0),
            "penalties": gamble.setup.get("penalties", 0),
            "danger": gamble.danger_id,
        },
        by_hand=gamble.by_hand,
        **({handdice.TYPED: True} if typed else {}),
        **handdice.thrown(**{"hand" if gamble.by_hand else "app": gamble.dice}),
    )
