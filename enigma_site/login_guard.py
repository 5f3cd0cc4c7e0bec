"""Slowing down password guessing, with django-axes (settings: the ``AXES_*`` block).

django-axes records each failed login and refuses, without checking the password, a login
that has failed too often lately. This module tells it what to count:

- the username as login itself reads it (spaces trimmed), by its skeleton (`skeleton`: sign-up
  refuses "ALICE" beside "alice", and "dіrA" with a Cyrillic і beside "dirA"), so " alice",
  "alice ", a fullwidth "ａlice" and a Cyrillic "аlice" are one counter, not four sets of
  fresh tries;
- the client's address, from the trusted proxy's header only when the request comes from that
  proxy;
- two limits: a username *from one address* (so nobody locks another player out from
  elsewhere), and, more generously, an address over all usernames (password spraying);
- and a browser the user has logged in from before (`devices`) apart: its own failures, not
  the address's, so a neighbour at the same address can't lock a player out of their own
  phone.
"""

import ipaddress
import math
from datetime import datetime, timedelta

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, UsernameField
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from enigma_site.devices import device_for
from enigma_site.skeleton import skeleton

_USERNAME = UsernameField()


def counted_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """The username a login attempt is counted under (``AXES_USERNAME_CALLABLE``)."""
    raw = (credentials if credentials is not None else request.POST).get("username")
    if raw is None:
        return None
    # The login form's own field, so the counter can never drift from what login checks.
    return skeleton(_USERNAME.to_python(str(raw)))[:150]


def client_address(request: HttpRequest) -> str | None:
    """The client's address (``AXES_CLIENT_IP_CALLABLE``).

    Behind a proxy, the address the proxy wrote into ``TRUSTED_PROXY_HEADER``, believed only on
    a request from one of ``TRUSTED_PROXIES``; anyone else could write that header themselves.
    """
    remote = request.META.get("REMOTE_ADDR") or None
    header = settings.TRUSTED_PROXY_HEADER
    if header and remote in settings.TRUSTED_PROXIES:
        value = request.META.get("HTTP_" + header.upper().replace("-", "_"), "")
        # X-Forwarded-For lists every hop; only the last was written by our proxy.
        candidate = value.rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            pass
    return remote


def _ends_at(attempts, limit: int, cool_off: timedelta) -> datetime | None:
    """When failures in ``attempts`` fall below ``limit``; None if they already are."""
    total = 0
    for attempt_time, failures in attempts.order_by("-attempt_time").values_list(
        "attempt_time", "failures_since_start"
    ):
        total += failures
        if total >= limit:
            return attempt_time + cool_off
    return None


class LoginGuardHandler(AxesDatabaseHandler):
    """django-axes' database handler with a second, separate limit for an address."""

    def _recent(self, request: HttpRequest):
        return AccessAttempt.objects.filter(
            ip_address=request.axes_ip_address,
            attempt_time__gte=get_cool_off_threshold(request),
        )

    def _username(self, request: HttpRequest, credentials: dict | None):
        return get_client_username(request, credentials)

    def _device(self, request: HttpRequest, credentials: dict | None) -> str | None:
        """The device this browser is for the username tried, if it has logged in as them."""
        return device_for(request, self._username(request, credentials))

    def _device_failures(self, request: HttpRequest, device: str):
        # A device's failures are kept beside the others, under no address: neither the
        # username's lock-out from an address nor the address's own ever counts them.
        return AccessAttempt.objects.filter(
            ip_address=None,
            user_agent=f"device {device}",
            attempt_time__gte=get_cool_off_threshold(request),
        )

    def is_locked(self, request: HttpRequest, credentials: dict | None = None) -> bool:
        if device := self._device(request, credentials):
            failures = self._device_failures(request, device).values_list(
                "failures_since_start", flat=True
            )
            return sum(failures) >= get_failure_limit(request, credentials)
        return super().is_locked(request, credentials)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs) -> None:
        device = self._device(request, credentials) if request is not None else None
        if device is None:
            return super().user_login_failed(sender, credentials, request, **kwargs)
        request.axes_credentials = credentials
        if request.axes_locked_out:
            return None  # refused unchecked: the lock-out's end stays where it was
        with transaction.atomic():
            attempt, created = AccessAttempt.objects.select_for_update().get_or_create(
                username=self._username(request, credentials),
                ip_address=None,
                user_agent=f"device {device}",
                defaults={"failures_since_start": 1, "attempt_time": request.axes_attempt_time},
            )
            if not created:
                attempt.failures_since_start = F("failures_since_start") + 1
                attempt.attempt_time = request.axes_attempt_time
                attempt.save(update_fields=["failures_since_start", "attempt_time"])
        if self.is_locked(request, credentials):
            request.axes_locked_out = True
        return None

    def locked_until(self, request: HttpRequest, credentials: dict | None = None):
        """When this login may be tried again; None when it may be tried now."""
        recent, cool_off = self._recent(request), get_cool_off(request)
        if device := self._device(request, credentials):
            limit = get_failure_limit(request, credentials)
            return _ends_at(self._device_failures(request, device), limit, cool_off)
        ends = [
            _ends_at(
                recent.filter(username=self._username(request, credentials)),
                get_failure_limit(request, credentials),
                cool_off,
            ),
            _ends_at(recent, settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS, cool_off),
        ]
        return max((end for end in ends if end is not None), default=None)

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        # django-axes compares one count with one limit: report the address's cap as reaching
        # that limit, else the failures of this username from this address.
        recent = self._recent(request)
        username = self._username(request, credentials)
        together = sum(
            recent.filter(username=username).values_list("failures_since_start", flat=True)
        )
        from_address = sum(recent.values_list("failures_since_start", flat=True))
        if from_address >= settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS:
            return max(together, get_failure_limit(request, credentials))
        return together

    def reset_user_attempts(self, request: HttpRequest, credentials: dict | None = None) -> int:
        # Logging in forgets this username's failures from this address only: logging in to
        # one's own account must not wipe what the address ran up at other usernames. On a
        # device cookie, only that device's: the address's failures were someone else's, and
        # the owner logging in must not hand the guesser a fresh set of tries.
        if device := self._device(request, credentials):
            count, _ = self._device_failures(request, device).delete()
            return count
        count, _ = AccessAttempt.objects.filter(
            ip_address=request.axes_ip_address, username=self._username(request, credentials)
        ).delete()
        return count


def lockout_response(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    """The login page saying when to try again (``AXES_LOCKOUT_CALLABLE``)."""
    credentials = getattr(request, "axes_credentials", None)
    until = LoginGuardHandler().locked_until(request, credentials)
    until = until or timezone.now() + get_cool_off(request)
    minutes = max(1, math.ceil((until - timezone.now()).total_seconds() / 60))
    username = request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username}, label_suffix="")
    lockout = (
        "Too many failed attempts. Take a breather: try again in "
        f"{minutes} minute{'s' if minutes != 1 else ''}, "
        f"after {timezone.localtime(until):%H:%M %Z}."
    )
    next_url = request.POST.get("next") or request.GET.get("next", "")
    context = {"form": form, "next": next_url, "lockout": lockout}
    return render(request, "accounts/login.html", context, status=429)
