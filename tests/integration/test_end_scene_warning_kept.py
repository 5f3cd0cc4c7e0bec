"""The Director pressed End Scene while Sam had a Gamble open: asked to wait or end anyway,
while Sam's phone says "lock in now, the Scene is ending". The question stays however the
Director's page is drawn (a reload, a live redraw) for as long as Sam's warned Gamble is open
(the review: a reload dropped it for a plain "End Scene" while the phone still warned); once
it is locked in, the plain button is back. The Director's pacing hears both moments live."""

import pytest

from sessions.models import Gamble, TableEvent
from sessions.parts import PARTS
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

WARNING = "Sam Okafor still has a Gamble open"
LOCK = "Lock them in and end the Scene"


def _pacing(director, playing) -> tuple[str, str]:
    """The Director's pacing as a live redraw draws it, and the whole page as a reload does."""
    part = director.get(playing["url"] + "part/director-pacing/", headers=HTMX)
    page = director.get(playing["url"])
    assert part.status_code == page.status_code == 200
    return part.content.decode(), page.content.decode()


def _heard_by_pacing(event: TableEvent) -> bool:
    return bool(PARTS["director-pacing"].topics & set(event.topics))


def test_the_end_scene_question_outlives_a_reload_till_the_gamble_is_locked(director, playing):
    sam = playing["sam"]
    phone = player_client(sam)
    with use_dice(LoadedDice([6])):
        phone.post(playing["url"] + f"roll/{sam.pk}/", gamble_form("warned-0001"), headers=HTMX)
    part, page = _pacing(director, playing)
    assert WARNING not in part  # nobody warned yet: the plain button
    assert WARNING not in page
    ended = director.post(
        playing["url"] + "scene/end/",
        {"part": "director-pacing", "tool": "end-scene"},
        headers=HTMX,
    )
    assert ended.status_code == 409
    assert _heard_by_pacing(TableEvent.objects.filter(kind="scene_end_warned").get())

    part, page = _pacing(director, playing)
    for drawn in (part, page):
        assert drawn.count(WARNING) == 1
        assert LOCK in drawn
        assert ">End Scene</button>" not in drawn

    gamble = Gamble.objects.get()
    phone.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    assert Gamble.objects.get().locked
    assert _heard_by_pacing(TableEvent.objects.filter(kind="gamble_locked").get())
    part, page = _pacing(director, playing)
    for drawn in (part, page):
        assert WARNING not in drawn
        assert LOCK not in drawn
        assert ">End Scene</button>" in drawn
