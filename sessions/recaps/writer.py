"""Recaps in the app's pulp voice: what happened at the table, told in full sentences.

Plain Python, no Django: `sessions.recaps.story` reads the log into a `Chapter` of plain facts
(only what the Cast saw), and `write` tells it. The same chapter always gives the same words
(the phrasing is picked by the chapter's seed), so drafting again from an unchanged log
changes nothing.
"""

import re
from dataclasses import dataclass
from enum import StrEnum

from sessions.recaps.framing import a_task, lower_first, opening, place, sentence
from sessions.wording import mid_sentence, third_person

__all__ = ["place", "sentence"]  # told here too, for the callers of the writer


class Moment(StrEnum):
    KNOCKOUT = "knockout"
    BLAMMO = "blammo"  # a success with Blammo! sound effects
    BLAMMO_FLOP = "blammo-flop"  # a blunder in spite of them
    SNATCHED = "snatched"  # a blunder turned into a success with Lucky Saves
    CATCHPHRASE = "catchphrase"  # the Catchphrase re-roll turned a blunder round
    DANGER_OUT = "danger-out"
    INVESTIGATED = "investigated"
    GROUP = "group"
    REST = "rest"
    TUMULT = "tumult"
    NARRATION = "narration"
    RETIRING = "retiring"  # a fourth Knockout
    GAMBLE = "gamble"  # a Gamble with a stated action: its success or blunder, told
    HANDOUT = "handout"  # the Director revealed a handout (``text``: its caption)


@dataclass(frozen=True)
class Happening:
    """One memorable thing. ``text`` is what it was about (the sound effects, what was looked
    into, a Danger's name, the Director's line; for a Knockout, how long it lasts), ``more``
    its upshot or cause."""

    moment: Moment
    hero: str = ""
    text: str = ""
    more: str = ""
    success: bool = True
    count: int = 0
    of: int = 0


@dataclass(frozen=True)
class HandRoll:
    """One roll of real dice: whose, what for (a key of `ROLLS`), and whether the Director
    typed the faces in for its player."""

    hero: str
    roll: str = "gamble"
    typed: bool = False


# What a roll was for: with its article, alone (after a name's “'s”), and in the plural.
ROLLS = {
    "gamble": ("a Gamble", "Gamble", "Gambles"),
    "catchphrase": ("a Catchphrase re-roll", "Catchphrase re-roll", "Catchphrase re-rolls"),
    "investigation": ("an Investigation", "Investigation", "Investigations"),
    "rest": ("a Rest die", "Rest die", "Rest dice"),
    "lucky": ("a Lucky Saves die", "Lucky Saves die", "Lucky Saves dice"),
}


@dataclass(frozen=True)
class Told:
    """A Scene as the Cast saw it. A Told with no beat holds what happened before any Scene."""

    beat: str = ""
    place: str = ""
    description: str = ""
    where: str = ""
    what: str = ""
    who: str = ""
    opening: str = ""
    canon: tuple[tuple[str, str], ...] = ()  # (hero, what they added to the Wide Shot)
    happenings: tuple[Happening, ...] = ()
    gambles: int = 0
    successes: int = 0


@dataclass(frozen=True)
class Chapter:
    adventure: str
    leg_number: int | None = None
    leg_title: str = ""
    # The Leg started before this chapter does (an earlier recap told its beginning).
    continued: bool = False
    cast: tuple[str, ...] = ()
    scenes: tuple[Told, ...] = ()
    leg_over: bool = False
    finished: bool = False
    retired: tuple[str, ...] = ()
    sound_effects: tuple[str, ...] = ()
    # Each roll of real dice whose faces were typed in, in the log's order: the recap names
    # whose roll it was and who typed it (the player, or the Director for them).
    by_hand: tuple["HandRoll", ...] = ()
    # The names the story knows (heroes, NPCs, Dangers): typed words that start with one keep
    # their capital inside a sentence (`wording.mid_sentence`).
    names: tuple[str, ...] = ()
    seed: int = 0

    @property
    def eventful(self) -> bool:
        return any(s.beat or s.happenings or s.gambles for s in self.scenes)


def title(chapter: Chapter) -> str:
    if chapter.leg_number is None:
        return f"{chapter.adventure}: the story so far"
    name = f"Leg {chapter.leg_number}: {chapter.leg_title}"
    if chapter.leg_over:
        return f"{name}, concluded" if chapter.continued else name
    return f"{name}, so far"


