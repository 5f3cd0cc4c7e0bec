"""A Danger prepared at a Key Location and put out there in one Scene stays out in the next
Scene there; when that Scene's framing names it ("Who: The Clockwork Guardian and Dock Thugs"),
the TV said both ("Out of the picture: Clockwork Guardian"). The Director's Dangers now ask
whether it is back, and a tap brings it back into play."""

import pytest

from sessions.models import Adventure, Danger, KeyLocation, Scene, TableEvent
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

ASKS = "This Scene's framing names"


@pytest.fixture
def clocktower(director, playing):
    """The Guardian and the Dock Thugs, prepared at the Harbourmaster's Office, put out there
    in the first Scene; the next Scene there frames them again."""
    office = KeyLocation.objects.get()
    guardian, thugs = (
        Danger.objects.create(key_location=office, name=name, revealed=True)
        for name in ("Clockwork Guardian", "Dock Thugs")
    )
    for foe in (guardian, thugs):
        assert (
            director.post(
                playing["url"] + "dangers/success/", {"danger": foe.pk}, headers=HTMX
            ).status_code
            == 200
        )
    Danger.objects.filter(name__startswith="Dockhands").delete()
    assert director.post(playing["url"] + "scene/end/", headers=HTMX).status_code == 200
    scene = Scene.objects.get(status=Scene.Status.PLANNED)
    Scene.objects.filter(pk=scene.pk).update(
        beat="Up the Clocktower Stairs",
        key_location=office,
        framing_who="The Clockwork Guardian and Dock Thugs",
    )
    started = director.post(playing["url"] + "scene/start/", {"scene": scene.pk}, headers=HTMX)
    assert started.status_code == 200
    return guardian, thugs


def _screen(director, playing) -> str:
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    return f"/screen/{Adventure.objects.get().screen_token}/"


def test_the_director_is_asked_whether_the_dangers_the_new_scene_names_are_back(
    director, playing, clocktower
):
    page = director.get(playing["url"]).content.decode()
    assert ASKS in page
    assert "<strong>Clockwork Guardian</strong> and <strong>Dock Thugs</strong>" in page
    assert 'aria-label="Bring back Clockwork Guardian into play"' in page


def test_bringing_a_danger_back_puts_it_in_the_picture_on_every_screen(
    director, playing, clocktower
):
    guardian, _thugs = clocktower
    tv = director.get(_screen(director, playing)).content.decode()
    assert "Out of the picture:" in tv
    response = director.post(
        playing["url"] + "dangers/back/", {"danger": guardian.pk}, headers=HTMX
    )
    assert response.status_code == 200
    assert Danger.objects.get(pk=guardian.pk).successes == 0
    assert TableEvent.objects.first().summary == "Back in the picture: Clockwork Guardian!"
    tv = director.get(_screen(director, playing)).content.decode()
    out_line = tv.partition("Out of the picture:</span>")[2].partition("</li>")[0]
    assert "Dock Thugs" in out_line
    assert "Clockwork Guardian" not in out_line
    assert "0 of 1 success" in tv
    # A hero may aim a Gamble at it again; and the Director is asked now of the Thugs alone.
    assert (
        "Clockwork Guardian" in player_client(playing["sam"]).get(playing["url"]).content.decode()
    )
    page = director.get(playing["url"]).content.decode()
    assert "names <strong>Dock Thugs</strong>, out of the picture" in page


def test_a_danger_put_out_in_this_scene_is_not_asked_about(director, playing, clocktower):
    guardian, thugs = clocktower
    director.post(playing["url"] + "dangers/back/", {"danger": guardian.pk})
    director.post(playing["url"] + "dangers/back/", {"danger": thugs.pk})
    assert ASKS not in director.get(playing["url"]).content.decode()
    director.post(playing["url"] + "dangers/success/", {"danger": guardian.pk})  # out again
    page = director.get(playing["url"]).content.decode()
    assert Danger.objects.get(pk=guardian.pk).is_out
    assert ASKS not in page


def test_a_danger_still_in_the_picture_is_not_brought_back(director, playing, clocktower):
    guardian, _thugs = clocktower
    director.post(playing["url"] + "dangers/back/", {"danger": guardian.pk})
    again = director.post(playing["url"] + "dangers/back/", {"danger": guardian.pk}, headers=HTMX)
    assert again.status_code == 409
    assert "still in the picture" in again.content.decode()
    assert TableEvent.objects.filter(kind="danger_back").count() == 1


def test_a_hidden_danger_brought_back_leaves_no_line_for_the_cast(director, playing, clocktower):
    guardian, _thugs = clocktower
    Danger.objects.filter(pk=guardian.pk).update(revealed=False)
    director.post(playing["url"] + "dangers/back/", {"danger": guardian.pk}, headers=HTMX)
    assert Danger.objects.get(pk=guardian.pk).successes == 0
    assert TableEvent.objects.first().kind == "hidden_danger_back"
    assert "hidden Danger" not in player_client(playing["sam"]).get(playing["url"]).content.decode()


def test_only_the_director_brings_a_danger_back(director, playing, clocktower):
    guardian, _thugs = clocktower
    sam = player_client(playing["sam"])
    assert sam.post(playing["url"] + "dangers/back/", {"danger": guardian.pk}).status_code == 404
    assert Danger.objects.get(pk=guardian.pk).is_out
    assert director.get(playing["url"] + "dangers/back/").status_code == 405
