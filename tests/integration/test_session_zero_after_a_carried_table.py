"""A Campaign's next Adventure carries the table's Lines & Veils: its session zero tells them
as settled ("Carried from <the last Adventure>") and does not ask them again; the table can
still add topics, and what it agrees joins the carried ones."""

import re

import pytest

from characters.models import Character
from sessions.models import Adventure, Campaign, CastMember, SafetyNote, Scene, ZeroTopic
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def sequel(alice_client, alice, bob):
    """The Campaign's first Adventure agreed a Line and a Veil; its next one is made from the
    Campaign's page, and Bob's hero sits at it."""
    campaign = Campaign.objects.create(director=alice, title="The Monsoon Years")
    first = Adventure.objects.create(
        director=alice, title="The Clockwork Monsoon", campaign=campaign
    )
    SafetyNote.objects.create(adventure=first, kind="line", text="Torture")
    SafetyNote.objects.create(adventure=first, kind="veil", text="Spiders and insects")
    made = alice_client.post(
        f"/adventures/new/?campaign={campaign.pk}",
        {"title": "The Clockmaker's Daughter", "campaign": campaign.pk},
    )
    assert made.status_code == 302
    adventure = Adventure.objects.get(title="The Clockmaker's Daughter")
    hero = Character.objects.create(owner=bob, name="Sam Spade", archetype="investigator")
    CastMember.objects.create(adventure=adventure, character=hero)
    return {"adventure": adventure, "hero": hero, "url": f"/adventures/{adventure.pk}/table/"}


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_session_zero_tells_the_carried_lines_veils_and_does_not_ask_them(alice_client, sequel):
    url = sequel["url"]
    assert alice_client.post(url + "zero/start/", headers=HTMX).status_code == 200
    bob = player_client(sequel["hero"])
    for who in (bob, alice_client):
        part = _text(who.get(url + "part/session-zero/").content.decode())
        assert "Carried from The Clockwork Monsoon: Line Torture · Veil Spiders and insects" in part
    # The phone does not ask them: no mark for either topic, the others still asked.
    phone = bob.get(url + "part/session-zero/").content.decode()
    legends = re.findall(r"<legend>([^<]+)", phone)
    assert "Torture" not in [t.strip() for t in legends]
    assert "Spiders and insects" not in [t.strip() for t in legends]
    assert "Body horror" in [t.strip() for t in legends]
    assert set(ZeroTopic.objects.values_list("text", flat=True)).isdisjoint(
        {"Torture", "Spiders and insects"}
    )
    # The Director's page (the table) says so as well.
    director = alice_client.get(url).content.decode()
    assert "Carried from" in director

    # Adding still works; a settled one is not asked again.
    again = bob.post(url + "zero/topics/", {"text": "torture"}, headers=HTMX)
    assert "settled already" in again.content.decode()
    assert bob.post(url + "zero/topics/", {"text": "Clowns"}, headers=HTMX).status_code == 200
    topics = {t.text: t.pk for t in ZeroTopic.objects.all()}
    marks = {f"topic-{pk}": "fine" for pk in topics.values()} | {
        f"topic-{topics['Clowns']}": "line"
    }
    assert bob.post(url + "zero/marks/", marks, headers=HTMX).status_code == 200
    assert alice_client.post(url + "zero/next/", headers=HTMX).status_code == 200
    agreed = set(
        SafetyNote.objects.filter(adventure=sequel["adventure"]).values_list("kind", "text")
    )
    assert agreed == {("line", "Torture"), ("veil", "Spiders and insects"), ("line", "Clowns")}


def test_a_one_off_asks_every_topic_as_before(alice_client, adventure, cast_member):
    url = f"/adventures/{adventure.pk}/table/"
    adventure.legs.update(status="planned")
    Scene.objects.update(status=Scene.Status.PLANNED)
    assert alice_client.post(url + "zero/start/", headers=HTMX).status_code == 200
    assert "Torture" in set(ZeroTopic.objects.values_list("text", flat=True))
    part = player_client(cast_member.character).get(url + "part/session-zero/").content.decode()
    assert "Carried from" not in part
