"""The Wide Shot during play: the Director reframes it and puts questions to players, each
hero adds one detail, and a locked board is canon."""

import re
from html import unescape

import pytest

from sessions import live, parts
from sessions.models import TableEvent, WideShot, WideShotDetail
from sessions.viewer import Viewer
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def test_the_director_reframes_the_board_and_puts_a_question_to_one_player(director, playing):
    response = director.post(
        playing["url"] + "wideshot/edit/",
        {
            "opening": "Rain hammers the tin roof.",
            "questions": "@Ada: what is on the desk?\nWho else is here?\n@ada what smells odd?",
        },
        headers=HTMX,
    )
    assert response.status_code == 200
    board = WideShot.objects.get()
    ada = playing["ada"].pk
    assert board.opening == "Rain hammers the tin roof."
    assert board.questions == [
        {"text": "what is on the desk?", "to": ada},
        {"text": "Who else is here?", "to": None},
        {"text": "what smells odd?", "to": ada},
    ]
    assert TableEvent.objects.first().summary == "The Director reframes the Wide Shot."
    page = (
        player_client(playing["sam"]).get(playing["url"] + "part/wideshot-board/").content.decode()
    )
    assert "<strong>Ada:</strong> what is on the desk?" in page


def test_a_player_cannot_reframe_the_board(playing):
    response = player_client(playing["sam"]).post(
        playing["url"] + "wideshot/edit/", {"opening": "Mine now"}, headers=HTMX
    )
    assert response.status_code == 404
    assert "Mine now" not in WideShot.objects.get().opening


def test_a_locked_board_is_canon_and_refuses_new_details(director, playing):
    sam = player_client(playing["sam"])
    url = playing["url"] + f"wideshot/{playing['sam'].pk}/"
    assert sam.post(url, {"text": "a bloodied ledger"}, headers=HTMX).status_code == 200
    director.post(playing["url"] + "wideshot/lock/", {"locked": "1"}, headers=HTMX)
    assert WideShot.objects.get().locked
    assert "now canon" in TableEvent.objects.first().summary
    refused = sam.post(url, {"text": "a hidden door"}, headers=HTMX)
    assert refused.status_code == 409
    assert "locked this Wide Shot" in refused.content.decode()
    # What Sam typed, kept to read; locked, no form to fill any more.
    assert "Not added, the Wide Shot is locked: “a hidden door”" in refused.content.decode()
    assert 'name="text"' not in refused.content.decode()
    page = sam.get(playing["url"] + "part/wideshot/").content.decode()
    assert 'name="text"' not in page
    assert "Change my detail" not in page
    assert "a bloodied ledger" in page  # Sam's detail, read-only in the board
    assert WideShotDetail.objects.get().text == "a bloodied ledger"
    director.post(playing["url"] + "wideshot/lock/", {"locked": "0"}, headers=HTMX)
    assert sam.post(url, {"text": "a hidden door"}, headers=HTMX).status_code == 200
    assert WideShotDetail.objects.get().text == "a hidden door"


def test_a_knocked_out_hero_adds_nothing(playing):
    type(playing["sam"]).objects.filter(pk=playing["sam"].pk).update(incapacitated=True)
    url = playing["url"] + f"wideshot/{playing['sam'].pk}/"
    refused = player_client(playing["sam"]).post(url, {"text": "stars"}, headers=HTMX)
    assert refused.status_code == 409
    assert not WideShotDetail.objects.exists()


def _detail_form(html: str, hero) -> str:
    """The hero's detail form as drawn, without its CSRF token (a fresh one each drawing)."""
    start = html.index(f'/table/wideshot/{hero.pk}/" hx-post=')
    form = html[html.rindex("<form", 0, start) : html.index("</form>", start)]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", form)


