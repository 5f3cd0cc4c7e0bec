"""Pages leave gzipped for a browser that asks, with BREACH's length masking; pictures leave
as they are (WebP already), keeping their strong ETags."""

import gzip

import pytest

from tests.integration.test_pictures import _url, _who, pictured  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def test_the_table_page_comes_gzipped_with_random_padding_in_its_header(pictured):  # noqa: F811
    client = _who(pictured, "cast")
    first = client.get(pictured["url"], headers=GZIP)
    assert first["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in first["Vary"]
    page = gzip.decompress(first.content).decode()
    assert "The harbour map" in page
    assert len(first.content) * 3 < len(page.encode())
    # "Heal The Breach": a name field of random length in each gzip header (flag FNAME).
    assert first.content[3] & 0x08
    lengths = {len(client.get(pictured["url"], headers=GZIP).content) for _ in range(8)}
    assert len(lengths) > 1


def test_a_browser_that_does_not_ask_gets_the_page_plain(pictured):  # noqa: F811
    answer = _who(pictured, "cast").get(pictured["url"])
    assert "Content-Encoding" not in answer
    assert b"The harbour map" in answer.content


def test_a_picture_is_sent_as_it_is_with_its_strong_etag(pictured):  # noqa: F811
    client = _who(pictured, "cast")
    answer = client.get(_url("handout", pictured["shown"]), headers=GZIP)
    assert answer.status_code == 200
    assert "Content-Encoding" not in answer
    assert answer["ETag"].startswith('"')
    body = b"".join(answer.streaming_content) if answer.streaming else answer.content
    assert body[8:12] == b"WEBP"
