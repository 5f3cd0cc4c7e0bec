"""A player's own words told of their hero, for `sessions.wording` and `sessions.retold`.

"I climb first and drop a rope" → "Ada climbs first and drops a rope"; "Search my satchel" →
"search her satchel". The verbs after "I" agree with the hero, and "I", "me" and "my" become
the hero's own pronouns ("she", "her", "her"; "they", "them", "their" for a hero who has chosen
none); words in quotes stay as said. Plain word lists and rules of thumb,
as in `sessions.grammar`.
"""

import re

from sessions import lexicon as L
from sessions.grammar import bare_word
from sessions.lexicon import NOT_A_TASK

# How the story tells of a hero, the player's choice on the hero's page: "they" for a hero
# who has made none. A player's own words ("Search my satchel") told of their hero with them.
_TOLD_AS = {
    "she": {"i": "she", "i'm": "she's", "i'd": "she'd", "i'll": "she'll", "i've": "she's",
            "me": "her", "my": "her", "mine": "hers", "myself": "herself"},
    "he": {"i": "he", "i'm": "he's", "i'd": "he'd", "i'll": "he'll", "i've": "he's",
           "me": "him", "my": "his", "mine": "his", "myself": "himself"},
    "they": {"i": "they", "i'm": "they're", "i'd": "they'd", "i'll": "they'll",
             "i've": "they've", "me": "them", "my": "their", "mine": "theirs",
             "myself": "themselves"},
}  # fmt: skip
# Pronouns not given (None) or not known: told as the singular "they". The choices a hero's page
# offers, and the one a hero who picks none gets, are `characters.pronouns`' (kept out of here:
# the recap writer, which tells through this module, may not import characters).
_UNKNOWN = _TOLD_AS["they"]
# "We", "us" and "our" are the Cast's, told as "they" whatever the hero's own pronouns.
_WE = {"we": "they", "us": "them", "our": "their", "ours": "theirs", "ourselves": "themselves"}
# After "they" a verb stays as it was after "I", but for these: "I am" → "they are".
_AFTER_THEY = {"am": "are", "was": "were", "wasn't": "weren't"}


def _first_person(pronouns: str | None) -> dict[str, str]:
    """The player's words about themselves and how the story tells each one of their hero;
    the curly apostrophe ("I’m") as the straight one."""
    told = _TOLD_AS.get(pronouns or "", _UNKNOWN) | _WE
    return told | {k.replace("'", "’"): v.replace("'", "’") for k, v in told.items() if "'" in k}


_PERSON = re.compile(
    r"(?<![\w'’])("
    + "|".join(sorted(map(re.escape, _first_person(None)), key=len, reverse=True))
    + r")(?![\w'’])",
    re.IGNORECASE,
)
_WORD_AFTER = re.compile(r"(\s+)([^\s]+)")


def possessive(pronouns: str | None) -> str:
    """The hero's word for what is theirs, in the app's own sentences: "her", "his", "their"."""
    return _first_person(pronouns)["my"]


def subject(pronouns: str | None) -> str:
    """The hero as the one who does it, in the app's own sentences: "she", "he", "they"."""
    return _first_person(pronouns)["i"]


def object_(pronouns: str | None) -> str:
    """The hero as the one it happens to: "her", "him", "them"."""
    return _first_person(pronouns)["me"]


def third_person(text: str, pronouns: str | None = None) -> str:
    """A player's words about themselves ("Search my satchel", "get us out") as the story tells
    them of their hero, by the hero's ``pronouns`` ("she", "he", "they"; None as "they"):
    "search her satchel", "get them out"; a verb after "I" agrees ("so I can see what I am up
    against" → "so she can see what she is up against"). Words in quotes stay as said."""
    told = _first_person(pronouns)
    parts = re.split(r"(“[^”]*”|\"[^\"]*\")", text)
    for n in range(0, len(parts), 2):  # outside the quotes
        parts[n] = _told(parts[n], told, pronouns)
    return "".join(parts)


