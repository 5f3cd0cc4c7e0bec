"""A quotation followed by its speech tag ends with a comma inside the quote, or keeps its own
! or ?: a fresh-eyes recap read "“Darling, the show must go on.” cried Lou"."""

import pytest

from sessions.grammar import quote_before_tag
from sessions.recaps.chapter import Happening, Moment
from sessions.recaps.happenings import _again, happening
from sessions.recaps.phrasing import Words

SAID = [
    ("Darling, the show must go on.", "“Darling, the show must go on,”"),
    ("Stop the presses!", "“Stop the presses!”"),
    ("Who's first?", "“Who's first?”"),
    ("Darling, the show must go on", "“Darling, the show must go on,”"),
    ("Not so fast...", "“Not so fast...”"),
    ("Hold it;", "“Hold it,”"),
]


@pytest.mark.parametrize(("text", "quoted"), SAID)
def test_a_quote_before_its_tag(text, quoted):
    assert quote_before_tag(text) == quoted


@pytest.mark.parametrize(("text", "quoted"), SAID[:4])
def test_a_catchphrase_in_the_recap(text, quoted):
    words = Words(0, ("Lou",), {"Lou": "she"})
    first = happening(Happening(Moment.CATCHPHRASE, "Lou", text=text), words)
    assert first.startswith(f"{quoted} cried Lou,"), first
    again = _again(Happening(Moment.CATCHPHRASE, "Lou", text=text), words)
    assert again.startswith(f"{quoted} she cried,"), again
