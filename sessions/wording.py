"""Small rules of English for words the table typed, joined into the app's own sentences."""

import re

# A determiner that starts a phrase ("A brass key", "The gulls", "Some footprints"). Only these
# lose their capital mid-sentence, and only before a lower-case word: any other capital may
# start a name ("Baron Vex's coat", "The Hague").
_DETERMINERS = ("a", "an", "the", "some", "several", "many", "two", "three", "his", "her", "their")
_LEADING = re.compile(rf"^(?:{'|'.join(d.capitalize() for d in _DETERMINERS)})\s+[a-z]")


def mid_sentence(text: str) -> str:
    """``text`` as it reads inside a sentence: "Ada sees a brass key", not "Ada sees A brass
    key"."""
    if _LEADING.match(text):
        return text[0].lower() + text[1:]
    return text
