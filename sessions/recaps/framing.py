"""A Scene's framing (the Director's Where, What and Who) told as one natural sentence.

The Director writes the framing as a screenplay's slug line ("The Grand Tower, midnight",
"Investigate the stopped clock", "Old Tom"); read aloud as it stands it sounds like a list.
`opening` weaves the three into prose: "At the Grand Tower, at midnight, the Cast set out to
investigate the stopped clock, with Old Tom on hand." Plain Python, no Django.
"""

import re

from sessions.grammar import (
    NOT_A_TASK,
    a_clause,
    a_noun_phrase,
    a_task,
    bare_word,
    participle,
    quote,
)
from sessions.lexicon import ADJECTIVES, DETERMINERS, ORDERS, PREPOSITIONS
from sessions.tenses import NOW_WORDS, PAST_WORDS
from sessions.wording.director import name_inside, phrase
from sessions.wording.typed import mid_sentence

# Words that start a phrase already telling where ("Inside the vault", "aboard the airship").
PLACE_WORDS = frozenset((
    "at", "in", "on", "inside", "aboard", "under", "beneath", "below", "above", "atop", "near",
    "by", "beside", "behind", "outside", "within", "among", "across", "along", "over", "into",
    "onto", "upon", "through", "around", "between", "amid", "off", "underneath", "beyond",
))  # fmt: skip
# Words that tell how the Cast are, not a place to be at ("found themselves adrift").
STATES = frozenset((
    "adrift", "afloat", "aground", "ashore", "awash", "aloft", "alone", "lost", "stuck",
    "trapped", "underwater", "underground", "upstairs", "downstairs", "overboard", "outdoors",
    "indoors", "surrounded", "cornered",
))  # fmt: skip
# One-word times of day that take an "at" ("midnight" → "at midnight").
TIMES = frozenset((
    "midnight", "noon", "midday", "dawn", "dusk", "daybreak", "nightfall", "sunrise", "sunset",
))  # fmt: skip


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: stripped, ending in a stop."""
    text = " ".join(text.split())
    # A closing bracket ends the sentence only round a sentence of its own: "(It was late.)"
    if text and (text[-1] not in ".!?…\"”'’)" or (text[-1] == ")" and text[-2:-1] not in ".!?…")):
        text += "."
    return text[:1].upper() + text[1:]


def place(name: str) -> str:
    """A place's name inside a sentence, its article lowered as a Danger's is
    (`wording.director.name_inside`): “at the Nilgiri Express”, “at a fishing boat”, never “at The
    Nilgiri…” or “at A fishing boat”. A thing named as a common noun, only its first letter
    capital (“Baggage car”, “Engine room”), is a place like any other: “at the baggage car”."""
    name = name_inside(name)
    if _common_noun(name):
        first = name.split(" ", 1)[0]
        return f"the {name if first.isupper() else name[:1].lower() + name[1:]}"
    return name


def _common_noun(name: str) -> bool:
    """“Baggage car”, “Hotel lobby”: two words or more, the first capital, the rest lower
    case; never a name (“Grand Central”, “Platform 9”, “Tom's bar”) nor one word (“Paris”)."""
    words = name.split()
    if len(words) < 2 or not words[0][:1].isupper():
        return False
    first = words[0]
    if not first.replace("-", "").isalpha() or first.lower() in PLACE_WORDS:
        return False
    return all(w.replace("-", "").isalpha() and w.islower() for w in words[1:])


_phrase = phrase  # the Director's words as a phrase inside a sentence (`wording.director.phrase`)


def lower_first(text: str) -> str:
    """“The Grand Tower” → “the Grand Tower”; a name (“Old Tom”) keeps its capital."""
    first = text.split(" ", 1)[0]
    if first.lower() in NOT_A_TASK | PLACE_WORDS or a_task(text):
        return text[:1].lower() + text[1:]
    return text


def who_phrase(who: str) -> str:
    """Who was there, inside a sentence: “the harbour master”, but a name as written
    (“Pillai”, “Old Tom”), never lowered as if it were a task."""
    first = who.split(" ", 1)[0]
    return who[:1].lower() + who[1:] if first.lower() in NOT_A_TASK else who


# A Who that tells of the Cast itself ("Everyone, fresh off the tram chase").
THE_CAST = ("everyone", "everybody", "all", "the cast", "the heroes", "the whole cast")


def a_statement(who: str) -> bool:
    """Whether a Who says something of someone (“Mrs. Haddow waits at the door”, “The clerk
    watches”, “Tom is asleep upstairs”) rather than naming who was there (“Mrs. Haddow”, “the
    night guard”, “Mr Pillai and two porters”): a sentence the Director typed, never woven in
    as a name (a fresh-eyes recap: “with Mrs. Haddow waits at the door on hand”)."""
    words = who.split()
    if not words:
        return False
    if a_clause(words, set()):
        return True
    # A verb at its end, after who does it: “The clerk watches”, “Haddow waits”.
    last, before = bare_word(words[-1]), bare_word(words[-2]).lower() if len(words) > 1 else ""
    return (
        bool(before)
        and last.islower()
        and len(last) > 2
        and last.isalpha()
        and last.endswith("s")
        and not last.endswith(("ss", "us", "is", "ous"))
        and before not in DETERMINERS | PREPOSITIONS | ADJECTIVES
        and before not in ("and", "or", "of")
        and not before.endswith("'s")
    )


def who_was_there(who: str) -> str:
    """A Who that says more than a name, as a sentence of its own: “Who was there: Mrs. Haddow
    waits at the door.”"""
    return sentence(f"who was there: {who}")


def _with(who: str) -> str:
    """Who was on hand, after the place: “, with Old Tom on hand”; a Who that says more than
    who (“Everyone, fresh off the tram chase”) or tells of the Cast itself, beside it in
    brackets (never “with Everyone, fresh off the tram chase on hand”). A Who that is a
    sentence (`a_statement`) isn't woven in: "" (`opening` says it after, `who_was_there`)."""
    if a_statement(who):
        return ""
    about_the_cast = who.lower().startswith(THE_CAST)
    named = [part.strip() for part in who.split(",")]
    if not about_the_cast and len(named) > 1 and all(map(_one_of_them, named[1:])):
        # A list of who was there ("Porters, a crane man"): “with Porters and a crane man”.
        return f", with {who_phrase(', '.join(named[:-1]))} and {named[-1]} on hand"
    if about_the_cast or "," in who:
        said = who[:1].lower() + who[1:] if about_the_cast else who_phrase(who)
        return f" ({said})"
    return f", with {who_phrase(who)} on hand"


def _met(who: str) -> str:
    """Who the Cast met, with no place to set them beside: “The Cast met Old Tom.”; a Who
    that is a sentence, or tells of the Cast itself, as a sentence of its own."""
    if a_statement(who) or who.lower().startswith(THE_CAST):
        return who_was_there(who)
    return sentence(f"the Cast met {who_phrase(who)}")


def _one_of_them(part: str) -> bool:
    """Whether a Who's part after a comma names one more there (“a crane man”, “Old Tom”),
    not more about the first (“fresh off the tram chase”)."""
    return bool(part) and (part[:1].isupper() or a_noun_phrase(part))


def where_phrase(where: str) -> str:
    """“The Grand Tower, midnight” → “at the Grand Tower, at midnight”."""
    parts = [p.strip() for p in _phrase(where).split(",") if p.strip()]
    said = []
    for n, part in enumerate(parts):
        first = part.split(" ", 1)[0].lower()
        if first in PLACE_WORDS or _a_state(part):
            said.append(part[:1].lower() + part[1:])
        elif part.lower() in TIMES or part[:1].isdigit():
            said.append(f"at {part.lower() if part.lower() in TIMES else part}")
        elif n == 0:
            said.append(f"at {place(part[:1].upper() + part[1:])}")
        else:
            said.append(part)
    return ", ".join(said)


def _a_state(where: str) -> bool:
    """Whether a Where tells how the Cast are rather than a place to be at: “Knee-deep in
    black water”, “Lost in the fog”, “Adrift”. The Cast “found themselves knee-deep in black
    water”, never “at the knee-deep in black water” (a fresh-eyes recap). A word that
    describes is a state alone or with a place after it: “Old warehouse”, “Lost lighthouse”
    are places."""
    words = [word.lower() for word in where.split()]
    first = words[0]
    describes = (
        first in STATES
        or first in ADJECTIVES
        or participle(first)
        or first.rsplit("-", 1)[-1] in ADJECTIVES
    )
    return describes and (len(words) == 1 or words[1] in PREPOSITIONS)


def _in_the_present(what: str) -> bool:
    """Whether a What typed as a statement tells it as happening now (“Ledgers float past”,
    “The clock has stopped”): woven into the recap's past tense it reads as a slip, so it is
    quoted as the Director set it. A question (“Who did it?”) or a statement in the past (“The
    clock had stopped”) stands as typed."""
    if what.rstrip().endswith("?"):
        return False
    words = [word.strip('"“”‘’,.;:!?()…').lower() for word in what.split()]
    if any(word in NOW_WORDS for word in words):
        return True
    return not any(word in PAST_WORDS or (word.endswith("ed") and len(word) > 3) for word in words)


def opening(where: str, what: str, who: str) -> str:
    """The framing as prose: one sentence where it can, two where the What is a statement of
    its own ("A ledger went missing.", or quoted as the Director set it while it is told in the
    present: “A ledger goes missing.”)."""
    where, what, who = _phrase(where), _phrase(what), _phrase(who)
    at = where_phrase(where) if where else ""
    with_who = _with(who) if who else ""
    # A Who typed as a sentence, said after the rest, as typed (never woven into it).
    after = who_was_there(who) if who and not with_who else ""
    told = _opening(at, what, who, with_who)
    return f"{told} {after}".strip() if after and after not in told else told


def _opening(at: str, what: str, who: str, with_who: str) -> str:
    """`opening`, its three answers read: the place said (``at``), who woven in (``with_who``)."""
    if what and a_task(what, (who,)) and not _a_happening(what):
        task = f"the Cast set out to {lower_first(what)}{with_who}"
        return sentence(f"{at}, {task}" if at else task)
    told = []
    if what and a_noun_phrase(what, (who,)):  # "A rooftop chase": what was afoot, in a sentence
        what = mid_sentence(what, (who,))
        if at:
            return sentence(f"the Cast found themselves {at}, {what} afoot{with_who}")
        met = _met(who) if who else ""
        return " ".join(s for s in (sentence(f"{what} was afoot"), met) if s)
    if at:
        told.append(sentence(f"the Cast found themselves {at}{with_who}"))
    if at and _a_happening(what):
        # "Crates falling": what was happening, beside the place (never a sentence of two words).
        return sentence(f"the Cast found themselves {at}, {mid_sentence(what, (who,))}{with_who}")
    if what and (
        participle(what.split(" ", 1)[0].lower()) or _a_short_thing(what) or _a_happening(what)
    ):
        told.append(sentence(f"at issue: {mid_sentence(what, (who,))}"))
    elif what and _in_the_present(what):
        told.append(f"The Director set the scene: {quote(sentence(what))}")
    elif what:
        told.append(sentence(what))
    if who and not at:
        told.append(_met(who))
    return " ".join(told)


def _a_happening(what: str) -> bool:
    """“Crates falling”, “Trouble brewing”: a thing and what it is doing, two words, never a
    task (a fresh-eyes recap: “the Cast set out to trouble brewing”), though its first word
    may be a verb too; an order first (“Keep watching”, “Stop running”) is a task."""
    words = [bare_word(word).lower() for word in what.split()]
    return (
        len(words) == 2
        and participle(words[1])
        and not participle(words[0])
        and words[0] not in ORDERS
    )


def _a_short_thing(what: str) -> bool:
    """“The missing crates”, “A stolen ledger”: an article and two words, no stop, that
    `a_noun_phrase` can't tell from a statement (“crates” may be a verb). Told after “At
    issue:” it reads right either way, where on its own it was a sentence without a verb (a
    fresh-eyes recap: “The missing crates.”); “A ledger goes missing” stays a sentence."""
    words = what.split()
    return (
        len(words) == 3
        and words[0].lower() in ("a", "an", "the")
        and not re.search(r"[.!?…:;,()]", what)
    )
