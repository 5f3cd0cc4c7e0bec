"""A fresh-eyes review: a Leg's +1d6 Lucky Saves told the cap only sometimes. In Leg 1 the
log read "Ada Quill: Lucky Saves 5 → 6" after a typed die of 3, the cap unsaid; in Leg 2
"stay at 6 (at most 6)". Every line says the cap wherever it ate some of the roll, the app's
roll or one by hand, in the same words."""

import html

import pytest

from characters.models import Character
from sessions.actions import legs
from sessions.models import Adventure, Leg, RealDice
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db


def _start_next_leg(director, playing, saves: tuple[int, int], **faces) -> str:
    """End Leg 1 and start Leg 2, Sam and Ada holding ``saves``; the log's words."""
    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    legs.end_leg(adventure, adventure.director)
    second = Leg.objects.create(adventure=adventure, position=2, title="The Brass Jack")
    Character.objects.filter(pk=sam.pk).update(lucky_saves=saves[0])
    Character.objects.filter(pk=ada.pk).update(lucky_saves=saves[1])
    data = {"leg": second.pk} | {f"faces-{playing[who].pk}": face for who, face in faces.items()}
    with use_dice(LoadedDice([3, 3])):
        assert director.post(playing["url"] + "leg/start/", data, headers=HTMX).status_code == 200
    return " ".join(html.unescape(director.get(playing["url"]).content.decode()).split())


def test_the_apps_roll_says_the_cap_whether_the_saves_rose_or_stayed(director, playing):
    log = _start_next_leg(director, playing, (6, 5))
    assert "Sam Okafor rolled 3: Lucky Saves stay at 6 (at most 6)." in log
    assert "Ada rolled 3: Lucky Saves 5 → 6 (at most 6)." in log


def test_a_typed_roll_says_the_cap_and_the_roll_once(director, playing):
    """The roll by hand is told once, in the summary (a fresh-eyes evening read "Sam rolled by
    hand …: 4. Sam: Lucky Saves stay at 6 (rolled 4; at most 6)." as the same roll twice)."""
    Adventure.objects.update(real_dice=RealDice.EITHER)
    log = _start_next_leg(director, playing, (6, 5), ada="3", sam="2")
    assert "Ada rolled by hand (typed in by the Director): 3." in log
    assert "Ada: Lucky Saves 5 → 6 (at most 6)." in log
    assert "Sam Okafor: Lucky Saves stay at 6 (at most 6)." in log
    assert "(rolled " not in log


def test_a_roll_the_cap_left_whole_says_no_cap(director, playing):
    Adventure.objects.update(real_dice=RealDice.EITHER)
    log = _start_next_leg(director, playing, (1, 3), ada="3")
    assert "Ada: Lucky Saves 3 → 6." in log
    assert "Sam Okafor rolled 3: Lucky Saves 1 → 4." in log
    assert "at most" not in log
