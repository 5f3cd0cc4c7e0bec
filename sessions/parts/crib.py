"""The crib: the Director's prep for what is in play, at the table and theirs alone.

It follows the Scene in play (its Key Location, its Leg, the villain, each Danger's notes).
Between Scenes it shows the Leg in play, and before a Leg starts the next one. Clues and set
pieces are one to a line in prep: each line can be ticked as used this Leg, and a clue can be
posted to the log, the only way any of this reaches the players. What is still unused is
counted over the whole Leg: its own lines and the clues of every one of its Key Locations,
whichever Scene is in play (those of the other Key Locations are listed with the Leg's).
"""

import hashlib
from dataclasses import dataclass

from django.http import Http404

from sessions.models import Leg
from sessions.viewer import Viewer


@dataclass(frozen=True)
class CribLine:
    """One clue or set piece of the prep: ``key`` names it in the Leg's ticks."""

    key: str
    text: str
    used: bool
    clue: bool
    place: object = None  # the Key Location a clue is at, or None for the Leg's own lines


def lines_of(text: str) -> list[str]:
    """A prep field's lines, each one thing: bullets and blank lines dropped."""
    return [line.strip().lstrip("-•*").strip() for line in text.splitlines() if line.strip()]


def line_key(source: str, text: str) -> str:
    """A line's name in the ticks: where it comes from and a digest of its words, so a line
    edited in prep is a new line, unticked."""
    return f"{source}:{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def crib_lines(leg: Leg) -> list[CribLine]:
    """The whole Leg's clues and set pieces, each with whether it was used: those of every Key
    Location of the Leg first (whichever Scene is in play), then the Leg's own."""
    used = set(leg.crib_used)
    sources = [(f"place-{place.pk}", place.clues, True, place) for place in leg.key_locations.all()]
    sources += [("clue", leg.clues, True, None), ("set-piece", leg.set_pieces, False, None)]
    return [
        CribLine(key, text, key in used, clue, place)
        for source, field, clue, place in sources
        for text in lines_of(field)
        for key in [line_key(source, text)]
    ]


def crib_leg(viewer: Viewer) -> Leg | None:
    """The Leg the crib is about: the Scene's, the one in play, or the next to play (with its
    Key Locations: `Viewer.legs`)."""
    if viewer.scene is not None:
        return next((leg for leg in viewer.legs if leg.pk == viewer.scene.leg_id), None)
    return next((leg for leg in viewer.legs if leg.status != Leg.Status.FINISHED), None)


LEG_FIELDS = (
    ("setting_overview", "Setting"),
    ("cold_open", "Cold open"),
    ("final_showdown", "Final showdown"),
    ("wildcard_encounters", "Wildcard encounters"),
    ("vignettes", "Vignettes"),
    ("failsafe_plans", "Failsafe plans"),
)


def _leg_fields(leg: Leg) -> list[tuple[str, str]]:
    return [(label, getattr(leg, name)) for name, label in LEG_FIELDS]


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def unused_said(lines: list[CribLine]) -> str:
    """What of the Leg is still unused, each kind counted: "2 clues and 1 set piece", "1 clue",
    never "1 clue and set piece" for a single line; blank when every line is used."""
    unused = [line for line in lines if not line.used]
    clues = sum(line.clue for line in unused)
    pieces = len(unused) - clues
    said = [_count(clues, "clue") if clues else "", _count(pieces, "set piece") if pieces else ""]
    return " and ".join(part for part in said if part)


def crib_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    scene, adventure = viewer.scene, viewer.adventure
    leg = crib_leg(viewer)
    place = scene.key_location if scene else None
    lines = crib_lines(leg) if leg else []
    here = place.pk if place else None
    elsewhere: dict = {}  # the Leg's other Key Locations with clues, each with its lines
    for line in lines:
        if line.place is not None and line.place.pk != here:
            elsewhere.setdefault(line.place, []).append(line)
    return {
        "crib_scene": scene,
        "crib_leg": leg,
        "crib_place": place,
        "crib_lines": lines,
        "place_clues": [line for line in lines if line.place is not None and line.place.pk == here],
        "elsewhere_clues": list(elsewhere.items()),
        "leg_clues": [line for line in lines if line.key.startswith("clue:")],
        "set_pieces": [line for line in lines if line.key.startswith("set-piece:")],
        "unused": [line for line in lines if not line.used],
        "unused_said": unused_said(lines),
        "crib_leg_fields": _leg_fields(leg) if leg else [],
        "crib_dangers": [d for d in viewer.dangers if d.notes],
        "villain": adventure.villain,
        "master_plan": adventure.master_plan,
        "plan_components": adventure.plan_components,
    }
