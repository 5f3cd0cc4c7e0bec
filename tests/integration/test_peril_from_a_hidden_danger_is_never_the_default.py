"""Peril from a hidden Danger is never the Cast's default (fresh-eyes defect): its option is
never chosen on a fresh drawing (the page keeps the Director's own choice through the live
redraws, table.js), and its tap keeps the name from the players' log."""

import re

from sessions.actions import dangers as danger_actions
from sessions.models import TableEvent
from sessions.rules import DangerTemplate
from tests.conftest import HTMX, player_client

LURKER = "Mister Lurk"
BRUTE = "The Brass Brute"


def _options(html: str) -> dict[str, str]:
    select = re.search(r'<select name="reason" id="cast-peril-why"[^>]*>.*?</select>', html, re.S)
    return dict(re.findall(r'<option value="([^"]+)"([^>]*)>', select.group(0)))


def test_a_hidden_danger_is_never_drawn_chosen(director, playing):
    adventure = playing["adventure"]
    lurker = danger_actions.add_danger(adventure, LURKER, DangerTemplate.LIEUTENANT, None)
    brute = danger_actions.add_danger(
        adventure, BRUTE, DangerTemplate.LIEUTENANT, None, revealed=True
    )
    options = _options(director.get(playing["url"]).content.decode())
    assert {f"danger-{lurker.pk}", f"danger-{brute.pk}"} <= set(options)
    assert not any("selected" in attrs for attrs in options.values())


def test_peril_from_a_hidden_danger_keeps_its_name_from_the_players(director, playing):
    adventure, sam = playing["adventure"], playing["sam"]
    lurker = danger_actions.add_danger(adventure, LURKER, DangerTemplate.LIEUTENANT, None)
    response = director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": "1", "reason": f"danger-{lurker.pk}"},
        headers=HTMX,
    )
    assert response.status_code == 200
    line = TableEvent.objects.filter(kind="peril").latest("pk").summary
    assert "an unseen enemy" in line
    assert LURKER not in line
    log = player_client(sam).get(f"/adventures/{adventure.pk}/log/").content.decode()
    assert "Peril from an unseen enemy" in log
    assert LURKER not in log
