"""Typed words that only repeat what the TV already says (sessions/repeats.py)."""

import pytest

from sessions.repeats import adds_to, names_danger


@pytest.mark.parametrize(
    ("intent", "task", "adds"),
    [
        ("Outrun the flood", "Outrun the flood", False),
        ("I outrun the flood!", "Outrun the flood", False),
        ("try to outrun the flood", "Outrun the flood", False),
        ("hold", "Hold the vault door shut", False),
        ("", "Outrun the flood", False),
        ("Climb onto the roof", "Outrun the flood", True),
        ("outrun the flood on the mule", "Outrun the flood", True),
    ],
)
def test_a_members_intent_is_shown_only_when_it_adds_to_the_group_gamble(intent, task, adds):
    assert adds_to(intent, task) is adds


@pytest.mark.parametrize(
    ("intent", "danger", "named"),
    [
        ("Hurl it at Vell's Thugs", "Vell's Thugs", True),
        ("hurl it at vell’s thugs", "Vell's Thugs", True),
        ("Bite the clockwork hound", "The Clockwork Hound", True),
        ("Run for it", "Vell's Thugs", False),
        ("Punch Vellum", "Vell", False),
        ("", "Vell's Thugs", False),
    ],
)
def test_an_intent_that_names_its_danger_needs_no_against(intent, danger, named):
    assert names_danger(intent, danger) is named
