"""Guesses at the English of typed words, for `sessions.wording` to weave them into sentences.

Whether words are a task ("Bluff the foreman"), a clause ("a torn badge glints on the floor")
or a thing ("a torn badge"); a player's own words told of their hero ("I climb first and drop
a rope" → "Ada climbs first and drops a rope"). Plain word lists and rules of thumb: when
unsure, the guess is the one that still reads right in every sentence built from it.
"""

import re
from collections.abc import Iterable
from itertools import pairwise

from sessions import lexicon as L
from sessions.lexicon import NOT_A_TASK, TITLES

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def plural(name: str) -> bool:
    """Whether a name is of many, to take a plural verb: "Vell's Thugs strike", "Museum
    guards strike", but "The Brass Jack strikes", "The Boss strikes", "Marcus strikes"."""
    last = name.split()[-1].lower() if name.split() else ""
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


# A player's own words ("Search my satchel") told of their hero ("search their satchel").
_FIRST_PERSON = {
    "i": "they",
    "i'm": "they're",
    "i’m": "they’re",
    "i'd": "they'd",
    "i’d": "they’d",
    "i'll": "they'll",
    "i’ll": "they’ll",
    "i've": "they've",
    "i’ve": "they’ve",
    "me": "them",
    "my": "their",
    "mine": "theirs",
    "myself": "themselves",
    "we": "they",
    "us": "them",
    "our": "their",
    "ours": "theirs",
    "ourselves": "themselves",
}
_PERSON = re.compile(
    r"(?<![\w'’])("
    + "|".join(sorted(map(re.escape, _FIRST_PERSON), key=len, reverse=True))
    + r")(?![\w'’])",
    re.IGNORECASE,
)


def third_person(text: str) -> str:
    """A player's words about themselves ("Search my satchel", "get us out") as the story tells
    them of their hero: "search their satchel", "get them out". Words in quotes stay as said."""
    parts = re.split(r"(“[^”]*”|\"[^\"]*\")", text)
    for n in range(0, len(parts), 2):  # outside the quotes
        parts[n] = _PERSON.sub(_their, parts[n])
    return "".join(parts)


def _their(match: re.Match) -> str:
    said = match.group(0)
    told = _FIRST_PERSON[said.lower()]
    # "My notes" → "Their notes"; an "I" is mid-sentence in the story ("make sure they run").
    return told.capitalize() if said[:1].isupper() and said[:1] != "I" else told


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
    second = _bare(words[1]).removesuffix("'s") if len(words) > 1 else ""
    # "Follow Vex", "Carry Ada's satchel", "Question Mr. Wen", not "Brass Jack"
    return not (second[:1].isupper() and second not in known) or a_title(words[1:])


def a_title(words: list[str]) -> bool:
    """Whether ``words`` start with a title and a name ("Mr. Wen", "Doctor Ng"): a person,
    whom a verb before them acts on, whether or not the app knows the name."""
    if len(words) < 2:
        return False
    return _bare(words[0]).lower() in TITLES and _bare(words[1])[:1].isupper()


def an_order(words: list[str], names: Iterable[str]) -> bool:
    """Whether words that may be a task are one for sure: a verb, then "the" or a name ("Look
    under the rug" is as sure as "Follow Vex"; "Wet bootprints" may be a thing)."""
    second = _bare(words[1]) if len(words) > 1 else ""
    if second.lower() in L.PREPOSITIONS:
        return words[0].lower() in L.ORDERS  # "Sawdust on the floor" is a thing seen
    return second.lower() in L.DETERMINERS or second in known_words(names)


def participle(word: str) -> bool:
    """“missing”, “abandoned”: a word that describes (a verb's -ing or -ed form), where a task
    would start with the verb itself. A short stem is a verb of its own (“bring”, “shred”)."""
    if word.endswith("ing"):
        return bool(re.search(r"[aeiouy]", word[:-3]))
    return word.endswith("ed") and not word.endswith("eed") and len(word) > 5


def _bare(word: str) -> str:
    return word.strip('"“”‘’,.;:!?()…').replace("’", "'")


