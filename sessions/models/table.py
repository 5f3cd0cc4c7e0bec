"""What happens at the table: the event log everybody sees, Group Gambles, Investigations and
Tumults (each Gamble in `gambles`, the Wide Shot boards in `wideshots`)."""

from collections.abc import Iterable
from operator import attrgetter

from django.conf import settings
from django.db import models
from django.db.models import Q

from characters.models import Character
from sessions import rules as R
from sessions.models.legs import Danger
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
    "hidden_danger_back",
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
