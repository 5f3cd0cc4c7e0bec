"""A username's skeleton: what it looks like on a screen, so that two names a player can't tell
apart are one name. Sign-up refuses a name whose skeleton is taken ("dіrA" with a Cyrillic і
beside "dirA"), and failed logins are counted under it.

A small cousin of Unicode's confusable skeleton (UTS #39): NFKC folds width and compatibility
forms ("ａlice", "ﬁ"), invisible format characters go, the Cyrillic and Greek letters that are
drawn like Latin ones become those, and case is folded, since usernames already differ only by
more than case.
"""

import unicodedata

# Drawn like a Latin letter in the fonts a phone or a TV uses; capitals too, before case is
# folded (a Cyrillic "В" is a Latin "B", but its small "в" is nothing like a "b").
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic capitals, then small letters.
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ѕ": "S", "І": "I", "Ј": "J",
        "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W", "Ԁ": "D",
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "ү": "y", "х": "x",
        "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l",
        "ѵ": "v", "ё": "ë", "ї": "ï",
        # Greek capitals, then small letters.
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        "α": "a", "ο": "o", "ν": "v", "ι": "i", "κ": "k", "ρ": "p", "υ": "u", "χ": "x",
        "γ": "y", "ϲ": "c", "ϳ": "j",
        # Latin letters drawn like others.
        "ı": "i", "ɡ": "g", "ɑ": "a",
    }
)  # fmt: skip


# Runs of letters read as another in a small font ("rnodem" for "modem"), and the digit zero
# for the letter o.
LOOK_ALIKE_RUNS = (("rn", "m"), ("vv", "w"), ("0", "o"))


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons are names nobody could tell apart."""
    name = unicodedata.normalize("NFKC", name)
    visible = "".join(char for char in name if unicodedata.category(char) != "Cf")
    drawn = unicodedata.normalize("NFKC", visible.translate(LOOK_ALIKES).casefold())
    for run, looks_like in LOOK_ALIKE_RUNS:
        drawn = drawn.replace(run, looks_like)
    return drawn
