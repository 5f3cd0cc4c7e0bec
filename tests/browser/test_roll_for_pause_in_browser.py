"""The Director's Roll-for (in the cockpit's dialog, and on its own page: a tab of its own, or
no JavaScript) at a laptop: Roll! says how many dice it throws as the pool is
built (it said "1 die" under an odds line of four), and an X-card pressed while the page is
open shows there at once, with its Resume, and keeps the Gamble being built."""

import pytest
from playwright.sync_api import expect

from characters.models import Equipment, Knack
from sessions.models import Adventure, Gamble
from tests.browser.conftest import gamble_panel, more_dice, screenshot, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _rolling_for_sam(new_page, playing, password):
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    Equipment.objects.create(character=playing["sam"], text="A crowbar wrapped in newspaper")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.get_by_role("region", name="The Cast").get_by_role(
        "link", name="Roll for Sam Okafor"
    ).click()
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    return page, gamble_panel(page, "Sam Okafor")


def _on_its_own_page(new_page, playing, password):
    """The Roll-for page itself (opened in a tab of its own, or without JavaScript)."""
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    Equipment.objects.create(character=playing["sam"], text="A crowbar wrapped in newspaper")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    page.goto(f"{playing['url']}for/{playing['sam'].pk}/")
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    return page, gamble_panel(page, "Sam Okafor")


def test_roll_says_the_dice_of_the_pool_the_director_builds(
    new_page, asgi_server, playing, password
):
    page, panel = _rolling_for_sam(new_page, playing, password)
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_have_text("Roll! (1 die)")
    panel.get_by_label("What are you attempting?").fill("Shoulder through the crowd at the docks")
    panel.get_by_label("Brawling in cramped places").check()
    panel.get_by_label("A crowbar wrapped in newspaper").check()
    more_dice(panel)
    panel.get_by_label("External advantages (+1d6 each)").fill("1")
    expect(panel.get_by_role("status").filter(has_text="to succeed")).to_contain_text("4 dice")
    expect(roll).to_have_text("Roll! (4 dice)")
    screenshot(page, "roll-for-roll-four-dice")


def test_a_pool_built_before_the_page_script_ran_is_counted(
    new_page, asgi_server, playing, password
):
    """Ticked as the page was still loading (its script not run yet: a loaded machine, a
    quick hand), the pool is counted once the script runs: Roll! said "1 die" under a pool
    of three, for good."""
    Knack.objects.create(character=playing["sam"], text="Brawling in cramped places")
    Equipment.objects.create(character=playing["sam"], text="A crowbar wrapped in newspaper")
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    scripts = "**/js/{gamble-form,roll-for}*.js"  # the pool's counts, live and the server's
    page.route(scripts, lambda route: route.abort())
    page.goto(f"{playing['url']}for/{playing['sam'].pk}/")
    panel = gamble_panel(page, "Sam Okafor")
    panel.get_by_label("What are you attempting?").fill("Shoulder through the crowd")
    panel.get_by_label("Brawling in cramped places").check()
    panel.get_by_label("A crowbar wrapped in newspaper").check()
    expect(panel.get_by_role("button", name="Roll!")).to_have_text("Roll! (1 die)")
    page.unroute(scripts)
    for script in ("gamble-form", "roll-for"):
        page.add_script_tag(url=page.locator(f"script[src*='{script}']").get_attribute("src"))
    expect(panel.get_by_role("button", name="Roll!")).to_have_text("Roll! (3 dice)")


