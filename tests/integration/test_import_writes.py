"""An import is checked whole before anything is written, then written in a few bulk inserts
in one short transaction: a big import never holds the database (on SQLite, the whole
database's write lock) while it is read and checked, so the tables in play don't wait."""

import io
import json

import pytest
from django.db import connection

from sessions.models import Danger, limits
from tests.prep_files import biggest_campaign

pytestmark = pytest.mark.django_db


def _post(client, document: dict):
    file = io.BytesIO(json.dumps(document).encode())
    file.name = "campaign.json"
    writes = []

    def watch(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("INSERT"):
            writes.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        response = client.post("/campaigns/import/", {"file": file})
    return response, writes


def test_a_campaign_refused_at_its_last_danger_wrote_nothing_while_it_was_checked(alice_client):
    document = biggest_campaign()
    last = document["campaign"]["adventures"][-1]
    last["legs"] = [*last["legs"][:-1], {"title": "Leg", "scenes": [{"beat": "x", "dangers": [
        {"name": "", "template": "minion"}]}]}]  # fmt: skip
    response, writes = _post(alice_client, document)
    assert response.status_code == 400
    assert "Danger 1: name" in response.content.decode()
    assert writes == []


def test_the_biggest_campaign_the_pages_allow_is_written_in_a_few_inserts(alice_client):
    response, writes = _post(alice_client, biggest_campaign())
    assert response.status_code == 302
    legs = len(biggest_campaign()["campaign"]["adventures"][0]["legs"])
    per_leg = 4 * limits.PER_PLACE["dangers"]  # at 2 Key Locations and in 2 Scenes
    assert Danger.objects.count() == limits.PER_CAMPAIGN["adventures"] * legs * per_leg
    # Batched by the database's limit on parameters: dozens of statements, not thousands.
    assert len(writes) <= 60, len(writes)
