"""A finished table's phones hear where the story goes on (`actions.after_the_end`): a recap
published, the Campaign's next Adventure made. Housekeeping, in nobody's log; a table still
in play hears nothing of its recaps; and the phone's one-tap join sends the page on."""

import pytest
from django.test import Client

from sessions.actions import legs
from sessions.models import Adventure, Campaign, CastMember, Recap, TableEvent
from sessions.models.table import UNLOGGED
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(playing):
    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    legs.finish_adventure(adventure, adventure.director)
    return Adventure.objects.get(pk=adventure.pk)


def _director(adventure) -> Client:
    client = Client()
    client.force_login(adventure.director)
    return client


def _kinds(adventure) -> list[str]:
    return list(
        TableEvent.objects.filter(adventure=adventure).order_by("pk").values_list("kind", flat=True)
    )


def test_publishing_a_finished_adventures_recap_tells_its_table(finished):
    recap = Recap.objects.create(adventure=finished, title="So far", body="It rained.")
    url = f"/adventures/{finished.pk}/recaps/{recap.pk}/publish/"
    assert _director(finished).post(url, {"published": "1"}).status_code == 302
    assert _kinds(finished)[-1] == "recap_shared"
    assert "recap_shared" in UNLOGGED  # for the phones, not a line in anybody's log


def test_publishing_a_recap_of_a_table_in_play_records_nothing(playing):
    adventure = playing["adventure"]
    recap = Recap.objects.create(adventure=adventure, title="So far", body="It rained.")
    before = _kinds(adventure)
    url = f"/adventures/{adventure.pk}/recaps/{recap.pk}/publish/"
    assert _director(adventure).post(url, {"published": "1"}).status_code == 302
    assert _kinds(adventure) == before


def test_making_the_next_adventure_tells_the_finished_table(finished):
    url = f"/adventures/new/?campaign={finished.campaign_id}"
    data = {"title": "The Clockmaker's Daughter", "campaign": finished.campaign_id}
    response = _director(finished).post(url, data)
    assert response.status_code == 302, response.content[:500]
    assert _kinds(finished)[-1] == "campaign_grew"
    assert "campaign_grew" in UNLOGGED


def test_the_phones_one_tap_join_sends_the_whole_page_to_the_next_adventure(finished, playing):
    sequel = Adventure.objects.create(
        director=finished.director, title="The Clockmaker's Daughter", campaign=finished.campaign
    )
    sam = playing["sam"]
    client = Client()
    client.force_login(sam.owner)
    url = f"/campaigns/{finished.campaign_id}/adventures/{sequel.pk}/join/"
    response = client.post(url, {"character": sam.pk}, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/adventures/{sequel.pk}/table/"
    assert CastMember.objects.filter(adventure=sequel, character=sam, active=True).exists()
