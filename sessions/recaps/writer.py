"""Recaps in the app's pulp voice: what happened at the table, told in full sentences.

Plain Python, no Django: `sessions.recaps.story` reads the log into a `Chapter` of plain facts
(only what the Cast saw, `sessions.recaps.chapter`), and `write` tells it: the Scenes in order,
each memorable thing a sentence (`sessions.recaps.happenings`), the words picked by
`sessions.recaps.phrasing`. The same chapter always gives the same words
(the phrasing is picked by the chapter's seed), so drafting again from an unchanged log
changes nothing.
"""

import re

from sessions.grammar import ORDINALS, listed, number, quote
from sessions.leg_names import leg_name, leg_title
from sessions.recaps.chapter import Chapter, HandRoll, Happening, Moment, Told
from sessions.recaps.framing import opening, place, sentence
from sessions.recaps.hand_rolls import hand_rolls
from sessions.recaps.happenings import happening
from sessions.recaps.names import shortened
from sessions.recaps.phrasing import Words
from sessions.tenses import in_past
from sessions.wording.director import phrase
from sessions.wording.typed import Kind, read
from sessions.wording.wideshots import one_stop, sight, sight_words

# Told here too, for the callers of the writer.
__all__ = ["Chapter", "HandRoll", "Happening", "Moment", "Told", "place", "sentence"]


def title(chapter: Chapter) -> str:
    if chapter.leg_number is None:
        return f"{chapter.adventure}: the story so far"
    name = leg_name(chapter.leg_number, chapter.leg_title)
    if chapter.leg_over:
        return f"{name}, concluded" if chapter.continued else name
    return f"{name}, so far"


def write(chapter: Chapter) -> str:
    """The recap's text: paragraphs separated by a blank line."""
    words = Words(chapter.seed, (*chapter.cast, *chapter.names), dict(chapter.pronouns))
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
    if chapter.by_hand:
        # Who rolled by hand: a note of the table's, after the story, not a moment of it.
        paragraphs.append(f"Real dice clattered on the table: {hand_rolls(chapter.by_hand)}.")
    text = "\n\n".join(p for p in paragraphs if p)
    others = [n for n in chapter.names if n not in chapter.cast]
    return shortened(text, chapter.cast, others)  # "Professor Augusta Wren", then "Augusta"


# How a recap's opening starts ("Previously, in The Clockwork Monsoon… Leg 1, …").
LEADS = ("Previously, in ", "Last time, in ", "The story so far, in ")


def _opening(chapter: Chapter, words: Words) -> str:
    cast = listed(chapter.cast) or "our heroes"
    lead = words.pick(*(f"{lead}{chapter.adventure}…" for lead in LEADS))
    if chapter.leg_number is None:
        return f"{lead} {cast} {words.pick('had their work cut out', 'were in for a wild ride')}."
    own = leg_title(chapter.leg_number, chapter.leg_title)
    leg = f"Leg {chapter.leg_number}, {quote(own)}" if own else f"Leg {chapter.leg_number}"
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


def _scene(told: Told, n: int, words: Words) -> list[str]:
    """A Scene's paragraphs: where it was and what the Cast saw, then what happened."""
    told_of, last = [], ""
    for h in told.happenings:
        # Named again at the head of a paragraph, never "they" with nobody before it.
        again = bool(h.hero) and h.hero == last and len(told_of) % SENTENCES_A_PARAGRAPH != 0
        said = happening(h, words, again=again)
        if told_of and h.hero and h.hero != last and said.startswith(f"{h.hero} "):
            said = _joined(said, words)  # a new hero steps up: vary how the sentence comes in
        told_of.append(said)
        last = h.hero
    # Every Gamble is counted (a Group Gamble's members' too, as the TV counts them); a Scene
    # whose Gambles were all a Group Gamble's had them tallied in its sentence already.
    if told.gambles > told.grouped:
        told_of.append(_tally(told.gambles, told.successes, words))
    told_of = [t for t in told_of if t]
    happened = [
        " ".join(told_of[i : i + SENTENCES_A_PARAGRAPH])
        for i in range(0, len(told_of), SENTENCES_A_PARAGRAPH)
    ]
    if told.going_on:  # its start and Wide Shot were the last recap's: where it stood
        setting = [_going_on(told, words)]
    else:
        setting = [_setting(told, n, words), _wide_shot(told, words)] if told.beat else []
    return [_cast_once(p) for p in (*setting, *happened) if p]


# "the Cast" said once a paragraph: after that, other words for them ("A foe the Cast never
# saw clearly went down too. The Cast caught their breath." read as a tic).
# Never inside a quote: the words quoted stay as typed ("…before it buries the Cast").
_THE_CAST = re.compile(r"“[^”]*”|\b([Tt]he)( whole)? Cast\b")
_OTHERWISE = (
    ("the heroes", "our heroes", "the whole gang"),  # "the Cast"
    ("all the heroes", "everyone", "the whole gang"),  # "the whole Cast"
)


