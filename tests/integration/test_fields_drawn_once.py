"""The table's form fields not yet filled in are drawn once a process for every field of their
shape (`sessions.forms.drawn.DrawnOnce`): the pages come out exactly as drawn afresh, a field
that changed shape is drawn again, and a filled-in form is never kept."""

import re

import pytest

from sessions.forms import DangerEditForm, PerilForm
from sessions.forms.drawn import DrawnOnce, drawings
from sessions.models import Danger
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

# What differs between any two answers: the CSRF token (masked afresh) and the CSP nonce.
PER_ANSWER = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": "|nonce=")[^"]*')


def _page(client, url: str) -> str:
    return PER_ANSWER.sub(r"\1", client.get(url).content.decode())


def _both_ways(client, url: str, monkeypatch) -> tuple[str, str, str]:
    drawings.clear()
    first, kept = _page(client, url), _page(client, url)
    monkeypatch.setattr(DrawnOnce, "enabled", False)
    afresh = _page(client, url)
    monkeypatch.setattr(DrawnOnce, "enabled", True)
    return first, kept, afresh


def test_the_table_pages_are_drawn_as_afresh(director, playing, monkeypatch):
    sam = player_client(playing["sam"])
    url = playing["url"]
    for client in (sam, director):
        first, kept, afresh = _both_ways(client, url, monkeypatch)
        assert first == kept == afresh
    with use_dice(LoadedDice([6, 2])):
        response = sam.post(
            url + f"roll/{playing['sam'].pk}/", {"request_id": "request-0001"}, headers=HTMX
        )
    assert response.status_code == 200
    for client in (sam, director):
        first, kept, afresh = _both_ways(client, url, monkeypatch)
        assert first == kept == afresh
    assert drawings._drawn  # and something was kept


def test_a_field_of_another_shape_is_drawn_again(playing):
    cast = playing["adventure"].cast_characters()
    drawings.clear()
    before = str(PerilForm(cast=cast)["character"])
    assert "Ada" in before
    assert "Sam Okafor" in before
    assert str(PerilForm(cast=cast)["character"]) == before  # kept
    next(hero for hero in cast if hero.name == "Ada").incapacitated = True  # no Peril for her
    after = str(PerilForm(cast=cast)["character"])
    assert "Ada" not in after
    assert "Sam Okafor" in after
    danger = Danger.objects.get()
    name = DangerEditForm(danger=danger)["name"].as_field_group()
    danger.name = "Dockhands, <angrier>"
    renamed = DangerEditForm(danger=danger)["name"].as_field_group()
    assert renamed != name
    assert "Dockhands, &lt;angrier&gt;" in renamed


def test_a_filled_in_form_is_drawn_afresh_with_its_errors(playing):
    cast = playing["adventure"].cast_characters()
    drawings.clear()
    refused = PerilForm({"character": "999", "delta": "x", "reason": "?"}, cast=cast)
    assert not refused.is_valid()
    assert "errorlist" in refused["delta"].as_field_group()
    assert not drawings._drawn
