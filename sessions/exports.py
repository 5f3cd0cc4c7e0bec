"""An Adventure's whole prep as one JSON file (or a Campaign's, its Adventures in order),
and the bytes it takes: the import (`sessions.portable`) takes any file up to
`limits.EXPORT_BYTES`, so a prep edit or a Danger added at the table that would pass it is
refused, and the app's own export always imports again.
"""

import json
from typing import Any

from django.core.exceptions import ValidationError

from characters.portable import CREDIT, marked_copy
from sessions.forms import LegForm
from sessions.models import Adventure, Campaign, RealDice, limits

FORMAT = "enigma-table/adventure"
VERSION = 1
CAMPAIGN_FORMAT = "enigma-table/campaign"
NO_PICTURES = (
    "Not included: handouts (their pictures and captions) stay with the site they were "
    "uploaded to. Add them again after importing."
)

ADVENTURE_FIELDS = ("title", "pitch", "villain", "master_plan", "real_dice", "seats")
LEG_FIELDS = tuple(f for f in LegForm.Meta.fields)
LOCATION_FIELDS = (
    "name",
    "public_description",
    "wide_shot_opening",
    "obstacles",
    "clues",
    "director_notes",
)
SCENE_FIELDS = ("beat", "framing_where", "framing_what", "framing_who")
DANGER_FIELDS = ("name", "template", "success_threshold", "danger_rating", "notes")


def _pick(obj, fields) -> dict[str, Any]:
    return {field: getattr(obj, field) for field in fields}


def export(adventure: Adventure) -> dict[str, Any]:
    return _adventure_file(_prep(adventure))


def _adventure_file(prep: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "credit": CREDIT,
        "pictures": NO_PICTURES,
        "adventure": prep,
    }


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    """A Campaign and the prep of its Adventures, in order (not their tables, nor the Cast)."""
    adventures = campaign.adventures.order_by("created", "pk")
    return {
        "format": CAMPAIGN_FORMAT,
        "version": VERSION,
        "credit": CREDIT,
        "pictures": NO_PICTURES,
        "campaign": {
            "title": campaign.title,
            "pitch": campaign.pitch,
            "adventures": [_prep(adventure) for adventure in adventures],
        },
    }


def serialized(document: dict[str, Any]) -> bytes:
    """A file as the export writes it, byte for byte (its size is what the import checks)."""
    return json.dumps(document, indent=2, ensure_ascii=False).encode()


def export_bytes(adventure: Adventure) -> int:
    """The bytes of ``adventure``'s export (`prep_bytes`)."""
    return prep_bytes(_prep(adventure))


def prep_bytes(prep: dict[str, Any]) -> int:
    """The bytes of an Adventure's part of an export: the bigger of its own file and its part
    of a Campaign's file, where it sits three levels deep (`limits.EXPORT_BYTES`)."""
    # Weighed as its copy will be: the title marked “(copy)” by the import, and the longest
    # way to roll and no seat count ("seats": null outweighs any number), both of which the
    # Director changes at the table at will.
    prep = {**prep, "real_dice": max(RealDice.values, key=len), "seats": None}
    prep = marked_copy(prep, "title", Adventure._meta.get_field("title").max_length)
    alone = serialized(_adventure_file(prep))
    in_campaign = serialized({"campaign": {"adventures": [prep]}})
    return max(len(alone), len(in_campaign))


def refuse_if_too_big(adventure: Adventure) -> None:
    """Raise a ValidationError with the limit if ``adventure``'s export has grown past what an
    import takes; called in the transaction of a prep edit, so the edit rolls back."""
    size = export_bytes(adventure)
    if size > limits.EXPORT_BYTES:
        raise ValidationError(limits.export_full(size))


def _prep(adventure: Adventure) -> dict[str, Any]:
    legs = []
    for leg in adventure.legs.prefetch_related(
        "key_locations__dangers", "scenes__dangers", "scenes__key_location"
    ):
        locations = list(leg.key_locations.all())
        index = {location.pk: i for i, location in enumerate(locations)}
        places = [location_part(place, place.dangers.all()) for place in locations]
        scenes = [
            scene_part(scene, index.get(scene.key_location_id), scene.dangers.all())
            for scene in leg.scenes.all()
        ]
        legs.append(leg_part(leg, places, scenes))
    return adventure_part(adventure, legs)


# Each piece's part of the file, from rows or (for an import, weighed before it is written)
# from the checked objects not yet saved.


def adventure_part(adventure: Adventure, legs: list[dict]) -> dict[str, Any]:
    return {
        **_pick(adventure, ADVENTURE_FIELDS),
        "plan_components": adventure.plan_components,
        "legs": legs,
    }


def leg_part(leg, key_locations: list[dict], scenes: list[dict]) -> dict[str, Any]:
    return {**_pick(leg, LEG_FIELDS), "key_locations": key_locations, "scenes": scenes}


def location_part(location, dangers) -> dict[str, Any]:
    return {
        **_pick(location, LOCATION_FIELDS),
        "leading_questions": location.leading_questions,
        "npcs": location.npcs,
        "dangers": [_pick(danger, DANGER_FIELDS) for danger in dangers],
    }


def scene_part(scene, key_location: int | None, dangers) -> dict[str, Any]:
    return {
        **_pick(scene, SCENE_FIELDS),
        "key_location": key_location,
        "dangers": [_pick(danger, DANGER_FIELDS) for danger in dangers],
    }
