"""Typed words retold of a hero on the TV, the log and the recap, as a reviewer read them:
no "I" left meaning nobody, an NPC's name kept a name, an Investigation that reads."""

import pytest

from sessions.wording.gambles import attempt
from sessions.wording.investigations import closer_look
from sessions.wording.wideshots import sight


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        (
            "Ada bluffs the guard while I sneak round",
            "Zoe Sparks sneaks round while Ada bluffs the guard",
        ),
        (
            "Ada bluffs the guard as I slip past",
            "Zoe Sparks slips past as Ada bluffs the guard",
        ),
        (
            "Ada distracts the guard and I grab my keys",
            "Ada distracts the guard and Zoe Sparks grabs their keys",
        ),
        ("Ada covers me", "goes for “Ada covers Zoe”"),
    ],
)
def test_a_gamble_naming_another_hero_keeps_no_first_person(typed, told):
    said = attempt("Zoe Sparks", typed, ["Zoe Sparks", "Ada Quill"])
    assert said.endswith(told)
    assert " I " not in f" {said} "
    assert " me" not in said
    assert " my " not in said


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        (
            "Pillai keeps glancing at the door",
            "Ada Quill notices: Pillai keeps glancing at the door",
        ),
        (
            "pillai keeps glancing at the door",
            "Ada Quill notices: Pillai keeps glancing at the door",
        ),
        ("Pillai", "Ada Quill sees Pillai"),
        (
            "the brass jack watches from the gallery",
            # A longer name typed in lowercase keeps the player's letters (the review, 5).
            "Ada Quill notices: the brass jack watches from the gallery",
        ),
    ],
)
def test_a_wide_shot_detail_naming_an_npc_keeps_the_name(typed, told):
    assert sight("Ada Quill", typed, ["Pillai", "The Brass Jack"]) == told


def test_a_wide_shot_detail_without_the_names_still_reads_as_before():
    assert sight("Ada Quill", "Wet bootprints") == "Ada Quill sees wet bootprints"


@pytest.mark.parametrize(
    ("prompt", "told"),
    [
        ("The ledger", "Ada takes a closer look at the ledger"),
        ("the ledger's torn pages", "Ada takes a closer look at the ledger's torn pages"),
        ("Is the clerk lying?", "Ada takes a closer look: “Is the clerk lying?”"),
        ("Pillai's alibi", "Ada takes a closer look at Pillai's alibi"),
        # A question asked without its "?" is still asked (a fresh-eyes review: "takes a
        # closer look at where did the thief take the Mars planet").
        (
            "where did the thief take the Mars planet",
            "Ada takes a closer look: “Where did the thief take the Mars planet?”",
        ),
        ("Who paid the clerk", "Ada takes a closer look at who paid the clerk"),
        ("Who paid the clerk?", "Ada takes a closer look: “Who paid the clerk?”"),
    ],
)
def test_an_investigation_reads_as_one_sentence(prompt, told):
    assert closer_look("Ada", prompt, ["Pillai"]) == told