def test_a_roll_refused_by_a_pause_keeps_the_gamble_and_resumes_on_the_page(
    new_page, asgi_server, playing, password
):
    Adventure.objects.update(real_dice="app")
    page, panel = _on_its_own_page(new_page, playing, password)
    intent = "Shoulder through the crowd at the docks"
    panel.get_by_label("What are you attempting?").fill(intent)
    panel.get_by_label("Brawling in cramped places").check()
    panel.get_by_label("A crowbar wrapped in newspaper").check()
    expect(panel.get_by_role("button", name="Roll!")).to_have_text("Roll! (3 dice)")
    # The server's odds line come (not only the page's own count, faded while it waits): its
    # answer, drawn after the pause below, would redraw Roll! disabled before the click.
    expect(panel.locator(".odds:not(.odds-counting)")).to_contain_text("3 dice")

    # The X-card pressed as Roll! is: the page has not heard of it yet (no event told).
    Adventure.objects.update(paused=True)
    panel.get_by_role("button", name="Roll!").click()

    # Refused: the page says why, with Resume, and everything typed and ticked is still there.
    bar = page.get_by_role("alert").filter(has_text="Someone pressed the X-card")
    expect(bar).to_be_visible()
    expect(bar).to_be_in_viewport()
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_label("What are you attempting?")).to_have_value(intent)
    expect(panel.get_by_label("Brawling in cramped places")).to_be_checked()
    expect(panel.get_by_label("A crowbar wrapped in newspaper")).to_be_checked()
    expect(panel.get_by_role("button", name="Roll!")).to_be_disabled()
    expect(page.get_by_text("The table is paused (X-card)")).to_have_count(1)  # said once
    expect(page).to_have_url(f"{asgi_server}{playing['url']}for/{playing['sam'].pk}/")
    assert not Gamble.objects.exists()
    screenshot(page, "roll-for-paused")

    # Resume: back on this page, the Gamble as it was, and Roll! throws it.
    bar.get_by_role("button", name="Resume the game").click()
    expect(page.get_by_role("alert").filter(has_text="X-card")).to_have_count(0)
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_label("What are you attempting?")).to_have_value(intent)
    expect(panel.get_by_label("A crowbar wrapped in newspaper")).to_be_checked()
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_have_text("Roll! (3 dice)")
    roll.click()
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible()
    assert Gamble.objects.get().setup["intent"] == intent


def test_the_roll_for_page_opened_while_paused_says_so_with_resume(
    new_page, asgi_server, playing, password
):
    Adventure.objects.update(paused=True)
    page, _panel = _on_its_own_page(new_page, playing, password)
    bar = page.get_by_role("alert").filter(has_text="Someone pressed the X-card")
    expect(bar).to_be_in_viewport()
    bar.get_by_role("button", name="Resume the game").click()
    expect(page.get_by_role("heading", name="Rolling for Sam Okafor")).to_be_visible()
    expect(bar).to_have_count(0)
    assert not Adventure.objects.get().paused


def test_the_x_card_shows_at_once_on_the_roll_for_page_the_gamble_kept(
    new_page, asgi_server, playing, password
):
    page, panel = _rolling_for_sam(new_page, playing, password)
    intent = "Shoulder through the crowd at the docks"
    panel.get_by_label("What are you attempting?").fill(intent)
    panel.get_by_label("A crowbar wrapped in newspaper").check()

    player = Visitor(asgi_server, playing["sam"].owner, password)
    player.get(playing["url"])
    assert player.post(playing["url"] + "x-card/")[0] == 200
    # In the dialog (the page's own bar is under it, out of reach).
    bar = (
        page.get_by_role("dialog")
        .get_by_role("alert")
        .filter(has_text="Someone pressed the X-card")
    )
    expect(bar).to_be_in_viewport()
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_role("button", name="Roll!")).to_be_disabled()
    expect(panel.get_by_label("What are you attempting?")).to_have_value(intent)
    expect(panel.get_by_label("A crowbar wrapped in newspaper")).to_be_checked()

    # Resumed from the table (another tab): this page follows, the Gamble still as built.
    director = Visitor(asgi_server, playing["adventure"].director, password)
    director.get(playing["url"])
    assert director.post(playing["url"] + "resume/")[0] == 200
    expect(bar).to_have_count(0)
    roll = panel.get_by_role("button", name="Roll!")
    expect(roll).to_be_enabled()
    expect(roll).to_have_text("Roll! (2 dice)")
    expect(panel.get_by_label("What are you attempting?")).to_have_value(intent)
