"""The Director's "+1 success" against a Danger, undone: said plainly, a hidden one unnamed."""

from sessions.undoing import undo_puts_back, undone_words


def test_a_success_against_a_shown_danger():
    data = {"danger": 1, "before": {"successes": 0}, "out": False, "foe": "Brass Jack", "of": 2}
    words = undone_words("A success against Brass Jack (1/2).", "danger_success", data)
    assert words == "a success against Brass Jack. Back to 0/2."


def test_a_shown_danger_put_out():
    data = {"danger": 1, "before": {"successes": 0}, "out": True, "foe": "Museum guards", "of": 1}
    words = undone_words("The Cast puts Museum guards out of the picture!", "danger_success", data)
    assert words == "Museum guards put out of the picture. Back in it, at 0/1."


def test_a_hidden_danger_is_named_to_no_one():
    data = {"danger": 1, "before": {"successes": 3}, "out": True}
    summary = "The Director marks a success against a Danger."
    assert undone_words(summary, "danger_success", data) == "a success against a Danger."
    assert undo_puts_back("danger_success", data) == ""


def test_a_line_written_before_the_undo_said_so_reads_as_it_was():
    summary = "A success against Brass Jack (1/2)."
    assert undone_words(summary, "danger_success", {"danger": 1}) == summary
