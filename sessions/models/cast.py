"""Who plays in an Adventure, and the table's safety tools."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from characters.models import Character
from sessions.models.prep import Adventure


class CastMember(models.Model):
    """A character in an Adventure's Cast. Active until it leaves or the Adventure finishes."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="cast")
    character = models.ForeignKey(
        Character, on_delete=models.CASCADE, related_name="cast_memberships"
    )
    active = models.BooleanField(default=True)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined", "pk"]
        constraints = [
            # A character is in at most one unfinished Adventure at a time.
            models.UniqueConstraint(
                fields=["character"], condition=Q(active=True), name="one_active_cast_each"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.character} in {self.adventure}"


class KeptOut(models.Model):
    """A player the Director took out of an Adventure's Cast: neither its invite link nor its
    join code lets them back in, until the Director does."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="kept_out")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["since", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["adventure", "user"], name="kept_out_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} kept out of {self.adventure}"


class SafetyNote(models.Model):
    """A Line (never in the game) or a Veil (happens off screen), agreed at session zero."""

    class Kind(models.TextChoices):
        LINE = "line", "Line"
        VEIL = "veil", "Veil"

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="safety")
    kind = models.CharField(max_length=4, choices=Kind.choices)
    text = models.CharField(max_length=200)
    # None for an anonymous note: not even the Director can tell who added it.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["kind", "created", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.text}"


class CastJournalEntry(models.Model):
    """A line in the Cast's shared journal of an Adventure: what the heroes want to remember.
    Everyone at the table reads it; its author (or the Director) can cross it out."""

    adventure = models.ForeignKey(Adventure, on_delete=models.CASCADE, related_name="journal")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    # The hero who writes it (None: the Director).
    character = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    text = models.TextField(max_length=1000)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name_plural = "Cast journal entries"

    def __str__(self) -> str:
        return self.text[:60]
