"""The proxy map of docs/scaling-out.md keeps a table and its TV on one process: applied as
nginx applies it (the first regex that matches), a table's pages, moves and stream and its TV
link all hash on the table's id, so one process draws each of its events."""

import re
from pathlib import Path

from django.conf import settings

from sessions.models.prep import new_screen_token

SCALING_OUT = Path(settings.BASE_DIR) / "docs" / "scaling-out.md"


def _proxy_map() -> list[tuple[re.Pattern, str]]:
    """The `map $uri $enigma_table` block of docs/scaling-out.md: (regex, value) in order."""
    block = re.search(r"map \$uri \$enigma_table \{\n(.*?)\n\}", SCALING_OUT.read_text(), re.S)
    assert block, "docs/scaling-out.md shows the proxy's map"
    rules = []
    for line in block.group(1).splitlines():
        pattern, value = line.split("#")[0].split()
        if pattern != "default":
            # nginx writes a named group (?<id>…); Python (?P<id>…).
            rules.append((re.compile(pattern.removeprefix("~").replace("(?<", "(?P<")), value))
    return rules


def _key(uri: str) -> str | None:
    for pattern, value in _proxy_map():
        if found := pattern.search(uri):
            return re.sub(r"\$(\w+)", lambda name: found.group(name[1]), value.rstrip(";"))
    return None


def test_a_table_and_its_tv_go_to_the_same_process():
    token = new_screen_token(4211)
    uris = [
        "/adventures/4211/table/",
        "/adventures/4211/table/roll/9/",
        "/adventures/4211/table/events/",
        f"/screen/{token}/",
        f"/screen/{token}/events/",
        f"/screen/{token}/part/scene/",
    ]
    assert {_key(uri) for uri in uris} == {"4211"}
    assert _key("/adventures/4212/table/") == "4212"


def test_a_tv_link_from_before_the_id_still_has_a_process_of_its_own():
    assert _key("/screen/Qx3-old_token/events/") == "Qx3-old_token"
    assert _key("/characters/") is None  # anything else: any process