def write(chapter: Chapter) -> str:
    """The recap's text: paragraphs separated by a blank line."""
    words = _Words(chapter.seed, (*chapter.cast, *chapter.names))
    paragraphs = [_opening(chapter, words)]
    scene_number = 0
    for told in chapter.scenes:
        if told.beat:
            scene_number += 1
        paragraphs += _scene(told, scene_number, words)
    if not chapter.eventful:
        paragraphs.append(
            words.pick(
                "Nothing much has happened yet: the dice are still warm in the box.",
                "The stage is set, but the curtain has barely twitched.",
            )
        )
    paragraphs.append(_closing(chapter, words))
    return "\n\n".join(p for p in paragraphs if p)


class _Words:
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
        """Typed words inside a sentence: their first letter lowered, a name's kept."""
        return mid_sentence(text.strip(), self.names)


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


def _opening(chapter: Chapter, words: _Words) -> str:
    cast = names(chapter.cast) or "our heroes"
    lead = words.pick(
        f"Previously, in {chapter.adventure}…",
        f"Last time, in {chapter.adventure}…",
        f"The story so far, in {chapter.adventure}…",
    )
    if chapter.leg_number is None:
        return f"{lead} {cast} {words.pick('had their work cut out', 'were in for a wild ride')}."
    leg = f"Leg {chapter.leg_number}, “{chapter.leg_title}”"
    if chapter.continued:
        return f"{lead} {leg} went on, with {cast} still in the thick of it."
    verb = words.pick(
        f"threw {cast} into the thick of it",
        f"found {cast} up to their necks in trouble",
        f"sent {cast} headlong after the truth",
    )
    return f"{lead} {leg}, {verb}."


# A paragraph of what happened holds this many sentences at most: a recap is read aloud at the
# start of game night, and a wall of text loses the table.
SENTENCES_A_PARAGRAPH = 4


def _scene(told: Told, n: int, words: _Words) -> list[str]:
    """A Scene's paragraphs: where it was and what the Cast saw, then what happened."""
    told_of, last = [], ""
    for h in told.happenings:
        # Named again at the head of a paragraph, never "they" with nobody before it.
        again = bool(h.hero) and h.hero == last and len(told_of) % SENTENCES_A_PARAGRAPH != 0
        said = _happening(h, words, again=again)
        if told_of and h.hero and h.hero != last and said.startswith(f"{h.hero} "):
            said = _joined(said, words)  # a new hero steps up: vary how the sentence comes in
        told_of.append(said)
        last = h.hero
    if told.gambles:
        told_of.append(_tally(told.gambles, told.successes, words))
    told_of = [t for t in told_of if t]
    happened = [
        " ".join(told_of[i : i + SENTENCES_A_PARAGRAPH])
        for i in range(0, len(told_of), SENTENCES_A_PARAGRAPH)
    ]
    setting = [_setting(told, n, words), _wide_shot(told, words)] if told.beat else []
    return [p for p in (*setting, *happened) if p]


def _setting(told: Told, n: int, words: _Words) -> str:
    """Which Scene, where, and its framing as prose: the place, what was afoot, who was there."""
    at = f" at {place(told.place)}" if told.place else ""
    description = told.description.strip()
    if description.endswith(".") and not description.endswith(".."):
        description = description[:-1]  # a phrase with a stop: still a phrase
    if at and _fragment(description):  # “at the Nilgiri Express, a steam train climbing…”
        at += f", {description[:1].lower()}{description[1:]}"
        description = ""
    if n == 1:
        parts = [f"The first Scene, “{told.beat}”, played out{at}."]
    else:
        order = ORDINALS[n - 1] if n <= len(ORDINALS) else "next"
        parts = [
            words.pick(
                f"Then came “{told.beat}”{at}.",
                f"The {order} Scene, “{told.beat}”, unfolded{at}.",
                f"Next, “{told.beat}”{at}.",
            )
        ]
    # The framing's three answers are the Director's own phrases, woven into prose.
    parts += [sentence(description), opening(told.where, told.what, told.who)]
    return " ".join(p for p in parts if p)


def _article(text: str) -> bool:
    return text.split(" ", 1)[0] in ("A", "An", "The")


def _fragment(text: str) -> bool:
    """A place's description that reads as a phrase after its name (“a steam train climbing
    through tea gardens”), not sentences of its own."""
    text = text.strip()
    return (
        bool(text)
        and len(text) <= 120
        and not re.search(r"[.!?…:;]", text)
        and (_article(text) or text[:1].islower())
    )


def _wide_shot(told: Told, words: _Words) -> str:
    parts = [f"Wide Shot! {sentence(told.opening)}"] if told.opening.strip() else []
    if told.canon:
        # “Ada added a parrot, Sam footprints and Kit a smell of tar”: the verb said once,
        # a hero adding twice named once.
        added: dict[str, list[str]] = {}
        for hero, text in told.canon:
            added.setdefault(hero, []).append(f"“{text.strip().rstrip('.')}”")
        seen = [
            f"{hero}{' added' if n == 0 else ''} {names(things)}"
            for n, (hero, things) in enumerate(added.items())
        ]
        lead = words.pick("The Cast filled in the picture", "Everyone looked around")
        parts.append(f"{lead}: {names(seen)}.")
    return " ".join(parts)


