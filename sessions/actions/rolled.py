"""A rolled Gamble, until it is locked in: the Catchphrase re-roll, Lucky Saves, the lock-in
itself, and every Gamble still open locked in when a Leg or the Adventure ends."""

from django.utils import timezone

from characters.models import Character
from sessions import rules as R
from sessions.actions import dangers, groups, handdice, tumults
from sessions.actions.base import (
    StaleAction,
    check_not_paused,
    locked_adventure,
    locked_character,
    record,
    table_action,
    trackers,
)
from sessions.actions.words import knockout_words, ones_words
from sessions.models import Adventure, Gamble, TableEvent
from sessions.models.prepared import Prepared
from sessions.telling import THEY
from sessions.topics import KNOCKOUT, Topic
from sessions.viewer import Written
from sessions.wording import attempt

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


@Prepared
def _gamble_with_hero(gamble_id: int):
    return Gamble.objects.select_for_update().select_related("character").filter(pk=gamble_id)


@table_action(undoable=True)
def catchphrase_reroll(
    adventure: Adventure, gamble_id: int, step: int | None, actor, dice: R.Dice
) -> Gamble:
    adventure = locked_adventure(adventure, now=True)
    check_not_paused(adventure)
    gamble = _open_gamble(gamble_id, step)
    character = gamble.character
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
    outcome = R.lock_in(character.state, gamble.engine)
    gamble.take_engine(outcome.gamble)
    gamble.success = outcome.success
    gamble.locked_at = timezone.now()
    gamble.save()
    # A clean success (no 1s) leaves the hero's trackers as they were: nothing to write, and
    # no Cast panel to draw again.
    changed = character.take_state(outcome.state)
    in_tumult = tumults.note_knockout(adventure, character, outcome.peril)
    verdict, consequences = _verdict(outcome, character.name, in_tumult)
    settles_more = bool(gamble.danger_id or gamble.group_id)
    if outcome.success and gamble.danger_id:
        against = dangers.success_from_gamble(gamble.danger_id, character.name)
        verdict += against
        consequences.append(against.strip())
    # Read before this lock-in is: an Investigation's note it puts away (another hero's too).
    finding = _finding_told(adventure)
    directed = automatic or (actor and actor.pk != character.owner_id)
    who = f"The Director locks in {character.name}'s Gamble" if directed else ""
    event = record(
        adventure,
        "gamble_locked",
        f"{who or f'{character.name} locks in'}: {verdict}",
        actor=actor,
        character=character,
        topics=_locked_topics(gamble, outcome, changed=changed, settles_more=settles_more)
        + ((Topic.HEROES,) if finding else ())
        # The Tumult's banner tells a Gamble rolling from one locked in: who has acted.
        + ((Topic.TUMULT,) if in_a_tumult else ()),
        gamble=gamble.pk,
        # Locked in as it stood because the Scene (or Leg) ended: its phone says so (issue 35).
        **({"ended_with": ended} if ended else {}),
        danger=gamble.danger_id,
        dice=gamble.dice,
        success=outcome.success,
        sound_effects=gamble.sound_effects,
        knocked_out=outcome.peril.knocked_out,
        # How long it lasts, in the rules' words, for every screen that tells of it.
        out_until=R.out_until(knocked_out_in_tumult=in_tumult).value
        if outcome.peril.knocked_out
        else "",
        retired=outcome.peril.retired,
        # What else the lock-in did, in the log's own words (the Knockout has its own line):
        # the Latest Gamble on every screen says each of them under the verdict.
        consequences=consequences,
        before=trackers(outcome.peril.state_before),
        after=trackers(outcome.state),
    )
    if gamble.group_id:
        groups.resolve_group_if_done(adventure, gamble.group_id, actor)
    return event


