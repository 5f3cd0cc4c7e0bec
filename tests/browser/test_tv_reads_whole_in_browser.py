"""The TV reads whole (issue 34): across the room a text that carries play is never cut with
"…" and never hidden; when space is short the board shows fewer things whole. And every text
on it reads against its background, in the dark theme and the light one."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import handouts
from sessions.models import (
    Adventure,
    CastMember,
    Danger,
    Gamble,
    SafetyNote,
    TableEvent,
    WideShot,
    WideShotDetail,
)
from sessions.rules import DangerTemplate
from tests.browser.conftest import drawn, foes_in_sight, shared_screen
from tests.browser.http import Visitor
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {
    "720p": {"width": 1280, "height": 720},
    "1080p": {"width": 1920, "height": 1080},
    "4k": {"width": 3840, "height": 2160},
}
NAMES = (
    "Sam 'Anvil' Okafor-Whitlock",
    "Ada 'Lamplight' Sterling-Vance",
    "Priya 'Brass' Raman-Castellanos",
    "Tomás 'Gearjack' Villanueva-Reyes",
    "Odette 'Hush' Marchetti-Blackwood",
    "Kwame 'Longshot' Asante-Pemberton",
)
# Sixty characters each: what a player types when the moment is big.
ACTION = "wrench the flood gate open before the harbour swallows the dock"
# Typed as players do, each with its stop (the board adds one where none).
DETAILS = (
    "a brass diving bell hanging from the crane, its porthole lit.",
    "a flock of gulls circling a barge with a faintly glowing anchor chain.",
    "ledgers stacked to the rafters, every one stamped in Vienna.",
    "the harbourmaster's parrot reciting tide tables backwards!",
    "fresh oil on the floor leading to a trapdoor under the rug.",
    "a clock on the wall running anticlockwise and ticking loudly.",
)
LINES_VEILS = (
    ("line", "No harm comes to children, on screen or off it"),
    ("veil", "Torture happens off screen: we cut to the aftermath"),
)

# Every element that carries play and is shown: its text whole, nothing of it cut. An item a
# list has paged out (hidden whole, the list showing the rest) is not shown, so not counted.
PLAY = (
    ".latest h2, .latest > p, .latest .die, .latest .verdict-word, .latest .sfx-big,"
    " .latest .knockout-banner, .latest .by-hand,"
    " .cast-card .cast-name, .cast-numbers > span:not(.cast-sep), .cast-card .badge,"
    " .cast-head > span,"
    " .tumult h2, .tumult p, .danger-list li, .danger-list li > *,"
    " .wideshot h2, .wideshot .details li, .wideshot .questions li,"
    " .safety-list li, .log-list > li,"
    " .join-code-line, .join-code-line strong, .board-story h1"
)
NOT_WHOLE = """(selector) => {
  const out = [];
  const name = (el) => `${el.className || el.tagName}: ${el.textContent.trim().slice(0, 50)}`;
  const inside = (box, room) => Math.max(box.bottom - room.bottom, room.top - box.top,
    box.right - room.right, room.left - box.left, 0) <= 1;
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.trim()) continue;
    if (!el.checkVisibility()) {
      // Hidden: only a whole row a list pages out, never a part of a row.
      // (Nor the Latest Gamble before the first Gamble: it steps aside, with nothing to tell.)
      if (el.closest('.latest:has(.latest-none)')) continue;
      // (Nor an empty Wide Shot on the TV with no Scene in play: it steps aside too.)
      if (el.closest('.wideshot:has([data-wideshot-none])')) continue;
      if (!el.closest('[data-paged] > [hidden]')) out.push('hidden: ' + name(el));
      continue;
    }
    // Where its letters are drawn (not its box, not a decoration around it).
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const screen = {top: 0, left: 0, right: innerWidth, bottom: innerHeight};
    if (!inside(text, screen)) out.push('off: ' + name(el));
    for (let at = el; at && at !== document.body; at = at.parentElement) {
      const s = getComputedStyle(at);
      if (s.webkitLineClamp && s.webkitLineClamp !== 'none') out.push('line-clamped: ' + name(el));
      const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
      if (!clips) continue;
      if (s.textOverflow === 'ellipsis') out.push('ellipsis: ' + name(el));
      const wide = el.scrollWidth > el.clientWidth + 1;
      if (at === el && (wide || el.scrollHeight > el.clientHeight + 1)) {
        out.push('overflows its box: ' + name(el));
      }
      if (at !== el && !inside(text, at.getBoundingClientRect())) {
        out.push(`clipped by ${at.className || at.tagName}: ` + name(el));
      }
    }
  }
  return out;
}"""
# The rows a list shows (not paged out).
SHOWN = "(selector) => Array.from(document.querySelectorAll(selector)).filter(el => el.checkVisibility()).map(el => el.textContent.replace(/\\s+/g, ' ').trim())"  # noqa: E501
# Every item of a list, on its page or not, in its order.
EVERY = "(selector) => Array.from(document.querySelectorAll(selector)).map(el => el.textContent.replace(/\\s+/g, ' ').trim())"  # noqa: E501


def crowded(playing, make_user) -> list[Character]:
    """Six heroes with long names, their trackers set, two Dangers shown, six Wide Shot
    details of sixty characters, two Lines & Veils and a dozen long log lines: the Tumult and
    the Gamble come from the test, over HTTP."""
    adventure = playing["adventure"]
    heroes = [playing["sam"], playing["ada"]]
    for n in range(4):
        hero = Character.objects.create(owner=make_user(f"p{n}"), name="x", archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
        heroes.append(hero)
    for n, (hero, name) in enumerate(zip(heroes, NAMES, strict=True)):
        Character.objects.filter(pk=hero.pk).update(
            name=name, peril=n % 6, lucky_saves=n % 3 + 1, blammo=2, knockouts=n % 3
        )
    foes_in_sight(
        adventure,
        ("Brass Jack, the Baron's clockwork lieutenant", DangerTemplate.LIEUTENANT),
        ("Dockside goons in oilskins", DangerTemplate.MINION),
    )
    board = WideShot.objects.get()
    for hero, text in zip(heroes, DETAILS, strict=True):
        WideShotDetail.objects.create(wide_shot=board, character=hero, text=text)
    for kind, text in LINES_VEILS:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    TableEvent.objects.bulk_create(
        TableEvent(
            adventure=adventure,
            kind="note",
            summary=f"Line {n}: {NAMES[n % 6]} gives the Director a long look and says it aloud",
        )
        for n in range(12)
    )
    for hero in heroes:
        hero.refresh_from_db()
    return heroes


def _gamble(asgi_server, playing, password, hero, load_dice, faces, *, lock=True) -> None:
    """``hero``'s player rolls (against the first Danger, a sound effect spent) and locks in."""
    player = Visitor(asgi_server, hero.owner, password)
    load_dice(*faces)
    roll = {
        "request_id": f"whole-{hero.pk}-{len(faces)}-{faces[0]}",
        "intent": ACTION,
        "danger": Danger.objects.order_by("pk").first().pk,
        "sound_effects": ["KA-BLAMMO!"],
    }
    assert player.post(playing["url"] + f"roll/{hero.pk}/", roll)[0] == 200
    if lock:
        _lock_in(asgi_server, playing, password, hero)


