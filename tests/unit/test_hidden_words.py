"""How a line is marked and how a secret is left out of it (`sessions.hidden`), without a
database: the words in, the words out."""

from sessions.hidden import Hidden, marked, without

CROC = Hidden("danger-1", "danger", "Cistern Crocodile", [(0, 17), (32, 49)], danger_ids=(7,))
RUTH = Hidden("npc-1", "npc", "Auntie Ruth", [(54, 65)])
LINE = "Cistern Crocodile heard. Then a Cistern Crocodile and Auntie Ruth ran."


def test_a_secret_left_out_leaves_a_plain_word_capitalised_where_a_sentence_starts():
    assert without(LINE, [CROC, RUTH], ["danger-1"]) == (
        "Something heard. Then a something and Auntie Ruth ran."
    )
    assert without(LINE, [CROC, RUTH], ["danger-1", "npc-1"]) == (
        "Something heard. Then a something and someone ran."
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
