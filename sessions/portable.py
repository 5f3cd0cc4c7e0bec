"""An Adventure's or a Campaign's file (`sessions.exports`) read back as a copy.

Import runs every object through the same forms as the prep pages first, then saves them all
in one short transaction (`_Plan`): a bad file creates nothing at all, and a big one never
holds the database while it is checked.
"""

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from characters.portable import read_document
from sessions import exports
from sessions.exports import (
    ADVENTURE_FIELDS,
    DANGER_FIELDS,
    LEG_FIELDS,
    LOCATION_FIELDS,
    SCENE_FIELDS,
)
from sessions.forms import (
    AdventureForm,
    CampaignForm,
    DangerForm,
    KeyLocationForm,
    LegForm,
    SceneForm,
)
from sessions.models import Adventure, Campaign, Danger, KeyLocation, Leg, Scene, limits
from sessions.models.writers import writers_turn

MAX_BYTES = limits.EXPORT_BYTES
# The prep pages' own limits (`limits`): an export always imports again.
LIMITS = limits.PER_CAMPAIGN | limits.PER_ADVENTURE | limits.PER_LEG | limits.PER_PLACE
CAMPAIGN_MAX_BYTES = limits.CAMPAIGN_EXPORT_BYTES


def read_upload(upload: UploadedFile) -> dict[str, Any]:
    return read_document(upload, "adventure", MAX_BYTES)


def read_campaign_upload(upload: UploadedFile) -> dict[str, Any]:
    return read_document(upload, "campaign", CAMPAIGN_MAX_BYTES)


def create_campaign_copy(data: dict, director) -> Campaign:
    """Build a new Campaign owned by ``director``, with a copy of each Adventure's prep, from
    an exported file, or raise (and create nothing)."""
    campaign: Campaign = _validated(CampaignForm, data, ("title", "pitch"), "The campaign")
    campaign.director = director
    plan = _Plan(campaign)
    items = _list(data, "adventures", "The campaign", LIMITS["adventures"])
    for number, item in enumerate(items, 1):
        named = f"Adventure {number}"
        plan.adventure(_object(item, named), director, named, campaign)
    plan.save()
    return campaign


def create_copy(data: dict, director) -> Adventure:
    """Build a new Adventure owned by ``director`` from an exported file, or raise (and create
    nothing)."""
    plan = _Plan()
    adventure = plan.adventure(data, director)
    plan.save()
    return adventure


