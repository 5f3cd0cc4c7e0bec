"""A fresh-eyes review: the villain was "Countess Verity Ashgrove", a Key Location not yet
visited "The Ashgrove Mansion" (with "The Ferocious Mechanical Hound of the Ashgrove Estate
Kennels" set in sight there), and the crib's clue "The brass key bears the Ashgrove crest" was
offered for everyone's log with no warning: the Hound, waiting unseen at the Mansion, made
"Ashgrove" a word the players knew. A Danger at a place not yet visited is seen only once the
Cast gets there, and a place not yet visited is named by a word of it written as a name."""

import pytest

from sessions import hidden
from sessions.models import Danger, KeyLocation, Leg, Scene, TableEvent
from sessions.parts.crib import line_key
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

VILLAIN = "Countess Verity Ashgrove"
HOUND = "The Ferocious Mechanical Hound of the Ashgrove Estate Kennels"
CLUE = "The brass key bears the Ashgrove crest"
KEY = line_key("clue", CLUE)


def _mark(label: str) -> str:
    return f'<mark class="tell-secret" title="{label}">Ashgrove<span'


@pytest.fixture
def table(playing):
    """The table under way at its first Key Location; the Ashgrove Mansion still ahead, its
    Hound in sight there; the clue among the Leg's own."""
    adventure = playing["adventure"]
    adventure.villain = VILLAIN
    adventure.save()
    leg = Leg.objects.get()
    leg.clues = CLUE
    leg.save()
    mansion = KeyLocation.objects.create(leg=leg, position=2, name="The Ashgrove Mansion")
    Danger.objects.create(key_location=mansion, name=HOUND, template="lieutenant", revealed=True)
    return playing | {"leg": leg, "mansion": mansion}


def _narrations() -> list[str]:
    return list(TableEvent.objects.filter(kind="narration").values_list("summary", flat=True))


def _post_clue(director, table, **data):
    url = table["url"] + "crib/post/"
    return director.post(url, {"line": KEY, "part": "crib", **data}, headers=HTMX)


def _found(table, text: str = CLUE) -> list[hidden.Hidden]:
    """What the line names, the clue itself aside (no secret in its own post)."""
    return hidden.find(table["adventure"], text, skip=[f"clue-{KEY}"])


def test_the_clue_naming_the_villains_surname_is_marked_and_waits(director, table):
    html = _post_clue(director, table).content.decode()
    assert "Careful: this gives away something the players haven't been told." in html
    assert _mark("The villain") in html
    assert f"<strong>{VILLAIN}</strong>: the villain" in html
    assert _narrations() == []
    # Posted as it is only once the Director says so.
    choice = "choice-" + _found(table)[0].key
    _post_clue(director, table, confirm="1", note=CLUE, **{choice: "say"})
    assert _narrations() == [f"Clue: {CLUE}"]


def test_a_place_not_yet_visited_is_named_by_its_proper_word(director, table):
    table["adventure"].villain = ""
    table["adventure"].save()
    html = _post_clue(director, table).content.decode()
    assert _mark("A Key Location they haven&#x27;t visited") in html
    assert _narrations() == []
    line = "Clue: The brass key bears somewhere crest"
    choice = "choice-" + _found(table)[0].key
    _post_clue(director, table, confirm="1", note=CLUE, **{choice: "out"})
    assert _narrations() == [line]


def test_its_plain_words_said_plainly_name_nothing(table):
    adventure = table["adventure"]
    assert hidden.find(adventure, "Lights burn in the mansion on the hill") == []
    found = hidden.find(adventure, "Lights burn in the Ashgrove Mansion")
    assert [(h.kind, h.name) for h in found] == [("place", "The Ashgrove Mansion")]


def test_a_danger_in_sight_at_a_place_not_yet_visited_is_still_hidden(table):
    found = hidden.find(table["adventure"], "A mechanical hound bays in the dark")
    assert [(h.kind, h.name) for h in found] == [("danger", HOUND)]


def test_once_the_cast_has_been_to_the_mansion_ashgrove_is_known(table):
    Scene.objects.create(
        leg=table["leg"], position=3, beat="The ball", key_location=table["mansion"],
        status=Scene.Status.DONE,
    )  # fmt: skip
    assert _found(table) == []
    assert hidden.find(table["adventure"], "A mechanical hound bays in the dark") == []
