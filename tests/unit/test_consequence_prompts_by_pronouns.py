"""A consequence prompt tells of the hero by the hero's pronouns: a fresh-eyes review read
"Sam's grip slips, and their kit — … — skitters over the edge" for a he/him hero, and the line
went into the recap as written."""

import pytest

from characters.content import ContentError
from sessions.consequences.cards import Moment, Prompt, Weight
from sessions.consequences.deck import DECK, load
from sessions.consequences.draw import Situation, draw

BY_KEY = {card.key: card for card in DECK}


def _drawn(key: str, pronouns: str | None) -> str:
    card = BY_KEY[key]
    situation = Situation(
        hero="Sam", equipment=("Small derringer",), drive="Expose the Truth", pronouns=pronouns
    )
    (drawn,) = draw(next(iter(card.moments)), situation, seed=1, deck=[card])
    return drawn.example


@pytest.mark.parametrize(
    ("pronouns", "their"), [("he", "his"), ("she", "her"), ("they", "their"), (None, "their")]
)
def test_the_heros_kit_is_theirs_by_their_pronouns(pronouns, their):
    told = _drawn("lose-their-grip", pronouns)
    assert told == (
        f"Sam's grip slips, and {their} kit — Small derringer — skitters over the edge and"
        " into enemy hands."
    )
    assert f"{their} trusty kit" in _drawn("gear-misbehaves", pronouns)
    assert f"chase {their} drive (“Expose the Truth”) or save {their} friends" in _drawn(
        "cruel-choice", pronouns
    )


@pytest.mark.parametrize(
    ("pronouns", "they_lose"),
    [("he", "he loses"), ("she", "she loses"), ("they", "they lose"), (None, "they lose")],
)
def test_a_verb_after_the_heros_pronoun_agrees(pronouns, they_lose):
    assert f"and {they_lose} a precious minute" in _drawn("a-tug-at-the-heart", pronouns)


@pytest.mark.parametrize(
    ("pronouns", "told"),
    [("he", "he is on him"), ("she", "she is on her"), ("they", "they are on them")],
)
def test_they_are_and_them(pronouns, told):
    card = Prompt("x", Weight.NUISANCE, "Go", "Now {they} are on {them}.")
    (drawn,) = draw(Moment.BLUNDER, Situation(hero="Sam", pronouns=pronouns), 1, deck=[card])
    assert drawn.example == f"Now {told}."


def test_a_card_with_the_heros_pronouns_needs_the_hero():
    card = Prompt("x", Weight.NUISANCE, "Go", "{their} grip slips.")
    assert draw(Moment.BLUNDER, Situation(pronouns="he"), 1, deck=[card]) == []


def test_the_deck_names_the_hero_where_it_uses_their_pronouns(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(
        '[[prompt]]\nkey = "a"\nweight = "nuisance"\nmove = "Go"\n'
        'example = "It slips from {their} hands."\n'
    )
    with pytest.raises(ContentError, match="names \\{hero\\}"):
        load(deck)
