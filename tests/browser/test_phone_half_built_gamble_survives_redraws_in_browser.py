"""A Gamble half built on a phone in a Tumult (fresh-eyes game night, item 1): the player has
ticked a Knack, picked the enemy they aim at, pressed Roll! too soon (sent back: say what your
hero tries) and typed it, not yet rolled.
The Director, in a browser of their own, plays the enemies' turn and presses Next round; another
hero Gambles; Peril changes. Every live redraw of the player's table keeps the words, the tick
and the aim just as the player left them."""

import pytest
from playwright.sync_api import expect

from characters.models import Knack
from sessions.models import Danger
from sessions.rules import DangerTemplate
from tests.browser.conftest import (
    ARTIFACTS,
    PHONE,
    foes_in_sight,
    gamble_panel,
    seated,
    try_and_roll,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
KNACK = "Talking my way past a doorman"
TRIES = "Bluff past the guards"


def _still_as_built(phone) -> None:
    mine = gamble_panel(phone, "Sam Okafor")
    expect(mine.get_by_label("What are you attempting?")).to_have_value(TRIES)
    expect(mine.get_by_label(KNACK)).to_be_checked()
    aim = mine.get_by_label("Aimed at an enemy?")
    expect(aim.locator("option:checked")).to_have_text("Museum guards")


def test_a_half_built_gamble_survives_the_next_round(
    load_dice, in_hand, new_page, asgi_server, playing, password
):
    adventure, sam = playing["adventure"], playing["sam"]
    Knack.objects.create(character=sam, text=KNACK)
    Knack.objects.create(character=sam, text="Climbing anything", position=1)
    foes_in_sight(
        adventure,
        ("Brass Jack", DangerTemplate.LIEUTENANT),
        ("Museum guards", DangerTemplate.MINION),
    )
    director = seated(new_page, LAPTOP, "alice", password, playing["url"])
    ada = seated(new_page, PHONE, "carol", password, playing["url"])
    phone = seated(in_hand, PHONE, "bob", password, playing["url"])

    director.get_by_role("button", name="Start a Tumult").click()
    director.get_by_role("dialog").get_by_role("button", name="Yes, start the Tumult").click()
    expect(phone.get_by_role("heading", name="Tumult! Round 1 · Players' turn")).to_be_visible()

    mine = gamble_panel(phone, "Sam Okafor")
    mine.get_by_label(KNACK).tap()
    mine.get_by_label("Aimed at an enemy?").select_option(label="Museum guards")
    mine.get_by_role("button", name="Roll!").tap()
    expect(mine.get_by_text("Say what your hero tries, in a few words.")).to_be_visible()
    mine.get_by_label("What are you attempting?").fill(TRIES)
    _still_as_built(phone)

    # Another player rolls and locks in.
    load_dice(5)
    hers = gamble_panel(ada, "Ada")
    hers.get_by_label("Aimed at an enemy?").select_option(label="Brass Jack")
    try_and_roll(hers)
    hers.get_by_role("button", name="Lock in").click()
    expect(phone.locator("#log-list")).to_contain_text("Ada locks in")
    _still_as_built(phone)

    # The enemies strike (Peril for Sam), and the Director presses Next round.
    panel = director.locator("#director-tumult-panel")
    jack = Danger.objects.get(name="Brass Jack")
    panel.locator(f"[name=split-{jack.pk}-{sam.pk}]").fill("1")
    panel.get_by_role("button", name="Enemies' turn").click()
    struck = phone.get_by_role("heading", name="Tumult! Round 1 · the enemies have struck")
    expect(struck).to_be_visible()
    expect(mine).to_contain_text("Peril 1/6")
    _still_as_built(phone)
    panel.get_by_role("button", name="Next round").click()
    expect(phone.get_by_role("heading", name="Tumult! Round 2 · Players' turn")).to_be_visible()
    _still_as_built(phone)
    expect(mine.locator(".odds")).to_contain_text("2 dice")
    phone.screenshot(path=str(ARTIFACTS / "phone-half-built-gamble-next-round-390x844.png"))
