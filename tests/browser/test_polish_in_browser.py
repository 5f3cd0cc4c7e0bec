"""The small things that read as unfinished (issue 13, item 9): primary buttons look primary,
the Catchphrase warns before it throws away a success, no page trips the CSP, Peril boxes are
not buttons, and delete buttons look dangerous."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import gamble_panel, log_in, open_menu, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def _console_errors(page) -> list[str]:
    """Every error the page reports from now on (a CSP refusal among them)."""
    errors: list[str] = []

    def note(message) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            errors.append(message.text)

    page.on("console", note)
    return errors


def _no_csp_errors(errors: list[str], where: str) -> None:
    refused = [e for e in errors if "Content Security Policy" in e or "Refused to" in e]
    assert not refused, f"{where}: {refused}"


def _luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(one: str, other: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _colours(locator) -> dict[str, str]:
    return locator.evaluate(
        "el => { const s = getComputedStyle(el);"
        " return {background: s.backgroundColor, color: s.color, border: s.borderTopColor}; }"
    )


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_new_player_signs_up_and_makes_a_hero_without_a_csp_error(new_page, password, viewport):
    size = f"{viewport['width']}x{viewport['height']}"
    page = new_page(viewport)
    errors = _console_errors(page)
    page.goto("/accounts/signup/")
    sign_up = page.get_by_role("button", name="Sign up")
    expect(sign_up).to_be_visible()
    # Sign up is the page's one primary action, and looks it: red, with readable white text.
    colours = _colours(sign_up)
    assert colours["background"] not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), colours
    assert _contrast(colours["background"], colours["color"]) >= 4.5, colours
    screenshot(page, f"polish-signup-{size}")
    page.get_by_label("Username").fill(f"tintin{viewport['width']}")
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    sign_up.click()
    expect(page).to_have_url(re.compile(r"/home/$"))
    _no_csp_errors(errors, "sign-up")

    page.goto("/characters/new/")
    page.get_by_role("radio", name="The Investigator").check()
    expect(page.get_by_role("heading", name="The Investigator")).to_be_visible()
    page.get_by_role("button", name="Roll a drive (1d6)").click()
    expect(page.get_by_text("Drive roll (1d6):")).to_be_visible()
    page.get_by_role("button", name="Roll Equipment (d66)").click()
    expect(page.get_by_text("Equipment 1 (d66):")).to_be_visible()
    page.get_by_label("Name").fill("Tintin")
    page.get_by_label("Knack 1").fill("Shooting")
    expect(page.get_by_text("“Shooting” is a bit broad")).to_be_visible()
    page.get_by_label("Knack 1").fill("Spotting a forged banknote")
    page.get_by_label("Catchphrase").fill("Great snakes!")
    create = page.get_by_role("button", name="Create character")
    # The primary button stands out from the secondary ones beside it.
    roll = page.get_by_role("button", name="Roll a drive (1d6)")
    assert _colours(create)["background"] != _colours(roll)["background"]
    screenshot(page, f"polish-create-{size}")
    create.click()
    expect(page.get_by_role("heading", level=1, name="Tintin")).to_be_visible()
    screenshot(page, f"polish-sheet-{size}")
    _no_csp_errors(errors, "character creation and the sheet")

    open_menu(page)
    page.get_by_role("button", name=re.compile("Log out")).click()
    page.goto("/accounts/login/")
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    _no_csp_errors(errors, "login")


def test_peril_boxes_are_a_track_not_buttons(new_page, playing, password):
    page = new_page(LAPTOP)
    errors = _console_errors(page)
    log_in(page, "bob", password)
    page.goto(f"/characters/{playing['sam'].pk}/")
    boxes = page.locator(".track-peril li")
    expect(boxes).to_have_count(6)
    expect(page.get_by_role("button", name=re.compile(r"^\d$"))).to_have_count(0)
    for index in range(6):
        box = boxes.nth(index)
        assert box.get_attribute("role") is None
        assert box.evaluate("el => el.tabIndex") < 0
        assert box.evaluate("el => getComputedStyle(el).cursor") != "pointer"
        # No raised shadow nor button-thick border: a box to tick, not a thing to press.
        styles = box.evaluate(
            "el => ({shadow: getComputedStyle(el).boxShadow,"
            " border: parseFloat(getComputedStyle(el).borderTopWidth)})"
        )
        assert styles["shadow"] == "none", styles
        assert styles["border"] < 3, styles
    screenshot(page, "polish-sheet-peril-1366x768")
    _no_csp_errors(errors, "the sheet")


def test_delete_buttons_look_dangerous_on_the_outline(new_page, playing, password):
    for viewport in (PHONE, LAPTOP):
        size = f"{viewport['width']}x{viewport['height']}"
        page = new_page(viewport)
        errors = _console_errors(page)
        log_in(page, "alice", password)
        page.goto(f"/adventures/{playing['adventure'].pk}/")
        delete = page.get_by_role("link", name="Delete adventure")
        expect(delete).to_have_class(re.compile(r"\bbutton-danger\b"))
        remove = page.get_by_role("button", name="Remove Sam Okafor from the Cast")
        expect(remove).to_have_class(re.compile(r"\bdanger\b"))
        for danger in (delete, remove):
            colours = _colours(danger)
            red, green, blue = map(int, re.findall(r"\d+", colours["color"])[:3])
            assert red > 2 * max(green, blue, 20), colours
        prep_delete = page.locator("a[href*='/delete/']").filter(has_text="Delete").first
        expect(prep_delete).to_have_class(re.compile(r"\bdanger\b"))
        screenshot(page, f"polish-outline-{size}")
        _no_csp_errors(errors, "the adventure outline")
        delete.click()
        confirm = page.get_by_role("button", name="Yes, delete the adventure")
        expect(confirm).to_have_class(re.compile(r"\bbutton-danger\b"))
        _no_csp_errors(errors, "the delete page")


def test_the_catchphrase_warns_before_it_throws_away_a_success(
    new_page, playing, password, load_dice
):
    director = new_page(LAPTOP)
    director_errors = _console_errors(director)
    log_in(director, "alice", password)
    director.goto(playing["url"])
    expect(director.locator("[data-live-status]")).to_have_text("Live")

    for viewport in (PHONE, LAPTOP):
        size = f"{viewport['width']}x{viewport['height']}"
        phone = new_page(viewport)
        errors = _console_errors(phone)
        log_in(phone, "bob", password)
        phone.goto(playing["url"])
        expect(phone.locator("[data-live-status]")).to_have_text("Live")
        panel = gamble_panel(phone, "Sam Okafor")
        if viewport is PHONE:
            load_dice(6, 6)
            panel.get_by_label("What are you attempting?").fill("kick the door in")
            roll = panel.get_by_role("button", name="Roll!")
            colours = _colours(roll)
            assert _contrast(colours["background"], colours["color"]) >= 4.5, colours
            roll.click()
        lock_in = panel.get_by_role("button", name="Lock in")
        expect(lock_in).to_be_visible()
        expect(panel.get_by_text("Success!")).to_be_visible()
        reroll = panel.get_by_role("button", name=re.compile("Catchphrase re-roll"))
        warning = panel.get_by_text(re.compile(r"already a success.*Blunder", re.S))
        expect(warning).to_be_visible()
        expect(reroll).to_have_accessible_description(re.compile("already a success"))
        # Lock in is the button to press; the re-roll stays plain.
        assert _colours(lock_in)["background"] != _colours(reroll)["background"]
        screenshot(phone, f"polish-table-player-{size}")
        _no_csp_errors(errors, "the table (player)")

    screenshot(director, "polish-table-director-1366x768")
    _no_csp_errors(director_errors, "the table (Director)")


def test_the_sign_up_forms_fields_stand_apart(new_page):
    """A fresh-eyes phone: the "Password" label sat right against the username's box."""
    page = new_page(PHONE)
    page.goto("/accounts/signup/")
    username = page.get_by_label("Username").bounding_box()
    password_label = page.get_by_text("Password", exact=True).bounding_box()
    assert password_label["y"] - (username["y"] + username["height"]) >= 12
