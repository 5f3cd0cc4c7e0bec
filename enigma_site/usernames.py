"""Usernames that look alike are one username: "dіrA" with a Cyrillic і is refused beside
"dirA", so nobody can pass for another player in the Cast list or at the lock-out page.

Two names are alike when their *skeletons* match, after Unicode's confusable detection
(UTS #39, section 4): each name is folded to what it looks like. Here, without the full table
of confusables, the skeleton is made in steps that cover what a person can actually mistake in
a short name: compatibility forms (fullwidth, ligatures, styled letters) to plain ones, case,
accents and other marks dropped, invisible characters dropped, the Cyrillic and Greek letters
drawn like Latin ones to those, and the shapes one reads for another (1, I, l, |; 0 and O;
rn and m; vv and w; cl and d). It errs on the side of calling two names alike.
"""

import unicodedata

# Letters of other scripts drawn like a Latin letter (lower case; upper case is folded first).
_LOOKS_LATIN = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "l", "ї": "l", "ј": "j",
    "к": "k", "м": "m", "о": "o", "р": "p", "с": "c", "ѕ": "s", "т": "t", "у": "y", "х": "x",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ь": "b", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "l", "κ": "k", "μ": "u", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ϲ": "c", "ϳ": "j",
    # Latin and digits drawn alike
    "ı": "l", "ɩ": "l", "i": "l", "1": "l", "|": "l", "!": "l", "0": "o", "5": "s",
    "ß": "ss",
}  # fmt: skip
_RUNS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
_INVISIBLE = {"Cf", "Mn", "Me", "Zs"}


def skeleton(name: str) -> str:
    """What ``name`` looks like, for comparing with other names."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    text = "".join(char for char in text if unicodedata.category(char) not in _INVISIBLE)
    text = "".join(_LOOKS_LATIN.get(char, char) for char in text)
    for run, looks_like in _RUNS:
        text = text.replace(run, looks_like)
    return text
