"""How the recap writer picks its words: one of several phrasings by the chapter's seed (never
by luck), and typed words inside a sentence. Numbers and lists of names in words are
`sessions.grammar`'s, shared with the table log."""

from collections.abc import Mapping

from sessions.telling import THEY
from sessions.wording import mid_sentence, third_person


class Words:
    """Picks one of several ways to say a thing: by the seed, never by luck. Knows the names
    of the story, and which joins between sentences it has used already."""

    def __init__(
        self, seed: int, names: tuple[str, ...] = (), pronouns: Mapping[str, str] | None = None
    ) -> None:
        self.seed, self.turn, self.names = seed, 0, names
        self.pronouns = dict(pronouns or {})
        self.joined: set[str] = set()

    def pick(self, *options: str) -> str:
        # A step prime to every count of options: each of them comes round in turn (a step
        # of 3 among 6 joins had offered only two of them, one "Moments later" after another).
        self.turn += 1
        return options[(self.seed * 7 + self.turn * 5) % len(options)]

    def of(self, hero: str) -> str:
        """The pronouns the story tells ``hero`` by ("she", "he"; "they" for one unknown)."""
        return self.pronouns.get(hero, THEY)

    def inside(self, text: str, hero: str = "") -> str:
        """Typed words woven into the story's sentence about a hero: told of the hero, as the
        rest of the recap is, by ``hero``'s pronouns ("the clerk showing me the ledger" ->
        "showing her"), and their
        first letter lowered, a name's kept. Words the recap quotes (in quotation marks, here
        or around the call) stay as typed: only what it tells in its own voice shifts."""
        return mid_sentence(third_person(text.strip(), self.of(hero)), self.names)
