"""An Adventure's Legs, each with its Scenes, its Key Locations and their Dangers: the
Director's prep, the table's road through the Adventure (`prep.Adventure`).

What the Cast may see is decided in the views, field by field: titles, public descriptions,
scene framing and (once shown) Wide Shot openings. Everything else here is the Director's.
"""

from collections.abc import Iterable

from django.db import models
from django.db.models import Q

from characters.text import StorableJSONDecoder
from sessions.models.prep import TEXT, Adventure
from sessions.rules import DangerState, DangerTemplate, can_be_targeted


class Leg(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="legs")
    position = models.PositiveSmallIntegerField(default=0)
    title = models.CharField(max_length=120)
    setting_overview = models.TextField(max_length=TEXT, blank=True)
    cold_open = models.TextField(max_length=TEXT, blank=True)
    set_pieces = models.TextField(max_length=TEXT, blank=True)
    clues = models.TextField(max_length=TEXT, blank=True)
    final_showdown = models.TextField(max_length=TEXT, blank=True)
    wildcard_encounters = models.TextField(max_length=TEXT, blank=True)
    vignettes = models.TextField(max_length=TEXT, blank=True)
    failsafe_plans = models.TextField(max_length=TEXT, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)
    # The clues and set pieces the Director ticked as used at the table (`sessions.parts.crib`).
    crib_used = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            # Legs are played one after another: `playing_leg` relies on there being one.
            models.UniqueConstraint(
                fields=["adventure"], condition=Q(status="playing"), name="one_playing_leg"
            )
        ]

    def __str__(self) -> str:
        return self.title

    def number(self) -> int:
        """The Leg's place in its Adventure, counting from 1."""
        return list(self.adventure.legs.values_list("pk", flat=True)).index(self.pk) + 1

    def prepared_dangers(self) -> list["Danger"]:
        """The Dangers prepared in this Leg, at its Key Locations and for its Scenes. From the
        outline's prefetch (`outline_adventure`): no query there."""
        places = [*self.key_locations.all(), *self.scenes.all()]
        return [danger for place in places for danger in place.dangers.all()]

    def hints(self) -> list[str]:
        """What the SRD says a typical Leg has and this one still lacks."""
        missing = []
        if not self.cold_open.strip():
            missing.append("a cold open to throw the Cast into the action")
        if not self.key_locations.all():
            missing.append("Key Locations to explore")
        elif not self.prepared_dangers():
            missing.append("Dangers for the Cast to face")
        if not self.final_showdown.strip():
            missing.append("a final showdown")
        return missing


class KeyLocation(models.Model):
    leg = models.ForeignKey(Leg, on_delete=models.CASCADE, related_name="key_locations")
    position = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=120)
    public_description = models.TextField(max_length=TEXT, blank=True)
    wide_shot_opening = models.TextField(
        "Wide Shot opening",
        max_length=TEXT,
        blank=True,
        help_text="What you describe when the Cast first arrives.",
    )
    # Read back through StorableJSONDecoder: text stored before the check (characters.text)
    # existed can't break the outline or the export.
    leading_questions = models.JSONField(default=list, blank=True, decoder=StorableJSONDecoder)
    npcs = models.JSONField("Cast of NPCs", default=list, blank=True, decoder=StorableJSONDecoder)
    obstacles = models.TextField(max_length=TEXT, blank=True)
    clues = models.TextField(max_length=TEXT, blank=True)
    director_notes = models.TextField(max_length=TEXT, blank=True)

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self) -> str:
        return self.name


class Scene(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        PLAYING = "playing", "Playing"
        DONE = "done", "Done"

    leg = models.ForeignKey(Leg, on_delete=models.CASCADE, related_name="scenes")
    position = models.PositiveSmallIntegerField(default=0)
    beat = models.CharField("Story beat", max_length=200)
    key_location = models.ForeignKey(
        KeyLocation, on_delete=models.SET_NULL, null=True, blank=True, related_name="scenes"
    )
    framing_where = models.CharField("Where", max_length=300, blank=True)
    framing_what = models.CharField("What", max_length=300, blank=True)
    framing_who = models.CharField("Who", max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLANNED)

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self) -> str:
        return self.beat

    def known_names(self, dangers: "Iterable[Danger] | None" = None) -> list[str]:
        """The names the Cast has met here: the revealed Dangers' (of ``dangers``, the
        Scene's in play unless given), the NPCs' of its Key Location, who the Director
        framed it with."""
        dangers = self.dangers_in_play() if dangers is None else dangers
        npcs = self.key_location.npcs if self.key_location else []
        names = [d.name for d in dangers if d.revealed]
        names += [n.get("name", "") for n in npcs if isinstance(n, dict)]
        return [name for name in (*names, self.framing_who) if name.strip()]

    def dangers_in_play(self) -> "list[Danger]":
        """The enemies of the Scene: those at its Key Location and those added in play."""
        dangers = Q(scene=self)
        if self.key_location_id:
            dangers |= Q(key_location_id=self.key_location_id)
        return list(Danger.objects.filter(dangers).order_by("pk"))


class Danger(models.Model):
    class Template(models.TextChoices):
        MINION = "minion", "Minion"
        LIEUTENANT = "lieutenant", "Lieutenant"
        VILLAIN = "villain", "Villain"
        CUSTOM = "custom", "Custom"

    key_location = models.ForeignKey(
        KeyLocation, on_delete=models.CASCADE, null=True, blank=True, related_name="dangers"
    )
    scene = models.ForeignKey(
        Scene, on_delete=models.CASCADE, null=True, blank=True, related_name="dangers"
    )
    name = models.CharField(max_length=120)
    template = models.CharField(max_length=12, choices=Template.choices, default=Template.MINION)
    success_threshold = models.PositiveSmallIntegerField(default=1)
    danger_rating = models.PositiveSmallIntegerField(default=1)
    notes = models.TextField(max_length=TEXT, blank=True)
    # In play: successes marked against it, and whether the Cast may see its name and progress.
    successes = models.PositiveSmallIntegerField(default=0)
    revealed = models.BooleanField(default=False)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(key_location__isnull=False, scene__isnull=True)
                | Q(key_location__isnull=True, scene__isnull=False),
                name="danger_at_a_location_or_a_scene",
            ),
            models.CheckConstraint(condition=Q(success_threshold__gte=1), name="threshold_1_up"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_out(self) -> bool:
        return self.state.is_out

    @property
    def state(self) -> DangerState:
        return DangerState(self.success_threshold, self.danger_rating, self.successes)

    def is_in(self, scene: "Scene | None") -> bool:
        """Whether the enemy is part of ``scene``: added to it, or at its Key Location."""
        if scene is None:
            return False
        at_location = self.key_location_id is not None
        return self.scene_id == scene.pk or (
            at_location and self.key_location_id == scene.key_location_id
        )

    @property
    def targetable(self) -> bool:
        """May a Gamble be aimed at it? (Only asked of the Scene's own Dangers.)"""
        return can_be_targeted(self.state, revealed=self.revealed, in_scene=True)

    @staticmethod
    def template_stats(template: str) -> tuple[int, int] | None:
        """(Success Threshold, Danger Rating) for a template, from the rules engine."""
        try:
            stats = DangerTemplate[template.upper()]
        except KeyError:
            return None
        return stats.success_threshold, stats.danger_rating
