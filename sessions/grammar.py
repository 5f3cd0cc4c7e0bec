"""Guesses at the English of typed words, for `sessions.wording` to weave them into sentences.

Whether words are a task ("Bluff the foreman"), a clause ("a torn badge glints on the floor")
or a thing ("a torn badge"); a player's own words told of their hero are `sessions.telling`'s.
Plain word lists and rules of thumb: when unsure, the guess is the one that still reads right
in every sentence built from it. Also the app's own counting and listing in words ("two 1s",
"Sam, Ada and Kit"), one spelling for the table log and the recap alike.
"""

import re
from collections.abc import Iterable
from itertools import pairwise

from sessions import lexicon as L
from sessions.lexicon import NOT_A_TASK, TITLES

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def plural(name: str) -> bool:
    """Whether a name is of many, to take a plural verb: "Vell's Thugs strike", "Museum
    guards strike", but "The Brass Jack strikes", "The Boss strikes", "Marcus strikes"; by the
    word before an "of" ("The Watchdog of the Mooring Masts strikes")."""
    head = re.split(r"\s+(?:of|from|in|at|on|with|under)\s+", name, maxsplit=1)[0].split()
    last = head[-1].lower() if head else ""
    return len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is", "'s"))


def known_words(names: Iterable[str]) -> set[str]:
    """The capitalised words of the names the app knows: "Baron Vex" gives "Baron" and "Vex"."""
    return {
        w
        for name in names
        for w in _WORD.findall(name)
        # A name's article is no name ("A" of "A Parrot", "The" of "The Brass Widow").
        if w[:1].isupper() and w.lower() not in L.DETERMINERS
    }


def a_task(text: str, names: Iterable[str] = ()) -> bool:
    """Whether ``text`` reads as a task ("Investigate the stopped clock", "find the map"):
    a first word that is no article or pronoun, not a name ("Ada bluffs the foreman", "Brass
    Jack"), not a plural or a verb said of someone ("Clocks chime", "Jack's goons strike")."""
    words = text.split()
    if not words or re.search(r"[!?;:]", text):
        return False
    first = words[0].lower()
    # A joined verb is a verb too: "Shoulder-charge the door", never "A-team" (a capital next).
    alpha = first.replace("-", "").isalpha() and not first.startswith("-")
    if first in NOT_A_TASK | L.DETERMINERS | L.PREPOSITIONS or not alpha:
        return False  # "Through the dome…" says where, never what to do; "Ada's" is no verb
    if first.endswith("s") and not first.endswith("ss"):
        return False
    if participle(first):
        return False  # a thing, not a deed: "Missing ships", "Abandoned docks"
    known = known_words(names)
    if words[0] in known:
        return False  # a name, not a verb: "Ada bluffs the foreman", "Vex waits"
    second = bare_word(words[1]).removesuffix("'s") if len(words) > 1 else ""
    # "Follow Vex", "Carry Ada's satchel", "Question Mr. Wen", not "Brass Jack"
    return not (second[:1].isupper() and second not in known) or a_title(words[1:])


def a_title(words: list[str]) -> bool:
    """Whether ``words`` start with a title and a name ("Mr. Wen", "Doctor Ng"): a person,
    whom a verb before them acts on, whether or not the app knows the name."""
    if len(words) < 2:
        return False
    return bare_word(words[0]).lower() in TITLES and bare_word(words[1])[:1].isupper()


def an_order(words: list[str], names: Iterable[str]) -> bool:
    """Whether words that may be a task are one for sure: a verb, then "the" or a name ("Look
    under the rug" is as sure as "Follow Vex"; "Wet bootprints" may be a thing)."""
    second = bare_word(words[1]) if len(words) > 1 else ""
    if second.lower() in L.PREPOSITIONS:
        return words[0].lower() in L.ORDERS  # "Sawdust on the floor" is a thing seen
    return second.lower() in L.DETERMINERS or second in known_words(names)


def participle(word: str) -> bool:
    """“missing”, “abandoned”: a word that describes (a verb's -ing or -ed form), where a task
    would start with the verb itself. A short stem is a verb of its own (“bring”, “shred”)."""
    if word.endswith("ing"):
        return bool(re.search(r"[aeiouy]", word[:-3]))
    return word.endswith("ed") and not word.endswith("eed") and len(word) > 5


def bare_word(word: str) -> str:
    """A word without the quotes and stops around it, its apostrophe a plain one ("“Ada’s,"
    → "Ada's"), to be looked up in the word lists."""
    return word.strip('"“”‘’,.;:!?()…').replace("’", "'")


def a_question(words: list[str]) -> bool:
    """Whether ``words`` ask something, with or without their "?": "Is the clerk lying",
    "Where did the thief take the planet", "How many guards are there", "Who paid the
    clerk?"; never a thing named by what it is ("where the thief hid the planet", "what the
    clerk saw", "Can of beans on the shelf")."""
    if not words:
        return False
    if words[-1].rstrip("”\"')").endswith("?"):
        return True
    bare = [bare_word(w).lower() for w in words]
    first, rest = bare[0], bare[1:]
    if first in L.AUXILIARIES and first not in ("seems", "seem") and rest:
        following = words[1].strip('"“”‘’,.;:!?()…')
        if first in ("do", "have") and rest[0] in L.DETERMINERS:
            return False  # "Do a backflip", "Have a look around": a task, never asked
        return rest[0] in L.ASKED_OF or following[:1].isupper()  # "Did Vex lie"
    if first not in L.QUESTION_WORDS or not rest:
        return False
    if rest[0] in L.AUXILIARIES or (first == "how" and rest[0] in L.HOW_MUCH):
        return True  # "Where did…", "Who is…", "How many…"
    # "Which door did he use", "What colour was the car": a question's "did" or "was" after a
    # word or two, with more to come (never the "did" that ends "what the clerk did").
    asked = any(w in L.AUXILIARIES and i + 1 < len(rest) for i, w in enumerate(rest[1:3], 1))
    plain = rest[0] not in L.DETERMINERS and rest[0] not in L.SUBJECTS
    return asked and plain and words[1][:1].islower()  # never "what Vex was doing"


