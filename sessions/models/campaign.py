"""A Director's series of Adventures with a recurring Cast, and the recaps of what happened.

What the Cast may read of a Campaign: its title and pitch, its Adventures' titles and status,
who played, and the recaps the Director published. Drafts are the Director's.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse

RECAP_TEXT = 20_000  # a long evening's recap, with room to spare


class Campaign(models.Model):
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaigns"
    )
    title = models.CharField(max_length=120)
    pitch = models.TextField(max_length=1000, blank=True, help_text="What the players are told.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("campaign", args=[self.pk])


class Recap(models.Model):
    """What happened in a stretch of play (a Leg, or the table so far), told in the app's
    voice from the event log, edited by the Director and published to the Cast.

    It covers the log's events after ``after_event`` up to ``last_event`` (ids: one table's
    events are numbered in the order they happened)."""

    adventure = models.ForeignKey(
        "table.Adventure", on_delete=models.CASCADE, related_name="recaps"
    )
    leg = models.ForeignKey(
        "table.Leg", on_delete=models.SET_NULL, null=True, blank=True, related_name="recaps"
    )
    title = models.CharField(max_length=200)
    body = models.TextField(max_length=RECAP_TEXT)
    after_event = models.PositiveBigIntegerField(default=0)
    last_event = models.PositiveBigIntegerField(default=0)
    published = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["last_event", "pk"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("recap", args=[self.adventure_id, self.pk])

    @property
    def is_published(self) -> bool:
        return self.published is not None
