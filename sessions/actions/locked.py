"""A Gamble locked in: what it comes to by the rules (the verdict, a Knockout, a success
against an enemy) and what the log and every screen say of it. `sessions.actions.rolled` and
`sessions.actions.settled` lock Gambles in; this settles them."""

from dataclasses import dataclass

from django.utils import timezone

from characters.models import Character
from sessions import rules as R
from sessions.actions import dangers, tumults
from sessions.actions.base import record, trackers
from sessions.actions.words import knockout_words, ones_words
from sessions.models import Adventure, Gamble, TableEvent
from sessions.topics import KNOCKOUT, Topic


@dataclass(frozen=True)
class Settled:
    """What a Gamble locked in came to by the rules, and its verdict in the log's words."""

    outcome: R.GambleOutcome
    # A clean success (no 1s) leaves the hero's trackers as they were: nothing to write, and
    # no Cast panel to draw again.
    changed: bool
    # Out until the Tumult ends rather than the Scene (`R.out_until`).
    knocked_out_in_tumult: bool
    verdict: str
    # What else the lock-in did, one sentence each (the Knockout has its own line).
    consequences: list[str]


def settle(adventure: Adventure, gamble: Gamble, character: Character) -> Settled:
    """The rules' verdict on ``gamble``, taken by the Gamble and its hero, by the Tumult for a
    Knockout and by the enemy it was aimed at for a success."""
    outcome = R.lock_in(character.state, gamble.engine)
    gamble.take_engine(outcome.gamble)
    gamble.success = outcome.success
    gamble.locked_at = timezone.now()
    gamble.save()
    changed = character.take_state(outcome.state)
    in_tumult = tumults.note_knockout(adventure, character, outcome.peril)
    verdict, consequences = _verdict(outcome, character.name, in_tumult)
    if outcome.success and gamble.danger_id:
        against = dangers.success_from_gamble(gamble.danger_id, character.name)
        verdict += against
        consequences.append(against.strip())
    return Settled(outcome, changed, in_tumult, verdict, consequences)


def record_lock_in(
    adventure: Adventure,
    gamble: Gamble,
    character: Character,
    actor,
    settled: Settled,
    *,
    automatic: bool,
    ended: str,
    in_a_tumult: bool,
) -> TableEvent:
    """The lock-in's event: its line in the log, the parts it changes, and what every screen
    tells of it."""
    outcome = settled.outcome
    # Read before this lock-in is: an Investigation's note it puts away (another hero's too).
    finding = _finding_told(adventure)
    directed = automatic or (actor and actor.pk != character.owner_id)
    who = f"The Director locks in {character.name}'s Gamble" if directed else ""
    return record(
        adventure,
        "gamble_locked",
        f"{who or f'{character.name} locks in'}: {settled.verdict}",
        actor=actor,
        character=character,
        topics=_locked_topics(gamble, outcome, changed=settled.changed)
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
        out_until=R.out_until(knocked_out_in_tumult=settled.knocked_out_in_tumult).value
        if outcome.peril.knocked_out
        else "",
        retired=outcome.peril.retired,
        # The Latest Gamble on every screen says each consequence under the verdict.
        consequences=settled.consequences,
        before=trackers(outcome.peril.state_before),
        after=trackers(outcome.state),
    )


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


def _locked_topics(gamble: Gamble, outcome: R.GambleOutcome, *, changed: bool) -> tuple[Topic, ...]:
    """What a lock-in changes on the table's pages."""
    settles_more = bool(gamble.danger_id or gamble.group_id)
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
