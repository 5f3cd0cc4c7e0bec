"""The SRD as the app ships it, rendered once per process into linkable sections.

The rules reference (/rules/) and the "?" beside each table control both read `rulebook()`:
the page shows every section with its table of contents, a "?" opens one section in place.
Beside a section the SRD leaves open, the app's own reading (enigma_site.readings) follows.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import markdown
from django.utils.html import format_html, format_html_join, strip_tags
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify

from enigma_site.readings import READINGS

SRD_PATH = Path(__file__).resolve().parent / "srd" / "enigma-srd-v0.7.0.md"
CREDIT = "ENIGMA SRD v0.7.0 by Andrew Pelham"
LICENCE_NAME = "CC BY-NC 4.0"
LICENCE_URL = "https://creativecommons.org/licenses/by-nc/4.0/"

_HEADING = re.compile(r"<h([2-6])>(.*?)</h\1>", re.DOTALL)
_TABLE_ROW = re.compile(r"^\|.*\|\s*$")
_TABLE_RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+\s*$")


@dataclass(frozen=True)
class Section:
    """One heading of the SRD and the text under it, up to the next heading of any level."""

    slug: str
    title: str
    level: int
    body: SafeString  # the SRD's text under the heading, without the heading itself
    reading: tuple[str, ...] = ()  # how the app reads it, where the SRD leaves a question

    def html(self, rules_url: str = "", level: int | None = None) -> SafeString:
        """The heading with its "#" permalink, the SRD's text, then the app's reading.

        `rules_url` prefixes the permalink, for a section shown away from the rules page;
        `level` draws the heading at another level than the SRD's."""
        heading = format_html(
            '<h{level} id="{slug}" class="rule-heading">{title}'
            ' <a class="permalink" href="{url}#{slug}" aria-label="Link to {title}">#</a>'
            "</h{level}>",
            level=level or self.level,
            slug=self.slug,
            title=self.title,
            url=rules_url,
        )
        return heading + self.body + _aside(self)


@dataclass(frozen=True)
class Rulebook:
    sections: tuple[Section, ...]

    @cached_property
    def html(self) -> SafeString:
        """Every section, for the rules page: joined once, like the rendering itself."""
        return mark_safe("".join(section.html() for section in self.sections))

    def fragment(self, slug: str, rules_url: str, top_level: int | None = None) -> SafeString:
        """A section with its subsections, its permalinks pointing into the rules page.

        `top_level` moves every heading by the same step, the section's own to that level: a
        page of its own has no headings between its h1 and the section's."""
        sections = self.with_subsections(slug)
        step = sections[0].level - top_level if sections and top_level else 0
        parts = (section.html(rules_url, section.level - step) for section in sections)
        return mark_safe("".join(parts))

    def section(self, slug: str) -> Section | None:
        return next((s for s in self.sections if s.slug == slug), None)

    def with_subsections(self, slug: str) -> tuple[Section, ...]:
        """A section and everything nested under it: what a "?" opens for that rule."""
        for start, section in enumerate(self.sections):
            if section.slug == slug:
                end = start + 1
                while end < len(self.sections) and self.sections[end].level > section.level:
                    end += 1
                return self.sections[start:end]
        return ()

    @cached_property
    def contents(self) -> list[tuple[Section, list[Section]]]:
        """The table of contents: each top section with the sections one level below it."""
        top = min(s.level for s in self.sections)
        entries: list[tuple[Section, list[Section]]] = []
        for section in self.sections:
            if section.level == top:
                entries.append((section, []))
            elif section.level == top + 1 and entries:
                entries[-1][1].append(section)
        return entries


def _aside(section: Section) -> SafeString:
    if not section.reading:
        return mark_safe("")
    return format_html(
        '<aside class="reading" aria-labelledby="reading-{slug}">'
        '<p class="reading-title" id="reading-{slug}">How Enigma Table reads this'
        '<span class="visually-hidden">: {title}</span></p>{paragraphs}</aside>',
        slug=section.slug,
        title=section.title,
        paragraphs=format_html_join("", "<p>{}</p>", ((p,) for p in section.reading)),
    )


def _from_first_section(text: str) -> str:
    """The SRD's rules, from its first section on: the file opens with a website's trimmings
    (front matter, a banner image, a generated contents block) that mean nothing here."""
    start = re.search(r"^## ", text, re.MULTILINE)
    if start is None:
        raise ValueError(f"{SRD_PATH.name} has no sections")
    lines = [line for line in text[start.start() :].splitlines() if not line.startswith("{:")]
    return "\n".join(_with_table_rules(lines)) + "\n"


def _with_table_rules(lines: list[str]) -> list[str]:
    """The SRD's Dangers table has no |---| line under its header row, which Markdown needs."""
    out: list[str] = []
    for number, line in enumerate(lines):
        out.append(line)
        starts_table = _TABLE_ROW.match(line) and not (
            number and _TABLE_ROW.match(lines[number - 1])
        )
        following = lines[number + 1] if number + 1 < len(lines) else ""
        if starts_table and not _TABLE_RULE.match(following):
            out.append("|" + "---|" * (line.count("|") - 1))
    return out


def _markdown() -> markdown.Markdown:
    md = markdown.Markdown(extensions=["tables"], output_format="html")
    # Raw HTML in the source comes out as text, never as markup.
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md


def render(text: str, readings: Mapping[str, tuple[str, ...]] = READINGS) -> Rulebook:
    html = _markdown().convert(_from_first_section(text))
    headings = list(_HEADING.finditer(html))
    sections: list[Section] = []
    used: set[str] = set()
    for number, heading in enumerate(headings):
        title = strip_tags(heading.group(2)).strip()
        slug = base = slugify(title) or "section"
        count = 1
        while slug in used:
            count += 1
            slug = f"{base}-{count}"
        used.add(slug)
        end = headings[number + 1].start() if number + 1 < len(headings) else len(html)
        # Our own file, rendered with raw HTML switched off (see _markdown).
        body = mark_safe(html[heading.end() : end].strip())
        level = int(heading.group(1))
        sections.append(Section(slug, title, level, body, tuple(readings.get(slug, ()))))
    unknown = set(readings) - used
    if unknown:
        raise ValueError(f"Readings for sections the SRD doesn't have: {sorted(unknown)}")
    return Rulebook(tuple(sections))


@cache
def rulebook() -> Rulebook:
    """The shipped SRD, rendered on first use and kept for the life of the process."""
    return render(SRD_PATH.read_text(encoding="utf-8"))


def title_of(slug: str) -> str:
    """A section's title, for a "?" that opens it; an unknown slug is a bug, so it raises."""
    section = rulebook().section(slug)
    if section is None:
        raise KeyError(f"The SRD has no section {slug!r}")
    return section.title
