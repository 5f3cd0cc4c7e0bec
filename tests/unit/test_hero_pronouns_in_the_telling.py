"""A player's own words are told of their hero by the hero's pronouns: "Flash my police badge"
reads "Ada Quill tries to flash her police badge", never "their police badge … letting them
by" for a hero who is a she (a fresh-eyes review: "them" read as Sergeant Pell's crowd)."""

import pytest

from characters.pronouns import PRONOUN_CHOICES
from sessions.recaps.phrasing import Words
from sessions.telling import _TOLD_AS, possessive, third_person
from sessions.wording.gambles import attempt, gambled
from sessions.wording.wideshots import sight

BADGE = "Flash my police badge and bluff Sergeant Pell into letting me by"
PELL = ["Sergeant Pell"]


@pytest.mark.parametrize(
    ("pronouns", "told"),
    [
        ("she", "flash her police badge and bluff Sergeant Pell into letting her by"),
        ("he", "flash his police badge and bluff Sergeant Pell into letting him by"),
        ("they", "flash their police badge and bluff Sergeant Pell into letting them by"),
    ],
)
def test_a_gamble_is_told_by_the_heroes_pronouns(pronouns, told):
    assert attempt("Ada Quill", BADGE, PELL, pronouns) == f"Ada Quill tries to {told}"
    assert gambled("Ada Quill", BADGE, PELL, pronouns) == f"Ada Quill gambles to {told}"


def test_a_hero_who_has_chosen_none_is_told_as_they():
    assert attempt("Ada Quill", BADGE, PELL).endswith("into letting them by")


@pytest.mark.parametrize(
    ("pronouns", "told"),
    [
        ("she", "she is sure of herself; the map is hers and she's got it"),
        ("he", "he is sure of himself; the map is his and he's got it"),
        ("they", "they are sure of themselves; the map is theirs and they've got it"),
    ],
)
def test_every_first_person_word_turns(pronouns, told):
    said = "I am sure of myself; the map is mine and I've got it"
    assert third_person(said, pronouns) == told


@pytest.mark.parametrize(
    ("pronouns", "told"),
    [
        ("she", "Ada Quill is the inspector, and she needs to see what she was sent for"),
        ("he", "Ada Quill is the inspector, and he needs to see what he was sent for"),
        ("they", "Ada Quill is the inspector, and they need to see what they were sent for"),
    ],
)
def test_a_verb_after_i_agrees_with_the_pronoun(pronouns, told):
    said = "I am the inspector, and I need to see what I was sent for"
    assert attempt("Ada Quill", said, pronouns=pronouns) == told


def test_a_verb_past_an_adverb_agrees_and_a_shared_one_stays():
    assert third_person("make sure I quietly slip out", "she") == "make sure she quietly slips out"
    # "Sam and I" are two: their verb stays as it was.
    assert third_person("while Sam and I wait", "he") == "while Sam and he wait"


def test_the_casts_we_stays_they_and_quotes_stay_as_said():
    said = "Get us out, shouting “I am the law!”"
    assert third_person(said, "she") == "Get them out, shouting “I am the law!”"


def test_a_sentence_typed_with_i_keeps_the_pronouns():
    told = attempt("Ada Quill", "I flash my badge at the guard", pronouns="she")
    assert told == "Ada Quill flashes her badge at the guard"
    told = sight("Ada Quill", "I spot a note in my coat", pronouns="he")
    assert told == "Ada Quill spots a note in his coat"


def test_the_recap_tells_each_hero_by_their_own_pronouns():
    words = Words(1, ("Ada Quill", "Sam"), {"Ada Quill": "she", "Sam": "he"})
    assert words.inside("the clerk showing me the ledger", "Ada Quill") == (
        "the clerk showing her the ledger"
    )
    assert words.inside("a note for me", "Sam") == "a note for him"
    assert words.inside("a note for me", "Someone unknown") == "a note for them"


def test_the_choices_and_the_possessive():
    assert PRONOUN_CHOICES == [("she", "she/her"), ("he", "he/him"), ("they", "they/them")]
    assert [possessive(p) for p in ("she", "he", "they")] == ["her", "his", "their"]
    # The telling knows every choice a hero's page offers.
    assert {key for key, _ in PRONOUN_CHOICES} == set(_TOLD_AS)


@pytest.mark.parametrize(
    ("told_as", "cried", "fell"),
    [
        ("he", "he cried", "he hit"),
        ("she", "she cried", "she hit"),
        ("they", "they cried", "they hit"),
    ],
)
def test_the_recap_tells_a_heros_next_moment_by_their_pronouns(told_as, cried, fell):
    """A fresh-eyes evening: Sam is he/him, yet the recap went on "“Right, who wants to go
    first?” they cried" and "One blow later they hit the floor"."""
    from sessions.recaps.chapter import Happening, Moment
    from sessions.recaps.happenings import _again

    words = Words(0, ("Sam",), {"Sam": told_as})
    catchphrase = _again(Happening(Moment.CATCHPHRASE, "Sam", text="Right, who's first?"), words)
    assert f"” {cried}," in catchphrase
    knockouts = {
        _again(Happening(Moment.KNOCKOUT, "Sam"), Words(s, ("Sam",), {"Sam": told_as}))
        for s in range(4)
    }
    assert any(f"{fell} the floor" in k for k in knockouts), knockouts
    assert _again(Happening(Moment.RETIRING, "Sam"), words).startswith(
        f"That was {possessive(told_as)} fourth"
    )
