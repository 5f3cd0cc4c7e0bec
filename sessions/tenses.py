"""A sentence about a hero, told in the present on the table's screens ("Ada bluffs the
foreman and drops a rope"), in the past for the recap ("Ada bluffed the foreman and dropped a
rope"), so a story told in the past never slips into the present mid-paragraph."""

import re

from sessions.grammar import NOT_A_TASK

_PAST = {
    "is": "was", "isn't": "wasn't", "has": "had", "hasn't": "hadn't", "does": "did",
    "doesn't": "didn't", "goes": "went", "sees": "saw", "takes": "took", "gets": "got",
    "makes": "made", "runs": "ran", "comes": "came", "gives": "gave", "finds": "found",
    "keeps": "kept", "holds": "held", "leaves": "left", "tells": "told", "says": "said",
    "thinks": "thought", "knows": "knew", "hears": "heard", "feels": "felt", "stands": "stood",
    "sits": "sat", "catches": "caught", "brings": "brought", "buys": "bought",
    "fights": "fought", "throws": "threw", "draws": "drew", "hides": "hid", "slides": "slid",
    "strikes": "struck", "steals": "stole", "breaks": "broke", "speaks": "spoke",
    "wakes": "woke", "writes": "wrote", "rides": "rode", "drives": "drove", "eats": "ate",
    "falls": "fell", "puts": "put", "cuts": "cut", "lets": "let", "sets": "set",
    "shuts": "shut", "hits": "hit", "reads": "read", "spends": "spent", "sends": "sent",
    "loses": "lost", "wins": "won", "begins": "began", "swings": "swung", "digs": "dug",
    "creeps": "crept", "leaps": "leapt", "swims": "swam", "tears": "tore", "wears": "wore",
    "sells": "sold", "leads": "led", "meets": "met", "pays": "paid", "lays": "laid",
    "flees": "fled", "seeks": "sought", "teaches": "taught", "sleeps": "slept",
    "sweeps": "swept", "shoots": "shot", "becomes": "became", "forgets": "forgot",
    "understands": "understood", "can": "could", "can't": "couldn't", "will": "would",
    "won't": "wouldn't", "shall": "should", "may": "might", "grabs": "grabbed",
    "stops": "stopped", "slips": "slipped", "drops": "dropped", "trips": "tripped",
    "flips": "flipped", "plans": "planned", "nods": "nodded", "tugs": "tugged",
    "hugs": "hugged", "jogs": "jogged", "chats": "chatted", "pats": "patted",
    "sneaks": "sneaked", "binds": "bound", "winds": "wound", "sings": "sang",
    "rings": "rang", "springs": "sprang", "sticks": "stuck", "flings": "flung",
    "lends": "lent", "builds": "built", "bends": "bent", "lights": "lit", "feeds": "fed",
    "bleeds": "bled", "shakes": "shook", "rises": "rose", "taps": "tapped",
    "wraps": "wrapped", "snaps": "snapped", "tips": "tipped", "skips": "skipped",
    "zips": "zipped", "rubs": "rubbed", "jabs": "jabbed", "stabs": "stabbed",
    "drags": "dragged", "begs": "begged", "admits": "admitted", "ducks": "ducked",
    "freezes": "froze", "chooses": "chose", "bites": "bit", "blows": "blew", "flies": "flew",
    "grows": "grew", "shows": "showed", "knocks": "knocked",
}  # fmt: skip
# The verbs the table's words know, as said of someone now and as it was.
NOW_WORDS = frozenset(_PAST) | {"are", "have", "am", "do"}
PAST_WORDS = frozenset(_PAST.values()) | {"were", "been"}
_ADVERBS = frozenset("then also just still never always now first quickly again".split())  # noqa: SIM905


def in_past(hero: str, told: str) -> str:
    """``told``, a sentence about ``hero`` that starts with their name ("Ada Quill bluffs the
    foreman and drops a rope"), with its verbs in the past ("Ada Quill bluffed the foreman
    and dropped a rope"). Words it can't tell as a verb are left as they stand."""
    if not told.startswith(hero):
        return told
    words = told[len(hero) :].split()
    at = _verb_at(words, 0)
    if at is None:
        return told
    words[at] = _past(words[at])
    for k in range(at + 1, len(words) - 1):
        joining = _core(words[k]).lower()
        if joining in ("and", "then") or words[k].endswith(","):
            j = _verb_at(words, k + 1)
            if j is not None and _a_verb(words[j]):
                words[j] = _past(words[j])
        if joining in _JOINS and k + 2 < len(words) and _a_subject(words[k + 1]):
            j = _verb_at(words, k + 2)  # "while he shows them" → "while he showed them"
            if j is not None and _a_verb(words[j]):
                words[j] = _past(words[j])
    return f"{hero} {' '.join(words)}"


# Words that join another's deed: "… while he shows them the ledger", "… as Ada bluffs".
_JOINS = frozenset("and while as when until before after then so".split())  # noqa: SIM905


def _a_subject(word: str) -> bool:
    """ "he", "she", "it" or a name: someone whose verb ends in "s" ("shows", "bluffs")."""
    core = _core(word)
    return core.lower() in ("he", "she", "it") or (core[:1].isupper() and core != "I")


def _verb_at(words: list[str], at: int) -> int | None:
    while at < len(words) and (words[at].lower() in _ADVERBS or _an_adverb(words[at])):
        at += 1
    return at if at < len(words) else None


def _an_adverb(word: str) -> bool:
    return word.lower().endswith("ly") and len(word) > 4 and word.isalpha()


def _a_verb(word: str) -> bool:
    """A word that may be a verb said of the hero after "and" ("drops"), not a thing."""
    low = _core(word).lower()
    if low in _PAST:
        return True
    return (
        low.isalpha()
        and low.endswith("s")
        and not low.endswith(("ss", "us", "is"))
        and low not in NOT_A_TASK
        and len(low) > 3
    )


def _core(word: str) -> str:
    return word.strip('"“”‘’,.;:!?()…').replace("’", "'")


def _past(verb: str) -> str:
    """A verb said of someone now ("bluffs", "tries", "is") as it was ("bluffed", "tried",
    "was"); anything else ("could", "bluffed") as it stands."""
    core = _core(verb)
    low = core.lower()
    if low in _PAST:
        said = _PAST[low]
    elif not low.isalpha() or not low.endswith("s") or low.endswith("ss"):
        return verb
    elif re.search(r"[^aeiou]ies$", low):
        said = core[:-3] + "ied"
    elif low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        said = core[:-2] + "ed"
    elif low.endswith("es") and not low.endswith(("ees", "ies")):
        said = core[:-1] + "d"  # "hides" handled above; "escapes" → "escaped"
    else:
        stem = core[:-1]
        if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", stem.lower()):
            stem += stem[-1]  # one syllable, one vowel, one consonant: "spot" → "spotted"
        said = stem + ("d" if stem.endswith("e") else "ed")
    return verb.replace(core, said, 1)
