"""The browser harness: a real uvicorn server in a subprocess and a real headless Chromium.

pytest-django's live_server is WSGI-only and can't stream Server-Sent Events, so the server
here is the same ASGI stack that `make run` starts, pointed at the file-backed test database.
"""

import contextlib
import fcntl
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import connection
from django.test import TransactionTestCase
from playwright.sync_api import expect

from characters.models import Character, Knack
from sessions.actions import dangers
from sessions.models import Adventure, CastMember, Danger, KeyLocation, Leg, Scene
from sessions.rules import DangerTemplate
from tests.browser.http import Visitor
from tests.gambles import TRIES

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(settings.BASE_DIR) / "artifacts"
# What a worker's server shares with its tests (under pytest-xdist, a folder a worker).
OWN = ARTIFACTS / os.environ.get("PYTEST_XDIST_WORKER", "serial")
DICE_FILE = OWN / "loaded-dice.txt"
MEDIA = OWN / "media"  # the pictures the server and the tests' fixtures share
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _flush_again_after_a_deadlock(teardown):
    """On PostgreSQL the flush after a test (TRUNCATE of every table) may deadlock with the
    server, still finishing the test's last request: PostgreSQL gives up one of the two, and
    when it is the flush, the next test would start on the last one's rows. The server's
    transaction has gone on by then: flush again."""

    def flushed(self):
        for attempt in range(3):
            try:
                return teardown(self)
            except CommandError as error:
                deadlock = getattr(error.__cause__, "__cause__", None)
                if attempt == 2 or getattr(deadlock, "sqlstate", "") != "40P01":
                    raise

    return flushed


TransactionTestCase._fixture_teardown = _flush_again_after_a_deadlock(
    TransactionTestCase._fixture_teardown
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DEBUG="false",
        SECRET_KEY="browser-tests-only-" + "x" * 40,
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
        SECURE_HSTS_SECONDS="0",
        LOG_LEVEL="WARNING",
        ENIGMA_TEST_DICE_FILE=str(DICE_FILE),
        MEDIA_ROOT=str(MEDIA),
        # The server must use the database pytest-django just created and migrated.
        **_test_database_env(),
    )
    return env


def _test_database_env() -> dict[str, str]:
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return {"SQLITE_PATH": str(db["NAME"])}
    user = db["USER"] or ""
    auth = f"{user}:{db['PASSWORD']}@" if db["PASSWORD"] else (f"{user}@" if user else "")
    port = f":{db['PORT']}" if db["PORT"] else ""
    return {"DATABASE_URL": f"postgres://{auth}{db['HOST']}{port}/{db['NAME']}"}


