"""The consequence deck: enough prompts of each weight, always something drawable for every
moment, and only the placeholders the app knows how to fill."""

import re
from string import Formatter

import pytest

from sessions.consequences.cards import Moment, Prompt, Weight
from sessions.consequences.deck import DECK

PLACEHOLDERS = {"hero", "equipment", "drive", "npc", "danger", "obstacle", "location"}
# The hero's pronouns, on cards that name the hero.
PRONOUNS = {"they", "them", "their"}


def placeholders(prompt: Prompt) -> set[str]:
    """What a prompt works with: named in its words, or set apart as its ``about``."""
    return {
        field
        for text in (prompt.move, prompt.example)
        for _, field, _, _ in Formatter().parse(text)
        if field is not None
    } | ({prompt.about} if prompt.about else set())


def without_placeholders(weight: Weight, moment: Moment | None = None) -> list[Prompt]:
    return [
        p
        for p in DECK
        if p.weight is weight and not placeholders(p) and (moment is None or moment in p.moments)
    ]


def test_the_deck_is_a_tuple_of_prompts():
    assert isinstance(DECK, tuple)
    assert all(isinstance(p, Prompt) for p in DECK)


def test_keys_are_unique_kebab_case_slugs():
    keys = [p.key for p in DECK]
    assert len(keys) == len(set(keys))
    for key in keys:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", key), key


@pytest.mark.parametrize("weight", list(Weight))
def test_each_weight_has_at_least_twelve_prompts(weight):
    assert sum(p.weight is weight for p in DECK) >= 12


@pytest.mark.parametrize("weight", list(Weight))
def test_each_weight_has_at_least_seven_prompts_without_placeholders(weight):
    assert len(without_placeholders(weight)) >= 7


@pytest.mark.parametrize("moment", list(Moment))
@pytest.mark.parametrize("weight", list(Weight))
def test_every_moment_can_always_draw_four_of_each_weight(weight, moment):
    assert len(without_placeholders(weight, moment)) >= 4


def test_every_prompt_fits_at_least_one_moment():
    for p in DECK:
        assert p.moments, p.key
        assert p.moments <= frozenset(Moment), p.key


def test_only_documented_placeholders_are_used():
    for p in DECK:
        # Bare names only: no attribute access, indexing, conversions or format specs.
        for text in (p.move, p.example):
            for _, field, spec, conversion in Formatter().parse(text):
                if field is not None:
                    assert field in PLACEHOLDERS | PRONOUNS, (p.key, field)
                    assert not spec, p.key
                    assert conversion is None, p.key


def test_every_placeholder_is_used_somewhere_and_the_heavier_ones_widely():
    uses = {name: sum(name in placeholders(p) for p in DECK) for name in PLACEHOLDERS}
    assert all(count >= 2 for count in uses.values()), uses
    assert uses["equipment"] >= 3, uses
    assert uses["danger"] >= 3, uses


def test_placeholders_fill_in_cleanly():
    values = {
        "hero": "Ada Quill",
        "equipment": "a battered Leica camera",
        "drive": "To find my lost brother",
        "npc": "Mr Pillai",
        "danger": "Dockhands",
        "obstacle": "Locked doors, guard dogs.",
        "location": "Warehouse Nine",
        "they": "she",
        "them": "her",
        "their": "her",
    }
    for p in DECK:
        for text in (p.move, p.example):
            filled = text.format(**values)
            assert "{" not in filled, p.key
            assert "}" not in filled, p.key


def test_moves_are_short():
    for p in DECK:
        assert 2 <= len(p.move.split()) <= 8, p.key
        assert p.move[0].isupper() or p.move.startswith("{"), p.key
        assert not p.move.endswith((".", "!", "?")), p.key


def test_examples_are_one_full_sentence_or_so():
    for p in DECK:
        assert p.example.endswith((".", "!", "?")), p.key
        assert len(p.example.split()) <= 30, p.key
        assert p.example == p.example.strip(), p.key
