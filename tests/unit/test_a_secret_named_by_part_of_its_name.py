"""A line can give a secret away by part of its name: "Voss's orders" names "Professor Ilsa
Voss, the Tide Widow". `sessions.hidden.name_parts` is the rule: which parts of a name name it
alone; `naming` finds them in a line. No database: a name and a line in, what is found out."""

import pytest

from sessions.hidden import Hidden, marked, name_parts, naming, without

VOSS = "Professor Ilsa Voss, the Tide Widow"
CRAB = "The Unspeakably Patient Clockwork Harbour-Crab"


def _said(name: str, line: str, known: tuple[str, ...] = ()) -> list[str]:
    return [m.group() for m in naming(name, known).finditer(line)]


def test_a_surname_or_a_first_name_alone_names_the_secret():
    assert _said(VOSS, "Ask Voss about it. Or ilsa.") == ["Voss", "ilsa"]
    assert _said(VOSS, "Ilsa Voss waits on the quay") == ["Ilsa Voss"]  # one mark, not two
    assert _said(VOSS, "Professor Ilsa Voss waits") == ["Professor Ilsa Voss"]
    assert _said(VOSS, "Vossberg and Ilsabet are nobody") == []  # whole words only


def test_a_possessive_names_it_and_stays_in_the_line_when_the_name_is_left_out():
    line = "Voss's orders in a tin box"
    assert _said(VOSS, line) == ["Voss"]
    assert _said(VOSS, "the Tide Widow’s men") == ["Tide Widow"]
    found = [Hidden("danger-1", "danger", VOSS, [m.span() for m in naming(VOSS).finditer(line)])]
    assert without(line, found, ["danger-1"]) == "Someone's orders in a tin box"
    # Marked with its possessive, never half-hidden by the mark's edge.
    assert [(text, h is not None) for text, h in marked(line, found)] == [
        ("Voss's", True),
        (" orders in a tin box", False),
    ]
    assert without("Beware the Tide Widow's men", [
        Hidden("danger-1", "danger", VOSS, [(11, 21)])
    ], ["danger-1"]) == "Beware someone's men"  # fmt: skip


def test_a_hyphenated_word_and_the_names_tail_name_it():
    assert _said(CRAB, "A harbour-crab scuttles past") == ["harbour-crab"]
    assert _said(CRAB, "The clockwork Harbour-Crab's claws") == ["clockwork Harbour-Crab"]
    assert _said(CRAB, "the Patient Clockwork Harbour-Crab") == ["Patient Clockwork Harbour-Crab"]
    assert "Tide Widow" in name_parts(VOSS)


@pytest.mark.parametrize(
    "line",
    [
        "The tide is turning and a widow weeps",  # common words of "the Tide Widow"
        "Be patient: the clockwork crab in the harbour is a toy",  # of the Crab's name
        "The Professor lectures; the the the",  # a title, an article
    ],
)
def test_a_common_word_or_a_title_alone_names_nothing(line):
    assert _said(VOSS, line) == []
    assert _said(CRAB, line) == []


def test_a_word_the_players_know_from_a_name_in_view_names_nothing_alone():
    # "Voss" is in a Danger they've seen: only the rest of the hidden name gives it away.
    known = ("Captain Voss of the Harbour Watch",)
    assert "Voss" not in name_parts(VOSS, known)
    assert _said(VOSS, "Voss waits on the quay", known) == []
    assert _said(VOSS, "Ilsa waits on the quay", known) == ["Ilsa"]
    assert _said(VOSS, "Ilsa Voss waits", known) == ["Ilsa Voss"]
    # A run of words they've read in a name in view names nothing either.
    shown = ("Clockwork Harbour-Crab",)
    assert _said("Clockwork Harbour-Crab Queen", "a clockwork harbour-crab", shown) == []
    assert _said("Clockwork Harbour-Crab Queen", "the harbour-crab queen", shown) == [
        "harbour-crab queen"
    ]


def test_a_name_of_ordinary_words_only_is_found_whole():
    assert name_parts("The Baron") == ["Baron"]
    assert name_parts("Men of the Deep") == ["Men of the Deep"]
    assert _said("Old Man Rivers", "an old man waits") == []


def test_a_titled_name_is_left_out_as_someone_even_by_its_surname():
    assert Hidden("danger-1", "danger", VOSS).stand_in == "someone"
    assert Hidden("danger-2", "danger", CRAB).stand_in == "something"
