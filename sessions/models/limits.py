"""How much prep one Adventure and one Campaign may hold: one set of limits for the prep pages,
the table and the import, so that whatever the app lets a Director make, its own export
imports again (and an import is never bigger than what the pages allow).

They are far above any Adventure the SRD describes (a few Legs, each a handful of Scenes and
Key Locations) and keep an import a few thousand rows at most.
"""

from django.db.models import Q

# How many of each (the key) one parent holds.
PER_CAMPAIGN = {"adventures": 20}
PER_ADVENTURE = {"legs": 20}
PER_LEG = {"scenes": 30, "key_locations": 20}
PER_PLACE = {"dangers": 20}  # at one Key Location, or in one Scene
# Legs, Key Locations, Scenes and Dangers together in one Adventure.
PREP_ITEMS = 300

NAMES = {
    "adventures": "Adventures",
    "legs": "Legs",
    "scenes": "Scenes",
    "key_locations": "Key Locations",
    "dangers": "Dangers",
}


def full(what: str, limit: int, where: str) -> str:
    """The message when ``where`` already holds ``limit`` of ``what``."""
    return f"{where} holds at most {limit} {NAMES[what]}: remove one to make room."


def items_full() -> str:
    return (
        f"An Adventure holds at most {PREP_ITEMS} pieces of prep (Legs, Scenes, Key Locations "
        "and Dangers together): remove some to make room."
    )


def prep_items(adventure_id: int) -> int:
    """Legs, Key Locations, Scenes and Dangers in the Adventure, in one query."""
    from sessions.models.prep import Danger, KeyLocation, Leg, Scene

    in_adventure = Q(key_location__leg__adventure_id=adventure_id) | Q(
        scene__leg__adventure_id=adventure_id
    )
    parts = [
        Leg.objects.filter(adventure_id=adventure_id),
        KeyLocation.objects.filter(leg__adventure_id=adventure_id),
        Scene.objects.filter(leg__adventure_id=adventure_id),
        Danger.objects.filter(in_adventure),
    ]
    first, *others = (part.values("pk") for part in parts)
    return first.union(*others, all=True).count()
