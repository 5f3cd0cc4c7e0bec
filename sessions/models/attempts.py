"""Tries worth counting against a guesser (a wrong join code, a sign-up), kept in the database
as django-axes keeps failed logins: every server process counts the same tries, and a restart
forgets none of them. Each is counted under a few keys at once (the account, the address), and
refused when any key has had its allowance in the window."""

from datetime import timedelta

from django.db import models
from django.utils import timezone


class Attempt(models.Model):
    what = models.CharField(max_length=20)
    key = models.CharField(max_length=80)  # "user:12", "address:203.0.113.9"
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["what", "key", "at"], name="attempt_lookup")]

    def __str__(self) -> str:
        return f"{self.what} by {self.key} at {self.at:%H:%M:%S}"


def over_limit(what: str, limits: dict[str, int], window: timedelta) -> bool:
    """Whether any key in ``limits`` (key: allowance) has used its allowance of ``what``
    within ``window``."""
    since = timezone.now() - window
    recent = Attempt.objects.filter(what=what, key__in=list(limits), at__gte=since)
    counts = dict(recent.values("key").annotate(n=models.Count("pk")).values_list("key", "n"))
    return any(counts.get(key, 0) >= allowed for key, allowed in limits.items())


def count(what: str, keys: list[str], window: timedelta) -> None:
    """Count one try of ``what`` under each key; tries older than ``window`` are let go."""
    now = timezone.now()
    Attempt.objects.filter(what=what, at__lt=now - window).delete()
    Attempt.objects.bulk_create(Attempt(what=what, key=key, at=now) for key in keys)
