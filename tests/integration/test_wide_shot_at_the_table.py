"""The Wide Shot during play: the Director reframes it and puts questions to players, each
hero adds one detail, and a locked board is canon."""

import pytest

from sessions.models import TableEvent, WideShot, WideShotDetail
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
