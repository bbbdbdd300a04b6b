"""The gallery (public/js/gallery.js) and the Reduce Motion toggle in headless Chromium."""
import pytest

from conftest import ROOT
from page_helpers import browser_errors, driver, fetch_json, open_page, state, wait_for  # noqa: F401  (driver: the fixture)


@pytest.fixture(scope="module")
def page(driver, live_server):  # noqa: F811
    if not (ROOT / "public" / "index.html").exists():
        pytest.skip("no public/index.html")
    open_page(driver, live_server.url + "/")
    return driver


def test_every_preset_has_a_card_whose_preview_loads(page, live_server):
    listed = [p["name"] for p in fetch_json(live_server.url + "/v1/presets")["presets"]]
    cards = page.execute_script("return [...document.querySelectorAll('.gallery-card')].map(c => c.dataset.preset)")
    assert sorted(cards) == sorted(listed)
    groups = page.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('.gallery-group')]"
        ".map(g => [g.dataset.group, g.querySelectorAll('.gallery-card').length]))")
    assert groups == {"documents": 7, "vctl": 9, "hero": 11, "ibanimatable": 2}
    # Each preview is the preset's self-playing SVG: scroll it into view (they load lazily) and wait.
    for name in cards:
        page.execute_script("document.querySelector(`.gallery-card[data-preset='${arguments[0]}'] img`).scrollIntoView()", name)
        img = f"document.querySelector(\".gallery-card[data-preset='{name}'] img\")"
        wait_for(page, f"{img}.complete && {img}.naturalWidth > 0", timeout=30, message=f"{name}'s preview")
    assert browser_errors(page, allow_network=False) == []


def test_a_card_plays_its_self_playing_svg_under_the_pointer(page):
    from selenium.webdriver.common.action_chains import ActionChains
    card = page.find_element("css selector", ".gallery-card[data-preset='heroPush'] button")
    page.execute_script("arguments[0].scrollIntoView()", card)
    ActionChains(page).move_to_element(card).perform()
    img = "document.querySelector(\".gallery-card[data-preset='heroPush'] img\")"
    wait_for(page, f"{img}.dataset.live === 'true' && {img}.src.includes('format=svg') && {img}.complete && {img}.naturalWidth > 0")
    page.execute_script("window.scrollTo(0, 0)")


def test_the_filter_box_narrows_the_cards(page):
    def shown():
        return page.execute_script(
            "return [...document.querySelectorAll('.gallery-card')].filter(c => !c.hidden).map(c => c.dataset.preset)")
    box = page.find_element("id", "gallery-filter")
    box.clear()
    box.send_keys("hero zoom")
    wait_for(page, "document.getElementById('gallery-count').textContent.startsWith('3 of')")
    assert sorted(shown()) == ["heroZoom", "heroZoomOut", "heroZoomSlide"]
    assert page.execute_script("return document.querySelector(\".gallery-group[data-group='vctl']\").hidden")
    box.clear()
    box.send_keys("VCTransitionsLibrary")
    wait_for(page, "document.getElementById('gallery-count').textContent.startsWith('9 of')")
    box.clear()
    box.send_keys(" ")
    wait_for(page, "document.getElementById('gallery-count').textContent.startsWith('29 of')")


def test_a_card_opens_its_preset_in_the_player(page):
    runs = len(state(page)["runs"])
    page.execute_script("document.querySelector(\".gallery-card[data-preset='cube'] button\").click()")
    wait_for(page, "window.animatic.state().preset === 'cube' && !window.animatic.state().loading")
    assert page.execute_script("return window.animatic.timeline.layers.map(l => l.id)") == ["from", "fromCover", "to", "toCover"]
    wait_for(page, f"window.animatic.state().runs.length > {runs}", timeout=15, message="cube to play")


def test_the_reduce_motion_toggle_reloads_the_cross_fade(page):
    page.execute_script("document.querySelector(\".gallery-card[data-preset='pan'] button\").click()")
    wait_for(page, "window.animatic.state().preset === 'pan' && !window.animatic.state().loading")
    page.execute_script("window.scrollTo(0, 0)")
    page.find_element("id", "reduce-motion").click()
    wait_for(page, "window.animatic.timeline.layers.some(l => l.id === 'from~end')", message="the reduced timeline")
    assert state(page)["reduceMotion"] is True
    page.find_element("id", "reduce-motion").click()
    wait_for(page, "!window.animatic.timeline.layers.some(l => l.id === 'from~end')")