def told_of(hero: str, words: list[str]) -> str | None:
    """``words`` as a sentence about ``hero`` when they are one already: their name first
    ("Ada bluffs…", "Ada Quill bluffs…") or "I", "he" or "she" ("I bluff my way in" → "Ada
    Quill bluffs their way in"); None otherwise."""
    own = tuple(hero.split())
    for said in dict.fromkeys((own, own[:1])):  # the whole name, then the first name
        n = len(said)
        if [_bare(w).casefold() for w in words[:n]] != [w.casefold() for w in said]:
            continue
        if words[n - 1].endswith(("'s", "’s")) or len(words) == n:
            return None  # "Ada's notebook": a thing of theirs
        following = _bare(words[n]).lower()
        if following in L.PREPOSITIONS or following in ("and", "or", "with"):
            return None  # "Ada by the door", "Ada and Sam…"
        return " ".join([hero + words[n - 1][len(_bare(words[n - 1])) :], *words[n:]])
    first = _bare(words[0]).lower()
    subject, _, contracted = first.partition("'")
    if subject not in ("i", "he", "she") or len(words) == 1:
        return None
    if contracted:
        if contracted not in L.CONTRACTED[subject]:
            return None  # "I's", "she'm": not English, not told
        done = len(words) > 1 and _done(_bare(words[1]).lower())
        rest = [L.CONTRACTED[subject][contracted][done], *words[1:]]
    elif subject == "i":
        rest = _agreeing(words[1:])
    else:
        rest = words[1:]
    return f"{hero} {third_person(' '.join(rest))}"


def _done(word: str) -> bool:
    """A verb's word for a deed done, after "has" or "had": "got", "gone", "seen", "opened"."""
    return word in ("got", "been", "gone", "done", "seen") or (
        word.endswith("ed") and word not in ("red", "bed", "shed")
    )


def _agreeing(words: list[str]) -> list[str]:
    """The words after "I", their verbs said of someone else: "bluff the foreman" → "bluffs
    the foreman", "quietly slip away" → "quietly slips away", "climb first and drop a rope"
    → "climbs first and drops a rope"."""
    at = _past_adverbs(words, 0)
    told = [*words[:at], _agreed(words[at]), *words[at + 1 :]]
    verb = at
    for k in range(at, len(told) - 1):
        joined = _bare(told[k]).lower() in ("and", "then") or told[k].endswith(",")
        if not joined or (_bare(told[k]).lower() == "and" and told[k - 1].endswith(",")):
            continue
        j = _past_adverbs(told, k + 1)
        if j < len(told) and _a_coordinated_verb(told, j, after_verb=verb == k - 1 or verb == k):
            told[j] = _agreed(told[j])
            verb = j
    return told


def _past_adverbs(words: list[str], at: int) -> int:
    """Where the verb is, past up to two adverbs from ``at`` ("quietly slip", "then drop")."""
    start = at
    while at < len(words) - 1 and at < start + 2:
        word = _bare(words[at]).lower()
        if not (word in L.ADVERBS or (word.endswith("ly") and len(word) > 4)):
            break
        at += 1
    return at


def _a_coordinated_verb(words: list[str], j: int, after_verb: bool) -> bool:
    """Whether ``words[j]``, after "and", "then" or a comma, is another verb of the hero's
    ("and drop a rope", "duck and run"), not a thing ("the map and my torch", "salt and
    pepper") or another's deed ("and Sam pulls")."""
    word = _bare(words[j])
    low = word.lower()
    if not word.isalpha() or not word.islower() or (low.endswith("s") and not low.endswith("ss")):
        return False
    if low in NOT_A_TASK | L.DETERMINERS | L.PREPOSITIONS | L.ADJECTIVES | L.AUXILIARIES:
        return False
    if after_verb:
        return True  # "duck and run", "go and fetch help"
    if j == len(words) - 1:
        return False  # "grab the salt and pepper"
    following = _bare(words[j + 1]).lower()
    return following in L.AFTER_A_VERB or (following.endswith("ly") and len(following) > 4)


def _agreed(verb: str) -> str:
    """A verb as typed after "I", said of someone else: "bluff" → "bluffs", "try" → "tries"."""
    core = _bare(verb)
    low = core.lower()
    if low in L.IRREGULAR:
        said = L.IRREGULAR[low]
    elif low in L.SAME_FORM or low.endswith("ed") or not low.isalpha():
        said = core
    elif re.search(r"[^aeiou]y$", low):
        said = core[:-1] + "ies"
    elif low.endswith(("s", "sh", "ch", "x", "z", "o")):
        said = core + "es"
    else:
        said = core + "s"
    return verb.replace(core, said, 1) if core else verb


def a_clause(words: list[str], known: set[str]) -> bool:
    """Whether ``words`` say something of someone or something ("a torn press badge glints on
    the floor", "the door is ajar", "we run"), not name a thing ("the gulls circling the
    barge", "a pile of letters on the desk"). When unsure, a clause: it is never put after a
    verb, so it reads right either way."""
    bare = [_bare(w) for w in words]
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
    lowered = [_bare(w).lower() for w in words]
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
