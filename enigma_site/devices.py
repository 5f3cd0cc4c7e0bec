"""The browsers a player has logged in from before: OWASP's "device cookie".

A lock-out that a stranger can trigger is a way to keep a player off the site: five wrong
passwords for their username from the table's shared address (one router, one proxy) would
lock them out. So a successful login leaves a signed cookie in that browser naming the user
(by the skeleton login counts them under) and a random name for the device. A login that
presents it for the username it names is judged by that device's own failures only
(`login_guard`): the player's own phone or laptop gets through a lock-out that others at their
address ran up, and a thief of the cookie still has a handful of guesses, no more.
"""

import secrets
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

from enigma_site.skeleton import skeleton

COOKIE_NAME = "enigma_device"
SALT = "enigma_site.devices"
AGE = timedelta(days=365)
KEPT = 4  # users one browser vouches for (a family's laptop), the latest first


def _known(request: HttpRequest) -> list[tuple[str, str]]:
    """(username skeleton, device name) for each user this browser has logged in as; nothing
    from a cookie that is old, forged or garbled."""
    raw = request.COOKIES.get(COOKIE_NAME)
    if not raw:
        return []
    try:
        entries = signing.loads(raw, salt=SALT, max_age=AGE)
    except (signing.BadSignature, ValueError):
        return []
    if not isinstance(entries, list):
        return []
    known = [
        (entry[0], entry[1])
        for entry in entries
        if isinstance(entry, list)
        and len(entry) == 2
        and all(isinstance(part, str) for part in entry)
    ]
    return known[:KEPT]


def device_for(request: HttpRequest, counted_username: str | None) -> str | None:
    """The name of this browser's device if it vouches for ``counted_username`` (a skeleton),
    else None."""
    if not counted_username:
        return None
    return next((device for name, device in _known(request) if name == counted_username), None)


def remember_device(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """After a successful login as ``username``: this browser vouches for them, under a fresh
    device name (the old one's failures stay with the old name)."""
    name = skeleton(username)[:150]
    entries = [[name, secrets.token_urlsafe(12)]]
    entries += [[other, device] for other, device in _known(request) if other != name]
    response.set_cookie(
        COOKIE_NAME,
        signing.dumps(entries[:KEPT], salt=SALT, compress=True),
        max_age=int(AGE.total_seconds()),
        secure=settings.SESSION_COOKIE_SECURE or request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
