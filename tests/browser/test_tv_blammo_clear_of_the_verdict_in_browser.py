"""A fresh-eyes TV at 1280×720: the Blammo! burst of a Gamble's moment was drawn over its
verdict's line. The burst (its star reaches well past its words) lies over no text of the
moment, at 720p and 1080p, whether the Gamble is still open or locked in."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import Gamble
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_stage_in_browser import SIZES

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# Every burst of the spotlight, its star (the ::after, a clip-path polygon that reaches well
# past its words) taken point by point as drawn, turned about the burst's centre, against each
# text of the moment it could lie over: the star's box over a text's box is a burst over words.
BURSTS_OVER_WORDS = r"""() => {
  const spot = document.querySelector('.spotlight');
  const over = [];
  for (const burst of spot.querySelectorAll('.sfx-big')) {
    const turn = getComputedStyle(burst).transform;
    burst.style.transform = 'none';
    const r = burst.getBoundingClientRect();
    burst.style.transform = '';
    const scale = r.width / burst.offsetWidth;  // the fitted spotlight's zoom
    const m = new DOMMatrix(turn === 'none' ? undefined : turn);
    const angle = Math.atan2(m.b, m.a);
    const star = getComputedStyle(burst, '::after');
    const wide = -parseFloat(star.left), reach = -parseFloat(star.top);
    const w = burst.offsetWidth + 2 * wide, h = burst.offsetHeight + 2 * reach;
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const points = star.clipPath.replace(/^polygon\(|\)$/g, '').split(',').map((pair) => {
      const [px, py] = pair.trim().split(/\s+/).map(parseFloat);
      const x = (px / 100 - 0.5) * w * scale, y = (py / 100 - 0.5) * h * scale;
      const cos = Math.cos(angle), sin = Math.sin(angle);
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    });
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const left = Math.min(...xs), right = Math.max(...xs);
    const top = Math.min(...ys), bottom = Math.max(...ys);
    const texts = '.spot-kicker, .spot-verdict, .spot-consequences, .spot-note, .spot-knockout,'
      + ' .spot-line, .dice-row';
    for (const words of spot.querySelectorAll(texts)) {
      const b = words.getBoundingClientRect();
      if (b.height && top < b.bottom - 1 && bottom > b.top + 1 && left < b.right && right > b.left)
        over.push(`${words.className}: ${words.textContent.trim().slice(0, 40)} (star `
          + `${Math.round(top)}–${Math.round(bottom)}, `
          + `words ${Math.round(b.top)}–${Math.round(b.bottom)})`);
    }
    if (bottom > spot.getBoundingClientRect().bottom + 1) over.push("the card's foot");
  }
  return over;
}"""


LONG = ["KRA-KA-THOOOOM-BOOM-BOOM!", "SPLOOSH-A-RAMA-DING-DONG!"]
# What Sam rolls: the sound effects, the dice, whether it is locked in, and the moment's words.
CASES = {
    "locked in": (["KA-BLAMMO!"], (6, 5, 2), True, "Success!"),
    "still open": (["KA-BLAMMO!"], (6, 5, 2), False, "A success as it stands."),
    # Sam one Peril short: a 1 knocks him out, two long bursts over two rows above KNOCKOUT!.
    "two long bursts and a knockout": (LONG, (6, 1, 3, 4), True, "KNOCKOUT!"),
}


def _rolls_with_a_blammo(asgi_server, playing, password, load_dice, case: str) -> None:
    effects, faces, lock, _ = CASES[case]
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(peril=5, lucky_saves=0, blammo=len(effects))
    player = Visitor(asgi_server, sam.owner, password)
    load_dice(*faces)
    roll = {
        "request_id": f"burst-{len(effects)}-{lock}",
        "intent": "kick the boiler door off its hinges",
        "sound_effects": effects,
    }
    assert player.post(playing["url"] + f"roll/{sam.pk}/", roll)[0] == 200
    if lock:
        gamble = Gamble.objects.get(character=sam)
        lock_in = {"step": gamble.step}
        assert player.post(playing["url"] + f"gambles/{gamble.pk}/lock/", lock_in)[0] == 200


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_the_blammo_burst_lies_over_no_words_of_the_moment(
    new_page, asgi_server, playing, password, load_dice, size, case
):
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => holder.dataset.shownFor = 60000")
    _rolls_with_a_blammo(asgi_server, playing, password, load_dice, case)
    effects, _, _, said = CASES[case]
    expect(spotlight.locator(".sfx-big")).to_have_text(effects)
    expect(spotlight).to_contain_text(said)
    tv.evaluate("document.fonts.ready")
    tv.evaluate("document.getAnimations().forEach((a) => a.finish())")
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-moment-blammo-{case.replace(' ', '-')}-{size}.png")
    assert tv.evaluate(BURSTS_OVER_WORDS) == []
    # And the moment still reads whole in its card, its last line too.
    card = spotlight.locator(".spotlight")
    assert card.evaluate("card => card.scrollHeight <= card.clientHeight + 1")
    expect(spotlight.locator(".spot-line, .spot-note, .spot-verdict").last).to_be_in_viewport(
        ratio=1
    )
