"""The README and the pages of docs/ hold true: every link they make leads somewhere, every
`make` target and `manage.py` command they name exists, and the pictures the README shows are
the ones `make screenshots` takes."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands
from PIL import Image

from tests.browser.test_front_door_pictures_in_browser import KEPT_BYTES, PICTURES

BASE = Path(settings.BASE_DIR)
README = BASE / "README.md"
PAGES = [README, *sorted((BASE / "docs").glob("*.md"))]
FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
PICTURE = re.compile(r"!\[[^\]]*\]\((docs/images/[^)\s]+)\)|<img [^>]*src=\"(docs/images/[^\"]+)\"")


def _ids(page: Path) -> str:
    return page.relative_to(BASE).as_posix()


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation gone, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    prose = FENCED.sub("", page.read_text())
    return {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", prose, re.MULTILINE)}


def _links(page: Path) -> list[str]:
    prose = FENCED.sub("", page.read_text())
    return [a or b for a, b in LINK.findall(prose)]


def _code(page: Path) -> str:
    """What the page shows as code: its fenced blocks and its `inline` spans, one a line."""
    text = page.read_text()
    blocks = FENCED.findall(text)
    spans = re.findall(r"`([^`\n]+)`", FENCED.sub("", text))
    return "\n".join([*blocks, *spans])


def _make_targets() -> set[str]:
    return set(re.findall(r"^([a-z][\w-]*):", (BASE / "Makefile").read_text(), re.MULTILINE))


def test_the_front_door_and_its_docs_are_all_there():
    names = {page.name for page in PAGES[1:]}
    for page in [
        "README.md",
        "hosting.md",
        "configuration.md",
        "scaling-out.md",
        "live-updates.md",
        "backups.md",
        "performance.md",
        "memory.md",
        "architecture.md",
        "contributing.md",
    ]:
        assert page in names, page
    index = (BASE / "docs" / "README.md").read_text()
    for page in names - {"README.md"}:
        assert f"]({page})" in index, f"docs/README.md links {page}"


@pytest.mark.parametrize("page", PAGES, ids=_ids)
def test_every_internal_link_leads_somewhere(page):
    links = [link for link in _links(page) if not re.match(r"[a-z]+:", link)]
    assert links, "a page of the docs links to its neighbours"
    for link in links:
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f"{link} in {page.name}"
        if anchor:
            assert path.suffix == ".md", link
            assert anchor in _anchors(path), f"{link} in {page.name}: no such heading"


def test_the_anchor_of_a_heading_is_githubs():
    assert _slug("7. Backups every night") == "7-backups-every-night"
    assert _slug("The Director's cockpit") == "the-directors-cockpit"
    assert _slug("Scaling out on PostgreSQL") == "scaling-out-on-postgresql"
    assert _slug("`make test`, and `TEST_WORKERS`") == "make-test-and-test_workers"


def test_every_make_target_named_exists():
    targets = _make_targets()
    named = set()
    command = re.compile(r"(?:^|&&|;|\|\||sudo |\$ )\s*make ([a-z][\w-]*)", re.MULTILINE)
    for page in PAGES:
        named |= set(command.findall(_code(page)))
    assert {"run", "test", "lint", "bench", "screenshots", "backup", "soak"} <= named
    assert named <= targets, f"named but not in the Makefile: {named - targets}"


def test_every_management_command_named_exists():
    commands = {*get_commands(), "version"}  # manage.py answers `version` itself
    named = set()
    for page in PAGES:
        named |= set(re.findall(r"manage\.py ([a-z][\w]*)", _code(page)))
    assert {"seed_demo", "backup", "restore", "createdirector", "migrate"} <= named
    assert named <= commands, f"named but no such command: {named - commands}"


def test_each_picture_the_readme_names_is_in_docs_images():
    named = [a or b for a, b in PICTURE.findall(README.read_text())]
    assert len(named) >= 3, "the README shows the TV, a phone and the Director's cockpit"
    for picture in named:
        assert (BASE / picture).is_file(), picture


def test_make_screenshots_takes_exactly_the_pictures_the_readme_names():
    makefile = (BASE / "Makefile").read_text()
    recipe = re.search(r"^screenshots:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, "make screenshots exists"
    assert "FRONT_DOOR_PICTURES=docs/images" in recipe.group(1)
    assert "tests/browser/test_front_door_pictures_in_browser.py" in recipe.group(1)
    named = {Path(a or b).name for a, b in PICTURE.findall(README.read_text())}
    assert named == set(PICTURES)
    for name, size in PICTURES.items():
        path = BASE / "docs" / "images" / name
        with Image.open(path) as picture:
            assert picture.format == "PNG", name
            assert picture.size == (size["width"], size["height"]), name
        assert path.stat().st_size < KEPT_BYTES, name
