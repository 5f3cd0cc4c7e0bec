"""In-process CPU of one action at a six-screen table, no HTTP: the roll and Lock-in views
(through Django's test client) and the drawing of each event for the six screens, and a
player's table page GET. time.process_time, so the shared machine's noise counts little.

    .venv/bin/pytest -q -p no:cacheprovider tests/bench/drawing_cpu.py -s
    PROFILE=/tmp/out.prof ... (cProfile of the measured rounds)
"""

import cProfile
import os
import statistics
import time

import pytest
from django.template.base import PartialTemplate, Template
from django.test.utils import _TestState

from characters.models import Character
from sessions import live
from sessions.live.drawing import draw_for
from sessions.models import CastMember, Gamble, TableEvent
from sessions.parts import drawing, kept
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

ROUNDS = int(os.environ.get("ROUNDS", "40"))


def test_cpu_per_action(playing, make_user, django_capture_on_commit_callbacks, monkeypatch):
    # Drawn as a server draws: without the test runner's signal on every template rendered.
    saved = _TestState.saved_data
    monkeypatch.setattr(Template, "_render", saved.template_render)
    monkeypatch.setattr(PartialTemplate, "_render", saved.partial_template_render)
    by_part = {}
    render = drawing._render

    def timed(part, context):
        t = time.process_time()
        html = render(part, context)
        by_part.setdefault(part.name, []).append((time.process_time() - t) * 1000)
        return html

    monkeypatch.setattr(drawing, "_render", timed)
    adventure = playing["adventure"]
    for n in range(2):
        hero = Character.objects.create(owner=make_user(f"p{n}"), name=f"Hero {n}", archetype="ace")
        CastMember.objects.create(adventure=adventure, character=hero)
    seats = [live.Listener(adventure.pk, h.owner_id) for h in adventure.cast_characters()]
    seats += [live.Listener(adventure.pk, adventure.director_id, directs=True)]
    seats += [live.Listener(adventure.pk)]
    seats = {seat.audience: seat for seat in seats}
    sam = playing["sam"]
    browser = player_client(sam)
    url = playing["url"]
    times = {"roll view": [], "roll drawing": [], "lock view": [], "lock drawing": [], "page": []}

    def last():
        return TableEvent.objects.order_by("-pk").values_list("pk", flat=True).first()

    def one_round(n):
        t = time.process_time()
        with django_capture_on_commit_callbacks(execute=True), use_dice(LoadedDice([4, 3])):
            r = browser.post(
                url + f"roll/{sam.pk}/",
                gamble_form(f"request-{n:06d}", advantages=1),
                headers=HTMX,
            )
        assert r.status_code == 200
        t1 = time.process_time()
        draw_for(last(), seats)
        t2 = time.process_time()
        gamble = Gamble.objects.get(locked=False)
        t3 = time.process_time()
        with django_capture_on_commit_callbacks(execute=True):
            r = browser.post(
                url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step}, headers=HTMX
            )
        assert r.status_code == 200
        t4 = time.process_time()
        draw_for(last(), seats)
        t5 = time.process_time()
        assert browser.get(url).status_code == 200
        t6 = time.process_time()
        return t1 - t, t2 - t1, t4 - t3, t5 - t4, t6 - t5

    for n in range(5):  # warm up
        one_round(n)
    by_part.clear()
    profile = cProfile.Profile() if os.environ.get("PROFILE") else None
    if profile:
        profile.enable()
    for n in range(5, 5 + ROUNDS):
        for name, spent in zip(times, one_round(n), strict=True):
            times[name].append(spent * 1000)
    if profile:
        profile.disable()
        profile.dump_stats(os.environ["PROFILE"])
    print()
    for name, spent in times.items():
        print(f"{name:14} median {statistics.median(spent):6.2f} ms  min {min(spent):6.2f} ms")
    per_action = [(a + b + c + d) / 2 for a, b, c, d, _ in zip(*times.values(), strict=True)]
    print(f"action+drawing median {statistics.median(per_action):6.2f} ms")
    for name, spent in sorted(by_part.items(), key=lambda item: -sum(item[1])):
        print(f"  {name:24} {len(spent) / ROUNDS:4.1f}/round {sum(spent) / ROUNDS:6.2f} ms/round")
    kept.forget_all()
