"""A Scene's framing keeps the Director's words whole: a period that belongs to "a.m." or
"St." stays inside the recap's sentence, and a common noun named as a place reads as one."""

import pytest

from sessions.recaps.framing import opening, place
from sessions.wording.director import phrase


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("The docks.", "The docks"),
        ("Baggage car, 2 a.m.", "Baggage car, 2 a.m."),
        ("Meet at 5 P.M.", "Meet at 5 P.M."),
        ("Baker St.", "Baker St."),
        ("Agent J.", "Agent J."),
        ("It trails off...", "It trails off..."),
        ("  two\n lines. ", "two lines"),
    ],
)
def test_a_phrase_drops_its_stop_but_never_an_abbreviations_period(typed, said):
    assert phrase(typed) == said


def test_the_when_keeps_its_period_mid_sentence():
    told = opening("Baggage car, 2 a.m.", "", "Old Tom")
    assert told == "The Cast found themselves at the baggage car, at 2 a.m., with Old Tom on hand."
    assert "a.m," not in told
    assert opening("Baggage car, 2 a.m.", "", "") == (
        "The Cast found themselves at the baggage car, at 2 a.m."
    )
    assert opening("Baker St., 5 p.m.", "Find the thief.", "") == (
        "At Baker St., at 5 p.m., the Cast set out to find the thief."
    )


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Baggage car", "the baggage car"),
        ("Engine room", "the engine room"),
        ("HQ basement", "the HQ basement"),
        ("The Grand Tower", "the Grand Tower"),
        ("Warehouse Nine", "Warehouse Nine"),
        ("Platform 9", "Platform 9"),
        ("Paris", "Paris"),
        ("Tom's bar", "Tom's bar"),
        ("A fishing boat", "a fishing boat"),
    ],
)
def test_a_place_named_as_a_common_noun_reads_as_one(name, said):
    assert place(name) == said


@pytest.mark.parametrize(
    ("who", "told"),
    [
        (
            "Everyone, fresh off the tram chase",
            "The Cast found themselves at the gallery, after midnight (everyone, fresh off the "
            "tram chase).",
        ),
        (
            "All the heroes, arriving by stolen tram",
            "The Cast found themselves at the gallery, after midnight (all the heroes, arriving "
            "by stolen tram).",
        ),
        (
            "Old Tom",
            "The Cast found themselves at the gallery, after midnight, with Old Tom on hand.",
        ),
    ],
)
def test_a_who_that_says_more_than_who_stands_beside_the_place(who, told):
    """A fresh-eyes recap: "…after midnight, with Everyone, fresh off the tram chase on hand"."""
    assert opening("The gallery, after midnight", "", who) == told


@pytest.mark.parametrize(
    ("where", "what", "who", "told"),
    [
        (
            "The souk",
            "A rooftop chase",
            "the thief and the crowd",
            "The Cast found themselves at the souk, a rooftop chase afoot, with the thief and "
            "the crowd on hand.",
        ),
        ("", "A rooftop chase", "Old Tom", "A rooftop chase was afoot. The Cast met Old Tom."),
        # A statement stays a sentence of its own: quoted as the Director set it while it is
        # told in the present, as typed once it is in the past.
        (
            "The dining car",
            "A ledger goes missing",
            "",
            "The Cast found themselves at the dining car. "
            "The Director set the scene: “A ledger goes missing.”",
        ),
        (
            "Docks",
            "The clock has stopped",
            "",
            "The Cast found themselves at Docks. The Director set the scene: “The clock has "
            "stopped.”",
        ),
        (
            "Docks",
            "The clock had stopped",
            "",
            "The Cast found themselves at Docks. The clock had stopped.",
        ),
    ],
)
def test_a_what_that_names_a_thing_is_woven_into_the_sentence(where, what, who, told):
    assert opening(where, what, who) == told


