"""The recap's note of the real dice rolled at the table, hero by hero, after the story."""

from sessions.grammar import listed, number
from sessions.recaps.chapter import ROLLS, HandRoll


def hand_rolls(rolls: tuple[HandRoll, ...]) -> str:
    """Who rolled what by hand, hero by hero: “Sam rolled two Gambles by hand, plus a Rest die
    that the Director typed in; Ada rolled a Lucky Saves die by hand, typed in by the
    Director” (never “…and a Rest die typed in by the Director”, read as one more roll)."""
    heroes: dict[str, dict[bool, list[str]]] = {}
    for r in rolls:
        heroes.setdefault(r.hero, {False: [], True: []})[r.typed].append(r.roll)
    told = []
    for hero, by in heroes.items():
        own, typed = _rolls(by[False]), _rolls(by[True])
        if own and typed:
            told.append(f"{hero} rolled {own} by hand, plus {typed} that the Director typed in")
        elif typed:
            told.append(f"{hero} rolled {typed} by hand, typed in by the Director")
        else:
            told.append(f"{hero} rolled {own} by hand")
    return "; ".join(told)


def _rolls(kinds: list[str]) -> str:
    """“a Gamble”, “two Gambles and a Rest die”."""
    counted = {kind: kinds.count(kind) for kind in dict.fromkeys(kinds)}
    said = []
    for kind, n in counted.items():
        one, _, many = ROLLS.get(kind, ROLLS["gamble"])
        said.append(one if n == 1 else f"{number(n)} {many}")
    return listed(said)
