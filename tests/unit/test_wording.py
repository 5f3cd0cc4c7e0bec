"""Words the table typed, joined into a sentence: "Ada sees a brass key", never "Ada sees A
brass key"; a name keeps its capital."""

import pytest

from sessions.wording import mid_sentence, third_person


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("A brass key", "a brass key"),
        ("An oil lamp, still warm", "an oil lamp, still warm"),
        ("The gulls circling the barge", "the gulls circling the barge"),
        ("Some footprints in the soot", "some footprints in the soot"),
        ("Two crates stamped in Vienna", "two crates stamped in Vienna"),
        ("a brass key", "a brass key"),
    ],
)
def test_a_leading_determiner_loses_its_capital(typed, read):
    assert mid_sentence(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "Baron Vex's coat on the hook",  # a name
        "The Hague's seal on the letter",  # a name that starts with "The"
        "A",  # nothing after it to tell
        "THE CLOCK IS TICKING",  # shouted: left as typed
        "Anvil's hammer by the door",  # a word that starts like "An"
        "",
    ],
)
def test_anything_else_keeps_its_capital(typed):
    assert mid_sentence(typed) == typed


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("Bluff the guard", "bluff the guard"),  # a stated action: "Ada tries to bluff…"
        ("Bluff", "bluff"),
        ("Wet bootprints", "wet bootprints"),  # a Wide Shot detail: "Sam sees wet…"
        ("Follow Vex to the docks", "follow Vex to the docks"),  # a verb, then a known name
        ("A Vex agent", "a Vex agent"),
        ("The torn ledger stubs", "the torn ledger stubs"),
    ],
)
def test_a_first_word_that_is_no_name_loses_its_capital(typed, read):
    assert mid_sentence(typed, ["Vex", "Ada Sterling"]) == read


@pytest.mark.parametrize(
    "typed",
    [
        "I think it's a trap",
        "I'm sure of it",
        "NASA crates on the quay",  # an acronym
        "Vex waits by the door",  # a name the app knows
        "Ada's notebook",
        "Sterling silver on the table",  # a word of a known name
        "Old Tom by the fire",  # a name of several words
        "Baron Vex's coat",  # a title before a known name
    ],
)
def test_a_name_an_acronym_or_i_keeps_its_capital(typed):
    assert mid_sentence(typed, ["Vex", "Ada Sterling"]) == typed


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("Search my satchel for the map", "Search their satchel for the map"),
        ("get us out before I drown", "get them out before they drown"),
        ("My turn, I'm ready", "Their turn, they're ready"),
        ("say “my friend” to the guard", "say “my friend” to the guard"),  # quoted: as said
        ("Mystify the mynah bird", "Mystify the mynah bird"),  # no whole word of the first person
    ],
)
def test_a_players_own_words_are_told_of_their_hero(typed, told):
    assert third_person(typed) == told
