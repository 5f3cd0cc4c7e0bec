"""A Wide Shot's details read alike on every screen (a fresh-eyes review: some ended with ".",
some with none, some with ".."): each shown as the hero's sentence, ending in one stop of its
own, a full stop added only where it ends with none, never doubled."""

import pytest

from sessions.templatetags.wording import sight_of
from sessions.wording.wideshots import one_stop, sight_said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ada sees a brass key", "Ada sees a brass key."),
        ("Ada sees a brass key.", "Ada sees a brass key."),
        ("Ada sees a brass key..", "Ada sees a brass key."),
        ("Ada sees a brass key. .", "Ada sees a brass key."),
        ("Ada sees a brass key ", "Ada sees a brass key."),
        ("Ada sees a brass key,", "Ada sees a brass key."),
        ("Ada sees a brass key;", "Ada sees a brass key."),
        ("Ada sees a brass key:", "Ada sees a brass key."),
        ("Ada sees a brass key!", "Ada sees a brass key!"),
        ("Ada sees a brass key!.", "Ada sees a brass key!"),
        ("Ada sees a brass key...", "Ada sees a brass key..."),
        ("Ada sees a brass key…", "Ada sees a brass key…"),
        ("Ada asks: “Is the clerk lying?”", "Ada asks: “Is the clerk lying?”"),
        ("Ada sees a sign saying “OPEN”", "Ada sees a sign saying “OPEN”."),
        ("Ada sees smoke (thick)", "Ada sees smoke (thick)."),
        ("Ada sees Mr. Haddow", "Ada sees Mr. Haddow."),
        ("", ""),
    ],
)
def test_one_stop_ends_a_detail_once(text, said):
    assert one_stop(text) == said


@pytest.mark.parametrize(
    "typed",
    [
        "a brass key",
        "a brass key.",
        "a brass key..",
        "a brass key .",
        "a brass key;",
        "a brass key,",
    ],
)
def test_every_way_of_typing_a_detail_reads_the_same(typed):
    assert sight_said("Ada", typed) == "Ada sees a brass key."


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("The door is ajar", "Ada notices: the door is ajar."),
        ("The door is ajar..", "Ada notices: the door is ajar."),
        ("I crouch by the badge.", "Ada crouches by the badge."),
        ("Look under the rug", "Ada says to look under the rug."),
        ("Is the clerk lying?", "Ada asks: “Is the clerk lying?”"),
    ],
)
def test_each_kind_of_detail_ends_in_one_stop(typed, said):
    assert sight_said("Ada", typed) == said


def test_the_board_draws_each_detail_with_one_stop():
    """The one place every screen's Wide Shot draws a detail (TV, phone, Director)."""
    assert sight_of("Ada", "a brass key..", (), strong=True) == (
        "<strong>Ada</strong> sees a brass key."
    )
    assert sight_of("Ada", "a brass key", ()) == "Ada sees a brass key."
