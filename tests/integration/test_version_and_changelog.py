"""The site says which version it is (one place, shown in the footer and by `manage.py
version`), and CHANGELOG.md says what that version brought."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from enigma_site import __version__

pytestmark = pytest.mark.django_db

ROOT = Path(settings.BASE_DIR)


def test_the_version_is_said_in_one_place_that_pyproject_reads():
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "enigma_site.__version__"
    }


@pytest.mark.parametrize("argument", ["version", "--version"])
def test_manage_py_version_says_which_enigma_table_this_is(argument):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    result = subprocess.run(
        [sys.executable, "manage.py", argument],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Enigma Table {__version__} (Django ")


def test_every_page_footer_shows_the_version(alice_client):
    for page in (Client().get(reverse("landing")), alice_client.get(reverse("home"))):
        assert f'<span class="site-version">Enigma Table {__version__}</span>' in (
            page.content.decode()
        )


def test_the_changelog_says_what_this_version_and_the_next_bring():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    headings = re.findall(r"^## (.+)$", changelog, re.MULTILINE)
    assert headings[0] == "Unreleased"
    assert any(heading.split()[0] == __version__ for heading in headings)
    for version in headings:
        entry = changelog.split(f"## {version}\n", 1)[1].split("\n## ", 1)[0]
        assert entry.count("\n- **") >= 5, version
    assert "issue" not in changelog.lower()