def test_a_sent_detail_fills_the_input_and_the_button_reads_as_after_a_live_redraw(playing):
    """The answer to the tap draws nothing: the sender's own form comes with the event, drawn
    for them alone, as any live redraw draws it. (Drawn in the answer too, the board in it was
    the table before the next player's detail, when that one's event came first: Sam's detail
    gone from Ada's phone, there in the log.)"""
    sam = playing["sam"]
    client = player_client(sam)
    sent = client.post(
        playing["url"] + f"wideshot/{sam.pk}/", {"text": "a bloodied ledger"}, headers=HTMX
    )
    assert sent.status_code == 200
    assert sent.headers["HX-Reswap"] == "none"
    assert not sent.content
    event = TableEvent.objects.get(kind="wideshot_detail")
    listener = live.Listener(event.adventure_id, sam.owner_id)
    _table, drawn = live.drawing.draw_for(event.pk, {listener.audience: listener})
    own = drawn[listener.audience].decode()
    assert "a bloodied ledger" in own  # on the board
    form = _detail_form(re.sub(r"^data: ", "", own, flags=re.M), sam)
    assert "Change my detail" in form
    assert 'value="a bloodied ledger"' in form  # "Change my detail" edits the detail as it is
    page = client.get(playing["url"] + "part/wideshot/").content.decode()
    assert _detail_form(page, sam) == form


def test_the_same_detail_sent_twice_is_logged_once(playing):
    sam = playing["sam"]
    client = player_client(sam)
    url = playing["url"] + f"wideshot/{sam.pk}/"
    for text in ("a bloodied ledger", "a bloodied ledger", "a hidden door"):
        assert client.post(url, {"text": text}, headers=HTMX).status_code == 200
    lines = TableEvent.objects.filter(kind="wideshot_detail").order_by("pk")
    assert [e.summary for e in lines] == [
        "Sam Okafor sees a bloodied ledger.",
        "Sam Okafor looks again. Sam Okafor sees a hidden door.",
    ]


def test_a_knocked_out_hero_is_not_offered_the_wide_shot(director, playing):
    sam = playing["sam"]
    director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": 6, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    knockout = TableEvent.objects.get(kind="peril")
    assert knockout.data["knocked_out"]
    # The Knockout redraws Sam's Wide Shot part live, and his page reads the same.
    assert "wideshot" in parts.change([knockout]).names
    viewer = Viewer(playing["adventure"], sam.owner_id)
    live = dict(parts.drawn(viewer, parts.Change(frozenset({"wideshot"}))))["wideshot"]
    page = player_client(sam).get(playing["url"]).content.decode()
    for html in (live, page):
        said = "Knocked out! Sam Okafor is out for the rest of the Scene: nothing added to the"
        assert said in html
        assert f"/wideshot/{sam.pk}/" not in html


def test_back_at_a_key_location_every_screen_reads_what_the_cast_saw_there(director, playing):
    """A fresh-eyes reviewer saw the TV say "No Wide Shot" on a second visit to a Key
    Location: what the Cast saw there the first time is canon, read in the Wide Shot panel."""
    from sessions.actions import scenes

    sam = player_client(playing["sam"])
    sam.post(playing["url"] + f"wideshot/{playing['sam'].pk}/", {"text": "a bloodied ledger"})
    adventure, place = playing["adventure"], WideShot.objects.get().key_location
    scenes.add_scene_and_start(adventure, "Back to the archive", place, adventure.director)
    assert WideShot.objects.count() == 1  # a second visit paints no new picture
    for client in (director, sam):
        panel = unescape(client.get(playing["url"] + "part/wideshot-board/").content.decode())
        assert f"Back at {place.name}: what the Cast saw here before stands." in panel
        assert f"<strong>{playing['sam'].name}</strong> saw: a bloodied ledger" in panel
        assert "No Wide Shot" not in panel
    screen = Viewer(adventure, user_id=None, screen=True)
    drawn = parts.draw(screen, parts.PARTS["wideshot-board"])
    assert "saw: a bloodied ledger" in drawn
