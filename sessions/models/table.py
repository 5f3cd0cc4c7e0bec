"""What happens at the table: Gambles, Group Gambles, Investigations, Tumults and the event
log everybody sees (the Wide Shot boards in `wideshots`)."""

from collections.abc import Iterable
from operator import attrgetter

from django.conf import settings
from django.db import models
from django.db.models import Q

from characters.models import Character
from sessions import rules as R
from sessions.models.legs import Danger, Scene
from sessions.models.prep import Adventure
from sessions.models.session_zero import LIVE_ONLY

# Events the Director alone may know of: a hidden Danger added to the Scene, changed or taken
# out, and the undo of one. A line about it, however vague, would tell the Cast that a Danger
# they can't see is there; so the event redraws the Director's panels (and keeps the journal
# for Undo) but has no row in the log, its files or a recap. Revealing the Danger is public.
UNSEEN = (
    "hidden_danger_added",
    "hidden_danger_edited",
    "hidden_danger_removed",
    "hidden_danger_joined",
    "hidden_undo",
)
# The table's housekeeping, a line for nobody: the Director making a shared screen link or
# switching it off; a finished Adventure's TV told its Campaign went on, its phones told of a
# recap published or of the Campaign's next Adventure made; a hero edited on its sheet, which
# only draws the Cast again; a tie's answer changed in session zero (the log told its first
# answer). (The TV following its Campaign to the next Adventure, "screen", is news.)
HOUSEKEEPING = (
    "screen_link",
    "campaign_went_on",
    "recap_shared",
    "campaign_grew",
    "hero_edited",
    "connection_reanswered",
)
# The events nobody's log shows: those for the live screens alone, the Director's own, and
# the housekeeping.
UNLOGGED = (*LIVE_ONLY, *UNSEEN, *HOUSEKEEPING)


class TableEvent(models.Model):
    """One thing that happened at the table: immutable, public, the log and the audit trail.

    ``summary`` and ``data`` are what every player may see; nothing secret goes in here. The
    id doubles as the Server-Sent Events id, so a reconnecting page asks for what came after.
    """

    # In ``data`` (and in each roll of a Rest or a Leg's start): the Director typed the real
    # dice's faces in for the hero's player (`actions.handdice`; the recap says so too).
    TYPED_IN = "typed_in_by_director"

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="events")
    created = models.DateTimeField(auto_now_add=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    kind = models.CharField(max_length=30)
    character = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    summary = models.CharField(max_length=500)
    # Dice, sound effects, before/after trackers and which parts of the page changed.
    data = models.JSONField(default=dict, blank=True)
    # The page's id for the action that wrote it (its first event): a Retry of an action
    # already done fails on it and changes nothing (`actions.base.once`).
    request_key = models.CharField(max_length=80, blank=True, default="", editable=False)
    # What an undoable action changed, row by row, for the Director to undo it
    # (`actions.journal`): kept on the action's first event, never shown to anyone.
    journal = models.JSONField(null=True, blank=True, editable=False)
    # The Director's undo that struck this event out (it stays in the log, struck through).
    undone_by = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["adventure", "-id"], name="event_feed")]
        constraints = [
            models.UniqueConstraint(
                fields=["adventure", "request_key"],
                condition=~Q(request_key=""),
                name="one_event_per_request",
            )
        ]

    def __str__(self) -> str:
        return self.summary

    @property
    def topics(self) -> list[str]:
        return self.data.get("topics", [])


class GroupGamble(models.Model):
    """The whole Cast tries something together: each makes a Gamble; the majority decides."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="groups")
    description = models.CharField(max_length=200)
    # The characters asked to take part, fixed when the Director calls it.
    participants = models.JSONField(default=list)
    closed = models.BooleanField(default=False)
    success = models.BooleanField(null=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["adventure"], condition=Q(closed=False), name="one_open_group_gamble"
            )
        ]

    def __str__(self) -> str:
        return self.description


class Investigation(models.Model):
    """The Director asks a character to look closer; the player rolls a plain 1d6."""

    adventure = models.ForeignKey(
        Adventure, on_delete=models.CASCADE, related_name="investigations"
    )
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="+")
    prompt = models.CharField(max_length=200)
    roll = models.PositiveSmallIntegerField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return self.prompt


class Tumult(models.Model):
    """All hell breaks loose: rounds of players first, then the enemies' turn."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="tumults")
    round = models.PositiveSmallIntegerField(default=1)
    phase = models.CharField(
        max_length=10,
        choices=[(phase.value, f"{phase.value.title()}' turn") for phase in R.Phase],
        default=R.Phase.PLAYERS.value,
    )
    acted = models.JSONField(default=list)
    # Who took a Knockout during this Tumult: they are back on their feet when it ends.
    knocked_out = models.JSONField(default=list)
    # The Dangers it is fought against (their ids): a list beside the heroes' ones, so the
    # undo journal puts it back as it does them, and reading it costs no query.
    foes = models.JSONField(default=list)
    active = models.BooleanField(default=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["adventure"], condition=Q(active=True), name="one_tumult_at_a_time"
            )
        ]

    def __str__(self) -> str:
        return f"Tumult, round {self.round}"

    @property
    def state(self) -> R.TumultState:
        return R.TumultState(
            round=self.round,
            phase=self.phase,
            acted=frozenset(self.acted),
            knocked_out=frozenset(self.knocked_out),
            foes=frozenset(self.foes),
        )

    def take_state(self, state: R.TumultState) -> None:
        self.round, self.phase = state.round, str(state.phase)
        self.acted, self.knocked_out = sorted(state.acted), sorted(state.knocked_out)
        self.foes = sorted(state.foes)
        self.save(update_fields=["round", "phase", "acted", "knocked_out", "foes"])

    def foes_among(self, dangers: "Iterable[Danger]") -> "list[Danger]":
        """The Tumult's own foes among the Scene's ``dangers``."""
        return R.foes_of(self.state, dangers, key=attrgetter("pk"))

    @property
    def players_turn(self) -> bool:
        return self.phase == R.Phase.PLAYERS


