"""The enemies' turn sent with every box of Peril at 0 (as drawn) is asked about before it goes
by: "No Peril from the enemies this round?". Only "Yes, none" lets it through with no Peril;
a share typed goes through at once, as before."""

import pytest

from sessions.models import Danger, TableEvent, Tumult
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def fighting(director, playing):
    """A Tumult under way against Brass Jack, shown to the table."""
    Danger.objects.all().delete()
    url = playing["url"]
    director.post(url + "dangers/add/", {"name": "Brass Jack", "template": "lieutenant"})
    jack = Danger.objects.get(name="Brass Jack")
    director.post(url + "dangers/reveal/", {"danger": jack.pk, "revealed": "1"})
    director.post(url + "tumult/start/", {"part": "director-tumult"}, headers=HTMX)
    assert Tumult.objects.exists()
    return jack


def _enemies(director, playing, jack, share="0", **extra):
    data = {
        "part": "director-tumult",
        "tool": "enemies",
        "peril-asked": "1",
        f"split-{jack.pk}-{playing['sam'].pk}": share,
    } | extra
    return director.post(playing["url"] + "tumult/enemies/", data, headers=HTMX)


def test_the_boxes_are_drawn_at_0(director, playing, fighting):
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    name = f'name="split-{fighting.pk}-{playing["sam"].pk}"'
    assert name in panel
    box = panel[panel.index(name) :].split(">", 1)[0]
    assert 'value="0"' in box
    assert "No Peril from the enemies this round?" in panel  # the question, closed


def test_every_box_at_0_asks_first_and_nothing_happens(director, playing, fighting):
    response = _enemies(director, playing, fighting)
    assert response.status_code == 409
    html = response.content.decode()
    assert 'id="tumult-no-peril-confirm"' in html
    assert "data-ask-again" in html
    assert not TableEvent.objects.filter(kind="enemies_turn").exists()
    assert Tumult.objects.get().state.phase == "players"


def test_yes_none_lets_the_turn_go_by_with_no_peril(director, playing, fighting):
    assert _enemies(director, playing, fighting, **{"no-peril": "1"}).status_code == 200
    event = TableEvent.objects.get(kind="enemies_turn")
    assert "No Peril this time" in event.summary
    playing["sam"].refresh_from_db()
    assert playing["sam"].peril == 0


def test_a_share_typed_goes_through_at_once(director, playing, fighting):
    assert _enemies(director, playing, fighting, share="2").status_code == 200
    playing["sam"].refresh_from_db()
    assert playing["sam"].peril == 2
