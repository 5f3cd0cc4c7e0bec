"""The crib: the Director's prep for what is in play, at the table and theirs alone.

It follows the Scene in play (its Key Location, its Leg, the villain, each Danger's notes).
Between Scenes it shows the Leg in play, and before a Leg starts the next one. Clues and set
pieces are one to a line in prep: each line can be ticked as used this Leg, and a clue can be
posted to the log, the only way any of this reaches the players.
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


def lines_of(text: str) -> list[str]:
    """A prep field's lines, each one thing: bullets and blank lines dropped."""
    return [line.strip().lstrip("-•*").strip() for line in text.splitlines() if line.strip()]


def line_key(source: str, text: str) -> str:
    """A line's name in the ticks: where it comes from and a digest of its words, so a line
    edited in prep is a new line, unticked."""
    return f"{source}:{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def crib_lines(leg: Leg, place=None) -> list[CribLine]:
    """The Leg's (and the Key Location's) clues and set pieces, each with whether it was used."""
    used = set(leg.crib_used)
    sources = [("clue", leg.clues, True), ("set-piece", leg.set_pieces, False)]
    if place is not None:
        sources.insert(0, (f"place-{place.pk}", place.clues, True))
    return [
        CribLine(key, text, key in used, clue)
        for source, field, clue in sources
        for text in lines_of(field)
        for key in [line_key(source, text)]
    ]


def crib_leg(viewer: Viewer) -> Leg | None:
    """The Leg the crib is about: the Scene's, the one in play, or the next to play."""
    if viewer.scene is not None:
        return viewer.scene.leg
    return viewer.adventure.legs.exclude(status=Leg.Status.FINISHED).order_by("position").first()


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


def crib_context(viewer: Viewer) -> dict:
    if not viewer.directs:
        raise Http404("Directors only")
    scene, adventure = viewer.scene, viewer.adventure
    leg = crib_leg(viewer)
    place = scene.key_location if scene else None
    lines = crib_lines(leg, place) if leg else []
    return {
        "crib_scene": scene,
        "crib_leg": leg,
        "crib_place": place,
        "place_clues": [line for line in lines if line.key.startswith("place-")],
        "leg_clues": [line for line in lines if line.key.startswith("clue:")],
        "set_pieces": [line for line in lines if line.key.startswith("set-piece:")],
        "unused": [line for line in lines if not line.used],
        "crib_leg_fields": _leg_fields(leg) if leg else [],
        "crib_dangers": [d for d in viewer.dangers if d.notes],
        "villain": adventure.villain,
        "master_plan": adventure.master_plan,
        "plan_components": adventure.plan_components,
    }
