"""How the recap writer picks its words: one of several phrasings by the chapter's seed (never
by luck), and typed words inside a sentence. Numbers and lists of names in words are
`sessions.grammar`'s, shared with the table log."""

from collections.abc import Mapping

from sessions.telling import third_person
from sessions.wording.typed import mid_sentence


class Words:
    """Picks one of several ways to say a thing: by the seed, never by luck. Knows the names
    of the story, and which joins between sentences it has used already."""

    def __init__(
        self, seed: int, names: tuple[str, ...] = (), pronouns: Mapping[str, str] | None = None
    ) -> None:
        self.seed, self.names = seed, names
        self.turns: dict[int, int] = {}  # by how many ways there are: each comes round in turn
        self.pronouns = dict(pronouns or {})
        self.joined: set[str] = set()
        self.places: set[str] = set()  # the Key Locations described so far
        self.tumults = 0  # the Tumults told so far: each the next in turn ("a second Tumult")

    def pick(self, *options: str) -> str:
        # Counted apart by how many ways there are, each set comes round in turn: one count for
        # all, stepped by the picks in between, had landed on the same way again and again (a
        # fresh-eyes recap: eight "…, and pulled it off." and never ": a success!"); a step
        # prime to every count (a step of 3 among 6 joins had offered only two of them).
        turn = self.turns[len(options)] = self.turns.get(len(options), 0) + 1
        return options[(self.seed * 7 + turn * 5) % len(options)]

    def of(self, hero: str) -> str | None:
        """The pronouns the story tells ``hero`` by ("she", "he"; None for one unknown, told
        as "they")."""
        return self.pronouns.get(hero)

    def inside(self, text: str, hero: str = "") -> str:
        """Typed words woven into the story's sentence about a hero: told of the hero, as the
        rest of the recap is, by ``hero``'s pronouns ("the clerk showing me the ledger" ->
        "showing her"), and their
        first letter lowered, a name's kept. Words the recap quotes (in quotation marks, here
        or around the call) stay as typed: only what it tells in its own voice shifts."""
        return mid_sentence(third_person(text.strip(), self.of(hero)), self.names)