def _tally(gambles: int, successes: int, words: _Words) -> str:
    if gambles == 1:
        return "One Gamble, and it came good." if successes else "One Gamble, and it went wrong."
    made = f"{number(gambles)} Gambles"
    if successes == gambles:
        return sentence(
            words.pick(f"{made}, and every one came good", f"{made}: not a single blunder")
        )
    if successes == 0:
        return sentence(
            words.pick(f"{made}, and not one went right", f"{made}: blunders, every one")
        )
    return sentence(f"{made}, {number(successes)} of them good")


# How a sentence about a new hero may come in after another's: now and then, never every
# time, and each join once in a recap (nine "Moments later" read as a tic, not a story).
JOINS = ("", "Then ", "", "Moments later, ", "", "Meanwhile, ", "", "Not long after, ")


def _joined(said: str, words: _Words) -> str:
    join = words.pick(*JOINS)
    if join in words.joined:
        return said
    words.joined.add(join)
    return join + said


def _happening(h: Happening, words: _Words, again: bool = False) -> str:
    """One happening as a sentence. ``again``: the sentence before was about the same hero,
    so this one doesn't name them again."""
    hero = h.hero or "Someone"
    if again and (said := _again(h, words)):
        return said
    match h.moment:
        case Moment.KNOCKOUT:
            said = words.pick(
                f"{hero} went down hard: Knockout!",
                f"Lights out for {hero}: a Knockout!",
                f"{hero} took one blow too many and hit the floor. Knockout!",
            )
            return _knockout_after(said, h)
        case Moment.RETIRING:
            return f"That was {hero}'s fourth Knockout: time to think about retiring."
        case Moment.GAMBLE:
            return f"{hero} {_gamble(h, words)}"
        case Moment.BLAMMO:
            return words.pick(
                f"{h.text} went {hero}'s Blammo! Dice, and it paid off.",
                f"{h.text} {hero} spent Blammo! Dice and pulled it off.",
                f"{hero} threw everything at it ({h.text}) and came up a winner.",
            )
        case Moment.BLAMMO_FLOP:
            return f"{hero} went all in ({h.text}) and still came up short."
        case Moment.SNATCHED:
            return words.pick(
                f"{hero} was staring at a blunder until Lucky Saves nudged the dice: "
                "a success, by a whisker.",
                f"Lucky Saves turned {hero}'s blunder into a success at the last moment.",
            )
        case Moment.CATCHPHRASE:
            if h.text:
                return f"“{h.text.strip()}” cried {hero}, and the re-rolled dice came good."
            return f"{hero}'s Catchphrase re-roll turned a blunder into a success."
        case Moment.DANGER_OUT:
            if not h.text:
                return "A foe the Cast never saw clearly went down too."
            if h.hero:
                return f"{h.hero} put {h.text} out of the picture."
            return f"Out of the picture went {h.text}."  # one foe or a crowd alike
        case Moment.INVESTIGATED:
            return f"{hero} took a closer look{_looked(h, words)}."
        case Moment.HANDOUT:
            return words.pick(
                f"The Director slid a handout across the table: “{h.text.strip()}”.",
                f"A handout came to light: “{h.text.strip()}”.",
            )
        case Moment.GROUP:
            what = f" (“{h.text.strip()}”)" if h.text.strip() else ""
            verdict = "they pulled it off" if h.success else "it went wrong"
            tally = f": {_of(h.count, h.of)}," if h.of > 1 else ","
            return f"The whole Cast gambled together{what}{tally} and {verdict}."
        case Moment.REST:
            if h.text:
                return f"The Cast caught their breath, and {h.text} shook off some Peril."
            return "The Cast caught their breath."
        case Moment.TUMULT:
            rounds = f"{number(h.count)} round{'s' if h.count != 1 else ''}"
            return words.pick(
                f"Then all hell broke loose: a Tumult, {rounds} of it.",
                f"Fists flew and furniture broke: a Tumult of {rounds}.",
            )
        case Moment.NARRATION:
            return sentence(h.text)
    return ""


def _looked(h: Happening, words: _Words) -> str:
    """At what an Investigation looked (``text``) and what it found (``more``), inside the
    sentence: “ at the torn ledger stubs and came away with a lead”."""
    about = f" at {words.inside(h.text).rstrip('.?!')}" if h.text.strip() else ""
    found = f" and came away with {words.inside(h.more)}" if h.more.strip() else ""
    return about + found


