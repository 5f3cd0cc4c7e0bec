"""The phones after a fresh-eyes evening (390x844 and 360x800, in the hand): a 60-character
action reads whole as it is typed, and Enter rolls it; Blammo! comes before Roll! and in sight
with it; a blow to a player's own hero is told to them ("you take Peril"), the rest of the table
reading the log's words; a hero already at 6 Lucky Saves is said to stay there, not "6 → 6".
And the Director's pointer to the consequence prompts goes once a later Gamble settles."""

import pytest
from playwright.sync_api import expect

from characters.models import Character, Equipment, Knack
from sessions.models import Adventure, Gamble, Leg, RealDice
from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, foes_in_sight, gamble_panel, log_of, seated
from tests.browser.http import Visitor
from tests.gambles import gamble_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 800}]
IDS = ["390x844", "360x800"]
# About sixty characters, as a player types an action at the table.
ACTION = "Swing across the flooded engine room on a frayed mooring rope"


def _size(viewport: dict) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def _shot(page, name: str) -> None:
    """What the screen shows (not the whole page), for a person to look at."""
    page.screenshot(path=ARTIFACTS / f"{name}.png")


def _gambles(visitor: Visitor, url: str, hero, load_dice, *faces: int) -> None:
    """``hero``'s player rolls a Gamble over HTTP (with ``faces``) and locks it in."""
    load_dice(*faces)
    made = Gamble.objects.filter(character=hero).count()
    form = gamble_form(f"c{hero.pk}-gamble-{made + 1}", "Pick the lock of the harbour office")
    assert visitor.post(url + f"roll/{hero.pk}/", form)[0] == 200
    gamble = Gamble.objects.get(character=hero, locked=False)
    assert visitor.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_a_long_action_reads_whole_and_enter_rolls_it(
    in_hand, viewport, playing, password, load_dice
):
    """The action's box grows with the words (it used to cut a 60-character action to its
    last thirty), labelled as before; Enter rolls, as it did in the one-line box."""
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    intent = panel.get_by_label("What are you attempting?")
    one_line = intent.bounding_box()["height"]
    intent.tap()
    intent.press_sequentially(ACTION)
    expect(intent).to_have_value(ACTION)
    expect(intent).to_be_in_viewport(ratio=1)
    # Every word in sight: nothing scrolled away sideways or below, on two lines or three.
    whole = "el => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight"
    assert intent.evaluate(whole)
    assert one_line * 1.4 < intent.bounding_box()["height"] < one_line * 3.2
    _shot(page, f"phone-long-action-whole-{_size(viewport)}")

    load_dice(5)
    intent.press("Enter")
    expect(panel.get_by_text(f"Attempting: “{ACTION}”")).to_be_visible()
    assert Gamble.objects.get().setup["intent"] == ACTION  # one line, no line break in it
    _shot(page, f"phone-long-action-rolled-{_size(viewport)}")


