"""Handouts: the Director's pictures (a map, a letter, a mugshot), secret until revealed."""

from django.db import models
from django.db.models import Q

from sessions.models.legs import Danger, KeyLocation, Scene
from sessions.models.prep import Adventure


class Handout(models.Model):
    """A picture the Director attaches to an Adventure (at one of its Key Locations, Scenes or
    Dangers, if they like) in prep, and reveals at the table. Until then it is theirs alone,
    its files too. Once revealed it stays in the Cast's list; the one ``on_show`` is the one
    every screen shows big."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="handouts")
    key_location = models.ForeignKey(
        KeyLocation, on_delete=models.SET_NULL, null=True, blank=True, related_name="handouts"
    )
    scene = models.ForeignKey(
        Scene, on_delete=models.SET_NULL, null=True, blank=True, related_name="handouts"
    )
    danger = models.ForeignKey(
        Danger, on_delete=models.SET_NULL, null=True, blank=True, related_name="handouts"
    )
    caption = models.CharField(max_length=200)
    # As `characters.pictures` stored it: storage names, size in pixels, a digest (the ETag).
    display = models.CharField(max_length=200, editable=False)
    thumb = models.CharField(max_length=200, editable=False)
    width = models.PositiveIntegerField(default=0, editable=False)
    height = models.PositiveIntegerField(default=0, editable=False)
    digest = models.CharField(max_length=64, editable=False)
    revealed = models.DateTimeField(null=True, blank=True)
    on_show = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["adventure"], condition=Q(on_show=True), name="one_handout_on_show"
            )
        ]

    def __str__(self) -> str:
        return self.caption

    @property
    def is_revealed(self) -> bool:
        return self.revealed is not None

    @property
    def attached_to(self) -> str:
        """Where in the prep it belongs, in words."""
        if self.danger_id:
            return f"Danger: {self.danger.name}"
        if self.scene_id:
            return f"Scene: {self.scene.beat}"
        if self.key_location_id:
            return f"Key Location: {self.key_location.name}"
        return "The adventure"


def by_danger(handouts) -> dict[int | None, list[Handout]]:
    """``handouts`` grouped by the Danger each is attached to (its id; None: no Danger)."""
    grouped: dict[int | None, list[Handout]] = {}
    for handout in handouts:
        grouped.setdefault(handout.danger_id, []).append(handout)
    return grouped
