"""How a line can name a secret without saying all of its name: "Voss's orders" or "the Tide
Widow's men" name "Professor Ilsa Voss, the Tide Widow". The rule is `name_parts`; `naming`
makes it a pattern to look for."""

import re
from collections.abc import Iterable

from sessions import lexicon as L

# Words too ordinary to be anybody's secret on their own, even when a name is only that.
_ORDINARY = """a an the and or of to in on at by for with from it its is are was were be been
    this that these those he she they we you i me him her them his their our your my mr mrs ms
    dr man men woman women guard guards thug thugs goon goons boss door room office house street
    dock docks harbour harbor ship boat train car road hall shop bar club city town village cave
    tower gate gates bridge river sea water fire rain night day"""
ORDINARY = frozenset(re.findall(r"\w+", _ORDINARY))
ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)

# Said alone, these never name a secret: ordinary talk, a title ("Professor"), a common word.
_COMMON = (
    ORDINARY | L.TITLES | L.EVERYDAY | L.DETERMINERS | L.PREPOSITIONS | L.ADJECTIVES | L.ADVERBS
)
# Word endings of plain English ("unspeakably", "monstrous", "nameless"), never a surname's.
_PLAIN_ENDINGS = ("ly", "ous", "ful", "less", "ness")
# Where a name falls into parts: "Voss, the Tide Widow"; "Men of the Deep".
_BREAK = re.compile(r"[,;:()\[\]\"“”]|\s[-–—]\s")
_JOINING = frozenset(("the", "a", "an", "of", "and", "or", "&"))
_WORD = re.compile(r"[^\W_][\w'’-]*")
_POSSESSIVE = re.compile(r"(?:['’]s|['’])$", re.IGNORECASE)


def _words(text: str) -> list[str]:
    """A name's words, hyphenated ones whole ("Harbour-Crab"), a possessive dropped ("Voss")."""
    return [_POSSESSIVE.sub("", w) for w in _WORD.findall(text)]


def _distinctive(word: str, known: set[str]) -> bool:
    """Whether ``word`` of a secret's name names it alone: no word the players know from a
    name they've been told, no common word; a hyphenated word unless it is ordinary all through
    ("Harbour-Crab" is anybody's secret, "Mr-Man" is nobody's)."""
    lowered = word.lower()
    if lowered in known:
        return False
    if "-" in lowered:
        return not all(p in ORDINARY or p in L.TITLES or len(p) < 3 for p in lowered.split("-"))
    return len(lowered) >= 3 and lowered not in _COMMON and not lowered.endswith(_PLAIN_ENDINGS)


def _inside(run: list[str], names: list[list[str]]) -> bool:
    """Whether the words of ``run`` come, in order, in one of ``names`` (each as its words)."""
    n = len(run)
    return any(name[i : i + n] == run for name in names for i in range(len(name) - n + 1))


def name_parts(name: str, known: Iterable[str] = ()) -> list[str]:
    """The ways a line can name a secret called ``name``, longest first: the name itself,
    without its article, then each part of it that names it alone:

    - a distinctive word of it: "Voss", "Ilsa", "Harbour-Crab" (never an article, a title such
      as "Professor", a common word such as "Tide" or "Patient", nor a word of ``known``: the
      names the players have been told, the Cast's, a Danger in view);
    - a run of its words holding one: "Ilsa Voss", "Professor Ilsa", "Clockwork Harbour-Crab";
    - its tail, two words or more of which two aren't ordinary words: "Tide Widow",
      "Harbour-Crab Queen" (never "Old Man", "Harbour Office");

    never a run of words the players have read in a ``known`` name. A possessive in the name
    counts as its word ("Voss's Crew" is named by "Voss"); a line's possessive is found by the
    pattern (`naming`)."""
    name = " ".join(name.split())
    bare = ARTICLE.sub("", name)
    known_names = [[w.lower() for w in _words(k)] for k in known]
    known_words = {w for words in known_names for w in words}
    parts = [bare] if bare else []
    for chunk in _BREAK.split(bare):
        piece: list[str] = []
        for word in [*_words(chunk), "and"]:  # "Men of the Deep": "Men", then "Deep"
            if word.lower() in _JOINING:
                parts += _parts_of(piece, known_words, known_names)
                piece = []
            else:
                piece.append(word)
    seen: set[str] = set()
    unique = [p for p in parts if not (p.lower() in seen or seen.add(p.lower()))]
    return sorted(unique, key=len, reverse=True)


def _parts_of(words: list[str], known: set[str], known_names: list[list[str]]) -> list[str]:
    """The runs of ``words`` (a piece of a name, no break or joining word in it) that name it."""
    marks = [_distinctive(w, known) for w in words]
    plain = [w.lower() in ORDINARY for w in words]
    n, runs = len(words), []
    for i in range(n):
        for j in range(i + 1, n + 1):
            tail = j == n and j - i >= 2 and plain[i:j].count(False) >= 2
            lowered = [w.lower() for w in words[i:j]]
            if (any(marks[i:j]) or tail) and not _inside(lowered, known_names):
                runs.append(" ".join(words[i:j]))
    return runs


def _phrase(text: str) -> str:
    return r"\s+".join(re.escape(part) for part in text.split())


PROPER_LETTERS = 4  # a shorter word ("Inn", "Row") is too likely an ordinary one


def proper_words(name: str, known: Iterable[str] = ()) -> list[str]:
    """The words of a place's name that name it alone when a line writes them as a name:
    "Ashgrove" of "The Ashgrove Mansion" (in "the Ashgrove crest", not "ash grove"). Each is
    capitalised in the name, of four letters or more, distinctive (`_distinctive`: no common
    word, no word of a name the players know)."""
    known_words = {w.lower() for k in known for w in _words(k)}
    return [
        word
        for word in _words(ARTICLE.sub("", " ".join(name.split())))
        if len(word) >= PROPER_LETTERS and word[0].isupper() and _distinctive(word, known_words)
    ]


def place_naming(name: str, known: Iterable[str] = ()) -> re.Pattern:
    """A pattern finding a place's name in a line: whole, in any case, or by one of its
    `proper_words` written capitalised, as a name is ("bears the Ashgrove crest"). A place's
    words are often plain ones ("Mansion", "Express"): in lower case they say nothing; a
    capital that only starts a sentence is warned of all the same, a secret let slip being
    worse than a needless question."""
    whole = _phrase(ARTICLE.sub("", " ".join(name.split())))
    words = "|".join(re.escape(word) for word in proper_words(name, known))
    proper = rf"|(?-i:{words})" if words else ""
    return re.compile(rf"(?<!\w)(?:{whole}{proper})(?!\w)", re.IGNORECASE)


def naming(name: str, known: Iterable[str] = ()) -> re.Pattern:
    """A pattern finding ``name`` in a line by any of its `name_parts`, as whole words in any
    case, the longest where several start together; a possessive after it is left outside
    the match ("Voss" of "Voss's orders"), for the line to keep when the name is left out."""
    parts = name_parts(name, known)
    alternatives = "|".join(_phrase(part) for part in parts) or "(?!)"
    return re.compile(r"(?<!\w)(?:" + alternatives + r")(?!\w)", re.IGNORECASE)