def a_clause(words: list[str], known: set[str]) -> bool:
    """Whether ``words`` say something of someone or something ("a torn press badge glints on
    the floor", "the door is ajar", "we run"), not name a thing ("the gulls circling the
    barge", "a pile of letters on the desk"). When unsure, a clause: it is never put after a
    verb, so it reads right either way."""
    bare = [bare_word(w) for w in words]
    lowered = [w.lower() for w in bare]
    if lowered[0].partition("'")[0] in L.SUBJECTS and len(words) > 1:
        return True
    if lowered[0] in L.AUXILIARIES:
        return True  # a question: "Is the clerk lying?"
    for k in range(1, len(words)):
        word, before = lowered[k], lowered[k - 1]
        if before in L.RELATIVE:
            continue  # "a man who is watching": the verb of a thing's description
        if word in L.AUXILIARIES:
            return True
        if k == 1 and _describes(before):
            continue  # "Wet bootprints on the stairs": a thing, never "wet" that "bootprints"
        if k + 1 < len(words) and _a_verb(word) and _ends_a_subject(before, bare[k - 1]):
            following = lowered[k + 1]
            plainly_a_verb = word.endswith(("sses", "shes", "ches", "xes"))  # "Steam hisses"
            if (
                k == 1
                and following in L.PREPOSITIONS
                and bare[0] not in known
                and not plainly_a_verb
            ):
                continue  # "Scorch marks on the wall": a thing, its place; "sees" reads right

            if following in L.AFTER_A_VERB or (following.endswith("ly") and len(following) > 4):
                return True
        if bare[k - 1] in known and k == 1 and word.isalpha() and word.endswith("s"):
            return True  # "Vex waits", "Vex laughs"
    return False


def _describes(word: str) -> bool:
    """A word that may describe what follows it ("wet", "rusty", "broken"), not name a
    thing that does something ("steam", "blood")."""
    return word in L.ADJECTIVES or (
        len(word) > 3 and word.endswith(("y", "en", "ed", "ing", "ful", "less", "ous", "ish"))
    )


def a_noun_phrase(text: str, names: Iterable[str] = ()) -> bool:
    """Whether ``text`` is plainly a short thing, no statement ("A rooftop chase", "The
    thief's last job"), to weave into a sentence; never "A ledger goes missing" nor "The
    clock has stopped" (a statement of its own). When unsure, not: a statement stands alone."""
    words = text.split()
    if not 1 < len(words) <= 8 or re.search(r"[.!?…:;,()]", text):
        return False
    if words[0].lower() not in ("a", "an", "the") or a_clause(words, known_words(names)):
        return False
    lowered = [bare_word(w).lower() for w in words]
    return not any(
        w in L.AUXILIARIES or (_a_verb(w) and _ends_a_subject(before, before))
        for before, w in pairwise(lowered)
    )


def _a_verb(word: str) -> bool:
    """A word that may be a verb said of someone ("glints", "hisses"), not a plural alone."""
    return (
        len(word) > 2
        and word.isalpha()
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is", "ous"))
    )


def _ends_a_subject(lowered: str, word: str) -> bool:
    """Whether a verb may follow ``word``: not after "the", "of", "two" or a possessive."""
    return (
        lowered not in L.DETERMINERS
        and lowered not in L.PREPOSITIONS
        and lowered not in ("and", "or", "of")
        and not word.endswith("'s")
    )


NUMBERS = (
    "no one two three four five six seven eight nine ten eleven twelve".split()  # noqa: SIM905
)
ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()  # noqa: SIM905


def number(n: int, *, most: int = len(NUMBERS) - 1) -> str:
    """``n`` in words, "no" to "twelve" (up to ``most``), in figures past them ("13")."""
    return NUMBERS[n] if 0 <= n <= min(most, len(NUMBERS) - 1) else str(n)


def listed(items: Iterable[str]) -> str:
    """“Sam”, “Sam and Ada”, “Sam, Ada and Kit”: the empty ones left out."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def quote(text: str) -> str:
    """Words set in the story's quotation marks, the quotes inside them turned single: “a crate
    stencilled: ‘Karaca – fragile’”, never “… “Karaca””."""
    inner = re.sub(r"[“\"]([^”\"]*)[”\"]", r"‘\1’", text)
    return f"“{inner}”"


def quote_before_tag(text: str) -> str:
    """Words quoted before their speech tag ("… cried Lou"): a closing full stop, colon or
    semicolon becomes a comma inside the quote, and one is added where there is none; ! ? and
    an ellipsis stay as said. “Darling, the show must go on,” cried Lou."""
    text = text.rstrip()
    if text.endswith(("!", "?", "…", "...", "—")):
        return quote(text)
    return quote(text.rstrip(".,:;") + ",")
