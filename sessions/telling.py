"""A player's own words told of their hero, for `sessions.wording` and `sessions.retold`.

"I climb first and drop a rope" → "Ada climbs first and drops a rope"; "Search my satchel" →
"search their satchel". The verbs after "I" agree with the hero, and "I", "me" and "my" become
"they", "them" and "their"; words in quotes stay as said. Plain word lists and rules of thumb,
as in `sessions.grammar`.
"""

import re

from sessions import lexicon as L
from sessions.grammar import bare_word
from sessions.lexicon import NOT_A_TASK

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


def told_of(hero: str, words: list[str]) -> str | None:
    """``words`` as a sentence about ``hero`` when they are one already: their name first
    ("Ada bluffs…", "Ada Quill bluffs…") or "I", "he" or "she" ("I bluff my way in" → "Ada
    Quill bluffs their way in"); None otherwise."""
    own = tuple(hero.split())
    for said in dict.fromkeys((own, own[:1])):  # the whole name, then the first name
        n = len(said)
        if [bare_word(w).casefold() for w in words[:n]] != [w.casefold() for w in said]:
            continue
        if words[n - 1].endswith(("'s", "’s")) or len(words) == n:
            return None  # "Ada's notebook": a thing of theirs
        following = bare_word(words[n]).lower()
        if following in L.PREPOSITIONS or following in ("and", "or", "with"):
            return None  # "Ada by the door", "Ada and Sam…"
        return " ".join([hero + words[n - 1][len(bare_word(words[n - 1])) :], *words[n:]])
    first = bare_word(words[0]).lower()
    subject, _, contracted = first.partition("'")
    if subject not in ("i", "he", "she") or len(words) == 1:
        return None
    if contracted:
        if contracted not in L.CONTRACTED[subject]:
            return None  # "I's", "she'm": not English, not told
        done = len(words) > 1 and _done(bare_word(words[1]).lower())
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
        joined = bare_word(told[k]).lower() in ("and", "then") or told[k].endswith(",")
        if not joined or (bare_word(told[k]).lower() == "and" and told[k - 1].endswith(",")):
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
        word = bare_word(words[at]).lower()
        if not (word in L.ADVERBS or (word.endswith("ly") and len(word) > 4)):
            break
        at += 1
    return at


def _a_coordinated_verb(words: list[str], j: int, after_verb: bool) -> bool:
    """Whether ``words[j]``, after "and", "then" or a comma, is another verb of the hero's
    ("and drop a rope", "duck and run"), not a thing ("the map and my torch", "salt and
    pepper") or another's deed ("and Sam pulls")."""
    word = bare_word(words[j])
    low = word.lower()
    if not word.isalpha() or not word.islower() or (low.endswith("s") and not low.endswith("ss")):
        return False
    if low in NOT_A_TASK | L.DETERMINERS | L.PREPOSITIONS | L.ADJECTIVES | L.AUXILIARIES:
        return False
    if after_verb:
        return True  # "duck and run", "go and fetch help"
    if j == len(words) - 1:
        return False  # "grab the salt and pepper"
    following = bare_word(words[j + 1]).lower()
    return following in L.AFTER_A_VERB or (following.endswith("ly") and len(following) > 4)


def _agreed(verb: str) -> str:
    """A verb as typed after "I", said of someone else: "bluff" → "bluffs", "try" → "tries"."""
    core = bare_word(verb)
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
