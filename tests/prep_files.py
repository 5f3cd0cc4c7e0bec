"""Prep files for the tests: an export as big as the prep pages allow."""

from sessions.models import limits

TEXT = "The rain drums on the tin roof of the harbourmaster's office. " * 8


def biggest_campaign() -> dict:
    """A Campaign file at every limit: its Adventures, each with its 300 pieces of prep."""
    dangers = [{"name": "Goon", "template": "minion", "notes": TEXT}] * limits.PER_PLACE["dangers"]
    place = {"name": "Dock", "public_description": TEXT, "dangers": dangers}
    # Per Leg: itself, 2 Key Locations and 2 Scenes, 20 Dangers at each place (a 85-piece Leg).
    leg = {
        "title": "Leg",
        "setting_overview": TEXT,
        "key_locations": [place, place],
        "scenes": [{"beat": "Chase", "key_location": 0, "dangers": dangers}] * 2,
    }
    pieces_per_leg = 1 + 4 + 4 * limits.PER_PLACE["dangers"]
    legs = [leg] * (limits.PREP_ITEMS // pieces_per_leg)
    adventure = {"title": "Part", "pitch": TEXT, "legs": legs}
    adventures = [adventure] * limits.PER_CAMPAIGN["adventures"]
    campaign = {"title": "The Long Monsoon", "adventures": adventures}
    return {"format": "enigma-table/campaign", "version": 1, "campaign": campaign}
