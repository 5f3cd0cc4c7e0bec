"""Page weight: the bytes a browser's first visit to the table page takes on the wire.

A browser asks for the page, then for what the page names for drawing it: its stylesheets,
its scripts and its icon, and (to see that the site can go on a phone's home screen) its web
app manifest. The apple-touch-icon is left out: only iOS fetches it, when someone adds the site
to the home screen, as it does the manifest's own icons. Everything is asked for as a browser
over HTTPS asks (Accept-Encoding: gzip, deflate, br), each on a fresh connection, and counted
head and body as sent.
"""

import gzip
from html.parser import HTMLParser

from tests.bench.client import Tally, wire_get
from tests.bench.world import Servers

ACCEPT = "gzip, deflate, br"


class _Fetched(HTMLParser):
    """The addresses a browser fetches while loading a page, in the page's order."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        rel = set((attr.get("rel") or "").lower().split())
        if tag == "script" and attr.get("src"):
            self.urls.append(attr["src"])
        elif tag == "link" and attr.get("href") and rel & {"stylesheet", "icon", "manifest"}:
            self.urls.append(attr["href"])


def fetched_by_a_browser(html: str) -> list[str]:
    parser = _Fetched()
    parser.feed(html)
    return list(dict.fromkeys(parser.urls))


def _decoded(body: bytes, encoding: str | None) -> bytes:
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "br":
        import brotli  # in requirements.txt: collectstatic makes the .br files with it

        return brotli.decompress(body)
    return body


async def measure_weight(servers: Servers, world: dict) -> dict:
    """A player's first visit to the table page and everything it loads, on the wire."""
    table, tally = world["solo"][1], Tally()
    seat = table["players"][0]
    cookie = "; ".join(f"{k}={v}" for k, v in seat["cookies"].items())
    asks = {"Accept-Encoding": ACCEPT, "Cookie": cookie}
    port = servers.ports[0]
    page, html_wire = await wire_get(port, f"/adventures/{table['adventure']}/table/", asks)
    tally.answer(page.status)
    encoding = page.headers.get("content-encoding")
    html = _decoded(page.body, encoding)
    sizes, encodings = {}, {}
    for url in fetched_by_a_browser(html.decode()):
        answer, sizes[url] = await wire_get(port, url, asks)
        encodings[url] = answer.headers.get("content-encoding")
        tally.answer(answer.status)
    return {
        "html_bytes": len(html),
        "html_encoding": encoding,
        "html_bytes_on_the_wire": html_wire,
        "assets": sizes,
        "asset_encodings": encodings,
        "assets_bytes_on_the_wire": sum(sizes.values()),
        "first_load_kb_on_the_wire": round((html_wire + sum(sizes.values())) / 1024, 1),
    } | tally.as_dict()
