"""How a line is marked and how a secret is left out of it (`sessions.hidden`), without a
database: the words in, the words out."""

import pytest

from sessions.hidden import Hidden, marked, without

CROC = Hidden("danger-1", "danger", "Cistern Crocodile", [(0, 17), (32, 49)], danger_ids=(7,))
RUTH = Hidden("npc-1", "npc", "Auntie Ruth", [(54, 65)])
LINE = "Cistern Crocodile heard. Then a Cistern Crocodile and Auntie Ruth ran."


def test_a_secret_left_out_leaves_a_plain_word_capitalised_where_a_sentence_starts():
    assert without(LINE, [CROC, RUTH], ["danger-1"]) == (
        "Something heard. Then something and Auntie Ruth ran."
    )
    assert without(LINE, [CROC, RUTH], ["danger-1", "npc-1"]) == (
        "Something heard. Then something and someone ran."
    )
    assert without(LINE, [CROC, RUTH], []) == LINE


def test_a_line_is_drawn_in_pieces_each_with_the_secret_it_is():
    pieces = marked(LINE, [CROC, RUTH])
    assert "".join(text for text, _ in pieces) == LINE
    assert [(text, h.key) for text, h in pieces if h] == [
        ("Cistern Crocodile", "danger-1"),
        ("Cistern Crocodile", "danger-1"),
        ("Auntie Ruth", "npc-1"),
    ]


def test_a_danger_of_the_scene_is_revealed_or_left_out_anything_else_said_or_left_out():
    assert CROC.choices == ("reveal", "out")
    assert RUTH.choices == ("say", "out")
    assert CROC.label == "a hidden Danger"
    assert RUTH.stand_in == "someone"


@pytest.mark.parametrize(
    ("line", "posted"),
    [
        ("Ada sneaks in while The Vex looks on.", "Ada sneaks in while something looks on."),
        ("Ada sneaks in while the Vex looks on.", "Ada sneaks in while something looks on."),
        ("The Vex looks on.", "Something looks on."),
        ("Sam runs. An Vex looks on.", "Sam runs. Something looks on."),
        ("A Vex looks on.", "Something looks on."),
        ("Theme of Vex rings out.", "Theme of something rings out."),  # no article: kept
        ("Vex looks on.", "Something looks on."),
    ],
)
def test_a_secret_left_out_takes_its_article_with_it(line, posted):
    at = line.index("Vex")
    vex = Hidden("danger-2", "danger", "Vex", [(at, at + 3)])
    assert without(line, [vex], ["danger-2"]) == posted


def _hidden(line: str, kind: str, name: str, key: str) -> Hidden:
    at = line.index(name)
    return Hidden(key, kind, name, [(at, at + len(name))])


@pytest.mark.parametrize(
    ("line", "posted"),
    [
        # The review: "warn something, who is hiding at somewhere".
        ("Warn Baron Vex, who is hiding at the Old Mill.", "Warn someone who is hiding somewhere."),
        ("Baron Vex is hiding in the Old Mill.", "Someone is hiding somewhere."),
        ("They ride to the Old Mill at dawn.", "They ride somewhere at dawn."),
        ("Smoke rises from the Old Mill.", "Smoke rises from somewhere."),  # "from" is kept
        ("Baron Vex's men wait.", "Someone's men wait."),
        (
            "Warn them: the Brass Jack, which ticks, waits.",
            "Warn them: something, which ticks, waits.",
        ),
    ],
)
def test_a_name_left_out_leaves_words_that_read_right(line, posted):
    danger = "Baron Vex" if "Vex" in line else "Brass Jack"
    vex = _hidden(line, "danger", danger, "danger-3") if danger in line else None
    mill = _hidden(line, "place", "Old Mill", "place-1") if "Old Mill" in line else None
    found = [h for h in (vex, mill) if h]
    assert without(line, found, [h.key for h in found]) == posted