@pytest.mark.parametrize("dice", [RealDice.APP, RealDice.EITHER, RealDice.HAND])
@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_blammo_comes_before_roll_and_in_sight_with_it(in_hand, viewport, dice, playing, password):
    """Blammo! Dice are spent before the roll (SRD): the button comes before Roll!, beside it
    or (a table rolling real dice only) above the line saying how many to throw, in sight with
    Roll! once the hero bar brings it up. It used to come after Roll!, and with real dice only
    ("Enter the roll", wider) it wrapped under it, behind the hero bar."""
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Brawling in cramped places")
    Knack.objects.create(character=sam, text="Talking my way past police cordons")
    Equipment.objects.create(character=sam, text="A heavy spanner")
    Adventure.objects.update(real_dice=dice)
    page = seated(in_hand, viewport, "bob", password, playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    page.locator("[data-hero-bar] .hero-bar-jump").tap()
    roll = panel.get_by_role("button", name="Enter the roll" if dice == "hand" else "Roll!")
    blammo = panel.get_by_text("Blammo! (2)", exact=True)
    expect(roll).to_be_in_viewport(ratio=1)
    expect(blammo).to_be_in_viewport(ratio=1)
    bar = page.locator("[data-hero-bar]").bounding_box()
    for thing in (blammo, roll):  # neither behind the hero bar at the foot of the screen
        assert thing.bounding_box()["y"] + thing.bounding_box()["height"] <= bar["y"]
    before = "(one, other) => !!(one.compareDocumentPosition(other) & 4)"
    assert blammo.evaluate(before, roll.element_handle())  # read (and tabbed to) first
    one, other = blammo.bounding_box(), roll.bounding_box()
    if dice == "hand":
        # Above the odds line ("Roll 1 die"), itself above the faces and the button.
        odds = panel.locator(".odds")
        assert blammo.evaluate(before, odds.element_handle())
        assert one["y"] + one["height"] <= odds.bounding_box()["y"] <= other["y"]
    else:
        # Beside Roll!, on its left.
        assert abs((one["y"] + one["height"] / 2) - (other["y"] + other["height"] / 2)) < 4
        assert one["x"] + one["width"] <= other["x"]
    _shot(page, f"phone-blammo-before-roll-{dice}-{_size(viewport)}")

    blammo.tap()
    panel.get_by_label("Sound effect 1").fill("KA-POW!")
    panel.get_by_label("What are you attempting?").fill("Kick the door in")
    expect(panel.locator(".odds")).to_contain_text("2 dice")  # the Blammo! die counts, live
    _shot(page, f"phone-blammo-open-{dice}-{_size(viewport)}")


@pytest.mark.parametrize(
    "viewport",
    [{"width": 390, "height": 844}, {"width": 1366, "height": 768}],
    ids=["phone", "laptop"],
)
def test_the_pointer_to_the_prompts_goes_once_a_later_gamble_settles(
    new_page, viewport, asgi_server, playing, password, load_dice
):
    """A blunder's prompts fold under "Earlier prompts" once a later Gamble settles: live, the
    pointer to them ("When it goes wrong: 3 ideas…") goes with them. It stayed, pointing at
    folded prompts, until a reload."""
    url = playing["url"]
    director = seated(new_page, viewport, "alice", password, url)
    pointer = director.get_by_role("link", name="When it goes wrong: 3 ideas for what happens next")
    expect(pointer).to_be_hidden()
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    _gambles(bob, url, playing["sam"], load_dice, 2)
    expect(pointer).to_be_visible()
    prompts = director.get_by_role("region", name="When it goes wrong")
    expect(prompts).to_contain_text("A blunder for Sam Okafor.")

    carol = Visitor(asgi_server, playing["ada"].owner, password)
    # Ada's roll up, not locked in yet: the pointer would read as hers (fresh-eyes cockpit).
    load_dice(6)
    form = gamble_form(f"c{playing['ada'].pk}-gamble-1", "Pick the lock of the harbour office")
    assert carol.post(url + f"roll/{playing['ada'].pk}/", form)[0] == 200
    expect(director.locator(".latest")).to_contain_text("not locked in yet")
    expect(pointer).to_be_hidden()
    rolled = Gamble.objects.get(character=playing["ada"], locked=False)
    assert carol.post(url + f"gambles/{rolled.pk}/lock/", {"step": rolled.step})[0] == 200
    expect(prompts.get_by_text("Earlier prompts")).to_be_visible()
    expect(pointer).to_be_hidden()
    _shot(director, f"director-prompts-pointer-gone-{viewport['width']}")

    # The next blunder brings its prompts, and the pointer, back.
    _gambles(carol, url, playing["ada"], load_dice, 3)
    expect(prompts).to_contain_text("A blunder for Ada.")
    expect(pointer).to_be_visible()


def test_a_blow_is_told_to_its_heros_player_and_of_them_to_the_rest(
    in_hand, asgi_server, playing, password
):
    """Peril dealt to Sam reads "you take Peril" on Sam's own phone, the Director's and the
    enemies' alike; Ada's player reads of Sam by name, as the log tells it."""
    adventure, url = playing["adventure"], playing["url"]
    (widow,) = foes_in_sight(adventure, ("The Brass Widow", DangerTemplate.LIEUTENANT))
    sam = playing["sam"]
    sams = seated(in_hand, SIZES[1], "bob", password, url)
    adas = seated(in_hand, SIZES[0], "carol", password, url)
    director = Visitor(asgi_server, adventure.director, password)
    director.get(url)
    # No call waiting (the Wide Shot locked): nothing else takes the top of the phones.
    assert director.post(url + "wideshot/lock/", {"locked": "1"})[0] == 200

    peril = {"character": sam.pk, "delta": 1, "reason": "environment"}
    assert director.post(url + "peril/", peril)[0] == 200
    blow = sams.get_by_role("alert").filter(has_text="Peril!")
    expect(blow).to_contain_text(
        "Peril from the Director (the environment is unforgiving): you take Peril +1 (now 1 of 6)."
    )
    expect(blow).not_to_contain_text("Sam Okafor")
    expect(log_of(adas)).to_contain_text("Sam Okafor: Peril +1 (now 1).")
    _shot(sams, "phone-peril-told-to-you-360x800")

    assert director.post(url + "tumult/start/", {"foe": [widow.pk], "foes-offered": "1"})[0] == 200
    split = {f"split-{widow.pk}-{sam.pk}": 3}
    assert director.post(url + "tumult/enemies/", split)[0] == 200
    struck = sams.get_by_role("alert").filter(has_text="The enemies strike!")
    expect(struck).to_contain_text("The Brass Widow strikes: you take Peril +3 (now 4 of 6).")
    expect(struck).not_to_contain_text("Sam Okafor")
    expect(struck).to_be_in_viewport(ratio=1)
    _shot(sams, "phone-enemies-strike-you-360x800")
    spared = adas.get_by_role("status").filter(has_text="The enemies strike!")
    expect(spared).to_contain_text("The Brass Widow → Sam Okafor: Peril +3 (now 4).")
    expect(spared).not_to_contain_text("you take")
    _shot(adas, "phone-enemies-strike-another-390x844")


def test_lucky_saves_at_the_top_stay_there_in_plain_words(
    in_hand, asgi_server, playing, password, load_dice
):
    """A new Leg's +1d6 Lucky Saves for a hero already at 6: "stay at 6 (at most 6)", where the
    log said "6 → 6"; a hero below the top still reads from → to."""
    adventure, url = playing["adventure"], playing["url"]
    director = Visitor(asgi_server, adventure.director, password)
    director.get(url)
    assert director.post(url + "leg/end/")[0] == 200
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=6)
    Character.objects.filter(pk=playing["ada"].pk).update(lucky_saves=1)
    leg = Leg.objects.create(adventure=adventure, position=2, title="The Brass Jack")
    page = seated(in_hand, SIZES[1], "bob", password, url)
    load_dice(3, 4)
    assert director.post(url + "leg/start/", {"leg": leg.pk})[0] == 200
    log = log_of(page)
    expect(log).to_contain_text("Sam Okafor rolled 3: Lucky Saves stay at 6 (at most 6).")
    expect(log).to_contain_text("Ada rolled 4: Lucky Saves 1 → 5.")
    expect(log).not_to_contain_text("6 → 6")
    log.scroll_into_view_if_needed()
    _shot(page, "phone-lucky-saves-at-the-top-360x800")