@pytest.mark.parametrize(
    ("where", "what", "who", "told"),
    [
        (
            "The quay",
            "Crates falling",
            "Porters, a crane man",
            "The Cast found themselves at the quay, crates falling, with Porters and a crane "
            "man on hand.",
        ),
        (
            "The gallery",
            "",
            "Liesl, Old Tom, a guard",
            "The Cast found themselves at the gallery, with Liesl, Old Tom and a guard on hand.",
        ),
    ],
)
def test_a_list_of_who_and_a_thing_happening_read_as_one_sentence(where, what, who, told):
    """A fresh-eyes recap of the demo's first Scene read "…at the quay (Porters, a crane
    man). Crates falling.": a list in brackets, a fragment for a sentence."""
    assert opening(where, what, who) == told


@pytest.mark.parametrize(
    ("where", "what", "who", "told"),
    [
        (
            "The docks, midnight",
            "The missing crates",
            "",
            "The Cast found themselves at the docks, at midnight. At issue: the missing crates.",
        ),
        (
            "",
            "The missing crates",
            "Old Tom",
            "At issue: the missing crates. The Cast met Old Tom.",
        ),
        ("", "The stolen crates", "", "At issue: the stolen crates."),
        # Four words or more: a statement, as before, a sentence of its own.
        ("", "A ledger goes missing", "", "The Director set the scene: “A ledger goes missing.”"),
    ],
)
def test_a_short_what_without_a_verb_is_never_a_sentence_alone(where, what, who, told):
    """A fresh-eyes recap read "The missing crates." as a sentence of its own ("crates" might
    be a verb: `a_noun_phrase` can't weave it in)."""
    assert opening(where, what, who) == told


def test_a_where_that_tells_how_the_cast_are_takes_no_at_the():
    """A fresh-eyes recap read "The Cast found themselves at the knee-deep in black water, with
    Inspector Hu on hand. Ledgers float past.": a Where that starts with a word that describes
    is no place to be "at the", and a What typed as a sentence in the present is quoted, never
    woven into the recap's past tense."""
    assert opening("Knee-deep in black water", "Ledgers float past", "Inspector Hu") == (
        "The Cast found themselves knee-deep in black water, with Inspector Hu on hand. "
        "The Director set the scene: “Ledgers float past.”"
    )


@pytest.mark.parametrize(
    ("where", "told"),
    [
        ("Knee-deep in black water", "The Cast found themselves knee-deep in black water."),
        ("Lost in the fog", "The Cast found themselves lost in the fog."),
        ("Adrift, at dawn", "The Cast found themselves adrift, at dawn."),
        ("In the cellar", "The Cast found themselves in the cellar."),
        ("Under the bridge", "The Cast found themselves under the bridge."),
        ("Beneath the city, midnight", "The Cast found themselves beneath the city, at midnight."),
        ("Inside the vault", "The Cast found themselves inside the vault."),
        ("Underneath the pier", "The Cast found themselves underneath the pier."),
        # Place names and things to be at keep their "at".
        ("Warehouse Nine", "The Cast found themselves at Warehouse Nine."),
        ("The docks at midnight", "The Cast found themselves at the docks at midnight."),
        ("Old warehouse", "The Cast found themselves at the old warehouse."),
        ("Lost lighthouse", "The Cast found themselves at the lost lighthouse."),
    ],
)
def test_only_a_place_is_somewhere_to_be_at(where, told):
    assert opening(where, "", "") == told


def test_a_what_told_now_is_quoted_and_a_task_is_still_woven():
    assert opening("Warehouse Nine", "Ledgers float past", "") == (
        "The Cast found themselves at Warehouse Nine. "
        "The Director set the scene: “Ledgers float past.”"
    )
    assert opening("The docks at midnight", "Find the thief", "Old Tom") == (
        "At the docks at midnight, the Cast set out to find the thief, with Old Tom on hand."
    )
    assert opening("Knee-deep in black water", "Investigate the flood", "") == (
        "Knee-deep in black water, the Cast set out to investigate the flood."
    )
