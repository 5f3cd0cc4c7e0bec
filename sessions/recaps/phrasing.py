"""How the recap writer picks its words: one of several phrasings by the chapter's seed (never
by luck), typed words inside a sentence, numbers and lists of names in words."""

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


NUMBERS = (
    "no one two three four five six seven eight nine ten eleven twelve".split()  # noqa: SIM905
)
ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()  # noqa: SIM905


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def names(people) -> str:
    """“Sam”, “Sam and Ada”, “Sam, Ada and Kit”."""
    people = [p for p in people if p]
    if len(people) <= 1:
        return "".join(people)
    return f"{', '.join(people[:-1])} and {people[-1]}"
