"""\"Previously on…\": the story so far, told from the published recaps (never a draft).

Every Leg played so far in this Adventure is told (before its first recap, every Leg of the
Campaign's Adventure before it): the newest recap whole, each earlier Leg briefly, its name
and the first sentence of its story. The TV plays it in about a minute (`sequence`), so the
earlier Legs share a page or two; past that, the oldest are named alone.
"""

from sessions.leg_names import leg_name
from sessions.models import Adventure, Leg, Recap, TableEvent
from sessions.recaps import sequence
from sessions.recaps.drafts import last_recap, paragraphs
from sessions.recaps.writer import LEADS

# An earlier Leg's line, its name and its first sentence, holds this many characters at most.
BRIEF = 200
# The earlier Legs together: two of the TV's fuller pages, the newest recap after them.
EARLIER = 2 * sequence.MOST_PAGE
# The writer's stock lines, which tell nothing of what happened in the Leg.
_STOCK = ("To be continued", "And there the Leg ended", "And that was THE END")


def recaps(adventure: Adventure) -> list[Recap]:
    """The published recaps the story so far is told from, oldest first."""
    newest = last_recap(adventure)
    if newest is None:
        return []
    published = Recap.objects.filter(published__isnull=False, adventure_id=newest.adventure_id)
    return list(published.select_related("leg").order_by("last_event", "pk"))


def told(recaps: list[Recap]) -> str:
    """The story so far: each earlier Leg a line, the newest recap whole."""
    if not recaps:
        return ""
    *earlier, newest = recaps
    legs: dict[object, list[Recap]] = {}
    for recap in earlier:  # a Leg recapped twice (so far, then concluded) is one line
        legs.setdefault(recap.leg_id or f"recap-{recap.pk}", []).append(recap)
    numbers = _numbers(recaps)
    lines = [_brief(leg[0], numbers) for leg in legs.values()]
    # Too long for the minute: the oldest Legs are named alone, the newest keep their sentence.
    for n in range(len(lines)):
        if sum(len(line) for line in lines) <= EARLIER:
            break
        lines[n] = _name(list(legs.values())[n][0], numbers) + "."
    return "\n\n".join([*lines, newest.body.strip()])


def _numbers(recaps: list[Recap]) -> dict[int, int]:
    """Each Leg's number as the table knew it when it was played (its start in the log), in
    one query: a Leg moved in prep since, or played before one prepared ahead of it, keeps
    the number its own recap gives it ("Leg 1: …", never renumbered "Leg 2: …" by today's
    prep order). A Leg with no start in the log: its place in the prep (`Leg.number`)."""
    adventures = {recap.adventure_id for recap in recaps}
    order = Leg.objects.filter(adventure_id__in=adventures).order_by(
        "adventure_id", "position", "pk"
    )
    numbers, counted = {}, {}
    for pk, adventure in order.values_list("pk", "adventure_id"):
        counted[adventure] = counted.get(adventure, 0) + 1
        numbers[pk] = counted[adventure]
    started = TableEvent.objects.filter(
        adventure_id__in=adventures, kind="leg_started", undone_by__isnull=True
    ).order_by("pk")
    for data in started.values_list("data", flat=True):
        if isinstance(data.get("number"), int) and data.get("leg") in numbers:
            numbers[data["leg"]] = data["number"]
    return numbers


def _name(recap: Recap, numbers: dict[int, int]) -> str:
    if recap.leg is None:
        return recap.title.strip()
    return leg_name(numbers.get(recap.leg_id), recap.leg.title)


def _brief(recap: Recap, numbers: dict[int, int]) -> str:
    """An earlier Leg in a line: “Leg 1: A Ticking in the Rain. The first Scene, …”."""
    name = _name(recap, numbers)
    told = paragraphs(recap.body)
    if told and told[0].startswith(LEADS):  # the opening: who went into which Leg
        told = told[1:]
    said = [
        sentence
        for paragraph in told
        for sentence in sequence.sentences(" ".join(paragraph.split()))
        if not sentence.startswith(_STOCK)
    ]
    line = f"{name}. {said[0]}" if said else f"{name}."
    return line if len(line) <= BRIEF else f"{name}."
