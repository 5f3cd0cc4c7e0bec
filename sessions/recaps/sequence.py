"""\"Previously on…\": the published recaps told as a title sequence, each recap a card of its
own (its title, its text), a few whole sentences at a time. Plain Python: the cards in, the
pages and how long each stays up out.

A page holds whole sentences of one recap only (a sentence longer than a page has a page of its
own): nothing is ever cut short with "…", and no recap runs on into the next. The whole
sequence plays in about a minute: the sentences run on across a recap's paragraphs (a recap
drafted from the log is many short ones), a long story gets fuller pages, and each page stays
up for a share of the minute as long as its text. Too many pages for the minute: the earlier
recaps, oldest first, keep their opening sentences (a page, whole) and the phones the rest.
"""

import math
import re
from dataclasses import dataclass

PAGE = 260  # the most characters a page holds in the big type, unless one sentence is longer
MOST_PAGE = 420  # a fuller page for a long recap: it fits the TV whole in the smaller type
TITLE_SECONDS = 5  # the title card: the Adventure's name and the heroes' faces
STORY_SECONDS = 55  # the story after it: the whole sequence in about a minute
LEAST_SECONDS = 5  # a page up for less can't be read across a room (the phones have it all)
SHORTEST = 3  # the least a page of a recap too long for the minute stays up
# Read across a room, aloud or together: a few seconds to settle, then about 14 characters a
# second; a recap too long for that in the minute shares the minute out by length instead.
SETTLE_SECONDS, READ_RATE = 4, 14

# A sentence ends at a stop, never at a "…" inside a paragraph: the writer's "Previously, in
# The Serpent of Sky Harbor… Leg 1, …" is one sentence (split there, a page ended mid-way).
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+")


@dataclass(frozen=True)
class Card:
    """One recap as the sequence tells it: its own title over its own text."""

    title: str
    text: str


@dataclass(frozen=True)
class Page:
    text: str
    seconds: int
    title: str = ""  # the recap's title, on each of its pages
    more: bool = False  # its recap goes on, on the phones: the last page the TV has time for

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


def _told(text: str) -> list[str]:
    return [
        sentence
        for paragraph in re.split(r"\n\s*\n", text.replace("\r\n", "\n"))
        for sentence in sentences(" ".join(paragraph.split()))
    ]


def _grouped(told: list[str], size: int) -> list[str]:
    grouped: list[str] = []
    page: list[str] = []
    for sentence in told:
        if page and len(" ".join([*page, sentence])) > size:
            grouped.append(" ".join(page))
            page = []
        page.append(sentence)
    if page:
        grouped.append(" ".join(page))
    return grouped


def pages(story: str | list[Card]) -> list[Page]:
    """The recaps (or one text), card by card and page by page: whole sentences, a few at a
    time, timed to fit the minute."""
    cards = [Card("", story)] if isinstance(story, str) else story
    told = [_told(card.text) for card in cards]
    total = len(" ".join(" ".join(sentences) for sentences in told))
    # No more pages than the minute holds at a few seconds each: fuller pages for a long story.
    most_pages = STORY_SECONDS // LEAST_SECONDS
    size = max(PAGE, min(MOST_PAGE, math.ceil(total / most_pages)))
    grouped = [_grouped(sentences, size) for sentences in told]
    kept = [len(card) for card in grouped]
    # Past the minute: an earlier recap (oldest first) keeps its opening page, the newest whole.
    for n in range(len(kept) - 1):
        if sum(kept) <= most_pages:
            break
        kept[n] = min(kept[n], 1)
    shown = [
        (card.title, text, n == kept[index] - 1 and kept[index] < len(grouped[index]))
        for index, card in enumerate(cards)
        for n, text in enumerate(grouped[index][: kept[index]])
    ]
    seconds = _timing([text for _title, text, _more in shown])
    return [
        Page(text, time, title, more)
        for (title, text, more), time in zip(shown, seconds, strict=True)
    ]


def _timing(grouped: list[str]) -> list[int]:
    """Each page's seconds: time to read it, or, when the recap is too long to read in the
    minute at that pace, the minute shared out in proportion to each page's length."""
    natural = [SETTLE_SECONDS + round(len(text) / READ_RATE) for text in grouped]
    if sum(natural) <= STORY_SECONDS:
        return natural
    total = sum(len(text) for text in grouped) or 1
    shares = [STORY_SECONDS * len(text) / total for text in grouped]
    seconds = [max(SHORTEST, math.floor(share)) for share in shares]
    # The seconds rounding left over go to the pages that lost the most to it.
    spare = STORY_SECONDS - sum(seconds)
    for index in sorted(range(len(shares)), key=lambda n: seconds[n] - shares[n])[: max(0, spare)]:
        seconds[index] += 1
    return seconds


def length(told: list[Page]) -> int:
    """How many seconds the whole sequence plays: the title card, then every page."""
    return TITLE_SECONDS + sum(page.seconds for page in told)
