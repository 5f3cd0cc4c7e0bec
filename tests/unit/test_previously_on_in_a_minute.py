"""\"Previously on…\" plays in about a minute, whatever the recap: a few whole sentences a page
(run on across a drafted recap's many short paragraphs), each page up for as long as its text
is, the sentences all there, in order, none cut."""

from sessions.recaps import sequence

FROM_THE_LOG = "\n\n".join(
    f"Ada Quill tries to talk curator number {n} into opening the archive, and it works."
    for n in range(15)
)
LONG = "\n\n".join(
    f"Sentence {n} is long enough to need some reading, with words in it about the docks."
    for n in range(60)
)


def _whole(text: str, pages: list[sequence.Page]) -> None:
    assert " ".join(page.text for page in pages) == " ".join(text.split())
    for page in pages:
        assert page.text[-1] in ".!?", page.text


def test_fifteen_short_paragraphs_make_a_few_pages_in_a_minute():
    pages = sequence.pages(FROM_THE_LOG)
    _whole(FROM_THE_LOG, pages)
    assert 3 <= len(pages) <= 6  # not fifteen slides of ten seconds
    assert all(page.text.count(".") >= 2 for page in pages)  # a few sentences a page
    assert sequence.length(pages) <= 60


def test_a_page_stays_up_as_long_as_its_text():
    text = "The bell rang across the flooded harbour all night long. " * 5 + "\n\nA short end."
    pages = sequence.pages(text)
    assert pages[0].seconds > pages[-1].seconds
    assert sequence.length(pages) <= 60


def test_a_long_recap_gets_fuller_pages_and_still_plays_in_a_minute():
    pages = sequence.pages(LONG)
    _whole(LONG, pages)
    assert sequence.length(pages) <= 60
    assert all(len(page.text) <= sequence.MOST_PAGE for page in pages)
    # Time shared by length: the longest page is up at least as long as the shortest.
    longest = max(pages, key=lambda page: len(page.text))
    shortest = min(pages, key=lambda page: len(page.text))
    assert longest.seconds >= shortest.seconds


def test_a_short_recap_is_read_at_its_own_pace():
    pages = sequence.pages("The Cast caught the clockmaker. The monsoon broke at last.")
    assert len(pages) == 1
    assert pages[0].seconds == sequence.SETTLE_SECONDS + round(len(pages[0].text) / 14)


def test_a_tv_short_of_time_shows_each_recaps_opening_sentences_whole():
    """Many Legs: an earlier recap too long for its share of the minute keeps its opening
    sentences whole on the TV (the phones have the rest), never a sentence cut with "…"."""
    long_text = " ".join(
        f"Sentence {n} of a long night on the docks, told at length." for n in range(40)
    )
    cards = [sequence.Card(f"Leg {n}: Night {n}", long_text) for n in range(1, 5)]
    pages = sequence.pages(cards)
    assert sequence.length(pages) <= sequence.TITLE_SECONDS + sequence.STORY_SECONDS + 5
    for card in cards:
        own = [page for page in pages if page.title == card.title]
        assert own, card.title
        told = " ".join(page.text for page in own)
        assert long_text.startswith(told)
        assert told.endswith(".")
