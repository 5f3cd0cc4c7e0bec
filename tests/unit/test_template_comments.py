"""Django's {# … #} comments end on the line they start: one that runs on to the next line is
no comment, and prints on the page (a note for developers on a player's phone)."""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_every_short_comment_ends_on_its_own_line():
    unclosed = [
        f"{path.relative_to(TEMPLATES)}:{number}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "{#" in line and "#}" not in line.split("{#", 1)[1]
    ]
    assert unclosed == []
