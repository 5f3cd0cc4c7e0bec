"""The log you can keep: an Adventure's whole log for its Director and Cast, filtered by hero
and by Scene, exported as Markdown and JSON; undone moves show as undone."""

import json

import pytest

from sessions.models import Leg, Scene, TableEvent, next_to_undo
from sessions.rules import LoadedDice
from tests.conftest import SECRET, player_client
from tests.integration.test_table_permissions import HIDDEN

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_scenes(playing):
    """Peril for Sam in the first Scene (one of them undone), a second Scene with Ada's."""
    from sessions.actions import corrections, peril, scenes

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    director = adventure.director
    peril.adjust_peril(adventure, sam.pk, 1, "rusty nails", director)
    peril.adjust_peril(adventure, sam.pk, 1, "a wrong step", director)
    corrections.undo(adventure, next_to_undo(adventure.pk).pk, director)
    scenes.end_scene(adventure, director)
    docks = Scene.objects.create(leg=Leg.objects.get(), position=3, beat="Gunfight on the docks")
    scenes.start_scene(adventure, docks, None, director)
    peril.adjust_peril(adventure, ada.pk, 2, "gunfire", director)
    peril.rest(adventure, director, LoadedDice([6, 6]))
    return playing | {"office": Scene.objects.get(beat__contains="harbourmaster"), "docks": docks}


def _log(client, table, **query):
    return client.get(f"/adventures/{table['adventure'].pk}/log/", query).content.decode()


def test_the_whole_log_oldest_first_with_undone_moves_struck_out(two_scenes):
    page = _log(player_client(two_scenes["sam"]), two_scenes)
    assert page.index("Leg 1 begins") < page.index("rusty nails") < page.index("gunfire")
    undone = TableEvent.objects.get(kind="peril", summary__contains="a wrong step")
    assert f'id="event-{undone.pk}"' in page
    assert "Undone by the Director." in page


def test_filtered_by_hero(two_scenes):
    page = _log(player_client(two_scenes["sam"]), two_scenes, hero=two_scenes["ada"].pk)
    assert "gunfire" in page
    assert "rusty nails" not in page
    assert "The Cast takes a Rest" in page  # a Rest names every hero
    assert "Only Ada&#x27;s moments" in page


def test_filtered_by_scene(two_scenes):
    client = player_client(two_scenes["ada"])
    office = _log(client, two_scenes, scene=two_scenes["office"].pk)
    assert "rusty nails" in office
    assert "Scene over: Questions for the harbourmaster" in office
    assert "gunfire" not in office
    docks = _log(client, two_scenes, scene=two_scenes["docks"].pk)
    assert "gunfire" in docks
    assert "rusty nails" not in docks


def test_scenes_not_yet_played_are_not_offered(two_scenes):
    Scene.objects.create(leg=Leg.objects.get(), position=4, beat="The villain's lair")
    page = _log(player_client(two_scenes["sam"]), two_scenes)
    assert "villain&#x27;s lair" not in page
    assert f"{SECRET}-futurescene" not in page
    assert "Gunfight on the docks" in page


def test_a_filter_that_is_not_a_choice_shows_everything(two_scenes):
    page = _log(player_client(two_scenes["sam"]), two_scenes, hero="999", scene="x")
    assert "rusty nails" in page
    assert "gunfire" in page


def test_exports_as_markdown_and_json_with_the_filters(two_scenes):
    client = player_client(two_scenes["sam"])
    base = f"/adventures/{two_scenes['adventure'].pk}/log/"
    markdown = client.get(base + "markdown/", {"hero": two_scenes["sam"].pk})
    assert markdown["Content-Type"] == "text/markdown; charset=utf-8"
    assert 'filename="the-clockwork-monsoon-log.md"' in markdown["Content-Disposition"]
    text = markdown.content.decode()
    assert text.startswith("# The Clockwork Monsoon: the table log")
    assert "Only Sam Okafor's moments." in text
    assert "rusty nails" in text
    assert "~~Peril from the Director (a wrong step)" in text
    assert "(undone by the Director)" in text
    assert "gunfire" not in text
    data = json.loads(client.get(base + "json/").content)
    assert data["format"] == "enigma-table/log"
    kinds = [event["kind"] for event in data["events"]]
    assert kinds[0] == "leg_started"
    undone = [e for e in data["events"] if "a wrong step" in e["summary"] and e["kind"] == "peril"]
    assert undone[0]["undone"] is True
    assert "journal" not in json.dumps(data).replace('"kind": "journal"', "")
    for text in (markdown.content.decode(), json.dumps(data)):
        assert [marker for marker in HIDDEN if marker in text] == []


def test_the_log_of_a_long_table_pages(playing):
    TableEvent.objects.bulk_create(
        TableEvent(adventure=playing["adventure"], kind="note", summary=f"Event {n}")
        for n in range(250)
    )
    client = player_client(playing["sam"])
    first = _log(client, playing)
    assert "Page 1 of 3" in first
    assert "Event 249" not in first
    last = _log(client, playing, page=3)
    assert "Event 249" in last
