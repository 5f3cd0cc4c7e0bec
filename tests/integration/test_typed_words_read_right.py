"""Whatever the table typed (a task, a sentence about the hero in the first or third person, a
thing, a clause about something else), the log, the screens and the recap read it in a sentence
that reads right, whole (the review: "Ada Quill sees a torn press badge glints…", "set out to
ada bluffs the foreman…")."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from sessions.models import Gamble, Recap, TableEvent
from sessions.rules import LoadedDice
from tests.conftest import player_client
from tests.integration.test_recaps import _ask
from tests.recaps import TRIED

pytestmark = pytest.mark.django_db

# What each Gamble's player typed, and how the log tells it.
GAMBLES = [
    ("ada", "Ada bluffs the foreman", "Ada bluffs the foreman: 1 die."),
    ("sam", "I search my satchel for the map", "Sam Okafor searches their satchel for the map:"),
    ("ada", "Bluff the foreman", "Ada gambles to bluff the foreman: 1 die."),
    ("sam", "A leap of faith", "Sam Okafor gambles on “A leap of faith”: 1 die."),
]
DETAILS = [
    (
        "ada",
        "A torn press badge glints on the floor",
        "Ada notices: a torn press badge glints on the floor.",
    ),
    ("sam", "I crouch by the window", "Sam Okafor crouches by the window."),
]


@pytest.fixture
def typed(playing):
    from sessions.actions import gambles, investigations, rolled, wideshots

    adventure = playing["adventure"]
    for n, (who, words, _) in enumerate(GAMBLES):
        hero = playing[who]
        made = gambles.roll_gamble(
            adventure, hero, _ask(intent=words), f"typed-{n:04}", hero.owner, LoadedDice([5])
        )
        made = Gamble.objects.get(pk=made.pk)
        rolled.lock_in(adventure, made.pk, made.step, hero.owner)
    for who, words, _ in DETAILS:
        wideshots.add_detail(adventure, playing[who], words, playing[who].owner)
    director = adventure.director
    investigations.ask_to_investigate(adventure, playing["ada"].pk, "Is the clerk lying?", director)
    asked = adventure.investigations.get()
    investigations.investigate(adventure, asked.pk, playing["ada"].owner, LoadedDice([4]))
    return playing


def test_the_log_tells_typed_words_in_sentences_that_read_right(typed):
    said = [e.summary for e in TableEvent.objects.order_by("pk")]
    for _, _, line in GAMBLES + DETAILS:
        assert any(s.startswith(line) for s in said), line
    log = html.unescape(
        player_client(typed["sam"])
        .get(f"/adventures/{typed['adventure'].pk}/log/markdown/")
        .content.decode()
    )
    assert "Ada notices: a torn press badge glints on the floor." in log
    assert "Sam Okafor crouches by the window." in log
    for garbled in ("sees a torn press badge glints", "gambles to ada", "to Ada bluffs", "I "):
        assert garbled not in log


def test_the_screens_tell_them_whole(typed):
    adventure = typed["adventure"]
    adventure.screen_token = "tv-token"
    adventure.save(update_fields=["screen_token"])
    tv = html.unescape(Client().get(reverse("screen", args=["tv-token"])).content.decode())
    phone = html.unescape(player_client(typed["ada"]).get(typed["url"]).content.decode())
    for page in (tv, phone):
        assert "<strong>Ada</strong> notices: a torn press badge glints on the floor" in page
        assert "<strong>Sam Okafor</strong> crouches by the window" in page
        assert "sees a torn press badge glints" not in page
    # The latest Gamble on the TV: a thing the player typed is quoted, not "tries to a leap".
    assert "<strong>Sam Okafor</strong> goes for “A leap of faith”" in tv
    # Ada's own phone: what she looked into, a question quoted.
    assert "You investigated</strong> “Is the clerk lying?”: rolled 4" in phone


def test_the_recap_tells_them_whole(typed):
    from sessions.actions import legs

    legs.end_leg(typed["adventure"], typed["adventure"].director)
    body = Recap.objects.get().body
    # In the past, as the whole recap is told (the review: it slipped into the present).
    assert "Ada bluffed the foreman" in body
    assert "Sam searched their satchel for the map" in body
    assert "Sam crouched by the window." in body
    assert re.search(TRIED + "bluff the foreman", body)
    assert "went for “A leap of faith”" in body
    assert "took a closer look (“Is the clerk lying?”)" in body
    for garbled in ("set out to ada", "set out to Ada", "set out to i ", "look at is the"):
        assert garbled not in body
    # Only the app's own lead-in and close end in "…": nothing typed is cut.
    assert body.count("…") == 2
    assert body.endswith("To be continued…")