def _gamble(h: Happening, words: _Words) -> str:
    """A Gamble with its stated action (``text``) and its Blammo! sound effects (``more``),
    after its hero's name: “set out to pick the lock, and pulled it off.” The player's own
    words are told of their hero: “search my satchel” → “search their satchel”."""
    action = " ".join(h.text.split()).rstrip(".!?")
    if a_task(action):
        tried = f"set out to {lower_first(third_person(action))}"
    else:
        tried = f"went for “{action}”"
    if h.more:
        tried += f" ({h.more})"
    if h.success:
        return words.pick(f"{tried}, and pulled it off.", f"{tried}: a success!")
    return words.pick(f"{tried}, and blundered.", f"{tried}: a blunder.")


def _knockout_after(said: str, h: Happening) -> str:
    if h.text:  # how long it lasted, in the words of every other screen
        said += f" Out {h.text}."
    return f"{said} ({sentence(h.more)})" if h.more else said


def _again(h: Happening, words: _Words) -> str:
    """A happening told without its hero's name, who the sentence before was about; "" where
    the usual words serve (they don't start with the name)."""
    match h.moment:
        case Moment.KNOCKOUT:
            said = words.pick(
                "One blow later they hit the floor: Knockout!",
                "Then the lights went out for them: a Knockout!",
            )
            return _knockout_after(said, h)
        case Moment.RETIRING:
            return "That was their fourth Knockout: time to think about retiring."
        case Moment.GAMBLE:
            return f"Next they {_gamble(h, words)}"
        case Moment.BLAMMO:
            return f"They went all in ({h.text}), and it paid off."
        case Moment.BLAMMO_FLOP:
            return f"They went all in ({h.text}) and still came up short."
        case Moment.SNATCHED:  # the same Gamble as the sentence before: no "next" blunder
            return "It took Lucky Saves to turn a blunder round, by a whisker."
        case Moment.CATCHPHRASE if h.text:
            return f"“{h.text.strip()}” they cried, and the re-rolled dice came good."
        case Moment.CATCHPHRASE:
            return "Their Catchphrase re-roll turned a blunder into a success."
        case Moment.DANGER_OUT if h.text:
            return words.pick(
                f"That put {h.text} out of the picture.",
                f"Down went {h.text}, at their hands.",
            )
        case Moment.INVESTIGATED:
            return f"They took a closer look{_looked(h, words)}."
    return ""


def _of(count: int, of: int) -> str:
    """How many of a Group Gamble's Gambles came good, in words: “not one of the three came
    good”, “both came good”, “two of three came good” (never “no of two”)."""
    if count == 0:
        return "neither came good" if of == 2 else f"not one of the {number(of)} came good"
    if count == of:
        return "both came good" if of == 2 else f"all {number(of)} came good"
    return f"{number(count)} of {number(of)} came good"


def _closing(chapter: Chapter, words: _Words) -> str:
    parts = []
    if chapter.retired:
        people = names(chapter.retired)
        parts.append(f"{people} hung up their hats: their adventuring days are over.")
    if chapter.sound_effects:
        heard = names(chapter.sound_effects)
        parts.append(words.pick(f"The air still rings with {heard}", f"Sound effects: {heard}"))
        parts[-1] = sentence(parts[-1])
    if chapter.by_hand:
        parts.append(f"Real dice clattered on the table: {_hand_rolls(chapter.by_hand)}.")
    if chapter.finished:
        parts.append(f"And that was THE END of {chapter.adventure}.")
    elif chapter.leg_over:
        parts.append(
            words.pick(
                f"Leg {chapter.leg_number} ended there, and Peril was wiped clean.",
                "And there the Leg ended: Peril wiped clean, Lucky Saves to roll next time.",
            )
        )
        parts.append("To be continued…")
    else:
        parts.append("To be continued…")
    return " ".join(parts)


def _hand_rolls(rolls: tuple[HandRoll, ...]) -> str:
    """Who rolled what by hand, hero by hero: “Sam rolled two Gambles by hand, and a Rest die
    typed in by the Director; Ada rolled a Lucky Saves die by hand, typed in by the Director”."""
    heroes: dict[str, dict[bool, list[str]]] = {}
    for r in rolls:
        heroes.setdefault(r.hero, {False: [], True: []})[r.typed].append(r.roll)
    told = []
    for hero, by in heroes.items():
        own, typed = _rolls(by[False]), _rolls(by[True])
        if own and typed:
            told.append(f"{hero} rolled {own} by hand, and {typed} typed in by the Director")
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
    return names(said)
