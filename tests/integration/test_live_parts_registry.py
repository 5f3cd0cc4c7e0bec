"""The parts registry is the one place live parts are named: nothing drifts from it."""

import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from sessions.models import TableEvent
from sessions.parts import PARTS, Change, change
from sessions.topics import Topic

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_every_topic_changes_some_part():
    heard = {topic for part in PARTS.values() if not part.appends for topic in part.topics}
    assert [topic for topic in Topic if topic not in heard] == []


def test_every_part_hears_some_topic():
    """All but the Director's own prompts and a player's notes on their heroes, which only
    their own moves redraw (an event must never wipe what they are typing); the Director's
    notes hear The End alone, which takes their line for the table away."""
    quiet = [name for name, part in PARTS.items() if not part.topics]
    assert quiet == ["own-prompts", "hero-notes"]
    assert [PARTS[name].audience for name in quiet] == ["director", "player"]
    assert PARTS["director-notes"].topics == {Topic.CAMPAIGN}


@pytest.mark.parametrize("name", list(PARTS))
def test_every_part_has_a_template_with_content_to_redraw(name):
    part = PARTS[name]
    get_template(part.template)
    get_template(part.content)


def test_containers_are_wired_only_through_the_registry():
    """No template names a part's stream message by hand: `{% part_wiring %}` writes them all
    (the log's single new rows, `log`, are the one message that is not a part)."""
    hand_written = [
        str(path.relative_to(TEMPLATES))
        for path in TEMPLATES.rglob("*.html")
        if re.search(r'sse:[a-z]|sse-swap="(?!log")', path.read_text())
    ]
    assert hand_written == []


@pytest.mark.django_db
def test_an_event_names_the_parts_its_topics_change(playing):
    sam = playing["sam"]
    event = TableEvent(
        adventure=playing["adventure"],
        kind="peril",
        summary="x",
        character=sam,
        data={"topics": [Topic.CAST, Topic.HERO]},
    )
    # The Director's undo (`corrections`) names the newest move, whatever it was; the TV's
    # moment (the spotlight, and the Director's line of what the TV shows) changes with it.
    on_tv = {"spotlight", "director-stage"}
    # Peril dealt or eased: the hero's phone has a banner for the blow (`calls`).
    assert change([event]) == Change(
        frozenset({"cast", "director-cast", "tumult", "gamble", "calls", "corrections", *on_tv}),
        frozenset({sam.pk}),
    )
    event.data["topics"] = [Topic.HEROES]
    # A Leg starts, a Tumult turns: a phone's calls banner may change too.
    assert change([event]) == Change(frozenset({"gamble", "calls", "corrections", *on_tv}), None)
    event.data["topics"] = [Topic.SCENE]
    assert change([event]).names == {
        "scene",
        "join",  # the TV's join code comes down once the first Scene starts
        "calls",
        "corrections",
        "consequences",
        "director",
        "crib",
        "director-cast",
        "director-pacing",
        "director-dangers",
        "director-tumult",
        "spotlight",
        "director-stage",
        "pause",  # the fast-forward button: only while a Scene is in play
        "previously",  # the Director's "Previously on…" button: between Scenes
        "session-zero",  # the Director's "Open session zero": only before the first Leg
        "between-legs",  # the TV's word on the Leg just ended: only between Legs
        "the-end",  # the TV's closing card: only once the Adventure is finished
    }


@pytest.mark.django_db
def test_a_page_takes_what_the_stream_sends(client, playing):
    """Each container on the page takes the message the registry names for it."""
    client.force_login(playing["sam"].owner)
    page = client.get(playing["url"]).content.decode()
    swaps = dict(re.findall(r'id="([\w-]+)" sse-swap="([^"]*)"', page))
    sam = playing["sam"].pk
    assert swaps[f"gamble-{sam}"] == f"gamble-{sam}"
    assert swaps["scene-panel"] == "scene"
    assert swaps["wideshot-board-panel"] == "wideshot-board"
    assert swaps["log-panel"] == "log-all"
    assert "director-panel" not in swaps
    assert "sse:" not in page  # nothing on the page fetches itself because of an event
