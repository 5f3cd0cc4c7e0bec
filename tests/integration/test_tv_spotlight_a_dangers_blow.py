"""A fresh-eyes TV: the Director dealt Sam Peril from a Danger and the room saw nothing; a hero's
Peril is a moment the room should see. A Danger's blow takes the spotlight: who strikes (an
unseen enemy for a hidden one), with what, whom, how much Peril, and the hero's Peril now.
Peril the Director gives for a reason of their own stays news for the board."""

import re

import pytest
from django.test import Client

from characters.models import Character
from sessions.models import Adventure, Danger
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def _spotlight(director, playing) -> str:
    """The TV's moment, in words (tags and runs of space gone), or "" when none is up."""
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    tv = Client().get(f"/screen/{Adventure.objects.get().screen_token}/").content.decode()
    if 'aria-label="The moment"' not in tv:
        return ""
    start = tv.index('aria-label="The moment">') + len('aria-label="The moment">')
    moment = tv[start : tv.index("</section>", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", moment)).strip()


def _peril(director, playing, delta, reason, **more):
    data = {"character": playing["sam"].pk, "delta": delta, "reason": reason} | more
    assert director.post(playing["url"] + "peril/", data, headers=HTMX).status_code == 200


def _dockhands(revealed=True) -> Danger:
    dockhands = Danger.objects.get(name__startswith="Dockhands")
    Danger.objects.filter(pk=dockhands.pk).update(
        name="Dockhands", danger_rating=2, revealed=revealed
    )
    return dockhands


def test_a_dangers_blow_takes_the_spotlight(director, playing):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=1)
    dockhands = _dockhands()
    _peril(director, playing, 2, f"danger-{dockhands.pk}", detail="a thrown crate")
    spotlight = _spotlight(director, playing)
    assert spotlight.startswith("Dockhands strike! A thrown crate")
    assert "Sam Okafor takes Peril +2" in spotlight
    assert "Peril now 3 of 6." in spotlight


def test_the_track_picks_out_the_peril_just_taken(director, playing):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=1)
    _peril(director, playing, 2, f"danger-{_dockhands().pk}")
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    tv = Client().get(f"/screen/{Adventure.objects.get().screen_token}/").content.decode()
    track = re.search(r'<ol class="track track-peril spot-track"[^>]*>(.*?)</ol>', tv).group(1)
    boxes = re.findall(r'<li class="([^"]*)">', track)
    assert boxes == ["filled", "filled fresh", "filled fresh", "", "", ""]


def test_a_hidden_danger_strikes_unnamed_on_the_tv(director, playing):
    _peril(director, playing, 1, f"danger-{_dockhands(revealed=False).pk}")
    spotlight = _spotlight(director, playing)
    assert spotlight.startswith("An unseen enemy strikes!")
    assert "Sam Okafor takes Peril +1" in spotlight
    assert "Dockhands" not in spotlight


def test_the_directors_own_peril_is_no_moment(director, playing):
    _peril(director, playing, 1, "environment")
    assert _spotlight(director, playing) == ""


def test_a_dangers_blow_that_knocks_out_is_the_knockout(director, playing):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=5)
    _peril(director, playing, 2, f"danger-{_dockhands().pk}")
    spotlight = _spotlight(director, playing)
    assert spotlight.startswith("KNOCKOUT! Peril from Dockhands: Sam Okafor is out")
    assert "takes Peril" not in spotlight


def test_the_directors_stage_line_says_the_blow(director, playing):
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    _peril(director, playing, 1, f"danger-{_dockhands().pk}")
    page = director.get(playing["url"]).content.decode()
    assert "A Danger strikes Sam Okafor" in page
