import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sessions import exports
from sessions.models import Adventure, Danger, KeyLocation, Leg, Scene

pytestmark = pytest.mark.django_db


def _upload(client, content: bytes):
    return client.post(
        "/adventures/import/",
        {"file": SimpleUploadedFile("adventure.json", content, "application/json")},
    )


def test_export_then_import_reproduces_the_adventure(alice_client, client, adventure, bob):
    exported = alice_client.get(f"/adventures/{adventure.pk}/export/")
    assert exported["Content-Disposition"].startswith('attachment; filename="the-clockwork-monsoon')
    client.force_login(bob)
    response = _upload(client, exported.content)
    copy = Adventure.objects.get(director=bob)
    assert response["Location"] == copy.get_absolute_url()
    assert copy.invite_code != adventure.invite_code
    # The same prep, its title marked so the two can be told apart in a list.
    assert copy.title == "The Clockwork Monsoon (copy)"
    original = exports.export(adventure)
    again = exports.export(copy)
    assert again["adventure"] == original["adventure"] | {"title": copy.title}


def _place(**location):
    return _document(legs=[{"title": "ok", "key_locations": [{"name": "p", **location}]}])


def _document(**adventure):
    base = {"title": "Imported", "legs": []}
    base.update(adventure)
    return json.dumps({"format": "enigma-table/adventure", "version": 1, "adventure": base})


BAD = [
    (b"not json at all", "isn&#x27;t readable JSON"),
    (b'{"format": "enigma-table/character", "version": 1}', "isn&#x27;t an Enigma Table adventure"),
    (b'{"format": "enigma-table/adventure", "version": 2}', "version 2"),
    (_document(title="").encode(), "Every adventure needs a title"),
    (_document(title=["x"]).encode(), "should be text"),
    (_document(legs="many").encode(), "should be a list"),
    (_document(legs=[{"title": "ok"}] * 21).encode(), "at most 20 Legs"),
    (_document(legs=[{"title": "ok"}, "leg"]).encode(), "Leg 2 should be an object"),
    (
        _document(legs=[{"title": "ok", "scenes": [{"beat": "b", "key_location": 3}]}]).encode(),
        "isn&#x27;t in this Leg",
    ),
    (_place(npcs=[{"notes": "x"}]).encode(), "each NPC needs a name"),
    (_place(dangers=[{"name": "d", "template": "custom"}]).encode(), "custom Danger needs its own"),
    (_document(plan_components=[1, 2]).encode(), "list of one-line texts"),
    (b" " * (600 * 1024), "too big"),
]


@pytest.mark.parametrize(("content", "message"), BAD)
def test_bad_adventure_files_are_refused_and_create_nothing(
    alice_client, adventure, content, message
):
    counts = [m.objects.count() for m in (Adventure, Leg, Scene, KeyLocation, Danger)]
    response = _upload(alice_client, content)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert [m.objects.count() for m in (Adventure, Leg, Scene, KeyLocation, Danger)] == counts


def test_a_file_that_fails_deep_inside_leaves_nothing_half_made(alice_client, alice):
    document = _document(
        legs=[
            {"title": "Fine leg", "key_locations": [{"name": "Fine place"}]},
            {"title": "Broken leg", "scenes": [{"beat": ""}]},
        ]
    )
    response = _upload(alice_client, document.encode())
    assert response.status_code == 400
    assert "Leg 2, Scene 1" in response.content.decode()
    assert not Adventure.objects.filter(director=alice).exists()
    assert not Leg.objects.exists()


def test_the_import_page_speaks_plainly(alice_client):
    page = alice_client.get("/adventures/import/").content.decode()
    assert "An adventure exported from Enigma Table. You direct the copy." in page
    assert "A adventure" not in page
    page = alice_client.get("/campaigns/import/").content.decode()
    assert "A campaign exported from Enigma Table. You direct the copy." in page


def test_a_copy_of_a_long_title_still_says_it_is_a_copy_and_fits(alice_client, alice):
    _upload(alice_client, _document(title="T" * 120).encode())
    copy = Adventure.objects.get(director=alice)
    assert copy.title == "T" * 113 + " (copy)"
    assert len(copy.title) == 120
    # A copy of a copy says it once.
    again = exports.export(copy)["adventure"]
    _upload(alice_client, json.dumps({"format": "enigma-table/adventure", "version": 1,
                                      "adventure": again}).encode())  # fmt: skip
    assert Adventure.objects.filter(director=alice, title=copy.title).count() == 2
