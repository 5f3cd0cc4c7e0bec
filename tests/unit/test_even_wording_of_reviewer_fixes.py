"""The fresh eyes' review of the wording: a player's capitals kept (a word of a known name is
no reason to capitalise a typed common noun), every Wide Shot detail told the same way, one
form for a player's own attempt, and a Danger named alone in the Director's "Peril for"."""

from types import SimpleNamespace

import pytest

from sessions.forms.director import danger_reasons
from sessions.retold import named
from sessions.templatetags.wording import attempting
from sessions.wording.gambles import attempt
from sessions.wording.typed import mid_sentence
from sessions.wording.wideshots import sight

NAMES = ["Brass Automaton", "Pillai", "Ada Quill", "Cleo Marchetti", "Sam Okafor"]


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("A brass footprint by the door", "Sam Okafor sees a brass footprint by the door"),
        ("Scorch marks on the wall", "Sam Okafor sees scorch marks on the wall"),
    ],
)
def test_a_typed_common_noun_keeps_the_players_letters(typed, told):
    assert sight("Sam Okafor", typed, NAMES) == told


def test_a_part_of_a_known_name_is_never_capitalised():
    assert named("a brass footprint", NAMES) == "a brass footprint"
    assert named("shoulder-charge the brass automaton", NAMES) == (
        "shoulder-charge the brass automaton"
    )
    told = attempt("Sam Okafor", "Shoulder-charge the brass automaton", NAMES)
    assert told == "Sam Okafor tries to shoulder-charge the brass automaton"


def test_a_whole_one_word_name_typed_lowercase_reads_as_the_director_wrote_it():
    assert named("pillai keeps glancing at the door", NAMES) == (
        "Pillai keeps glancing at the door"
    )
    assert attempt("Sam Okafor", "Bluff pillai", NAMES) == "Sam Okafor tries to bluff Pillai"
    assert mid_sentence("Pillai's ledger", NAMES) == "Pillai's ledger"


@pytest.mark.parametrize(
    "typed",
    [
        "A brass footprint by the door",
        "Scorch marks on the wall",
        "A torn press badge glints on the floor",
        "The door is ajar",
        "pillai keeps glancing at the door",
    ],
)
def test_every_wide_shot_detail_starts_with_the_hero_and_a_verb(typed):
    """The hero and a verb: "Cleo Marchetti sees …" (a thing), "Cleo Marchetti notices: …" (a
    clause), never "Cleo Marchetti: …"."""
    told = sight("Cleo Marchetti", typed, NAMES)
    assert told.startswith(("Cleo Marchetti sees ", "Cleo Marchetti notices: "))
    assert not told.startswith("Cleo Marchetti:")


def test_a_clause_is_seen_as_a_whole():
    told = sight("Cleo Marchetti", "A torn press badge glints on the floor", NAMES)
    assert told == "Cleo Marchetti notices: a torn press badge glints on the floor"
    told = sight("Cleo Marchetti", "pillai keeps glancing at the door", NAMES)
    assert told == "Cleo Marchetti notices: Pillai keeps glancing at the door"


@pytest.mark.parametrize(
    "typed",
    ["Bluff the guard", "Shoulder-charge the brass automaton", "I bluff the foreman", "Ugh"],
)
def test_a_players_own_attempt_always_reads_the_same_way(typed):
    told = attempting(typed, NAMES)
    assert told == f"Attempting: “{typed}”"


def test_a_danger_is_named_alone_in_peril_for():
    """Under "From a Danger of this Scene", a Danger reads by its name alone (a long one took
    three lines with "strikes (hidden)"); a hidden one still says so."""
    thugs = SimpleNamespace(pk=1, name="Vell's Thugs", revealed=True, is_out=False)
    boss = SimpleNamespace(pk=3, name="The Boss", revealed=False, is_out=False)
    assert [words for _pk, words in danger_reasons([thugs, boss])] == [
        "Vell's Thugs",
        "The Boss (hidden)",
    ]