def _cast_once(paragraph: str) -> str:
    seen = 0

    def other(found: re.Match) -> str:
        nonlocal seen
        if found.group(0).startswith("“"):
            return found.group(0)  # a quote, as typed
        seen += 1
        if seen == 1:
            return found.group(0)
        others = _OTHERWISE[bool(found.group(2))]
        said = others[(seen - 2) % len(others)]
        return said[:1].upper() + said[1:] if found.group(1) == "The" else said

    return _THE_CAST.sub(other, paragraph)


def _setting(told: Told, n: int, words: Words) -> str:
    """Which Scene, where, and its framing as prose: the place, what was afoot, who was there."""
    # A Key Location told once a recap: its description the first time, "back at" after (a
    # fresh-eyes recap: the same description word for word in three Scenes).
    again = told.place in words.places
    words.places.add(told.place)
    at = f" {'back at' if again else 'at'} {place(told.place)}" if told.place else ""
    description = "" if again else phrase(told.description)  # a phrase with a stop: a phrase
    if at and _fragment(description):  # “at the Nilgiri Express, a steam train climbing…”
        at += f", {description[:1].lower()}{description[1:]}"
        description = ""
    if n == 1:
        # Without a place, never the flat "The first Scene, “Tea”, played out."
        said = f"The first Scene, {quote(told.beat)}, played out{at}."
        parts = [said if at else f"It all began with {quote(told.beat)}."]
    else:
        order = ORDINALS[n - 1] if n <= len(ORDINALS) else "next"
        parts = [
            words.pick(
                f"Then came {quote(told.beat)}{at}.",
                f"The {order} Scene, {quote(told.beat)}, unfolded{at}.",
                f"Next, {quote(told.beat)}{at}.",
            )
        ]
    # The framing's three answers are the Director's own phrases, woven into prose.
    parts += [sentence(description), opening(told.where, told.what, told.who)]
    return " ".join(p for p in parts if p)


def _going_on(told: Told, words: Words) -> str:
    """A Scene the last recap left in play: its name and place, and its framing again, so
    that this recap read alone still says where its first happenings took place."""
    at = f" at {place(told.place)}" if told.place else ""
    lead = words.pick(
        f"The Scene {quote(told.beat)} went on{at}.",
        f"{quote(told.beat)} was still under way{at}.",
    )
    return " ".join(p for p in (lead, opening(told.where, told.what, told.who)) if p)


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


def _wide_shot(told: Told, words: Words) -> str:
    parts = [f"Wide Shot! {sentence(told.opening)}"] if told.opening.strip() else []
    # “Ada added a parrot, Sam footprints and Kit a smell of tar”: the verb said once, a hero
    # adding twice named once. Words about the hero ("I see a brass rat", "Sam spots fresh
    # bootprints") are told of them as the table's screens told them, in the past as the whole
    # recap is: "Zoe saw a brass rat."
    added: dict[str, list[str]] = {}
    own = []
    for hero, text in told.canon:
        told_as = words.of(hero)
        if read(text, hero, words.names, tasks=False, pronouns=told_as).kind is Kind.HERO:
            own.append(one_stop(in_past(hero, sight(hero, text, words.names, told_as))))
        else:
            # Quoted as the table's screens showed it: "watching us" retold "watching them".
            shown = sight_words(hero, text, words.names, told_as)
            added.setdefault(hero, []).append(f"{quote(shown.strip().rstrip('.'))}")
    if added:
        seen = [
            f"{hero}{' added' if n == 0 else ''} {listed(things)}"
            for n, (hero, things) in enumerate(added.items())
        ]
        lead = words.pick("The Cast filled in the picture", "Everyone looked around")
        parts.append(f"{lead}: {listed(seen)}.")
    return " ".join([*parts, *own])


def _tally(gambles: int, successes: int, words: Words) -> str:
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


def _joined(said: str, words: Words) -> str:
    join = words.pick(*JOINS)
    if join in words.joined:
        return said
    words.joined.add(join)
    return join + said


def _closing(chapter: Chapter, words: Words) -> str:
    parts = []
    if chapter.retired:
        people = listed(chapter.retired)
        parts.append(f"{people} hung up their hats: their adventuring days are over.")
    if chapter.sound_effects:
        heard = listed(chapter.sound_effects)
        parts.append(words.pick(f"The air still rings with {heard}", f"Sound effects: {heard}"))
        parts[-1] = sentence(parts[-1])
    if chapter.finished:
        parts.append(f"And that was the end of {chapter.adventure}.")
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
