"""The Director's Peril grid in a Tumult (a fresh-eyes cockpit): every bad box is refused at
once, each with the range it takes beside it, nothing doled out; each box takes 0 to its
enemy's Danger Rating, as the rules do."""

import html
import re

import pytest

from characters.models import Character
from sessions.models import Danger, TableEvent
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def fight(director, playing):
    Danger.objects.all().delete()
    url = playing["url"]
    director.post(url + "dangers/add/", {"name": "Brass Jack", "template": "lieutenant"})
    director.post(url + "dangers/add/", {"name": "Dock Thug", "template": "minion"})
    director.post(url + "tumult/start/")
    return playing | {
        "jack": Danger.objects.get(name="Brass Jack"),
        "thug": Danger.objects.get(name="Dock Thug"),
    }


def _peril(character) -> int:
    return Character.objects.get(pk=character.pk).peril


def _box(page: str, danger, hero) -> str:
    return re.search(rf'<input[^>]*name="split-{danger.pk}-{hero.pk}"[^>]*>', page).group(0)


def test_each_box_takes_no_more_than_its_danger_rating(director, fight):
    page = director.get(fight["url"]).content.decode()
    jack_box = _box(page, fight["jack"], fight["sam"])
    thug_box = _box(page, fight["thug"], fight["ada"])
    assert 'min="0"' in jack_box
    assert 'max="3"' in jack_box
    assert 'min="0"' in thug_box
    assert 'max="1"' in thug_box


def test_two_bad_boxes_under_two_enemies_are_both_said_and_nothing_is_doled_out(director, fight):
    jack, thug, sam, ada = fight["jack"], fight["thug"], fight["sam"], fight["ada"]
    before = TableEvent.objects.count()
    refused = director.post(
        fight["url"] + "tumult/enemies/",
        {
            "part": "director-tumult",
            "tool": "enemies",
            "peril-asked": "1",
            f"split-{jack.pk}-{sam.pk}": "20",
            f"split-{jack.pk}-{ada.pk}": "0",
            f"split-{thug.pk}-{sam.pk}": "0",
            f"split-{thug.pk}-{ada.pk}": "lots",
        },
        headers=HTMX,
    )
    assert refused.status_code == 409
    page = html.unescape(refused.content.decode())
    # Both enemies' boxes, each marked, its reason (the range it takes) beside it.
    jack_box, thug_box = _box(page, jack, sam), _box(page, thug, ada)
    assert 'aria-invalid="true"' in jack_box
    assert 'value="20"' in jack_box
    assert 'aria-invalid="true"' in thug_box
    assert 'value="lots"' in thug_box
    assert "aria-invalid" not in _box(page, jack, ada)
    jack_why = re.search(rf'id="split-{jack.pk}-{sam.pk}-error">([^<]*)<', page).group(1)
    thug_why = re.search(rf'id="split-{thug.pk}-{ada.pk}-error">([^<]*)<', page).group(1)
    assert jack_why == "A whole number from 0 to 3: the Danger Rating is 3."
    assert thug_why == "A whole number from 0 to 1: the Danger Rating is 1."
    # The summary by the button names both enemies.
    assert "Brass Jack: A whole number from 0 to 3" in page
    assert "Dock Thug: A whole number from 0 to 1" in page
    assert (_peril(sam), _peril(ada)) == (0, 0)
    assert TableEvent.objects.count() == before


def test_a_column_over_its_rating_is_said_under_it_with_the_other_bad_box(director, fight):
    jack, thug, sam, ada = fight["jack"], fight["thug"], fight["sam"], fight["ada"]
    refused = director.post(
        fight["url"] + "tumult/enemies/",
        {
            f"split-{jack.pk}-{sam.pk}": "2",
            f"split-{jack.pk}-{ada.pk}": "2",
            f"split-{thug.pk}-{sam.pk}": "-1",
        },
        headers=HTMX,
    )
    assert refused.status_code == 409
    page = html.unescape(refused.content.decode())
    over = re.search(rf'id="peril-total-{jack.pk}">([^<]*)<', page).group(1)
    assert over == (
        "That's 4 Peril shared out, but the Danger Rating is 3 — an enemy doles out 3 at most."
    )
    assert f'aria-describedby="peril-total-{jack.pk}"' in _box(page, jack, sam)
    assert 'aria-invalid="true"' in _box(page, thug, sam)
    assert (_peril(sam), _peril(ada)) == (0, 0)


def test_a_good_grid_still_doles_out_every_enemys_peril(director, fight):
    jack, thug, sam, ada = fight["jack"], fight["thug"], fight["sam"], fight["ada"]
    done = director.post(
        fight["url"] + "tumult/enemies/",
        {f"split-{jack.pk}-{sam.pk}": "3", f"split-{thug.pk}-{ada.pk}": "1"},
        headers=HTMX,
    )
    assert done.status_code == 200
    assert (_peril(sam), _peril(ada)) == (3, 1)
