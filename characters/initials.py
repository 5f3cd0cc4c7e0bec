"""What a hero without a portrait shows in its place: their initials, and at a table, initials
that tell each hero apart. Sam Okafor and Sara Osei are both "SO" alone; side by side on the
Cast they are "SOk" and "SOs". Worked out here once, for every screen of the table."""

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence

QUOTES = "'\"“”‘’"


def _words(name: str) -> list[str]:
    """The name's words, a nickname's quotes taken off ("Sam 'Anvil' Okafor": Sam, Anvil,
    Okafor)."""
    words = (word.strip(QUOTES) for word in name.split())
    return [word for word in words if word and word[0].isalnum()]


def _capital(letters: str) -> str:
    return letters[:1].upper() + letters[1:].lower()


def of(name: str) -> str:
    """A hero's own initials: the first and last words' first letters ("Ada" → "A")."""
    words = _words(name)
    ends = words[:1] + words[-1:] if len(words) > 1 else words
    return "".join(word[0] for word in ends).upper()


def _longer(name: str) -> Iterator[str]:
    """Longer badges for ``name``, none past four letters (the badge is a circle): its
    nickname's or middle name's initial between the others ("SAO"), then the surname's next
    letters ("SOk"), then the first name's too ("SaOk")."""
    words = _words(name)
    if not words:
        return
    if len(words) > 2:
        # A nickname or middle name tells apart two heroes of one first name and surname
        # ("Sam 'Anvil' Okafor-Whitlock" and "Sam 'Sledge' Okafor": "SAO" and "SSO", never
        # "SOkafor-" beside "SOkafor", wider than the badge: a fresh-eyes TV).
        yield "".join(word[0] for word in (words[0], *words[1:-1][:1], words[-1])).upper()
    first, last = words[0], words[-1]
    for length in range(2, 4):
        if len(words) > 1:
            yield first[0].upper() + _capital(last[:length])
            if length == 2:
                yield _capital(first[:length]) + _capital(last[:length])
        else:
            yield _capital(first[:length])


def distinct(names: Sequence[str]) -> list[str]:
    """A badge for each of ``names``, in order, no two alike (ignoring case): each hero's own
    initials where no other hero shares them; where some do, the shortest longer badges that
    tell those heroes apart; heroes no short badge tells apart (the very same name, say) keep
    their initials, numbered."""
    badges = [of(name) for name in names]
    for indices in _clashes(badges):
        others = {badge.casefold() for n, badge in enumerate(badges) if n not in indices}
        # Heroes of the very same name can't be told apart by letters: one name, one try.
        alike: dict[str, list[int]] = defaultdict(list)
        for n in indices:
            alike[names[n].casefold()].append(n)
        if len(alike) < 2:
            continue
        options = [list(_longer(names[group[0]])) or [""] for group in alike.values()]
        for step in range(max(map(len, options))):
            tried = [option[min(step, len(option) - 1)] for option in options]
            folded = [badge.casefold() for badge in tried]
            if all(folded) and len(set(folded)) == len(folded) and not others & set(folded):
                for group, badge in zip(alike.values(), tried, strict=True):
                    for n in group:
                        badges[n] = badge if len(group) == 1 else badges[n]
                break
    # Still alike (the very same name twice): numbered, in the order given.
    for indices in _clashes(badges):
        for count, n in enumerate(indices, start=1):
            badges[n] = f"{badges[n]}{count}"
    return badges


def _clashes(badges: list[str]) -> list[list[int]]:
    alike: dict[str, list[int]] = defaultdict(list)
    for n, badge in enumerate(badges):
        alike[badge.casefold()].append(n)
    return [indices for indices in alike.values() if len(indices) > 1]


def tell_apart(heroes: Iterable) -> list:
    """The heroes of one table, each given the badge that tells it apart from the others
    (`Character.initials` shows it); returned as a list."""
    heroes = list(heroes)
    for hero, badge in zip(heroes, distinct([hero.name for hero in heroes]), strict=True):
        hero.badge = badge
    return heroes