def _wait_until_serving(url: str, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"The test server exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"The test server did not answer at {url} within {seconds} s")


@contextlib.contextmanager
def running_server(name: str = "server", port: int | None = None, env: dict | None = None):
    """Run uvicorn on a port (a free one by default) against the test database; yield its URL.
    ``env``: settings of the server's environment to change (a DATABASE_URL with options…)."""
    env = {**_server_env(), **(env or {})}
    port = port or _free_port()
    OWN.mkdir(parents=True, exist_ok=True)
    with (OWN / f"{name}.log").open("a") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "tests.browser.loaded_asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-access-log",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        base_url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_serving(base_url + "/", process)
            yield base_url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, django_db_blocker):
    """The real ASGI server for the browser tests, shared by the whole session."""
    OWN.mkdir(parents=True, exist_ok=True)
    _collect_static_once()
    port = _free_port()
    _start_shared(port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        _shared.pop("server")[0].close()


def _collect_static_once() -> None:
    """Collect the static files with the server's own (production) settings: hashed, compressed
    names. Under pytest-xdist the workers share the folder, and collectstatic deletes the
    manifest before writing it again: the first worker collects while the others wait on the
    lock, and then they find the run's id and leave it be."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    done = ARTIFACTS / "collected-for-run.txt"
    with (ARTIFACTS / "collectstatic.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if run and done.exists() and done.read_text() == run:
            return
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=settings.BASE_DIR,
            env=_server_env(),
            check=True,
            timeout=120,
        )
        done.write_text(run)


# The session's server and its port, kept here so that a test can stop it for a while.
_shared: dict[str, tuple[contextlib.ExitStack, int]] = {}


def _start_shared(port: int) -> None:
    server = contextlib.ExitStack()
    server.enter_context(running_server(port=port))
    _shared["server"] = (server, port)


@contextlib.contextmanager
def shared_server_paused(on_postgresql: bool = False):
    """On SQLite, the session's server (if it is running) stops while a test runs servers of
    its own on the same database (one process serves a SQLite file: a second refuses to
    start), and starts again at the same address after. ``on_postgresql``: stop it there too
    (a test that must know every server process serving the database)."""
    stop = on_postgresql or connection.vendor == "sqlite"
    running = _shared.pop("server", None) if stop else None
    if running is None:
        yield
        return
    server, port = running
    server.close()
    try:
        yield
    finally:
        _start_shared(port)


@pytest.fixture
def shared_server_stopped(asgi_server):
    with shared_server_paused():
        yield


@pytest.fixture(autouse=True)
def _shared_media(settings):
    settings.MEDIA_ROOT = MEDIA


@pytest.fixture
def load_dice():
    """Load the server's dice: the next rolls come up with these faces, in order."""
    DICE_FILE.write_text("")

    def load(*faces: int) -> None:
        existing = DICE_FILE.read_text().split()
        DICE_FILE.write_text(" ".join([*existing, *map(str, faces)]))

    yield load
    DICE_FILE.write_text("")


def log_in(page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/home/")


# The badge of a page with its stream open: "Live", or "The End" on a finished table.
OPEN = re.compile(r"^(Live|The End)$")


def seated(new_page, viewport, username: str, password: str, url: str, live=OPEN):
    """A browser of its own at ``viewport``, logged in as ``username``, on the table at ``url``
    with its stream open (``live``: the badge's words, "Live" or "The End" unless told;
    ``viewport`` None: the page's own default size)."""
    page = new_page(viewport) if viewport else new_page()
    log_in(page, username, password)
    page.goto(url)
    expect(page.locator("[data-live-status]")).to_have_text(live)
    return page


def ready_for_leg_two_with_dice_by_hand(adventure) -> None:
    """Leg 1 played out and Leg 2 waiting to start, at a table that may type its dice in (so
    the Leg's start asks for Lucky Saves rolled by hand)."""
    from sessions.models import Leg, RealDice, Scene

    adventure.real_dice = RealDice.EITHER
    adventure.save(update_fields=["real_dice"])
    Scene.objects.update(status=Scene.Status.DONE)
    Leg.objects.update(status=Leg.Status.FINISHED)
    Leg.objects.create(adventure=adventure, position=2, title="The Brass Jack")


def open_menu(page) -> None:
    """On a phone the main links wait behind the Menu: open it (on a wider screen, nothing)."""
    menu = page.locator("[data-nav-menu]")
    if menu.is_visible() and menu.get_attribute("open") is None:
        menu.locator("summary").click()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"No Chromium at {CHROMIUM}. Browser tests need Debian's chromium: "
            "`sudo apt-get install chromium` (make test does this when run as root), "
            "or set CHROMIUM_PATH to a Chromium binary.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


def _context(browser, base_url, viewport):
    context = browser.new_context(base_url=base_url, viewport=viewport)
    context.set_default_timeout(10_000)
    return context


def pages(browser, base_url, request, default_viewport):
    """Open pages on a server (each in its own browser context); on a failed test, screenshot
    them all; close them after."""
    contexts = []

    def open_page(viewport=default_viewport):
        context = _context(browser, base_url, viewport)
        contexts.append(context)
        return context.new_page()

    yield open_page
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for index, context in enumerate(contexts):
        if failed:
            for page in context.pages:
                page.screenshot(path=ARTIFACTS / f"FAILED-{request.node.name}-{index}.png")
        context.close()


@pytest.fixture
def new_page(browser, asgi_server, request):
    """Open another page (another person at the table): new_page() is a phone, new_page(DESKTOP)."""
    yield from pages(browser, asgi_server, request, PHONE)


# A phone held in the hand (issue 34): its two sizes, with touch.
HAND_SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 780}]
HAND_IDS = ["390x844", "360x780"]


