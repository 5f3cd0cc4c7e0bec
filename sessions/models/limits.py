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
# The bytes of an Adventure's export: its own file, and its part of its Campaign's file (there
# three levels deeper, so every line is indented more). The prep pages refuse an edit that
# would pass it and the import takes any file this big, so the app's own export always imports
# again. The counts alone don't bound it: every text at its longest (4,000 characters, up to 4
# bytes each) in 300 pieces of prep would make a 36 MB file, too much to read in one request.
EXPORT_BYTES = 512 * 1024
# A Campaign's file: its Adventures' parts, plus the file's header and the Campaign's own title
# and pitch (under 6 KB at their longest, every character 4 bytes).
CAMPAIGN_EXPORT_BYTES = PER_CAMPAIGN["adventures"] * EXPORT_BYTES + 16 * 1024

# Free text the people at a table post for every screen (Lines & Veils, the Cast journal):
# at most this many per Adventure, so one person can't flood the TV and everyone's page.
LINES_VEILS = 40
JOURNAL_LINES = 500

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


def export_full(size: int) -> str:
    """The message when an edit would make the Adventure's export ``size`` bytes."""
    return (
        f"An Adventure's export holds at most {EXPORT_BYTES // 1024} KB, so that it imports "
        f"again; this would make it {-(-size // 1024)} KB. Shorten some text to make room."
    )


def prep_items(adventure_id: int) -> int:
    """Legs, Key Locations, Scenes and Dangers in the Adventure, in one query."""
    from sessions.models.legs import Danger, KeyLocation, Leg, Scene

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
