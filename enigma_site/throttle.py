"""Slow down password guessing: after too many failed logins, refuse to even try for a while."""

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from enigma_site.models import LoginFailure

# An address may try a few usernames (a household sharing one router) before it is stopped too.
ADDRESS_FACTOR = 4


def _address(request: HttpRequest) -> str | None:
    return request.META.get("REMOTE_ADDR") or None


def _recent():
    window = timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    return LoginFailure.objects.filter(at__gte=timezone.now() - window)


def is_locked_out(request: HttpRequest, username: str) -> bool:
    limit = settings.LOGIN_FAILURE_LIMIT
    recent = _recent()
    if recent.filter(username=username.lower()).count() >= limit:
        return True
    address = _address(request)
    return address is not None and recent.filter(address=address).count() >= limit * ADDRESS_FACTOR


def record_failure(request: HttpRequest, username: str) -> None:
    LoginFailure.objects.create(username=username.lower()[:150], address=_address(request))
    # Keep the table small: anything older than the window no longer counts.
    window = timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    LoginFailure.objects.filter(at__lt=timezone.now() - window).delete()


def clear_failures(username: str) -> None:
    LoginFailure.objects.filter(username=username.lower()).delete()


def lockout_minutes() -> int:
    return max(1, settings.LOGIN_FAILURE_WINDOW_SECONDS // 60)