def _lock_in(asgi_server, playing, password, hero) -> None:
    player = Visitor(asgi_server, hero.owner, password)
    gamble = Gamble.objects.filter(character=hero).latest("pk")
    lock_in = {"step": gamble.step}
    assert player.post(playing["url"] + f"gambles/{gamble.pk}/lock/", lock_in)[0] == 200


def _settled(tv, path) -> None:
    tv.goto(path)
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    # screen.js pages the lists on the next frame after any change: two frames and it's done.
    drawn(tv)


def looked_at(new_page, size, path, shot):
    """The TV at ``size``, settled with its handouts' pictures loaded, saved as a picture."""
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.wait_for_function(
        "() => Array.from(document.querySelectorAll('.handout-show img')).every(i => i.complete)"
    )
    drawn(tv)
    tv.screenshot(path=f"artifacts/{shot}-{size}.png")
    return tv


def assert_reads_whole(tv) -> None:
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]
    assert tv.evaluate("document.documentElement.scrollWidth") <= tv.viewport_size["width"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    # The Cast and the Latest Gamble in sight: every hero's trackers, the whole Gamble.
    expect(tv.get_by_role("region", name="The Cast")).to_be_in_viewport(ratio=1)
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_in_viewport(ratio=1)
    assert len(tv.evaluate(SHOWN, ".cast-card")) == 6
    assert tv.evaluate(BURSTS_OVER_WORDS) == []


# A Blammo! burst (its star, the ::after, reaches past its words) over another text of the Latest
# Gamble, or past the panel's foot: what it lies over.
BURSTS_OVER_WORDS = """() => {
  const panel = document.querySelector('.latest');
  const over = [];
  for (const burst of panel.querySelectorAll('.sfx-big')) {
    // Measured unturned about its centre: its star's tips sit mid-edge, where a turn of a
    // few degrees barely moves them.
    const r = burst.getBoundingClientRect();
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    const star = getComputedStyle(burst, '::after');
    const reach = -parseFloat(star.top), wide = -parseFloat(star.left);
    const top = y - burst.offsetHeight / 2 - reach, bottom = y + burst.offsetHeight / 2 + reach;
    const left = x - burst.offsetWidth / 2 - wide, right = x + burst.offsetWidth / 2 + wide;
    if (bottom > panel.getBoundingClientRect().bottom + 1) over.push("the panel's foot");
    const texts = '.latest-what, .latest-consequences, .knockout-banner, .verdict-word';
    for (const words of panel.querySelectorAll(texts)) {
      const w = words.getBoundingClientRect();
      if (w.height && top < w.bottom - 1 && bottom > w.top + 1 && left < w.right && right > w.left)
        over.push(words.className + ': ' + words.textContent.trim().slice(0, 40));
    }
  }
  return over;
}"""


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_crowded_board_reads_whole_at_every_size(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    heroes = crowded(playing, make_user)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    _gamble(asgi_server, playing, password, heroes[1], load_dice, (6, 5, 2))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-whole-crowded-{size}.png")
    assert_reads_whole(tv)
    latest = tv.get_by_role("region", name="Latest Gamble")
    expect(latest).to_contain_text(f"{NAMES[1]} tries to {ACTION}")
    expect(latest).to_contain_text("Brass Jack, the Baron's clockwork lieutenant")
    expect(latest).to_contain_text("Success!")
    # Both Lines & Veils at once, and the newest log lines first, each whole.
    safety = tv.evaluate(SHOWN, ".safety-list > li")
    assert [text for _, text in LINES_VEILS] == [row.split(" ", 1)[1] for row in safety]
    log = tv.evaluate(SHOWN, ".log-list > li")
    assert log
    assert f"{NAMES[1]} locks in: Success!" in log[0]
    details = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert details
    assert all(any(text in row for text in DETAILS) for row in details)


# The Director's leading question, put to one hero, as long as one gets.
ASKED_OF_ADA = "What is written on the ledger's last page, and whose seal is pressed beside it?"


def _ask_of_ada(heroes) -> str:
    """The Wide Shot's questions: the Key Location's own, and one the Director puts to Ada."""
    board = WideShot.objects.get()
    board.questions = [*board.questions, {"text": ASKED_OF_ADA, "to": heroes[1].pk}]
    board.save()
    return board.questions[0]["text"]  # "What is on the desk?"


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_wide_shot_asks_its_leading_questions_whole_on_the_crowded_board(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """The phones ask the Wide Shot's leading questions; the TV asks them too, whole, from the
    sofa, beside the Cast's trackers and the Latest Gamble, nothing else cut for them. The
    ask of who is still to say what they see gives way, whole, when the column is short."""
    path = shared_screen(asgi_server, playing, password)
    heroes = crowded(playing, make_user)
    first = _ask_of_ada(heroes)
    WideShotDetail.objects.filter(character__in=heroes[4:]).delete()
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    _gamble(asgi_server, playing, password, heroes[1], load_dice, (6, 5, 2))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-wideshot-questions-crowded-{size}.png")
    questions = tv.locator(".wideshot .questions > li")
    expect(questions).to_have_text([first, f"{NAMES[1]}: {ASKED_OF_ADA}"])
    # Whole, each one shown; a column too short for both shows one at a time, and says so.
    # Read in one look (the board turns its pages every few seconds: on a loaded machine it
    # may already show the second question).
    shown, paged = tv.evaluate(
        f"() => [({SHOWN})('.wideshot .questions > li'),"
        " document.querySelector('.wideshot .questions').dataset.page || '']"
    )
    asked = [first, f"{NAMES[1]}: {ASKED_OF_ADA}"]
    if len(shown) == 2:
        assert shown == asked
        assert paged == ""
    else:
        assert len(shown) == 1
        assert shown[0] in asked
        assert paged == f"Question {asked.index(shown[0]) + 1} of 2"
    for question in questions.all():
        if question.is_visible():
            expect(question).to_be_in_viewport(ratio=1)
    assert_reads_whole(tv)
    ask = tv.locator(".wideshot-ask")
    expect(ask).to_have_text(f"What do {NAMES[4]} and {NAMES[5]} see?")
    if ask.is_visible():
        expect(ask).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_wide_shot_asks_who_is_still_to_say_what_they_see(
    new_page, asgi_server, playing, password, make_user, size
):
    """The reviewer's evening: the leading questions and the ask ("What does Watcher 0
    see?", as that hero's phone asks it) whole on the TV, and the ask gone once answered."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user)
    first = _ask_of_ada([playing["sam"], playing["ada"]])
    watcher = Character.objects.get(name="Watcher 0")
    WideShotDetail.objects.filter(character=watcher).delete()
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-wideshot-questions-{size}.png")
    questions = tv.locator(".wideshot .questions > li")
    expect(questions).to_have_text([first, f"Ada: {ASKED_OF_ADA}"])
    ask = tv.locator(".wideshot-ask")
    expect(ask).to_have_text("What does Watcher 0 see?")
    for text in (*questions.all(), ask):
        expect(text).to_be_in_viewport(ratio=1)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY + ", .wideshot-ask")
    assert not_whole == [], "\n".join(not_whole)
    expect(tv.get_by_role("region", name="The Cast")).to_be_in_viewport(ratio=1)
    # Said live: nobody is left to ask.
    player = Visitor(asgi_server, watcher.owner, password)
    said = {"text": "A gull with a brass ring on its leg"}
    assert player.post(playing["url"] + f"wideshot/{watcher.pk}/", said)[0] == 200
    expect(ask).to_have_count(0)
    expect(tv.locator(".wideshot .details")).to_contain_text("a gull with a brass ring")


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_with_a_seat_free_the_join_address_reads_whole_beside_the_crowded_board(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    heroes = crowded(playing, make_user)
    Adventure.objects.update(seats=8)  # six heroes at a table of eight
    _gamble(asgi_server, playing, password, heroes[2], load_dice, (2, 3))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-whole-join-{size}.png")
    assert_reads_whole(tv)
    # The address never broken ("127.0.0.1:8761/j / oin/", nor the host over the path): one
    # piece on one line.
    line = tv.locator(".join-code-line")
    address = line.locator("strong").first
    assert address.inner_text().replace("\n", "").endswith("/join/")
    lines_each = address.evaluate(
        """el => Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => {
             const range = document.createRange(); range.selectNodeContents(n);
             return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size;
           })"""
    )
    assert lines_each
    assert all(count == 1 for count in lines_each), lines_each
    expect(line.locator(".join-code")).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_in_a_tumult_the_latest_gamble_is_whole_through_a_knockout(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    """A Tumult's turn on the crowded board: the roll, then the blunder that knocks the hero
    out. The spotlight has its moment; the Latest Gamble under it, and on the board after, says
    who, what, against which Danger, the dice, the verdict and the Knockout, all whole."""
    path = shared_screen(asgi_server, playing, password)
    heroes = crowded(playing, make_user)
    kwame = heroes[5]  # at Peril 5: a 1 knocks him out
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    tv = new_page(SIZES[size])
    _settled(tv, path)
    holder = tv.locator(".spotlight-part")
    holder.evaluate("holder => holder.dataset.shownFor = 60000")
    latest = tv.get_by_role("region", name="Latest Gamble")
    width = SIZES[size]["width"]

    _gamble(asgi_server, playing, password, kwame, load_dice, (1, 3), lock=False)
    expect(holder).to_be_visible()
    expect(holder).to_contain_text(f"{NAMES[5]} tries to {ACTION}, against Brass Jack")
    expect(latest).to_contain_text("(not locked in yet)")
    tv.screenshot(path=f"artifacts/tv-whole-tumult-rolled-{width}.png")
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)

    _lock_in(asgi_server, playing, password, kwame)
    expect(holder).to_contain_text("KNOCKOUT!")
    expect(holder).to_contain_text("Blunder!")
    tv.screenshot(path=f"artifacts/tv-whole-tumult-knockout-{width}.png")
    # The moment over, the board: the Latest Gamble whole, the Cast in sight.
    holder.evaluate("holder => holder.classList.remove('is-on')")
    for text in (NAMES[5], f"tries to {ACTION}", "against Brass Jack, the Baron's clockwork"):
        expect(latest).to_contain_text(text)
    expect(latest.get_by_text("Blunder!")).to_be_in_viewport(ratio=1)
    # (Stamped on at a slant: a corner of its box may tuck under the column's edge; its
    # letters are checked whole below.)
    expect(latest.get_by_text("KNOCKOUT!")).to_be_in_viewport(ratio=0.95)
    expect(latest.get_by_label("Die 1: 1")).to_be_in_viewport(ratio=1)
    expect(tv.locator(".cast-card", has_text=NAMES[5])).to_contain_text("Knocked out")
    tv.screenshot(path=f"artifacts/tv-whole-tumult-board-{width}.png")
    assert_reads_whole(tv)


# Every visible text on the page with its contrast against what is behind it: its colour (or,
# for letters outlined all round, its outline's) over the background found by walking up the
# ancestors and laying their colours one over the other, opacity included.
CONTRAST = """() => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  // The colours behind an element, nearest first; a decoration drawn behind its own text (a
  // burst under a sound effect) counts as its background.
  const backdrop = (el) => {
    const layers = [];
    for (let at = el; at; at = at.parentElement) {
      const own = parse(getComputedStyle(at).backgroundColor);
      if (at === el) {
        const before = getComputedStyle(at, '::before');
        const burst = parse(before.backgroundColor);
        if (before.content !== 'none' && burst[3] > 0) layers.push(burst);
      }
      if (own[3] > 0) layers.push(own);
      if (own[3] >= 1) break;
    }
    let bg = [255, 255, 255, 1];
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg;
  };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    if (el.closest('.visually-hidden, [aria-hidden="true"] svg')) continue;
    if (!Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const style = getComputedStyle(el);
    const bg = backdrop(el);
    const stroke = parseFloat(style.webkitTextStrokeWidth) >= 1;
    let ink = parse(stroke ? style.webkitTextStrokeColor : style.color);
    let opacity = 1;
    for (let at = el; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
    ink = over([ink[0], ink[1], ink[2], ink[3] * opacity], bg);
    const r = ratio(ink, bg);
    const what = `${el.className || el.tagName}: ${el.textContent.trim().slice(0, 40)}`;
    if (r < 4.5) out.push(`${r.toFixed(2)}: ${what}`);
  }
  return out;
}"""


@pytest.mark.looks
@pytest.mark.parametrize("size", ["1080p"])
def test_every_text_on_the_tv_reads_against_its_background_in_both_themes(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    heroes = crowded(playing, make_user)
    # Knocked out and retiring badges, a locked Wide Shot, a Tumult, a Gamble with a burst.
    Character.objects.filter(pk=heroes[4].pk).update(
        peril=0, incapacitated=True, knockouts=4, retired=True
    )
    WideShot.objects.update(locked=True)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "tumult/start/")[0] == 200
    _gamble(asgi_server, playing, password, heroes[0], load_dice, (6, 1, 4))
    tv = new_page(SIZES[size])
    _settled(tv, path)
    # The log's newest row flashes as it lands: read it once the flash is over.
    tv.evaluate("document.getAnimations().forEach(a => a.finish())")
    for theme in ("dark", "light"):
        if theme == "light":
            tv.get_by_role("button", name="Theme: dark").click()
            expect(tv.get_by_role("button", name="Theme: light")).to_be_visible()
            tv.evaluate("document.getAnimations().forEach(a => a.finish())")
        tv.screenshot(path=f"artifacts/tv-whole-contrast-{theme}.png")
        low = tv.evaluate(CONTRAST)
        assert low == [], f"{theme}:\n" + "\n".join(low)
        # The Gamble's moment in the spotlight, over the board, reads too.
        holder = tv.locator(".spotlight-part")
        holder.evaluate("holder => holder.classList.add('is-on')")
        expect(holder).to_contain_text("Success!")
        tv.evaluate("document.getAnimations().forEach(a => a.finish())")
        tv.screenshot(path=f"artifacts/tv-whole-contrast-spotlight-{theme}.png")
        low = tv.evaluate(CONTRAST)
        assert low == [], f"{theme}, spotlight:\n" + "\n".join(low)
        holder.evaluate("holder => holder.classList.remove('is-on')")


def _evening(playing, make_user, *, details=3, handout_up=False) -> None:
    """The reviewer's evening: two heroes, three Wide Shot details, two Dangers shown (the
    lieutenant one success along), a Line and a Veil, a few log lines; a handout on show if
    asked."""
    adventure = playing["adventure"]
    heroes = [playing["sam"], playing["ada"]]
    for n in range(details - 2):  # a detail each: the rest are more heroes at the table
        hero = Character.objects.create(
            owner=make_user(f"w{n}"), name=f"Watcher {n}", archetype="explorer"
        )
        CastMember.objects.create(adventure=adventure, character=hero)
        heroes.append(hero)
    foes_in_sight(
        adventure,
        ("Dock thugs", DangerTemplate.MINION),
        ("Lieutenant Greta", DangerTemplate.LIEUTENANT),
    )
    Danger.objects.filter(name="Lieutenant Greta").update(successes=1)
    board = WideShot.objects.get()
    for n, text in enumerate(DETAILS[:details]):
        WideShotDetail.objects.create(wide_shot=board, character=heroes[n], text=text)
    for kind, text in LINES_VEILS:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    TableEvent.objects.bulk_create(
        TableEvent(
            adventure=adventure, kind="note", summary=f"Line {n}: the Director sets the scene"
        )
        for n in range(5)
    )
    TableEvent.objects.create(
        adventure=adventure, kind="note", summary="The newest line: a gull screams"
    )
    if handout_up:
        handouts.reveal(adventure, handout(adventure, "The harbour map").pk, adventure.director)


@pytest.mark.looks
@pytest.mark.parametrize("handout_up", [False, True], ids=["board", "handout"])
def test_at_1080p_every_detail_danger_line_and_veil_shows_at_once(
    new_page, asgi_server, playing, password, make_user, handout_up
):
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, handout_up=handout_up)
    tv = new_page(SIZES["1080p"])
    _settled(tv, path)
    if handout_up:
        tv.wait_for_function("() => document.querySelector('.handout-show img')?.complete")
        drawn(tv)
    tv.screenshot(path=f"artifacts/tv-side-lists-{'handout' if handout_up else 'board'}-1080p.png")
    details = tv.evaluate(SHOWN, ".wideshot .details > li")
    assert len(details) == 3
    assert all(row.endswith(text) for row, text in zip(details, DETAILS, strict=False))
    dangers_shown = tv.evaluate(SHOWN, ".danger-list > li")
    assert [row.split(" ")[0] for row in dangers_shown] == ["Dock", "Lieutenant"]
    assert "1 of" in dangers_shown[1]
    assert len(tv.evaluate(SHOWN, ".safety-list > li")) == 2
    # Nothing paged, so no page marker.
    assert tv.evaluate(SHOWN, ".board-side .page-marker") == []
    # The newest log line in sight, whole, the handout up or not.
    newest = tv.locator(".log-list > li").first
    said = "reveals a handout: The harbour map" if handout_up else "The newest line: a gull screams"
    expect(newest).to_contain_text(said)
    expect(newest).to_be_in_viewport(ratio=1)
    if handout_up:
        expect(tv.locator(".screen-board .handout-show img")).to_be_in_viewport(ratio=1)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


@pytest.mark.looks
def test_a_list_too_long_for_its_place_says_which_page_is_up(
    new_page, asgi_server, playing, password, make_user
):
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, details=6, handout_up=True)
    tv = new_page(SIZES["720p"])
    _settled(tv, path)
    tv.wait_for_function("() => document.querySelector('.handout-show img')?.complete")
    drawn(tv)
    tv.screenshot(path="artifacts/tv-side-lists-paged-720p.png")
    shown = tv.evaluate(SHOWN, ".wideshot .details > li")
    every = tv.evaluate(EVERY, ".wideshot .details > li")
    assert len(every) == 6
    # As many whole details as the column holds beside the handout at 720p, in order: four
    # (measured; a fifth would push the log's newest line out), never one at a time.
    assert shown == every[:4]
    marker = tv.locator(".wideshot .page-marker")
    expect(marker).to_be_visible()
    expect(marker).to_have_text("Details 1–4 of 6 · others in turn")
    # The next page: the two details after them, whole, filled up with the one before them
    # (the log beside it never takes the room a page left), nothing else on the board cut.
    expect(marker).to_have_text("Details 4–6 of 6 · others in turn", timeout=12_000)
    assert tv.evaluate(SHOWN, ".wideshot .details > li") == every[3:]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    # And round again.
    expect(marker).to_have_text("Details 1–4 of 6 · others in turn", timeout=12_000)
    newest = tv.locator(".log-list > li").first
    expect(newest).to_contain_text("reveals a handout: The harbour map")
    expect(newest).to_be_in_viewport(ratio=1)
