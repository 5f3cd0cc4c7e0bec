"""The Wide Shot: the shared picture of a Scene's Key Location, opened by the Director, a
detail added by each hero, canon once the board locks."""

from django.db import models

from characters.models import Character
from sessions.models.legs import KeyLocation, Scene


class WideShot(models.Model):
    """The shared picture of a Scene's Key Location, described by the Director and the Cast."""

    scene = models.OneToOneField(Scene, on_delete=models.CASCADE, related_name="wide_shot")
    key_location = models.ForeignKey(
        KeyLocation, on_delete=models.SET_NULL, null=True, blank=True, related_name="wide_shots"
    )
    opening = models.TextField(max_length=4000, blank=True)
    # [{"text": "...", "to": character id or None}]
    questions = models.JSONField(default=list, blank=True)
    locked = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Wide Shot of {self.scene}"


class WideShotDetail(models.Model):
    """One thing a character sees: one per character per board, canon once the board locks."""

    wide_shot = models.ForeignKey(WideShot, on_delete=models.CASCADE, related_name="details")
    character = models.ForeignKey(Character, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=300)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["wide_shot", "character"], name="one_detail_per_character"
            )
        ]

    def __str__(self) -> str:
        return self.text
