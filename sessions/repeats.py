"""Typed words that only say again what the screen already says, so it need not say it twice.

A Group Gamble's member often types the Group Gamble's own words ("Outrun the flood", "I
outrun the flood"): the TV then shows the hero's name alone with the dice, not the whole action
once a hero. A Gamble typed "Hurl it at Vell's Thugs" already names its Danger, so no
", against Vell's Thugs" follows it.
"""

import re

# Words that tell who tries, not what: "I try to outrun the flood" says what "Outrun the
# flood" says.
_FILLER = frozenset(
    "i we me us try tries trying to will attempt attempts also too just and".split()  # noqa: SIM905
)
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def _words(text: str) -> set[str]:
    """The words that carry meaning, each in one form ("outruns" as "outrun")."""
    found = (word.casefold().replace("’", "'") for word in _WORD.findall(text))
    return {_stem(word) for word in found if word not in _FILLER}


def _stem(word: str) -> str:
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def adds_to(intent: str, task: str) -> bool:
    """Whether a member's ``intent`` says anything its Group Gamble's ``task`` does not."""
    said = _words(intent)
    return bool(said) and not said <= _words(task)


def names_danger(intent: str, danger: str) -> bool:
    """Whether ``intent`` already names the Danger it is against ("hurl it at Vell's Thugs"),
    a leading "the" of its name left out ("the Clockwork Hound" named as "Clockwork Hound")."""
    name = re.sub(r"^the\s+", "", danger.strip().replace("’", "'"), flags=re.IGNORECASE)
    if not name:
        return False
    pattern = r"(?<![^\W_])" + r"\s+".join(map(re.escape, name.split())) + r"(?![^\W_])"
    return re.search(pattern, intent.replace("’", "'"), flags=re.IGNORECASE) is not None
