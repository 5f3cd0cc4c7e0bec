import json
import re

import pytest
from playwright.sync_api import expect

from characters.archetypes import ARCHETYPES
from characters.models import Character
from tests.browser.conftest import ARTIFACTS, HAND_IDS, HAND_SIZES, open_menu, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _sign_up(page, username, password):
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/home/$"))


def test_a_new_player_makes_a_hero_on_a_phone(phone, password, tmp_path):
    _sign_up(phone, "tintin", password)
    phone.get_by_role("link", name="Create a character").click()
    expect(phone.get_by_role("heading", name="Create a character")).to_be_visible()

    phone.get_by_role("radio", name="The Investigator").check()
    expect(phone.get_by_role("heading", name="The Investigator")).to_be_visible()

    phone.get_by_role("button", name="Roll a drive (1d6)").click()
    drives = [drive.name for drive in ARCHETYPES["investigator"].drives]
    expect(phone.get_by_text("Drive roll (1d6):")).to_be_visible()
    drive = phone.get_by_label("Drive").input_value()
    assert drive in drives

    phone.get_by_role("button", name="Roll Equipment (d66)").click()
    expect(phone.get_by_text("Equipment 1 (d66):")).to_be_visible()
    # The SRD gives two pieces of Equipment: one press rolls for each empty slot, each shown.
    expect(phone.get_by_text("Equipment 2 (d66):")).to_be_visible()
    items = {item for row in ARCHETYPES["investigator"].equipment for item in row}
    assert phone.get_by_label("Equipment 1").input_value() in items
    assert phone.get_by_label("Equipment 2").input_value() in items
    phone.get_by_text("Equipment 2 (d66):").scroll_into_view_if_needed()
    screenshot(phone, "creation-equipment-both-rolled")

    phone.get_by_label("Name").fill("Tintin")
    phone.get_by_label("Profession").fill("Reporter")
    phone.get_by_label("Knack 1").fill("Shooting")
    expect(phone.get_by_text("“Shooting” is a bit broad")).to_be_visible()
    phone.get_by_label("Knack 1").fill("Spotting a forged banknote")
    expect(phone.get_by_text("“Shooting” is a bit broad")).to_be_hidden()
    phone.get_by_label("Knack 2").fill("Escaping through portholes")
    phone.get_by_label("Catchphrase").fill("Great snakes!")
    screenshot(phone, "character-create-phone")
    phone.get_by_role("button", name="Create character").click()

    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    message = phone.get_by_text(re.compile(r"The server rolled a \d for Lucky Saves"))
    expect(message).to_be_visible()
    lucky = int(re.search(r"rolled a (\d)", message.inner_text()).group(1))
    assert lucky in range(1, 7)
    expect(phone.get_by_role("heading", name=f"Lucky Saves {lucky}")).to_be_visible()
    expect(phone.get_by_text(drive, exact=True)).to_be_visible()
    screenshot(phone, "character-sheet-phone")

    phone.emulate_media(media="print")
    expect(phone.get_by_role("button", name="Print")).to_be_hidden()
    screenshot(phone, "character-sheet-print")
    phone.emulate_media(media="screen")

    with phone.expect_download() as download_info:
        phone.get_by_role("link", name="Export as JSON").click()
    exported = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(exported)
    assert json.loads(exported.read_text())["character"]["name"] == "Tintin"

    open_menu(phone)
    phone.get_by_role("link", name="Characters").click()
    phone.get_by_role("link", name="Import from a file").click()
    phone.get_by_label("Character file (.json)").set_input_files(exported)
    phone.get_by_role("button", name="Import").click()
    expect(phone.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    open_menu(phone)
    phone.get_by_role("link", name="Characters").click()
    expect(phone.get_by_role("link", name="Tintin")).to_have_count(2)


def test_the_sheet_prints_on_one_page(desktop, password):
    _sign_up(desktop, "haddock", password)
    desktop.goto("/characters/new/?archetype=brawler")
    desktop.get_by_label("Name").fill("Captain Haddock")
    desktop.get_by_text("Biography and appearance").click()
    desktop.get_by_label("Biography").fill("Master of the Karaboudjan. " * 20)
    desktop.get_by_label("Knack 1").fill("Cursing in ten languages")
    desktop.get_by_role("button", name="Create character").click()
    expect(desktop.get_by_role("heading", level=1, name="Captain Haddock")).to_be_visible()
    pdf = desktop.pdf(format="A4")
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)
    assert len(pages) == 1, f"the sheet printed on {len(pages)} A4 pages"
    screenshot(desktop, "character-sheet-desktop")
    # With a portrait too: small, beside the name, and still one page.
    from characters import pictures
    from characters.models import Character
    from tests.images import picture, upload

    haddock = Character.objects.get(name="Captain Haddock")
    stored = pictures.store(pictures.open_picture(upload(picture())), "portraits",
                            display=512, thumb=128, square=True)  # fmt: skip
    haddock.set_portrait(stored)
    desktop.reload()
    desktop.locator("img.portrait-display").evaluate("img => img.decode()")  # arrived, drawn
    pdf = desktop.pdf(format="A4")
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)
    assert len(pages) == 1, f"the sheet with its portrait printed on {len(pages)} A4 pages"
    assert re.search(rb"/Subtype\s*/Image", pdf)


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_tapped_lucky_saves_die_outlives_rolling_a_drive(in_hand, password, viewport):
    """Issue 35 item 8: every choice so far (the Lucky Saves die tapped on the pad, the
    archetype, the name) stays when "Roll a drive" brings the form back."""
    page = in_hand(viewport)
    _sign_up(page, f"lucky{viewport['width']}", password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Brawler").check()
    expect(page.get_by_role("heading", name="The Brawler")).to_be_visible()
    page.get_by_label("Name").fill("Dot Marlow")
    lucky = page.get_by_role("group", name="Lucky Saves")
    lucky.get_by_text("I rolled real dice").tap()
    lucky.get_by_role("button", name="5 (add a die showing 5)").tap()
    die = lucky.get_by_label("The face of your own die for Lucky Saves")
    expect(die).to_have_value("5")

    page.get_by_role("button", name="Roll a drive (1d6)").tap()
    expect(page.get_by_text("Drive roll (1d6):")).to_be_visible(timeout=20_000)
    # Still there, and in sight once scrolled to: the fold stays open around it.
    die = page.get_by_role("group", name="Lucky Saves").get_by_label(
        "The face of your own die for Lucky Saves"
    )
    expect(die).to_have_value("5")
    expect(die).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("Dot Marlow")
    expect(page.get_by_role("radio", name="The Brawler")).to_be_checked()
    die.scroll_into_view_if_needed()
    screenshot(page, f"creation-lucky-kept-{viewport['width']}x{viewport['height']}")

    page.get_by_role("button", name="Roll Equipment (d66)").tap()
    expect(page.get_by_text("Equipment 1 (d66):")).to_be_visible(timeout=20_000)
    page.get_by_label("Profession").fill("Dock boxer")
    page.get_by_label("Knack 1").fill("Taking a punch")
    page.get_by_label("Knack 2").fill("Knowing every dockhand")
    page.get_by_label("Catchphrase").fill("Put 'em up!")
    page.get_by_role("button", name="Create character").tap()
    expect(page.get_by_role("heading", name="Dot Marlow")).to_be_visible(timeout=20_000)
    assert Character.objects.get(name="Dot Marlow").lucky_saves == 5


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_a_roll_with_my_own_die_shows_its_face_in_sight(in_hand, password, viewport):
    """A fresh-eyes evening: after a roll with their own die the phone showed no face. The
    faces typed by hand fold away as the form comes back, and the roll's result, drawn where
    they were, had gone above the screen: it is brought into sight, the face used and what it
    gave."""
    page = in_hand(viewport)
    _sign_up(page, f"hand{viewport['width']}", password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Brawler").check()
    expect(page.get_by_role("heading", name="The Brawler")).to_be_visible()
    size = f"{viewport['width']}x{viewport['height']}"
    # The Drive's one face tapped makes its roll (fresh-eyes review, item 4), and an
    # Equipment slot's two faces make its roll the same way.
    rolls = [
        (
            "Drive",
            "Use my die",
            ["4"],
            False,
            "Drive roll (1d6, rolled by hand):",
            "Break the Rules",
        ),
        (
            "Equipment (up to two)",
            "Use my dice",
            ["2", "5"],
            False,
            "Equipment 1 (d66, rolled by hand):",
            "",
        ),
    ]
    for group, button, faces, press, label, gave in rolls:
        fold = page.get_by_role("group", name=group)
        fold.get_by_text("I rolled real dice").tap()
        use = fold.get_by_role("button", name=button)
        expect(use).to_be_visible()  # for faces typed in, or fewer than the slots wait for
        # Scrolled on with a thumb, to the pad (the last face it waits for makes the roll) or
        # the button: it at the top of the screen.
        pad = fold.get_by_role("group", name="Tap each die's face")
        pad.evaluate("pad => pad.scrollIntoView({block: 'start'})")
        for face in faces:
            fold.get_by_role("button", name=f"{face} (add a die showing {face})").tap()
        if press:
            use.evaluate("button => button.scrollIntoView({block: 'start'})")
            use.tap()
        result = page.get_by_role("status").filter(has_text=label)
        expect(result).to_be_in_viewport(ratio=1, timeout=20_000)
        for face in faces:
            expect(result.get_by_role("img", name=f"a {face}")).to_be_visible()
        if gave:
            expect(result).to_contain_text(f"→ {gave}")
        page.screenshot(path=ARTIFACTS / f"creation-own-die-{group.split()[0].lower()}-{size}.png")


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_nothing_on_the_form_reads_like_a_value_or_a_stray_button(in_hand, password, viewport):
    """A fresh-eyes evening: the real-die box showed a grey "4" that read like a face already
    typed, and a lone "Save" (the form's default for Enter, meant to be unseen) sat above the
    Archetype field. The box hints at the range only; the default button takes no room."""
    page = in_hand(viewport)
    _sign_up(page, f"hint{viewport['width']}", password)
    page.goto("/characters/new/")
    enter_saves = page.locator("#character-form button[value=save]").first
    expect(enter_saves).to_have_text("Create character")  # what Enter does, if ever read
    box = enter_saves.bounding_box()
    assert max(box["width"], box["height"]) <= 1, f"the Enter button shows: {box}"
    fieldsets = page.locator("#character-form fieldset")
    expect(fieldsets.first).to_contain_text("Archetype")  # nothing between it and the top

    lucky = page.get_by_role("group", name="Lucky Saves")
    lucky.get_by_text("I rolled real dice").tap()
    die = lucky.get_by_label("The face of your own die for Lucky Saves")
    expect(die).to_have_value("")
    expect(die).to_have_attribute("placeholder", "1–6")
    # The Equipment's dice come with an archetype's table to roll on.
    page.get_by_role("radio", name="The Brawler").check()
    expect(page.get_by_role("heading", name="The Brawler")).to_be_visible()
    equipment = page.get_by_role("group", name="Equipment (up to two)")
    equipment.get_by_text("I rolled real dice").tap()
    expect(equipment.locator("input[name^=hand]")).to_have_attribute("placeholder", "1–6 each")
    die.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"creation-die-hint-{viewport['width']}.png")

    # Enter in a text field still creates the hero.
    page.get_by_label("Name").fill("Dot Marlow")
    page.get_by_label("Catchphrase").fill("Put 'em up!")
    page.get_by_label("Catchphrase").press("Enter")
    expect(page.get_by_role("heading", name="Dot Marlow")).to_be_visible(timeout=20_000)


def test_every_roll_stays_shown_until_the_hero_is_saved(phone, password):
    """A fresh-eyes evening: the server's drive roll ("Drive roll (1d6): 4 → Challenge
    Authority") vanished as the Equipment was rolled. Each roll stays, under its own button,
    through the next roll and a refused Create, and only the new one is announced."""
    _sign_up(phone, "keeper", password)
    phone.goto("/characters/new/")
    phone.get_by_role("radio", name="The Investigator").check()
    expect(phone.get_by_role("heading", name="The Investigator")).to_be_visible()

    phone.get_by_role("button", name="Roll a drive (1d6)").click()
    drive_line = phone.get_by_role("group", name="Drive").get_by_text("Drive roll (1d6):")
    expect(drive_line).to_be_visible()
    drive = phone.get_by_label("Drive").input_value()
    drive_roll = phone.locator(".roll-result").filter(has_text="Drive roll (1d6):")
    expect(drive_roll).to_contain_text(f"→ {drive}")

    phone.get_by_role("button", name="Roll Equipment (d66)").click()
    expect(phone.get_by_role("status").filter(has_text="Equipment 2 (d66):")).to_be_visible()
    expect(drive_roll).to_be_visible()
    expect(drive_roll).to_contain_text(f"→ {drive}")
    expect(phone.get_by_role("status").filter(has_text="Drive roll")).to_have_count(0)
    expect(phone.get_by_text("{#")).to_have_count(0)
    drive_roll.scroll_into_view_if_needed()
    phone.screenshot(path=ARTIFACTS / "creation-every-roll-kept-390x844.png")

    phone.get_by_role("button", name="Create character").click()  # no name yet: refused
    expect(phone.get_by_role("alert").filter(has_text="Hold it!")).to_be_visible()
    expect(drive_roll).to_contain_text(f"→ {drive}")
    expect(phone.get_by_text("Equipment 1 (d66):")).to_be_visible()
    expect(phone.get_by_text("Equipment 2 (d66):")).to_be_visible()


@pytest.mark.parametrize("viewport", HAND_SIZES, ids=HAND_IDS)
def test_use_my_die_uses_my_face_and_a_new_drive_roll_replaces_the_old(in_hand, password, viewport):
    """A fresh-eyes evening with real dice: "Use my die" is the player's face, never the
    server's roll (pressed with nothing typed it asks for the face), and the Drive box showed
    the old roll beside the new one after a re-roll: one result, the newest."""
    page = in_hand(viewport)
    _sign_up(page, f"redo{viewport['width']}", password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Investigator").check()
    expect(page.get_by_role("heading", name="The Investigator")).to_be_visible()
    drives = ARCHETYPES["investigator"].drives
    box = page.get_by_role("group", name="Drive")
    lines = box.locator(".roll-result")

    # A face typed, then the button.
    box.get_by_text("I rolled real dice").tap()
    box.get_by_label("The face of your own die").fill("3")
    box.get_by_role("button", name="Use my die").tap()
    expect(lines).to_have_count(1, timeout=20_000)
    expect(lines).to_contain_text("Drive roll (1d6, rolled by hand):")
    expect(lines.get_by_role("img", name="a 3")).to_be_visible()
    expect(page.get_by_label("Drive", exact=True)).to_have_value(drives[2].name)

    # Rolled again with a tapped face: the new roll replaces the old, one line.
    box.get_by_text("I rolled real dice").tap()
    box.get_by_role("button", name="5 (add a die showing 5)").tap()
    expect(lines.get_by_role("img", name="a 5")).to_be_visible(timeout=20_000)
    expect(lines).to_have_count(1)
    expect(lines.get_by_role("img", name="a 3")).to_have_count(0)
    expect(page.get_by_label("Drive", exact=True)).to_have_value(drives[4].name)
    lines.scroll_into_view_if_needed()
    size = f"{viewport['width']}x{viewport['height']}"
    page.screenshot(path=ARTIFACTS / f"creation-drive-rolled-again-{size}.png")

    # "Use my die" with no face: asked for, by the field; no roll of the server's.
    box.get_by_text("I rolled real dice").tap()
    expect(box.get_by_label("The face of your own die")).to_have_value("")
    box.get_by_role("button", name="Use my die").tap()
    asked = box.get_by_role("alert")
    expect(asked).to_have_text(
        "Tap or type the face your die shows first: “Use my die” uses yours.", timeout=20_000
    )
    expect(asked).to_be_in_viewport()
    expect(lines).to_have_count(1)
    expect(lines.get_by_role("img", name="a 5")).to_be_visible()
    expect(page.get_by_label("Drive", exact=True)).to_have_value(drives[4].name)
    page.screenshot(path=ARTIFACTS / f"creation-use-my-die-empty-{size}.png")


def test_enter_in_my_die_uses_my_die_and_makes_no_hero_yet(in_hand, password):
    """A fresh-eyes evening: Enter in the Drive's faces box (its help says "type it and press the
    button below") made the hero there and then, with no Knacks, Equipment or Catchphrase.
    Enter there is "Use my die"; the hero is made by "Create character" only."""
    page = in_hand(HAND_SIZES[0])
    _sign_up(page, "enterdie", password)
    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Investigator").check()
    box = page.get_by_role("group", name="Drive")
    box.get_by_text("I rolled real dice").tap()
    box.get_by_label("The face of your own die", exact=True).fill("4")
    box.get_by_label("The face of your own die", exact=True).press("Enter")
    lines = box.locator(".roll-result")
    expect(lines.get_by_role("img", name="a 4")).to_be_visible(timeout=20_000)
    expect(page).to_have_url(re.compile(r"/characters/new/"))
    expect(page.get_by_role("button", name="Create character")).to_be_visible()
    assert not Character.objects.filter(owner__username="enterdie").exists()


def test_an_archetype_chosen_as_the_page_loads_brings_its_guide(phone, password):
    """Chosen before htmx had wired the page (a quick tap, a loaded machine), the archetype sent
    nothing: its guide, with the Drives to pick and the Equipment table, never came (a
    fresh-eyes phone, and once in CI)."""
    _sign_up(phone, "tintin", password)
    late = ("**/htmx-2*.js", "**/hero-form*.js")
    for pattern in late:
        phone.route(pattern, lambda route: route.abort())
    phone.goto("/characters/new/")
    phone.get_by_role("radio", name="The Investigator").check()
    expect(phone.get_by_role("heading", name="The Investigator")).to_have_count(0)
    for pattern in late:
        phone.unroute(pattern)
    for script in ("htmx-2", "hero-form"):
        phone.add_script_tag(url=phone.locator(f"script[src*='{script}']").get_attribute("src"))
    expect(phone.get_by_role("heading", name="The Investigator")).to_be_visible()
    expect(phone.get_by_role("button", name="Connect the Dots")).to_be_visible()
