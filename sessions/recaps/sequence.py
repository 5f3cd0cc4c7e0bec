"""\"Previously on…\": a published recap told as a title sequence, a few whole sentences at a
time. Plain Python: the recap's text in, the pages and how long each stays up out.

A page holds whole sentences only (a sentence longer than a page has a page of its own), and
a paragraph's end ends a page: nothing is ever cut short with "…".
"""

import re
from dataclasses import dataclass

PAGE = 260  # the most characters a page holds, unless one sentence alone is longer
TITLE_SECONDS = 7  # the title card: the Adventure's name and the heroes' faces
# Read across a room, aloud or together: a few seconds to settle, then about 14 characters a
# second.
SETTLE_SECONDS, READ_RATE = 4, 14

_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)\]]*\s+")


@dataclass(frozen=True)
class Page:
    text: str
    seconds: int

    @property
    def long(self) -> bool:
        """A page that needs a smaller type to fit the TV whole."""
        return len(self.text) > PAGE


def sentences(paragraph: str) -> list[str]:
    """The whole sentences of a paragraph, closing quotes kept with their sentence."""
    parts, start = [], 0
    for end in _SENTENCE_END.finditer(paragraph):
        parts.append(paragraph[start : end.end()].strip())
        start = end.end()
    parts.append(paragraph[start:].strip())
    return [part for part in parts if part]


def pages(text: str) -> list[Page]:
    """The recap, page by page: whole sentences, a few at a time."""
    told: list[Page] = []
    for paragraph in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        page: list[str] = []
        for sentence in sentences(" ".join(paragraph.split())):
            if page and len(" ".join([*page, sentence])) > PAGE:
                told.append(_page(page))
                page = []
            page.append(sentence)
        if page:
            told.append(_page(page))
    return told


def _page(sentences: list[str]) -> Page:
    text = " ".join(sentences)
    return Page(text, SETTLE_SECONDS + round(len(text) / READ_RATE))


def length(told: list[Page]) -> int:
    """How many seconds the whole sequence plays: the title card, then every page."""
    return TITLE_SECONDS + sum(page.seconds for page in told)
