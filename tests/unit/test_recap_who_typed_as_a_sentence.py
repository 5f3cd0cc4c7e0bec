"""The recap's words for a Scene's Who (a fresh-eyes recap read "…with Mrs. Haddow waits at the
door on hand": the Director's sentence pasted into the recap's own). A Who that names who was
there is woven in; a Who that says something of them stands as a sentence of its own."""

import pytest

from sessions.recaps.framing import a_statement, opening
from sessions.recaps.writer import Chapter, Told, write

SENTENCE = "Mrs. Haddow waits at the door"


@pytest.mark.parametrize(
    "who",
    [
        SENTENCE,
        "Mrs. Haddow waits at the door.",
        "The clerk watches",
        "Tom is asleep upstairs",
        "Old Tom watches the door, a lamp in hand",
    ],
)
def test_a_who_that_says_something_is_a_statement(who):
    assert a_statement(who)


@pytest.mark.parametrize(
    "who",
    [
        "Mrs. Haddow",
        "Old Tom",
        "Pillai",
        "the night guard",
        "A nervous clerk",
        "Mr Pillai and two porters",
        "the thief and the crowd",
        "Porters, a crane man",
        "Everyone, fresh off the tram chase",
        "Dockhands",
    ],
)
def test_a_who_that_names_who_was_there_is_no_statement(who):
    assert not a_statement(who)


@pytest.mark.parametrize(
    ("where", "what", "told"),
    [
        (
            "The office",
            "Investigate the stopped clock",
            "At the office, the Cast set out to investigate the stopped clock. "
            "Who was there: Mrs. Haddow waits at the door.",
        ),
        (
            "The office",
            "",
            "The Cast found themselves at the office. "
            "Who was there: Mrs. Haddow waits at the door.",
        ),
        (
            "",
            "Investigate the stopped clock",
            "The Cast set out to investigate the stopped clock. "
            "Who was there: Mrs. Haddow waits at the door.",
        ),
        ("", "", "Who was there: Mrs. Haddow waits at the door."),
        (
            "",
            "A rooftop chase",
            "A rooftop chase was afoot. Who was there: Mrs. Haddow waits at the door.",
        ),
        (
            "The office",
            "A ledger goes missing",
            "The Cast found themselves at the office. The Director set the scene: “A ledger "
            "goes missing.” Who was there: Mrs. Haddow waits at the door.",
        ),
    ],
)
def test_a_who_typed_as_a_sentence_stands_as_its_own(where, what, told):
    assert opening(where, what, SENTENCE) == told
    assert opening(where, what, SENTENCE + ".") == told  # its stop kept once


@pytest.mark.parametrize(
    ("where", "what", "told"),
    [
        (
            "The office",
            "Investigate the stopped clock",
            "At the office, the Cast set out to investigate the stopped clock, with Mrs. Haddow "
            "on hand.",
        ),
        ("The office", "", "The Cast found themselves at the office, with Mrs. Haddow on hand."),
        ("", "", "The Cast met Mrs. Haddow."),
        ("", "A rooftop chase", "A rooftop chase was afoot. The Cast met Mrs. Haddow."),
    ],
)
def test_a_who_that_is_a_name_is_woven_in(where, what, told):
    assert opening(where, what, "Mrs. Haddow") == told


def test_the_recap_of_a_scene_never_pastes_a_sentence_into_its_own():
    scene = Told(beat="The stopped clock", where="The office", what="Investigate the clock",
                 who=SENTENCE)  # fmt: skip
    text = write(Chapter(adventure="The Clockwork Monsoon", cast=("Ada",), scenes=(scene,)))
    assert "on hand" not in text
    assert "with Mrs. Haddow waits" not in text
    assert "Who was there: Mrs. Haddow waits at the door." in text
    named = Told(beat="The stopped clock", where="The office", who="Mrs. Haddow")
    assert "with Mrs. Haddow on hand." in write(
        Chapter(adventure="The Clockwork Monsoon", cast=("Ada",), scenes=(named,))
    )
