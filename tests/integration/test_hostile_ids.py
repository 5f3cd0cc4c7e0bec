"""Ids nobody could have: a URL naming a row bigger than any database holds is a 404, like
any other table the user can't see, never a 500 (SQLite would raise OverflowError on it)."""

import re

import pytest
from django.urls import URLResolver, get_resolver

pytestmark = pytest.mark.django_db

# One past the largest signed 64-bit integer, the largest id PostgreSQL or SQLite can store.
TOO_BIG = "9223372036854775808"


def _routes(resolver=None, prefix=""):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern)


def _table_urls(id_text: str) -> list[str]:
    """Every route of the table, each id in it replaced by ``id_text``."""
    urls = []
    for route in _routes():
        if "/table/" in route and "<int:" in route:
            url = re.sub(r"<int:\w+>", id_text, route)
            urls.append("/" + re.sub(r"<str:\w+>", "scene", url))
    return urls


def test_every_table_route_answers_404_to_an_id_no_database_can_hold(playing, director):
    urls = _table_urls(TOO_BIG)
    assert len(urls) > 40, "the table's routes were not found"
    answers = {url: (director.get(url).status_code, director.post(url).status_code) for url in urls}
    wrong = {url: codes for url, codes in answers.items() if set(codes) - {404, 405}}
    assert wrong == {}
    # And a real table still opens for its Director.
    assert director.get(playing["url"]).status_code == 200


def test_the_largest_id_a_database_can_hold_is_a_plain_404(director):
    # 2**63 - 1 fits: the database looks for it and finds nothing.
    largest = str(2**63 - 1)
    assert director.get(f"/adventures/{largest}/table/").status_code == 404
    assert director.post(f"/adventures/{largest}/table/undo/").status_code == 404


def test_the_casts_routes_answer_404_to_an_id_no_database_can_hold(playing, director):
    cast = f"/adventures/{playing['adventure'].pk}/cast/"
    assert director.post(f"{cast}{TOO_BIG}/remove/").status_code == 404
    assert director.post(f"{cast}back/{TOO_BIG}/").status_code == 404
    safety = f"/adventures/{playing['adventure'].pk}/safety/remove/"
    assert director.post(safety, {"note": [TOO_BIG, "²", "-1", "x"]}).status_code == 302