def _object(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise ValidationError(f"{where} should be an object.")
    return value


def _list(data: dict, key: str, where: str, limit: int) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValidationError(f"{where}: “{key}” should be a list.")
    if len(value) > limit:
        what = limits.NAMES.get(key, key.replace("_", " "))
        raise ValidationError(f"{where}: at most {limit} {what}.")
    return value


def _texts(data: dict, key: str, where: str) -> list[str]:
    value = _list(data, key, where, 50)
    if not all(isinstance(item, str) and "\n" not in item for item in value):
        raise ValidationError(f"{where}: “{key}” should be a list of one-line texts.")
    return value


def _validated(form_class, data: dict, fields, where: str, **kwargs):
    payload = {}
    for field in fields:
        value = data.get(field, "")
        if value is None:
            value = ""
        if not isinstance(value, str | int) or isinstance(value, bool):
            raise ValidationError(f"{where}: “{field}” should be text.")
        payload[field] = value
    form = form_class(payload | kwargs.pop("extra", {}), **kwargs)
    if not form.is_valid():
        problems = "; ".join(f"{name}: {' '.join(errors)}" for name, errors in form.errors.items())
        raise ValidationError(f"{where}: {problems}")
    return form.save(commit=False)


def _npcs(data: dict, where: str) -> list[dict]:
    npcs = _list(data, "npcs", where, 20)
    for npc in npcs:
        if not (
            isinstance(npc, dict)
            and set(npc) <= {"name", "notes"}
            and isinstance(npc.get("name"), str)
            and npc["name"].strip()
            and isinstance(npc.get("notes", ""), str)
            and len(npc["name"]) <= 120
            and len(npc.get("notes", "")) <= 300
        ):
            raise ValidationError(f"{where}: each NPC needs a name (and may have notes).")
    return [{"name": npc["name"], "notes": npc.get("notes", "")} for npc in npcs]


def _prep_items(data: dict) -> int:
    """Legs, Key Locations, Scenes and Dangers in an Adventure's file (what isn't a list is
    refused later, with its place named)."""

    def each(value, key) -> list:
        items = value.get(key) if isinstance(value, dict) else None
        return items if isinstance(items, list) else []

    count = 0
    for leg in each(data, "legs"):
        places = each(leg, "key_locations") + each(leg, "scenes")
        count += 1 + len(places) + sum(len(each(place, "dangers")) for place in places)
    return count


@dataclass
class _Plan:
    """A file's prep, every piece built and checked through the prep pages' forms but nothing
    saved yet; then saved in one short transaction of a few bulk inserts.

    Checking a full Campaign takes seconds of Python: done outside any transaction, it holds
    no lock, so the tables in play never wait for an import (on SQLite a write transaction
    locks the whole database). The inserts take the writers' turn like a table action."""

    campaign: Campaign | None = None
    levels: dict[type, list] = dataclasses.field(
        default_factory=lambda: {
            model: [] for model in (Adventure, Leg, KeyLocation, Scene, Danger)
        }
    )

    def save(self) -> None:
        with writers_turn(), transaction.atomic():
            if self.campaign is not None:
                self.campaign.save()
            for model, rows in self.levels.items():
                # Parents first: each row's parent has its id by the time the row is written.
                model.objects.bulk_create(rows)

    def adventure(
        self, data: dict, director, named: str = "The adventure", campaign=None
    ) -> Adventure:
        """Check an Adventure of the file (``named`` in messages: in a Campaign's file,
        "Adventure 2") and plan its rows."""
        extra = {"plan_components": "\n".join(_texts(data, "plan_components", named))}
        adventure = _validated(AdventureForm, data, ADVENTURE_FIELDS, named, extra=extra)
        adventure.director, adventure.campaign = director, campaign
        if _prep_items(data) > limits.PREP_ITEMS:
            raise ValidationError(f"{named}: {limits.items_full()}")
        self.levels[Adventure].append(adventure)
        legs = []
        for leg_no, leg_data in enumerate(_list(data, "legs", named, LIMITS["legs"]), 1):
            where = f"Leg {leg_no}" if named == "The adventure" else f"{named}, Leg {leg_no}"
            leg_data = _object(leg_data, where)
            leg: Leg = _validated(LegForm, leg_data, LEG_FIELDS, where, keep_bare_number=True)
            leg.adventure, leg.position = adventure, leg_no
            self.levels[Leg].append(leg)
            locations, places = self._locations(leg, leg_data, where)
            scenes = self._scenes(leg, leg_data, where, locations)
            legs.append(exports.leg_part(leg, places, scenes))
        # Weighed as the copy will export: a compact file under the limit may export bigger
        # (indented, every field written), and then that export wouldn't import.
        size = exports.prep_bytes(exports.adventure_part(adventure, legs))
        if size > limits.EXPORT_BYTES:
            raise ValidationError(f"{named}: {limits.export_full(size)}")
        return adventure

    def _locations(self, leg: Leg, leg_data: dict, where: str) -> tuple[list, list[dict]]:
        locations, places = [], []
        items = _list(leg_data, "key_locations", where, LIMITS["key_locations"])
        for loc_no, loc_data in enumerate(items, 1):
            loc_where = f"{where}, Key Location {loc_no}"
            loc_data = _object(loc_data, loc_where)
            questions = "\n".join(_texts(loc_data, "leading_questions", loc_where))
            location: KeyLocation = _validated(
                KeyLocationForm,
                loc_data,
                LOCATION_FIELDS,
                loc_where,
                extra={"leading_questions": questions},
            )
            location.npcs = _npcs(loc_data, loc_where)
            location.leg, location.position = leg, loc_no
            self.levels[KeyLocation].append(location)
            dangers = self._dangers(loc_data, loc_where, key_location=location)
            locations.append(location)
            places.append(exports.location_part(location, dangers))
        return locations, places

    def _scenes(self, leg: Leg, leg_data: dict, where: str, locations: list) -> list[dict]:
        scenes = []
        items = _list(leg_data, "scenes", where, LIMITS["scenes"])
        for scene_no, scene_data in enumerate(items, 1):
            scene_where = f"{where}, Scene {scene_no}"
            scene_data = _object(scene_data, scene_where)
            ref = scene_data.get("key_location")
            if ref is not None and (
                not isinstance(ref, int) or isinstance(ref, bool) or not 0 <= ref < len(locations)
            ):
                raise ValidationError(f"{scene_where}: its Key Location isn't in this Leg.")
            scene: Scene = _validated(SceneForm, scene_data, SCENE_FIELDS, scene_where, leg=None)
            scene.key_location = locations[ref] if ref is not None else None
            scene.leg, scene.position = leg, scene_no
            self.levels[Scene].append(scene)
            dangers = self._dangers(scene_data, scene_where, scene=scene)
            scenes.append(exports.scene_part(scene, ref, dangers))
        return scenes

    def _dangers(self, data: dict, where: str, **parent) -> list[Danger]:
        dangers = []
        for n, item in enumerate(_list(data, "dangers", where, LIMITS["dangers"]), start=1):
            named = f"{where}, Danger {n}"
            danger: Danger = _validated(DangerForm, _object(item, named), DANGER_FIELDS, named)
            for key, value in parent.items():
                setattr(danger, key, value)
            self.levels[Danger].append(danger)
            dangers.append(danger)
        return dangers
