"""The Director's prep: an Adventure (its Legs, Scenes, Key Locations and Dangers in `legs`).

What the Cast may see is decided in the views, field by field: titles, public descriptions,
scene framing and (once shown) Wide Shot openings. Everything else here is the Director's.
"""

import secrets
from typing import TYPE_CHECKING

from django.apps import apps
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from characters.models import Character
from characters.text import StorableJSONDecoder
from sessions.joincode import new_join_code
from sessions.models.campaign import Campaign

if TYPE_CHECKING:
    from sessions.models.legs import Leg, Scene

TEXT = 4000  # long enough for a page of prep, short enough to keep a table page light
MAX_SEATS = 12  # a big table; the TV's board is drawn for up to six heroes at a glance


def _part(name: str):
    """One of the Adventure's parts (`legs`: a Leg, a Scene), which import the Adventure."""
    return apps.get_model(Adventure._meta.app_label, name)


def new_token() -> str:
    return secrets.token_urlsafe(16)


def new_screen_token(adventure_id: int) -> str:
    """A TV link's secret: the table's id, then 120 random bits. The id lets a proxy keep the
    TV on the process serving its table's pages (docs/scaling-out.md), so
    that one process draws each event; the random part is what keeps the link secret."""
    return f"{adventure_id}-{secrets.token_urlsafe(15)}"


class RealDice(models.TextChoices):
    """Whose dice a table rolls: the app's, the players' own (typed in), or either per roll."""

    APP = "app", "The app rolls"
    HAND = "hand", "Players roll real dice"
    EITHER = "either", "Either: each player chooses per roll"


class ZeroStep(models.TextChoices):
    """Where session zero stands (`sessions.models.session_zero`); blank: never opened."""

    TONE = "tone", "Tone and content"
    CONNECTIONS = "connections", "Connections"
    CLOSED = "closed", "Closed"