def _told(text: str, told: dict[str, str], pronouns: str | None) -> str:
    out, at = [], 0
    for match in _PERSON.finditer(text):
        said = match.group(0)
        out.append(text[at : match.start()])
        # "My notes" → "Her notes"; an "I" is mid-sentence in the story ("make sure they run").
        word = told[said.lower()]
        out.append(word.capitalize() if said[:1].isupper() and said[:1] != "I" else word)
        at = match.end()
        if said.lower() == "i" and not _joined(text[: match.start()]):
            verb = _verb_after(text, at)
            if verb is not None:
                start, end = verb
                out.append(text[at:start] + _agreed_with(text[start:end], pronouns))
                at = end
    out.append(text[at:])
    return "".join(out)


def _joined(before: str) -> bool:
    """Whether an "I" is one of several ("Sam and I run", "you and I"): its verb is theirs, as
    it stands; never "…, and I need" (another clause, the hero's alone)."""
    words = before.split()
    if len(words) < 2 or bare_word(words[-1]).lower() not in ("and", "or", "nor"):
        return False
    other = words[-2]
    return not other.endswith((",", ";")) and (
        other[:1].isupper() or bare_word(other).lower() in _SOMEONE
    )


_SOMEONE = frozenset("you he she they him her them we us".split())  # noqa: SIM905


def _verb_after(text: str, at: int) -> tuple[int, int] | None:
    """Where the verb after an "I" that ends at ``at`` is, past up to two adverbs ("I quietly
    slip"); None at the end of the words or of a clause ("taller than I, and")."""
    for _ in range(3):
        match = _WORD_AFTER.match(text, at)
        if match is None or text[at : match.start(2)].strip():
            return None
        word = bare_word(match.group(2)).lower()
        if not (word in L.ADVERBS or (word.endswith("ly") and len(word) > 4)):
            return match.start(2), match.end(2)
        at = match.end(2)
    return None


def _agreed_with(verb: str, pronouns: str | None) -> str:
    """A verb as typed after "I", said after the hero's pronoun: "am" → "is" or "are"."""
    if pronouns in ("she", "he"):
        return _agreed(verb)
    core = bare_word(verb)
    said = _AFTER_THEY.get(core.lower())
    return verb.replace(core, said, 1) if said and core else verb


# A verb as said after "they", as it is said after "I": "they are" is "I am".
_AS_AFTER_I = {"are": "am", "were": "was", "aren't": "am not"}


def after_they(verb: str, pronouns: str | None) -> str:
    """A verb as written after "they" in the app's own sentences, said after the hero's
    pronoun: "lose" → "loses" for a she or a he, "are" → "is"; unchanged for "they"."""
    core = bare_word(verb)
    as_i = _AS_AFTER_I.get(core.lower())
    if as_i is None or not core:
        return _agreed_with(verb, pronouns)
    return _agreed_with(verb.replace(core, as_i, 1), pronouns)


def told_of(hero: str, words: list[str], pronouns: str | None = None) -> str | None:
    """``words`` as a sentence about ``hero`` when they are one already: their name first
    ("Ada bluffs…", "Ada Quill bluffs…") or "I", "he" or "she" ("I bluff my way in" → "Ada
    Quill bluffs her way in", by the hero's ``pronouns``); None otherwise."""
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
    return f"{hero} {third_person(' '.join(rest), pronouns)}"


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


def _past_form(low: str) -> bool:
    """ "opened", "tried": a verb the same after any subject; never "need", "feed", "succeed"."""
    return low.endswith("ed") and not low.endswith("eed")


def _agreed(verb: str) -> str:
    """A verb as typed after "I", said of someone else: "bluff" → "bluffs", "try" → "tries"."""
    core = bare_word(verb)
    low = core.lower()
    if low in L.IRREGULAR:
        said = L.IRREGULAR[low]
    elif low in L.SAME_FORM or _past_form(low) or not low.isalpha():
        said = core
    elif re.search(r"[^aeiou]y$", low):
        said = core[:-1] + "ies"
    elif low.endswith(("s", "sh", "ch", "x", "z", "o")):
        said = core + "es"
    else:
        said = core + "s"
    return verb.replace(core, said, 1) if core else verb
