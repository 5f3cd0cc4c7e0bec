"""The TV's invitation: a QR code and the short join code, while the Cast is still forming
(before the first Scene), while the table has a free seat (the Adventure's seat count), or
whenever the Director puts it up."""

from django.urls import reverse

from sessions.models import Scene
from sessions.viewer import Viewer


def join_context(viewer: Viewer) -> dict:
    adventure = viewer.adventure
    # Only the TV draws it: a phone at the table is already seated.
    if not viewer.screen or adventure.join_code is None or adventure.is_finished:
        return {"join": None}
    wanted = adventure.join_on_screen or (
        adventure.seats is not None and adventure.has_room(len(viewer.cast))
    )
    started = _started(adventure)
    # Before the game the TV invites the room, unless every seat is taken (a fresh-eyes TV
    # showed the QR code to a full table, its help saying "while a seat is free").
    full = adventure.seats is not None and not adventure.has_room(len(viewer.cast))
    if not wanted and (started or full):
        return {"join": None}
    code = adventure.join_code
    return {
        "join": {
            "code": code,
            # Read aloud and typed in two halves: 7KX 4PQ.
            "spaced": f"{code[:3]} {code[3:]}",
            "path": reverse("join", args=[code]),
            "typed_at": reverse("join_by_code"),
            "first": not started,  # the board is bare: the invitation takes the room
        }
    }


def _started(adventure) -> bool:
    return (
        Scene.objects.filter(leg__adventure=adventure).exclude(status=Scene.Status.PLANNED).exists()
    )