class Adventure(models.Model):
    class Status(models.TextChoices):
        PREP = "prep", "In prep"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="directed_adventures"
    )
    title = models.CharField(max_length=120)
    pitch = models.TextField(max_length=1000, blank=True, help_text="What the players are told.")
    # The series it belongs to, if any: its Cast comes back for the next one.
    campaign = models.ForeignKey(
        Campaign,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="adventures",
        help_text="The series this Adventure belongs to, if any.",
    )
    villain = models.CharField("Central villain", max_length=200, blank=True)
    master_plan = models.TextField("The villain's master plan", max_length=TEXT, blank=True)
    plan_components = models.JSONField(
        "Components of the plan",
        decoder=StorableJSONDecoder,
        default=list,
        blank=True,
        help_text="The parts of the plan the Cast will run into, in order.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PREP)
    invite_code = models.CharField(max_length=32, unique=True, default=new_token)
    # The short code shown on the TV (and in its QR code), typed at /join/; None when the
    # Director has switched it off (`sessions.joincode`).
    join_code = models.CharField(
        max_length=6, unique=True, null=True, blank=True, default=new_join_code
    )
    # The Director asked the TV to show how to join, whatever the table's state.
    join_on_screen = models.BooleanField(default=False)
    # While the Cast is smaller than this, the table has room: the TV keeps its join code up.
    seats = models.PositiveSmallIntegerField(
        "Seats at the table",
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_SEATS)],
        help_text="How many heroes this table has room for: while a seat is free, the TV shows "
        "the join code. Blank: no limit (the TV shows it before the first Scene, or when you "
        "put it up).",
    )
    # The shared screen's secret link; None when the Director has revoked it.
    screen_token = models.CharField(max_length=32, unique=True, null=True, blank=True)
    # Who throws the dice at this table (a table setting, changed in prep or at the table).
    real_dice = models.CharField(
        "Dice at the table",
        max_length=8,
        choices=RealDice.choices,
        default=RealDice.APP,
        help_text="Groups who love their own dice can roll them and type the faces in.",
    )
    # The X-card: set by any player, cleared only by the Director.
    paused = models.BooleanField(default=False)
    # The pause is the Director's own ("Pause the table"), not the X-card's: the screens say so.
    paused_by_director = models.BooleanField(default=False, editable=False)
    # Script Change's fast-forward: asked by anyone (nobody is recorded), cleared by the Director.
    fast_forward_asked = models.BooleanField(default=False, editable=False)
    # "Previously on…" on the TV and the phones: {"recap": id, "key": event id, "started": and
    # "until": POSIX seconds}, or {} when nothing plays (`sessions.actions.previously`).
    previously_on = models.JSONField(default=dict, blank=True, editable=False)
    # Session zero's step, on the row every table request reads: nothing more is read for it
    # while it is closed (its topics and ballots are `SessionZero`'s).
    zero_step = models.CharField(
        max_length=12, choices=ZeroStep.choices, blank=True, default="", editable=False
    )
    # The Director's own notes at the table, theirs alone.
    table_notes = models.TextField("Your notes", max_length=TEXT, blank=True)
    # Which consequence prompts the Director's panel shows: {"event": id, "draw": n} for the
    # moment (an event) they were drawn for, or {"event": id, "dismissed": true}.
    consequence_draw = models.JSONField(default=dict, blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("adventure", args=[self.pk])

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def has_room(self, cast_size: int) -> bool:
        """Whether a Cast of ``cast_size`` leaves a seat free (no seat count: always)."""
        return self.seats is None or cast_size < self.seats

    @property
    def by_hand(self) -> bool:
        """Whether players may enter faces they rolled themselves ("Real dice tonight")."""
        return self.real_dice != RealDice.APP

    @property
    def either_dice(self) -> bool:
        """Whether each player chooses per roll: real dice, or the app's."""
        return self.real_dice == RealDice.EITHER

    # The table as it stands: the queries every table action and every live part needs.

    def cast_characters(self, *, lock: bool = False, **annotations) -> list[Character]:
        """The Cast still playing: active members whose careers haven't ended. Once the
        Adventure is finished its Cast is released, and the table shows who played it."""
        members = {"cast_memberships__adventure": self}
        if not self.is_finished:
            members |= {"cast_memberships__active": True, "career_ended": False}
        characters = (
            Character.objects.filter(**members)
            .annotate(**annotations)
            .order_by("cast_memberships__joined", "pk")
        )
        if lock:
            characters = characters.select_for_update()
        return list(characters)

    def still_plays(self, member) -> bool:
        """Whether a `CastMember` already read is in `cast_characters` (the same rule)."""
        return self.is_finished or (member.active and not member.character.career_ended)

    def has_begun(self) -> bool:
        """Play has started: a Leg has (session zero comes before it)."""
        Leg, Scene = _part("Leg"), _part("Scene")
        return (
            self.legs.exclude(status=Leg.Status.PLANNED).exists()
            or Scene.objects.filter(leg__adventure=self)
            .exclude(status=Scene.Status.PLANNED)
            .exists()
        )

    def playing_leg(self) -> "Leg | None":
        Leg = _part("Leg")
        return self.legs.filter(status=Leg.Status.PLAYING).first()

    def playing_scene(self) -> "Scene | None":
        Scene = _part("Scene")
        return (
            Scene.objects.filter(leg__adventure=self, status=Scene.Status.PLAYING)
            .select_related("key_location", "leg")
            .first()
        )

    def table_names(self) -> list[str]:
        """The names the table knows, which typed words may name and keep as names: the
        Cast's, the Scene's revealed Dangers', its NPCs' (`wording.typed.read`)."""
        scene = self.playing_scene()
        known = scene.known_names() if scene else []
        return [*(c.name for c in self.cast_characters()), *known]

    def open_group_gamble(self):
        return self.groups.filter(closed=False).first()

    def active_tumult(self, *, lock: bool = False):
        tumults = self.tumults.filter(active=True)
        return (tumults.select_for_update() if lock else tumults).first()

    def regenerate_invite(self) -> None:
        self.invite_code = new_token()
        self.save(update_fields=["invite_code", "updated"])

    def hints(self, legs) -> list[str]:
        """The SRD's gentle advice on the shape of an Adventure, as a checklist."""
        count = len(legs)
        if count < 3:
            return [f"Most adventures have 3–5 Legs; this one has {count} so far."]
        if count > 5:
            return [f"Most adventures have 3–5 Legs; this one has {count}. Plenty to play!"]
        return []
