"""Drawing consequence prompts: three for a moment, one of each weight, fitted to the
situation. The same moment and draw number always give the same three (every redraw of the
Director's panel shows them unchanged, in any process); the next number gives others."""

import functools
import random
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass

from sessions.consequences.cards import LEADS, PRONOUNS, Moment, Prompt, Weight
from sessions.consequences.cards import PLACES as PLACES
from sessions.consequences.deck import DECK
from sessions.telling import after_they, object_, possessive, subject


@dataclass(frozen=True)
class Situation:
    """What the app knows of the moment: each may be empty."""

    hero: str = ""
    equipment: tuple[str, ...] = ()
    drive: str = ""
    npcs: tuple[str, ...] = ()
    dangers: tuple[str, ...] = ()
    obstacle: str = ""
    location: str = ""
    pronouns: str | None = None  # the hero's ("she", "he", "they"); None as "they"

    def choices(self) -> dict[str, tuple[str, ...]]:
        """What each placeholder may become."""
        return {
            "hero": (self.hero,) if self.hero else (),
            "equipment": self.equipment,
            "drive": (self.drive,) if self.drive else (),
            "npc": self.npcs,
            "danger": self.dangers,
            "obstacle": (self.obstacle,) if self.obstacle else (),
            "location": (self.location,) if self.location else (),
        }

    def told(self, text: str) -> str:
        """A card's words with the hero's pronouns filled in, the verb after {they} agreeing
        ("and {they} lose" → "and he loses"); the other placeholders left for `str.format`."""
        if not any(f"{{{word}}}" in text for word in PRONOUNS):
            return text
        text = re.sub(
            r"\{they\}(\s+)([a-z’']+)",
            lambda m: f"{{they}}{m[1]}{after_they(m[2], self.pronouns)}",
            text,
        )
        said = {
            "they": subject(self.pronouns),
            "them": object_(self.pronouns),
            "their": possessive(self.pronouns),
        }
        return re.sub(r"\{(they|them|their)\}", lambda m: said[m[1]], text)


@dataclass(frozen=True)
class Drawn:
    key: str
    weight: Weight
    move: str
    example: str
    lead: str = ""  # what it works with, from the prep: for the Director's eyes only

    @property
    def note(self) -> str:
        """The one line it becomes in the Director's notes (the lead too: they're private)."""
        line = f"{self.move}: {self.example}" if self.example else self.move
        return f"{self.lead} — {line}" if self.lead else line


# The deck's prompts whose placeholders are kept (the deck holds 49; a Director's own prompts
# name none and are never kept: each is text they typed).
PLACES_KEPT = 256


def places(prompt: Prompt) -> frozenset[str]:
    """The placeholders a prompt names."""
    if prompt.own:
        return frozenset()
    return _deck_places(prompt)


@functools.lru_cache(maxsize=PLACES_KEPT)
def _deck_places(prompt: Prompt) -> frozenset[str]:
    return frozenset(
        "hero" if name in PRONOUNS else name  # the hero's pronouns: only with the hero
        for text in (prompt.move, prompt.example)
        for _, name, _, _ in string.Formatter().parse(text)
        if name
    ) | ({prompt.about} if prompt.about else set())


def own_prompt(number: int, weight: str, move: str, example: str) -> Prompt:
    """A Director's own prompt, for every moment, drawn as written."""
    return Prompt(f"own-{number}", Weight(weight), move, example, own=True)


def draw(
    moment: Moment,
    situation: Situation,
    seed: int,
    number: int = 0,
    own: Iterable[Prompt] = (),
    deck: Iterable[Prompt] = DECK,
) -> list[Drawn]:
    """The ``number``-th draw for the moment ``seed`` names (the event's id): one prompt of
    each weight that fits the moment and can be filled in from the situation. Draws go
    round each weight's shuffled pile, so the next one never repeats the last; the pile puts
    first the cards that work with this situation (its people, its obstacle, the hero's kit)
    and the Director's own, then the ones that fit any table."""
    choices = situation.choices()
    cards = [*deck, *own]
    drawn = []
    for weight in Weight:
        pile = [
            card
            for card in cards
            if card.weight == weight
            and moment in card.moments
            and all(choices[name] for name in places(card))
        ]
        if not pile:
            continue
        random.Random(f"{seed}:{weight}").shuffle(pile)
        pile.sort(key=lambda card: not (card.own or places(card)))
        card = pile[number % len(pile)]
        if card.own:
            drawn.append(Drawn(card.key, weight, card.move, card.example))
            continue
        pick = random.Random(f"{seed}:{number}:{card.key}")
        values = {name: pick.choice(options) for name, options in choices.items() if options}
        lead = LEADS[card.about].format(values[card.about]) if card.about else ""
        move = situation.told(card.move).format(**values)
        example = situation.told(card.example).format(**values)
        drawn.append(Drawn(card.key, weight, move, example, lead))
    return drawn
