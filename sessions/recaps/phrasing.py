"""How the recap writer picks its words: one of several phrasings by the chapter's seed (never
by luck), and typed words inside a sentence. Numbers and lists of names in words are
`sessions.grammar`'s, shared with the table log."""

from sessions.wording import mid_sentence, third_person


class Words:
    """Picks one of several ways to say a thing: by the seed, never by luck. Knows the names
    of the story, and which joins between sentences it has used already."""

    def __init__(self, seed: int, names: tuple[str, ...] = ()) -> None:
        self.seed, self.turn, self.names = seed, 0, names
        self.joined: set[str] = set()

    def pick(self, *options: str) -> str:
        # A step prime to every count of options: each of them comes round in turn (a step
        # of 3 among 6 joins had offered only two of them, one "Moments later" after another).
        self.turn += 1
        return options[(self.seed * 7 + self.turn * 5) % len(options)]

    def inside(self, text: str) -> str:
        """Typed words woven into the story's sentence about a hero: told of the hero, as the
        rest of the recap is ("the clerk showing me the ledger" -> "showing them"), and their
        first letter lowered, a name's kept. Words the recap quotes (in quotation marks, here
        or around the call) stay as typed: only what it tells in its own voice shifts."""
        return mid_sentence(third_person(text.strip()), self.names)