def _finding_told(adventure: Adventure) -> bool:
    """Whether an Investigation's note is up on its investigator's phone: one rolled in this
    Scene since the table's last lock-in (`sessions.parts.player.investigated`). The next
    lock-in, anyone's, puts it away, so it redraws every hero's panel, the investigator's with
    the locking hero's (phone14: the investigator's kept the note till a reload)."""
    newest = (
        TableEvent.objects.filter(
            adventure=adventure,
            undone_by__isnull=True,
            kind__in=("scene_started", "investigated", "gamble_locked"),
        )
        .order_by("-pk")
        .values_list("kind", flat=True)
        .first()
    )
    return newest == "investigated"


def _locked_topics(
    gamble: Gamble, outcome: R.GambleOutcome, *, changed: bool, settles_more: bool
) -> tuple[Topic, ...]:
    """What a lock-in changes on the table's pages."""
    return (
        Topic.GAMBLES,
        *((Topic.CAST,) if changed else ()),
        # The Director's panel shows Danger successes and who a Group Gamble waits for.
        *((Topic.DIRECTOR, Topic.DANGERS) if settles_more else ()),
        # A Knockout changes who may act in a Tumult and take the enemies' Peril, and who
        # may add to the Wide Shot.
        *((*KNOCKOUT, Topic.DIRECTOR) if outcome.peril.knocked_out else ()),
        # Gone wrong, the Director's prompts answer it; gone well, those of an earlier moment
        # fold away (the cockpit's pointer to them with them), live.
        Topic.TROUBLE,
        # The Director's roll for a player is over: their phone's call to watch it goes. A
        # Gamble warned of the Scene's end: its phone's call to lock in goes, and with it the
        # Director's question to wait or end the Scene anyway.
        *((Topic.CALLS,) if gamble.by_director or gamble.scene_end_warned else ()),
        # Every member's phone lists each part of a Group Gamble (issue 35 item 3).
        *((Topic.GROUP,) if gamble.group_id else ()),
    )


def _verdict(outcome: R.GambleOutcome, name: str, in_tumult: bool) -> tuple[str, list[str]]:
    """The log's verdict, and its consequences beside the Knockout, one sentence each."""
    consequences = [] if outcome.success else ["+1 Blammo! Die."]
    if outcome.ones:
        consequences.append(ones_words(outcome.ones, outcome.peril.applied))
    verdict = " ".join(["Success!" if outcome.success else "Blunder!", *consequences])
    if knockout := knockout_words(name, outcome.peril, in_tumult=in_tumult):
        verdict += f" {knockout}"
    if outcome.peril.retired:
        consequences.append(f"That's Knockout number four: {name} is retiring.")
    return verdict, consequences


def settle_open_gambles(adventure: Adventure, actor, ended: str = "") -> list[str]:
    """Lock in every Gamble still open (the Scene, a Leg or the Adventure is ending:
    ``ended`` names which, for the player's phone to say why). What each came to, one
    sentence a Gamble, for the ending's own words."""
    told = []
    for gamble in Gamble.objects.select_for_update().filter(adventure=adventure, locked=False):
        character = locked_character(gamble.character_id)
        _lock_in(adventure, gamble, character, actor, automatic=True, ended=ended)
        told.append(locked_as_it_stood(gamble, character.name, character.pronouns))
    return told


def locked_as_it_stood(gamble: Gamble, name: str, pronouns: str = THEY) -> str:
    """A Gamble an ending locked in, told as typed: "Ada tries to bluff the foreman: locked in
    as it stood, a blunder.", "Ada Quill photographs the ledger (typed "I photograph the
    ledger"): …", "Ada's Gamble: …" when no action was stated."""
    intent = gamble.setup.get("intent", "").strip()
    said = (
        attempt(name, intent.rstrip("."), gamble.names, pronouns) if intent else f"{name}'s Gamble"
    )
    verdict = "a success" if gamble.success else "a blunder"
    return f"{said}: locked in as it stood, {verdict}."


def lock_in_automatically(
    adventure: Adventure, gamble: Gamble, character: Character, actor
) -> TableEvent:
    """Lock in a Gamble its player moved on from (their next roll), as the page left it."""
    return _lock_in(adventure, gamble, character, actor, automatic=True)
