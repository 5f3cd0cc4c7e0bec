"""What players see in a real browser: a Director and three players' pages open in Chromium
while one player (over HTTP, with that player's cookies) rolls and locks in.

Two figures: from the Lock-in POST to its log row in the two other players' pages, and the
requests each page makes because of an event (a part GET means the page was told something
changed instead of being sent what it now looks like).
"""

import os
import re
import time
from pathlib import Path

import httpx

from tests.bench.client import Tally, request_id, summary
from tests.gambles import gamble_form

GAMBLE_ID = re.compile(r"/table/gambles/(\d+)/lock/")
QUIET_MS = 300  # after the log row, how long a page has to start fetching because of it
WATCH = """() => {
  window.arrivals = {};
  const note = (node) => {
    if (node.nodeType !== 1) return;
    for (const el of [node, ...node.querySelectorAll('[id^="event-"]')]) {
      if (/^event-\\d+$/.test(el.id) && !(el.id in window.arrivals))
        window.arrivals[el.id] = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note)))
    .observe(document.body, {childList: true, subtree: true});
}"""
OPEN_GAMBLE = """(previous) => {
  const form = document.querySelector('form[action*="/gambles/"][action$="/lock/"]');
  const id = form && /gambles\\/(\\d+)\\/lock/.exec(form.getAttribute('action'))[1];
  return id && id !== previous ? id : null;
}"""


def measure_browser(base: str, world: dict, gambles: int = 25) -> dict:
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not Path(chromium).exists():
        return {"skipped": f"no Chromium at {chromium}"}
    from playwright.sync_api import sync_playwright

    table, tally = world["browser"], Tally()
    url = f"{base}/adventures/{table['adventure']}/table/"
    people = {"director": table["director"]} | {
        f"player{n}": seat["cookies"] for n, seat in enumerate(table["players"])
    }
    requests: dict[str, list[tuple[float, str]]] = {name: [] for name in people}
    kinds: dict[str, list[dict[str, int]]] = {"roll": [], "lock_in": [], "scene": []}
    lock_to_row: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        pages = {}
        for name, cookies in people.items():
            context = browser.new_context()
            context.add_cookies([{"name": k, "value": v, "url": base} for k, v in cookies.items()])
            page = context.new_page()
            page.on(
                "request",
                lambda r, log=requests[name]: log.append((time.time() * 1000, r.url)),
            )
            page.on("response", lambda r: tally.answer(r.status) if "/static/" not in r.url else 0)
            page.goto(url)
            page.wait_for_function(
                "() => [...document.querySelectorAll('[data-live-status]')]"
                ".some(e => /^Live/.test(e.textContent.trim()))",
                timeout=15000,
            )
            page.evaluate(WATCH)
            pages[name] = page
        actor, watchers = pages["player0"], [pages["player1"], pages["player2"]]
        hero = table["players"][0]["character"]
        scenes = list(table["scenes"])

        def http(cookies: dict) -> httpx.Client:
            return httpx.Client(
                base_url=base,
                cookies=cookies,
                headers={"HX-Request": "true", "X-CSRFToken": cookies["csrftoken"]},
            )

        player, director = http(people["player0"]), http(people["director"])

        def act(kind: str, client: httpx.Client, path: str, data: dict) -> httpx.Response:
            """POST, wait for the log row on every page, then count what each page fetched."""
            posted = time.time() * 1000
            response = client.post(path, data=data, headers={"X-Request-ID": request_id()})
            knocked_out = response.status_code == 409 and "Knocked out" in response.text
            tally.answer(response.status_code, expected_refusal=knocked_out)
            if response.status_code != 200:
                return response
            for page in pages.values():
                page.wait_for_function(
                    "t => Object.values(window.arrivals).some(v => v >= t)", arg=posted
                )
            time.sleep(QUIET_MS / 1000)
            counts = {}
            for name, log in requests.items():
                fetched = [u for at, u in log if at >= posted and "/events/" not in u]
                counts[name] = sum("/part/" in u for u in fetched)
                counts[f"{name}_other"] = sum("/part/" not in u for u in fetched)
            kinds[kind].append(counts)
            if kind == "lock_in":
                for page in watchers:
                    arrivals = page.evaluate("window.arrivals")
                    lock_to_row.append(min(v for v in arrivals.values() if v >= posted) - posted)
            return response

        previous = None
        for n in range(gambles):
            if n % 10 == 9 and scenes:  # now and then the Director moves the story on
                act("scene", director, url + "scene/start/", {"scene": scenes.pop(0)})
            roll = act("roll", player, url + f"roll/{hero}/", gamble_form(request_id()))
            if roll.status_code == 409 and "Knocked out" in roll.text and scenes:
                act("scene", director, url + "scene/start/", {"scene": scenes.pop(0)})
                roll = act("roll", player, url + f"roll/{hero}/", gamble_form(request_id()))
            if roll.status_code != 200:
                continue
            found = GAMBLE_ID.search(roll.text)
            gamble = found.group(1) if found else None
            if gamble is None:  # pushed parts: the player's own page shows the new Gamble
                gamble = actor.wait_for_function(OPEN_GAMBLE, arg=previous).json_value()
            previous = gamble
            time.sleep(0.05)
            act("lock_in", player, url + f"gambles/{gamble}/lock/", {"step": 0})
        player.close()
        director.close()
        browser.close()
    return {
        "gambles": gambles,
        "pages": list(people),
        "lock_in_to_log_row_other_players": summary(lock_to_row),
        "part_gets_per_event_per_page": {
            kind: _per_page(samples, people) for kind, samples in kinds.items() if samples
        },
    } | tally.as_dict()


def _per_page(samples: list[dict[str, int]], people: dict) -> dict:
    """Mean requests per event for each page: part GETs, and anything else it fetched."""
    events = len(samples)
    figures = {"events": events}
    for name in people:
        figures[name] = round(sum(s[name] for s in samples) / events, 2)
        figures[f"{name}_other_gets"] = round(sum(s[f"{name}_other"] for s in samples) / events, 2)
    figures["max_part_gets_one_page"] = max(s[n] for s in samples for n in people)
    return figures
