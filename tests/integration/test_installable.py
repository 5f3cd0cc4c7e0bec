"""The web app manifest (issue 24 item 7): what a phone reads to add the site to its home
screen."""

import json

import pytest
from django.test import Client
from PIL import Image

from enigma_site.webapp import THEME

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_its_icons_and_opens_at_home():
    response = Client().get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Enigma Table"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/home/"
    assert manifest["theme_color"] == THEME
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}


def test_every_page_links_the_manifest(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert f'<meta name="theme-color" content="{THEME}">' in page


def test_the_icons_are_the_sizes_they_say(settings):
    for size in (192, 512):
        with Image.open(settings.BASE_DIR / "static" / "img" / f"icon-{size}.png") as icon:
            assert icon.size == (size, size)
            assert icon.format == "PNG"