class Gamble(models.Model):
    """A Gamble from roll to lock-in, mirroring the rules engine's `Gamble`."""

    BY_DIRECTOR = "rolled_by_director"  # its setup's mark: the Director rolled it for a player

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="gambles")
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="gambles")
    scene = models.ForeignKey(Scene, on_delete=models.SET_NULL, null=True, blank=True)
    group = models.ForeignKey(
        GroupGamble, on_delete=models.SET_NULL, null=True, blank=True, related_name="gambles"
    )
    danger = models.ForeignKey(
        Danger, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Chosen by the page that rolled: a double click or a replay finds this Gamble again.
    request_id = models.CharField(max_length=64)
    # Bumped by every change, and echoed by the page: an action on a stale view is refused.
    step = models.PositiveIntegerField(default=0)
    setup = models.JSONField(default=dict)
    pool = models.PositiveSmallIntegerField()
    dice = models.JSONField()
    rolled = models.JSONField()
    # The latest throw (the roll or the Catchphrase re-roll) was real dice, typed in.
    by_hand = models.BooleanField(default=False)
    lucky_saves_spent = models.PositiveSmallIntegerField(default=0)
    catchphrase_used = models.BooleanField(default=False)
    locked = models.BooleanField(default=False)
    # The Director tried to end the Scene while it was open: its phone warns that it locks in
    # as it stands if the Scene ends (`scenes.warn_scene_end`).
    scene_end_warned = models.BooleanField(default=False)
    success = models.BooleanField(null=True)
    created = models.DateTimeField(auto_now_add=True)
    locked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["character", "request_id"], name="one_gamble_per_request"
            ),
            models.UniqueConstraint(
                fields=["character"], condition=Q(locked=False), name="one_open_gamble_each"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.character}: {self.dice}"

    @property
    def sound_effects(self) -> list[str]:
        return self.setup.get("sound_effects", [])

    @property
    def names(self) -> list[str]:
        """The names its stated action may start with, which keep their capital inside a
        sentence (`wording.mid_sentence`): its hero's, its helpers', the Danger's, every hero's
        at the table when it was rolled, the Scene's NPCs' and revealed Dangers'."""
        setup = self.setup
        return [
            self.character.name,
            *setup.get("helper_names", []),
            setup.get("danger_name", ""),
            *setup.get("table_names", []),
        ]

    @property
    def by_director(self) -> bool:
        """Rolled by the Director for its hero's player (the roll-for page)."""
        return self.setup.get(self.BY_DIRECTOR) is True

    @property
    def typed_in(self) -> bool:
        """Its real dice's faces were typed in by the Director, for a player without a phone."""
        return self.setup.get(TableEvent.TYPED_IN) is True

    @property
    def engine(self) -> R.Gamble:
        """The Gamble as the rules engine sees it."""
        setup = self.setup
        return R.Gamble(
            pool=self.pool,
            dice=tuple(self.dice),
            rolled=tuple(self.rolled),
            setup=R.GambleSetup(
                knacks=len(setup.get("knacks", [])),
                equipment=len(setup.get("equipment", [])),
                blammo_sound_effects=tuple(setup.get("sound_effects", [])),
                advantages=setup.get("advantages", 0),
                helpers=len(setup.get("helpers", [])),
                penalties=setup.get("penalties", 0),
            ),
            lucky_saves_spent=self.lucky_saves_spent,
            catchphrase_used=self.catchphrase_used,
            locked=self.locked,
        )

    def take_engine(self, engine: R.Gamble) -> None:
        """Copy the rules engine's verdict onto the row and move the step on (unsaved)."""
        self.dice, self.rolled = list(engine.dice), list(engine.rolled)
        self.lucky_saves_spent = engine.lucky_saves_spent
        self.catchphrase_used = engine.catchphrase_used
        self.locked = engine.locked
        self.step += 1


class SoundEffect(models.Model):
    """A Blammo! sound effect, heard once per Adventure: the unique key makes sure of it."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="sounds")
    key = models.CharField(max_length=120)
    text = models.CharField(max_length=60)
    gamble = models.ForeignKey(Gamble, on_delete=models.CASCADE, related_name="sounds")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["adventure", "key"], name="sound_effect_once")
        ]

    def __str__(self) -> str:
        return self.text