@pytest.fixture
def in_hand(browser, asgi_server, request):
    """Open a phone held in the hand: a phone's viewport, touch, a mobile browser. On a failed
    test, its screen is kept in artifacts/."""
    contexts = []

    def open_phone(viewport):
        context = browser.new_context(
            base_url=asgi_server, viewport=viewport, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for index, context in enumerate(contexts):
        if failed:
            for page in context.pages:
                page.screenshot(path=ARTIFACTS / f"FAILED-{request.node.name}-{index}.png")
        context.close()


@pytest.fixture
def phone(new_page):
    return new_page(PHONE)


@pytest.fixture
def desktop(new_page):
    return new_page(DESKTOP)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def log_of(page):
    """The table's log on ``page`` (a line there may also be a phone's banner)."""
    return page.get_by_role("list", name="Table log")


def drawn(page) -> None:
    """Wait until the page's fonts are in and two frames are painted (scripts that lay a page
    out, like the TV's paging, run on the next frame after a change)."""
    page.evaluate("document.fonts.ready")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def screenshot(page, name: str) -> Path:
    """Save a screenshot to the git-ignored artifacts folder, for a person to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=path, full_page=True)
    return path


@pytest.fixture
def game(password):
    """A Director and two players (Bob plays Sam, Carol plays Ada) ready for game night."""
    users = get_user_model().objects
    director = users.create_user("director", password=password)
    bob = users.create_user("bob", password=password)
    carol = users.create_user("carol", password=password)
    adventure = Adventure.objects.create(director=director, title="The Clockwork Monsoon")
    leg = Leg.objects.create(adventure=adventure, title="A Ticking in the Rain", position=1)
    office = KeyLocation.objects.create(
        leg=leg,
        name="Harbourmaster's Office",
        public_description="A rickety office on stilts.",
        wide_shot_opening="Rain hammers a tin roof.",
        leading_questions=["What on the desk makes you uneasy?"],
        clues="SECRET-clue",
    )
    Scene.objects.create(
        leg=leg,
        position=1,
        beat="Questions for the harbourmaster",
        key_location=office,
        framing_where="The office on the quay",
    )
    sam = Character.objects.create(
        owner=bob,
        name="Sam",
        archetype="brawler",
        catchphrase="Now that's just rude.",
        lucky_saves=1,
        blammo=1,
    )
    Knack.objects.create(character=sam, text="Brawling in cramped places")
    ada = Character.objects.create(
        owner=carol,
        name="Ada",
        archetype="investigator",
        catchphrase="Stop the presses!",
        lucky_saves=2,
        blammo=1,
    )
    for character in (sam, ada):
        CastMember.objects.create(adventure=adventure, character=character)
    return {"adventure": adventure, "sam": sam, "ada": ada}


# The Director's cockpit gives these their own panels; what folds in them (the end of the
# Adventure, adding a Danger) is opened as a Director opens it.
COCKPIT = {
    "Pacing": ("#director-pacing-panel", "#director-finish"),
    "Dangers": ("#director-dangers-panel", "#danger-add"),
    "Tumult": ("#director-tumult-panel", None),
}


def tool_group(page, name: str):
    """The Director's tool group called ``name``, opened as a Director opens it (a click on
    its heading) if it is folded."""
    if name in COCKPIT:
        panel, fold = COCKPIT[name]
        if fold and page.locator(fold).get_attribute("open") is None:
            page.locator(f"{fold} > summary").click()
        return page.locator(panel)
    group = page.locator("details.tool-group").filter(
        has=page.get_by_role("heading", name=name, exact=True)
    )
    if group.get_attribute("open") is None:
        group.locator(":scope > summary").click()
    return group


def dole_out_peril(page, hero: str, amount: int) -> None:
    """The Director, on ``page``, gives ``hero`` some Peril from the Peril & Rest tools."""
    panel = page.get_by_role("region", name="Tools")
    panel.get_by_label("Who", exact=True).select_option(label=hero)
    panel.get_by_label("Peril (+ or −)").fill(str(amount))
    panel.get_by_role("button", name="Dole out Peril").click()


def foes_in_sight(adventure, *foes) -> list:
    """The Scene's Dangers are these (name, template) alone, shown to the Cast (quietly: no
    line in the log), those the fixture made gone."""
    Danger.objects.all().delete()
    made = [dangers.add_danger(adventure, name, template, None) for name, template in foes]
    Danger.objects.update(revealed=True)
    return made


THREE = (
    ("Brass Jack", DangerTemplate.LIEUTENANT),
    ("Museum guards", DangerTemplate.MINION),
    ("The Lurker", DangerTemplate.VILLAIN),
)


def three_dangers(adventure, hidden=("The Lurker",)):
    """Brass Jack, the Museum guards and the Lurker in the Scene; those ``hidden`` unseen."""
    foes_in_sight(adventure, *THREE)
    Danger.objects.filter(name__in=hidden).update(revealed=False)


def tumult_against_them_all(asgi_server, playing, password) -> None:
    """The Director starts a Tumult (over HTTP) against every Danger of the Scene."""
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    # Every Danger ticked on the start form (``foe``), as the form sends it (``foes-offered``).
    foes = {"foe": [danger.pk for danger in Danger.objects.all()], "foes-offered": "1"}
    assert director.post(playing["url"] + "tumult/start/", foes)[0] == 200


# A foe whose name runs past a phone's width, and Knacks enough to make Sam's Gamble panel
# a phone's height.
LONG_FOE = "Lieutenant Augustus Kray of the Brass Lantern Society"
KNACKS = ("Talking my way past a doorman", "Climbing anything with a handhold", "Knowing the docks")


def sams_turn_at_360(in_hand, asgi_server, playing, password, *more_foes):
    """Bob's phone at 360x780, Sam's turn in a Tumult against `LONG_FOE`, the Museum guards and
    ``more_foes`` ((name, template) each), the Scene's Wide Shot still waiting on him, Sam with
    three Knacks; the turn's call on the phone."""
    adventure, sam = playing["adventure"], playing["sam"]
    for position, text in enumerate(KNACKS):
        Knack.objects.create(character=sam, text=text, position=position)
    foes_in_sight(
        adventure,
        (LONG_FOE, DangerTemplate.LIEUTENANT),
        ("Museum guards", DangerTemplate.MINION),
        *more_foes,
    )
    phone = seated(in_hand, {"width": 360, "height": 780}, "bob", password, playing["url"])
    tumult_against_them_all(asgi_server, playing, password)
    expect(phone.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    return phone


def gamble_panel(page, name):
    """The hero's own panel: headed "<name>: Gamble", or "<name>: Investigation" while the
    Director's ask to investigate waits with no Gamble in play."""
    # The name's regex characters escaped, and those alone (re.escape's "\\ " and "\\-" are no
    # regex in the browser's unicode mode).
    hero = re.sub(r"([.*+?^${}()|[\]\\/])", r"\\\1", name)
    return page.get_by_role("region", name=re.compile(rf"^{hero}: (Gamble|Investigation)$"))


def cast_line(page, name):
    return page.get_by_role("region", name="The Cast").locator("li", has_text=name)


def more_dice(panel) -> None:
    """Open the Gamble's folded dice (Blammo!, and More: advantages, help) if folded."""
    for fold in ("details.gamble-blammo", "details.gamble-extras"):
        extras = panel.locator(fold)
        if extras.count() and extras.get_attribute("open") is None:
            extras.locator("summary").click()


def try_and_roll(panel, intent: str = TRIES, *, tap: bool = False) -> None:
    """Press Roll! on a hero's Gamble panel as a player does: first saying what the hero tries
    (a Gamble needs it) if the box is still empty (a Group Gamble's member finds the group's
    action in it)."""
    box = panel.get_by_label("What are you attempting?")
    if not box.input_value():
        box.fill(intent)
    button = panel.get_by_role("button", name="Roll!")
    button.tap() if tap else button.click()


def sam_locks_in(phone, load_dice, *dice: int):
    """On Bob's page, Sam Okafor rolls the loaded dice and locks the Gamble in; his panel."""
    panel = gamble_panel(phone, "Sam Okafor")
    load_dice(*dice)
    try_and_roll(panel)
    panel.get_by_role("button", name="Lock in").click()
    return panel


def shared_screen(asgi_server, playing, password) -> str:
    """The Director turns the shared screen (the TV) on: the path the TV opens."""
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(playing["url"] + "screen/", {"enabled": "1"})[0] == 200
    return f"/screen/{Adventure.objects.get().screen_token}/"
