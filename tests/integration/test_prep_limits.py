"""One set of limits for the prep pages, the table and the import (`sessions.models.limits`):
whatever a Director can make, the app's own export imports again, and an import is never
bigger than what the pages allow."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from sessions import exports
from sessions.models import Adventure, Campaign, Danger, KeyLocation, Leg, TableEvent, limits
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

LEGS = limits.PER_ADVENTURE["legs"]
DANGERS = limits.PER_PLACE["dangers"]


def _import(client, url: str, content: bytes):
    return client.post(url, {"file": SimpleUploadedFile("prep.json", content, "application/json")})


def test_the_director_adds_legs_up_to_the_limit_and_the_export_imports_again(
    alice_client, adventure, bob, client
):
    # The fixture's Adventure has one Leg: the Director adds the rest on the prep page.
    for number in range(2, LEGS + 1):
        added = alice_client.post(f"/adventures/{adventure.pk}/legs/new/", {"title": f"L{number}"})
        assert added.status_code == 302, number
    refused = alice_client.post(f"/adventures/{adventure.pk}/legs/new/", {"title": "One too many"})
    assert refused.status_code == 400
    assert f"An Adventure holds at most {LEGS} Legs" in refused.content.decode()
    assert adventure.legs.count() == LEGS
    assert not Leg.objects.filter(title="One too many").exists()

    exported = alice_client.get(f"/adventures/{adventure.pk}/export/").content
    client.force_login(bob)
    response = _import(client, "/adventures/import/", exported)
    assert response.status_code == 302
    assert Leg.objects.filter(adventure__director=bob).count() == LEGS


def test_a_key_location_full_of_dangers_takes_no_more(alice_client, adventure):
    location = KeyLocation.objects.get(leg__adventure=adventure)
    Danger.objects.bulk_create(
        Danger(key_location=location, name=f"Goon {n}", success_threshold=1, danger_rating=1)
        for n in range(DANGERS - location.dangers.count())
    )
    url = f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/new/"
    refused = alice_client.post(url, {"name": "Goon 21", "template": "minion"})
    assert refused.status_code == 400
    assert f"A Key Location holds at most {DANGERS} Dangers" in refused.content.decode()
    assert location.dangers.count() == DANGERS


def test_counting_an_adventures_prep_takes_one_query(adventure):
    with CaptureQueriesContext(connection) as queries:
        count = limits.prep_items(adventure.pk)
    assert len(queries) == 1
    # One Leg, one Key Location, two Scenes and the fixture's Dangers.
    dangers = Danger.objects.filter(key_location__leg__adventure=adventure).count()
    assert count == 1 + 1 + 2 + dangers


def test_the_table_adds_no_danger_past_the_limit(director, playing):
    scene = playing["adventure"].playing_scene()
    Danger.objects.bulk_create(
        Danger(scene=scene, name=f"Goon {n}", success_threshold=1, danger_rating=1)
        for n in range(DANGERS)
    )
    url = playing["url"] + "dangers/add/"
    refused = director.post(url, {"name": "Brass Jack", "template": "villain"}, headers=HTMX)
    assert refused.status_code == 409
    assert f"A Scene holds at most {DANGERS} Dangers" in refused.content.decode()
    assert not Danger.objects.filter(name="Brass Jack").exists()


def test_an_import_with_more_prep_than_the_pages_allow_is_refused(alice_client):
    # Every list within its own limit, but more than an Adventure holds in all.
    place = {"name": "Dock", "dangers": [{"name": "Goon", "template": "minion"}] * DANGERS}
    leg = {"title": "Leg", "key_locations": [place] * 2}
    legs = [leg] * (limits.PREP_ITEMS // (3 + 2 * DANGERS) + 1)
    document = {"format": "enigma-table/adventure", "version": 1, "adventure": {"title": "Big"}}
    document["adventure"]["legs"] = legs
    response = _import(alice_client, "/adventures/import/", json.dumps(document).encode())
    assert response.status_code == 400
    assert f"at most {limits.PREP_ITEMS} pieces of prep" in response.content.decode()
    assert not Adventure.objects.filter(title="Big").exists()
    assert not Danger.objects.exists()


def test_a_campaign_takes_no_adventure_past_the_limit(alice_client, alice):
    campaign = Campaign.objects.create(director=alice, title="The Long Monsoon")
    limit = limits.PER_CAMPAIGN["adventures"]
    Adventure.objects.bulk_create(
        Adventure(director=alice, campaign=campaign, title=f"Part {n}", invite_code=f"code{n}")
        for n in range(limit)
    )
    response = alice_client.post(
        f"/adventures/new/?campaign={campaign.pk}", {"title": "Part 21", "campaign": campaign.pk}
    )
    assert response.status_code == 400
    assert f"A Campaign holds at most {limit} Adventures" in response.content.decode()
    assert campaign.adventures.count() == limit


# Each character 4 bytes in the file: the fewest requests that fill an export.
DRAGONS = "🐉" * 4000
LEG_TEXTS = ("setting_overview", "cold_open", "set_pieces", "clues", "final_showdown")


def test_legs_full_of_text_stop_where_the_export_would_no_longer_import(
    alice_client, adventure, bob, client
):
    url = f"/adventures/{adventure.pk}/legs/new/"
    for number in range(2, LEGS + 1):
        leg = {"title": f"L{number}"} | dict.fromkeys(LEG_TEXTS, DRAGONS)
        response = alice_client.post(url, leg)
        if response.status_code != 302:
            break
    # The bytes stopped it, well before the count: said with the limit, nothing of it saved.
    assert response.status_code == 400, number
    assert number < LEGS
    assert "An Adventure&#x27;s export holds at most 512 KB" in response.content.decode()
    assert not Leg.objects.filter(title=f"L{number}").exists()

    exported = alice_client.get(f"/adventures/{adventure.pk}/export/").content
    assert len(exported) <= limits.EXPORT_BYTES
    client.force_login(bob)
    response = _import(client, "/adventures/import/", exported)
    assert response.status_code == 302
    assert Leg.objects.filter(adventure__director=bob).count() == number - 1


def _fill(adventure, room: int) -> None:
    """Legs of 4-byte text until ``adventure``'s export is within ``room`` bytes of the limit."""
    for number in range(1, LEGS):
        leg = Leg.objects.create(adventure=adventure, title=f"F{number}", position=100 + number)
        for field in LEG_TEXTS:
            left = limits.EXPORT_BYTES - exports.export_bytes(adventure)
            chars = min(4000, (left - room) // 4)
            if chars <= 0:
                return
            setattr(leg, field, "🐉" * chars)
            leg.save()


def test_a_longer_pitch_that_would_pass_the_export_limit_is_refused_and_nothing_changes(
    alice_client, adventure
):
    _fill(adventure, room=500)
    response = alice_client.post(
        f"/adventures/{adventure.pk}/edit/", {"title": "Longer", "pitch": "🐉" * 1000}
    )
    assert response.status_code == 400
    assert "An Adventure&#x27;s export holds at most 512 KB" in response.content.decode()
    adventure.refresh_from_db()
    assert (adventure.title, adventure.pitch) == (
        "The Clockwork Monsoon",
        "Ships vanish under clear skies.",
    )


def test_a_campaign_of_adventures_each_at_the_export_limit_imports_again(alice, bob, client):
    campaign = Campaign.objects.create(director=alice, title="The Long Monsoon")
    first = Adventure.objects.create(director=alice, campaign=campaign, title="Part 1")
    _fill(first, room=200)
    legs = list(first.legs.all())
    for number in range(2, limits.PER_CAMPAIGN["adventures"] + 1):
        part = Adventure.objects.create(director=alice, campaign=campaign, title=f"Part {number}")
        for leg in legs:
            leg.pk, leg.adventure = None, part
        Leg.objects.bulk_create(legs)
    client.force_login(alice)
    exported = client.get(f"/campaigns/{campaign.pk}/export/").content
    assert len(exported) > 4 * 1024 * 1024  # bigger than the import took before

    client.force_login(bob)
    response = _import(client, "/campaigns/import/", exported)
    assert response.status_code == 302
    copied = Campaign.objects.get(director=bob)
    assert copied.adventures.count() == limits.PER_CAMPAIGN["adventures"]
    assert Leg.objects.filter(adventure__campaign=copied).count() == 20 * len(legs)


def test_the_table_adds_no_danger_that_would_make_the_export_too_big_to_import(director, playing):
    adventure = playing["adventure"]
    _fill(adventure, room=100)
    url = playing["url"] + "dangers/add/"
    refused = director.post(url, {"name": "🐉" * 60, "template": "villain"}, headers=HTMX)
    assert refused.status_code == 409
    assert "An Adventure&#x27;s export holds at most 512 KB" in refused.content.decode()
    assert not Danger.objects.filter(name="🐉" * 60).exists()
    assert exports.export_bytes(adventure) <= limits.EXPORT_BYTES


def test_weighing_an_export_takes_the_same_few_queries_however_big(adventure):
    # Every prep edit and every Danger added at the table weighs the export once.
    with CaptureQueriesContext(connection) as small:
        exports.export_bytes(adventure)
    _fill(adventure, room=1000)
    with CaptureQueriesContext(connection) as big:
        exports.export_bytes(adventure)
    assert len(big) == len(small) <= 6


def test_a_compact_file_whose_copy_would_export_too_big_is_refused_and_makes_nothing(
    alice_client,
):
    # 272 Dangers written as tersely as JSON allows; the copy's export writes each one out
    # indented with every field (some 170 bytes against 33).
    dangers = [{"name": "G", "template": "minion"}] * 17
    places = [{"name": "Dock", "dangers": dangers}]
    scenes = [{"beat": "Chase", "dangers": dangers}] * 3
    legs = [{"title": f"L{n}", "key_locations": places, "scenes": scenes} for n in range(4)]
    document = {"format": "enigma-table/adventure", "version": 1, "adventure": {"title": "Terse"}}
    document["adventure"]["legs"] = legs

    def compact() -> bytes:
        return json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode()

    for leg in legs:  # then text, up to 4 KB short of the limit
        for field in (*LEG_TEXTS, "wildcard_encounters", "vignettes", "failsafe_plans"):
            leg[field] = "🐉" * min(4000, (limits.EXPORT_BYTES - 4096 - len(compact())) // 4)
    assert limits.EXPORT_BYTES - 4096 <= len(compact()) <= limits.EXPORT_BYTES
    response = _import(alice_client, "/adventures/import/", compact())
    assert response.status_code == 400
    assert "An Adventure&#x27;s export holds at most 512 KB" in response.content.decode()
    assert not Adventure.objects.filter(title__startswith="Terse").exists()


def test_switching_to_either_dice_at_the_table_keeps_a_full_export_importable(
    director, playing, client, bob
):
    adventure = playing["adventure"]
    Adventure.objects.filter(pk=adventure.pk).update(real_dice="app")
    _fill(adventure, room=0)
    response = director.post(playing["url"] + "real-dice/", {"real_dice": "either"}, headers=HTMX)
    assert response.status_code == 200
    exported = director.get(f"/adventures/{adventure.pk}/export/").content
    assert b'"real_dice": "either"' in exported
    client.force_login(bob)
    assert _import(client, "/adventures/import/", exported).status_code == 302


def test_an_undo_that_would_put_the_export_past_its_limit_is_refused(director, playing):
    adventure = playing["adventure"]
    url = playing["url"]
    added = director.post(url + "dangers/add/", {"name": "🐉" * 60, "template": "villain"})
    assert added.status_code == 302
    danger = Danger.objects.get(name="🐉" * 60)
    assert director.post(url + "dangers/remove/", {"danger": danger.pk}).status_code == 302
    # Prep written meanwhile takes the room the Danger left.
    _fill(adventure, room=100)
    removal = TableEvent.objects.filter(adventure=adventure).latest("pk")
    refused = director.post(url + "undo/", {"event": removal.pk}, headers=HTMX)
    assert refused.status_code == 409
    assert "An Adventure&#x27;s export holds at most 512 KB" in refused.content.decode()
    assert not Danger.objects.filter(name="🐉" * 60).exists()
    assert exports.export_bytes(adventure) <= limits.EXPORT_BYTES
