"""A phone's first visit to the table is light (issue 27: ≤ 35 KB on the wire): collectstatic
bundles the page's scripts into one file, minifies our scripts and stylesheets and writes
Brotli and gzip copies; the table and the TV leave out the stylesheet only the other pages use;
files that aren't pages leave without page-only headers."""

import gzip
import json
import re

import brotli
import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.template import Context, Template
from django.templatetags.static import static
from django.test import Client

from enigma_site.static_storage import BUNDLES, minified
from tests.conftest import player_client

pytestmark = pytest.mark.django_db

TAG = '{% load bundles %}{% scripts "js/table-page.js" rattle="/static/sounds/rattle.wav" %}'


def _source(name: str) -> str:
    return open(finders.find(name), encoding="utf-8").read()


@pytest.fixture
def collected(settings, tmp_path):
    """Static files collected as a site with DEBUG off collects them, and served from there."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "enigma_site.static_storage.StaticStorage"}
    }
    settings.WHITENOISE_USE_FINDERS = settings.WHITENOISE_AUTOREFRESH = False
    call_command("collectstatic", interactive=False, verbosity=0)
    return json.loads((tmp_path / "staticfiles.json").read_text())["paths"]


def test_the_table_pages_scripts_are_one_minified_file_in_brotli_and_gzip(collected, tmp_path):
    parts = BUNDLES["js/table-page.js"]
    bundle = (tmp_path / collected["js/table-page.js"]).read_bytes()
    assert bundle.decode() == minified("x.js", ";\n".join(_source(part) for part in parts))
    assert b"// The live table." not in bundle  # the comments stay in the source
    assert len(bundle) < 0.7 * sum(len(_source(part).encode()) for part in parts)
    assert brotli.decompress((tmp_path / (collected["js/table-page.js"] + ".br")).read_bytes()) == (
        bundle
    )
    assert gzip.decompress((tmp_path / (collected["js/table-page.js"] + ".gz")).read_bytes()) == (
        bundle
    )
    stylesheet = (tmp_path / collected["css/site.css"]).read_text()
    assert "/*" not in stylesheet
    assert len(stylesheet) < 0.85 * len(_source("css/site.css"))
    # htmx comes minified by its makers, and is served as they made it.
    htmx = collected["django_htmx/htmx-2.min.js"]
    assert (tmp_path / htmx).read_text() == _source("django_htmx/htmx-2.min.js")


def _stylesheets(page) -> list[str]:
    assert page.status_code == 200
    return re.findall(r'<link rel="stylesheet" href="/static/css/([^"]+)"', page.content.decode())


def test_the_table_and_the_tv_leave_out_what_only_the_other_pages_use(playing):
    adventure, sam = playing["adventure"], playing["sam"]
    director, player = Client(), player_client(sam)
    director.force_login(adventure.director)
    adventure.screen_token = "tv-token"  # the TV switched on
    adventure.save()
    assert _stylesheets(player.get(playing["url"])) == ["site.css"]
    assert _stylesheets(director.get(playing["url"])) == ["site.css"]
    assert _stylesheets(Client().get("/screen/tv-token/")) == ["site.css", "screen.css"]
    assert _stylesheets(player.get("/home/")) == ["site.css", "pages.css"]
    assert _stylesheets(player.get(f"/characters/{sam.pk}/")) == ["site.css", "pages.css"]
    assert _stylesheets(director.get(f"/adventures/{adventure.pk}/")) == ["site.css", "pages.css"]


def test_the_table_page_names_its_bundle_once_collected(collected):
    html = Template(TAG).render(Context())
    src = static("js/table-page.js")
    assert src != "/static/js/table-page.js"  # the hashed name
    assert html == f'<script src="{src}" data-rattle="/static/sounds/rattle.wav" defer></script>'


def test_with_debug_on_the_page_names_the_bundles_files_in_order(settings):
    settings.STORAGES = settings.STORAGES | {  # DEBUG on: the source files, not collected
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    }
    html = Template(TAG).render(Context())
    names = [part.removeprefix("js/") for part in BUNDLES["js/table-page.js"]]
    tags = [
        f'<script src="/static/js/{name}" data-rattle="/static/sounds/rattle.wav" defer>'
        for name in names
    ]
    assert html == "</script>".join(tags) + "</script>"


def test_a_bundle_leaves_in_brotli_without_headers_only_a_page_reads(collected):
    answer = Client().get(static("js/table-page.js"), headers={"Accept-Encoding": "gzip, br"})
    assert answer.status_code == 200
    assert answer["Content-Encoding"] == "br"
    assert "immutable" in answer["Cache-Control"]
    assert answer["X-Content-Type-Options"] == "nosniff"
    for name in ("Cross-Origin-Opener-Policy", "Referrer-Policy", "ETag", "Last-Modified"):
        assert name not in answer, name
    assert "Access-Control-Allow-Origin" not in answer


def test_a_page_keeps_its_security_headers_and_the_manifest_leaves_without_them(client):
    page = client.get("/")
    for name in ("Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"):
        assert name in page, name
    manifest = client.get("/manifest.webmanifest", headers={"Accept-Encoding": "gzip"})
    assert manifest["Content-Encoding"] == "gzip"
    for name in ("Content-Security-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy"):
        assert name not in manifest, name
    assert manifest["X-Content-Type-Options"] == "nosniff"
