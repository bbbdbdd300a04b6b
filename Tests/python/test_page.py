"""The player page (public/) in headless Chromium against a live `animatic serve`.

One browser for the module. Every test reads the page through its test hook
(`window.animatic`: seek, state, clock) and checks what is on screen against the JSON
timeline the server gives for the same spec.
"""
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from conftest import ROOT, LiveServer
from page_helpers import (browser_errors, choose_preset, corner_errors, driver, fetch_json, measure, open_page, state,  # noqa: F401
                          wait_for, wait_loaded)

IMAGES = ROOT / "docs" / "images"
# Largest errors seen, printed at the end of the module (pytest -s) for the record.
METRICS = {}


@pytest.fixture(scope="module")
def page(driver, live_server):
    """The page at rest after loading (its default preset)."""
    if not (ROOT / "public" / "index.html").exists():
        pytest.skip("no public/index.html")
    open_page(driver, live_server.url + "/")
    return driver


@pytest.fixture(autouse=True)
def no_script_errors(request):
    """After each test: no JavaScript error in the console (4xx answers the test provoked are logged
    by Chromium's network layer and allowed)."""
    yield
    if "page" in request.fixturenames:
        drv = request.getfixturevalue("driver")
        errors = browser_errors(drv, allow_network=True)
        assert not errors, errors


def set_editor(drv, text):
    drv.execute_script("""const ta = document.getElementById('spec-editor'); ta.value = arguments[0];
                          ta.dispatchEvent(new Event('input', {bubbles: true}));""", text)


def test_page_loads_without_console_errors(driver, live_server):
    open_page(driver, live_server.url + "/")
    s = state(driver)
    assert s["error"] is None and s["preset"] == "fold" and s["frameCount"] > 1
    assert driver.find_elements("css selector", "#screen > .layer"), "blank stage"
    time.sleep(0.3)
    assert browser_errors(driver) == []  # nothing at all, network included


def test_each_preset_plays(page, live_server):
    names = page.execute_script("return [...document.querySelectorAll('#preset option')].map(o => o.value).filter(Boolean)")
    listed = [p["name"] for p in fetch_json(live_server.url + "/v1/presets")["presets"]]
    assert names == listed
    for name in names:
        runs = state(page)["runsTotal"]
        choose_preset(page, name)
        s = state(page)
        assert s["preset"] == name and s["error"] is None
        timeline = page.execute_script("return window.animatic.timeline")
        assert len(page.find_elements("css selector", "#screen > .layer")) == len(timeline["layers"])
        # It plays: the page's clock runs forward from 0 (or has already reached the end).
        wait_for(page, "window.animatic.state().t > 0", timeout=10, message=f"{name} to play")
        # A run of this preset's whole timeline is recorded (runs are counted from before
        # the pick: a short one may end before the first look).
        wait_for(page, f"(s => s.runsTotal > {runs} && s.runs.at(-1).from === 0 && s.runs.at(-1).to === {s['duration']})"
                       "(window.animatic.state())", timeout=10 + 2 * s["duration"],
                 message=f"{name} to play to its end")


@pytest.mark.parametrize("name", ["tabSlide", "scaleFade", "popup", "containerSpring", "zoom", "fold", "flip"])
def test_layer_corners_match_frames(page, live_server, name):
    """After seeking to t, every layer element's on-screen corners are the frame's quad within 1 px."""
    choose_preset(page, name)
    expected = fetch_json(f"{live_server.url}/v1/presets/{name}/timeline?frames=true&fps=60")
    frames = expected["frames"]
    picks = sorted({1, len(frames) // 4, len(frames) // 2, (3 * len(frames)) // 4, len(frames) - 1})
    worst_box = worst_corner = 0.0
    for k in picks:
        page.execute_script("window.animatic.seek(arguments[0])", frames[k]["t"])
        assert state(page)["frame"] == k
        box, corner, worst = corner_errors(measure(page), frames[k])
        assert box <= 1.0 and corner <= 1.0, f"{name} frame {k}: {worst}"
        worst_box, worst_corner = max(worst_box, box), max(worst_corner, corner)
    METRICS[f"corners/{name}"] = {"bbox_px": round(worst_box, 4), "projected_px": round(worst_corner, 4),
                                  "scale": round(state(page)["scale"], 4)}


def test_between_frames_stays_close(page, live_server):
    """Between two frames the page interpolates; at the mid-time it is within 1 px of the
    server's own frame there (asked at twice the rate)."""
    choose_preset(page, "fold")
    fine = fetch_json(f"{live_server.url}/v1/presets/fold/timeline?frames=true&fps=120")["frames"]
    worst = 0.0
    for k in (31, 61, 91):  # 120 fps frames halfway between two 60 fps ones
        page.execute_script("window.animatic.seek(arguments[0])", fine[k]["t"])
        box, corner, where = corner_errors(measure(page), fine[k])
        assert box <= 1.0, where
        worst = max(worst, box)
    METRICS["corners/fold between frames"] = {"bbox_px": round(worst, 4)}


def test_quarter_speed_takes_four_times_as_long(page):
    """Measured with the page's own clock (performance.now() at the animation frames that
    start and end the run)."""
    choose_preset(page, "fold")
    walls = {}
    for speed in (1, 0.25):
        page.execute_script("window.animatic.pause(); window.animatic.setSpeed(arguments[0]);", speed)
        runs = state(page)["runsTotal"]
        page.execute_script("window.animatic.play(0)")
        wait_for(page, f"window.animatic.state().runsTotal > {runs}", timeout=15, interval=0.1)
        run = state(page)["runs"][-1]
        assert run["speed"] == speed and run["from"] == 0
        walls[speed] = run["wallSeconds"]
    page.execute_script("window.animatic.setSpeed(1)")
    ratio = walls[0.25] / walls[1]
    METRICS["speed"] = {"wall_1x": walls[1], "wall_0.25x": walls[0.25], "ratio": round(ratio, 4)}
    assert 0.85 <= walls[1] <= 1.5, walls
    assert 3.5 <= ratio <= 4.5, walls


def test_keyboard_steps_and_plays(page):
    from selenium.webdriver.common.keys import Keys
    choose_preset(page, "tabSlide")
    page.execute_script("window.animatic.seek(0); document.activeElement.blur();")
    body = page.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert state(page)["frame"] == 3
    body.send_keys(Keys.ARROW_LEFT)
    assert state(page)["frame"] == 2
    assert "frame 2 / 15" in page.find_element("id", "time").text
    body.send_keys(Keys.SPACE)
    wait_for(page, "window.animatic.state().t >= window.animatic.state().duration", message="play to the end")
    # The scrubber itself steps one frame per arrow key.
    scrubber = page.find_element("id", "scrubber")
    page.execute_script("window.animatic.seek(0)")
    scrubber.send_keys(Keys.ARROW_RIGHT)
    assert state(page)["frame"] == 1


def test_reduced_motion_does_not_autoplay(page, live_server):
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_page(page, live_server.url + "/")
        time.sleep(0.2)
        s = state(page)
        assert not s["playing"] and s["t"] == 0 and not s["runs"]
        page.execute_script("document.activeElement.blur()")
        page.find_element("tag name", "body").send_keys(" ")
        wait_for(page, "window.animatic.state().t > 0", message="play on request")
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def drag_on_stage(drv, start_pt, end_pt, steps=10):
    """A mouse drag in container points (converted with the stage's scale)."""
    from selenium.webdriver.common.action_chains import ActionChains
    rect = drv.execute_script("const r = document.getElementById('screen').getBoundingClientRect();"
                              "return [r.left, r.top, r.width, r.height];")
    scale = state(drv)["scale"]

    def offset(pt):  # selenium offsets are from the element's centre
        return (round(pt[0] * scale - rect[2] / 2), round(pt[1] * scale - rect[3] / 2))

    screen = drv.find_element("id", "screen")
    chain = ActionChains(drv, duration=20)
    chain.move_to_element_with_offset(screen, *offset(start_pt)).click_and_hold()
    for i in range(1, steps + 1):
        f = i / steps
        p = (start_pt[0] + (end_pt[0] - start_pt[0]) * f, start_pt[1] + (end_pt[1] - start_pt[1]) * f)
        chain.move_to_element_with_offset(screen, *offset(p)).pause(0.02)
    chain.release().perform()


@pytest.mark.parametrize("end_x,outcome", [(40, "finish"), (230, "cancel")])
def test_drag_finishes_past_threshold_and_cancels_before(page, end_x, outcome):
    """tabSlide 0 → 1, interactive: percent = −translation.x / 390, finish if > 0.5."""
    choose_preset(page, "tabSlide")
    box = page.find_element("id", "interactive")
    if not box.is_selected():
        box.click()
    wait_for(page, "window.animatic.state().interactive.ready", message="the scrub timeline")
    before = state(page)["loads"]
    drag_on_stage(page, (330, 420), (end_x, 420))
    wait_loaded(page, before)
    s = state(page)
    assert s["spec"]["params"]["interactive"] is True and len(s["spec"]["params"]["gesture"]) >= 2
    assert s["interaction"]["outcome"] == outcome and s["outcome"] == outcome
    percent = s["interaction"]["percentAtRelease"]
    assert (percent > 0.5) == (outcome == "finish"), percent
    # The run plays from the release to the end, and the phases are marked on the scrubber.
    phases = page.execute_script("return [...document.querySelectorAll('#phases .phase')].map(p => p.dataset.phase)")
    assert phases == ["interactive", outcome]
    wait_for(page, "!window.animatic.state().playing && window.animatic.state().t >= window.animatic.state().duration",
             message="the finish or cancel to play out")
    to = next(l for l in page.execute_script("return window.animatic.timeline.frames.at(-1).layers") if l["id"] == "to")
    assert to["quad"][0][0] == pytest.approx(0 if outcome == "finish" else 390, abs=1e-6)
    box.click()  # interactive off again


def test_invalid_spec_shows_its_pointer(page):
    choose_preset(page, "tabSlide")
    loads = state(page)["loads"]
    spec = json.loads(page.find_element("id", "spec-editor").get_attribute("value"))
    spec["animations"][0]["duration"] = -1
    set_editor(page, json.dumps(spec, indent=2))
    item = wait_for(page, "document.querySelector('#problems li[data-pointer=\"/animations/0/duration\"]')",
                    message="the problem at /animations/0/duration")
    text = item.text
    assert "/animations/0/duration" in text and "must be > 0" in text and "line " in text
    # The line named is the line of the duration in the text.
    line = int(text.split("line ")[1].split()[0])
    assert '"duration": -1' in page.find_element("id", "spec-editor").get_attribute("value").split("\n")[line - 1]
    assert state(page)["loads"] == loads and page.find_elements("css selector", "#screen > .layer")
    # Malformed JSON names its place too.
    set_editor(page, '{"layers": [}')
    wait_for(page, "document.querySelector('#problems li') && document.querySelector('#problems li').textContent.includes('byte 12')",
             message="the malformed-JSON offset")
    # A valid edit plays at once.
    spec["animations"][0]["duration"] = 0.5
    set_editor(page, json.dumps(spec))
    wait_loaded(page, loads)
    s = state(page)
    assert s["duration"] == pytest.approx(0.5) and s["preset"] is None and s["playing"]
    assert page.find_element("id", "problems").get_attribute("hidden") is not None


def test_shared_link_reopens_the_same_spec(page, live_server):
    # A custom spec.
    spec = json.loads((ROOT / "examples" / "tab-slide.json").read_text())
    spec["layers"][0]["label"] = "Shared ✓"
    loads = state(page)["loads"]
    set_editor(page, json.dumps(spec))
    wait_loaded(page, loads)
    link = page.execute_script("return location.href")
    assert "#spec=" in link and page.find_element("id", "share-link").get_attribute("value") == link
    page.get("about:blank")
    open_page(page, link)
    assert state(page)["spec"] == spec
    assert json.loads(page.find_element("id", "spec-editor").get_attribute("value")) == spec
    # A preset with a parameter changed.
    choose_preset(page, "fold")
    loads = state(page)["loads"]
    folds = page.find_element("id", "param-folds")
    folds.clear()
    folds.send_keys("3")
    wait_loaded(page, loads)
    link = page.execute_script("return location.href")
    page.get("about:blank")
    open_page(page, link)
    assert state(page)["spec"] == {"preset": "fold", "params": {"folds": 3}}
    assert page.find_element("id", "param-folds").get_attribute("value") == "3"
    assert len(page.find_elements("css selector", "#screen > .layer")) == 2 + 4 * 3 * 2


@pytest.mark.parametrize("fmt,mime,head", [("json", "application/json", '{"version":1'),
                                           ("svg", "image/svg+xml", "<?xml"),
                                           ("filmstrip", "image/svg+xml", "<?xml"),
                                           ("lottie", "application/json", '{"v":'),
                                           ("css", "text/css", "")])
def test_download_buttons(page, fmt, mime, head):
    page.find_element("css selector", f'[data-format="{fmt}"]').click()
    d = wait_for(page, f"(s => s.lastDownload && s.lastDownload.format === '{fmt}' && s.lastDownload)(window.animatic.state())",
                 message=f"the {fmt} download")
    assert "error" not in d, d
    assert d["type"] == mime and d["size"] > 100 and d["head"].startswith(head), d
    assert d["filename"].startswith("animatic-")


def test_network_down_is_a_readable_message(driver):
    """A server that goes away: a sentence, and the last transition stays on the stage."""
    server = LiveServer(public=ROOT / "public")
    try:
        open_page(driver, server.url + "/")
    finally:
        assert server.stop() == 0
    choose = "document.getElementById('param-folds')"
    driver.execute_script(f"{choose}.value = '4'; {choose}.dispatchEvent(new Event('input', {{bubbles: true}}));")
    message = wait_for(driver, "(m => !m.hidden && m.textContent)(document.getElementById('message'))",
                       message="the network error")
    assert "Cannot reach the animatic server" in message
    assert driver.find_elements("css selector", "#screen > .layer"), "blank stage"
    browser_errors(driver)  # the refused connections are logged by the network layer; drop them


# A spec that shows what the timeline draws: a delay, a spring, keyframes, a child layer.
TIMELINE_DEMO = {
    "container": {"width": 390, "height": 844, "background": "#f2f2f7"},
    "layers": [
        {"id": "card", "frame": [20, 120, 350, 420], "fill": "#0a84ff", "cornerRadius": 16, "label": "Card"},
        {"id": "badge", "parent": "card", "frame": [14, 14, 64, 64], "fill": "#ff9f0a", "cornerRadius": 32},
        {"id": "dim", "frame": [0, 0, 390, 844], "fill": "#000000", "alpha": 0},
    ],
    "animations": [
        {"delay": 0.2, "duration": 0.5, "timing": "easeOut",
         "changes": {"card": {"position": [195, 520]}, "dim": {"alpha": 0.35}}},
        {"duration": 0.8, "timing": {"spring": {"dampingRatio": 0.45, "initialVelocity": 0}},
         "changes": {"badge": {"transform": [{"scale": 1.6}]}}},
        {"delay": 0.8, "duration": 0.5, "keyframes": [
            {"relativeStart": 0, "relativeDuration": 0.5, "changes": {"card": {"alpha": 0.6}}},
            {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {"card": {"alpha": 1}}}]},
    ],
}


def test_screenshots(page, live_server, tmp_path):
    """Desktop mid-fold, the phone, the timeline with a bar selected, compare mode and a
    validation error. ANIMATIC_PAGE_SCREENSHOTS=1 saves them in docs/images (README and
    PAGE.md show them)."""
    from page_helpers import VIEWPORT, set_viewport
    out = IMAGES if os.environ.get("ANIMATIC_PAGE_SCREENSHOTS") == "1" else tmp_path
    set_viewport(page, 1280, 800)
    try:
        open_page(page, live_server.url + "/")
        # A visit without a link loops the fold until the first action; seeking is one.
        page.execute_script("window.animatic.seek(window.animatic.state().duration / 2)")
        page.save_screenshot(str(out / "page-desktop.png"))
        set_viewport(page, 390, 844)
        choose_preset(page, "tabSlide")
        page.execute_script("window.animatic.seek(0.12); window.scrollTo(0, 0)")
        page.save_screenshot(str(out / "page-phone.png"))
        set_viewport(page, 1280, 800)
        before = state(page)["loads"]
        page.execute_script("window.animatic.load(arguments[0])", TIMELINE_DEMO)
        wait_loaded(page, before)
        page.execute_script("window.animatic.seek(0.45)")
        page.find_element("css selector", '#timeline .tl-bar[data-pointer="/animations/1"]').click()
        # The timeline panel alone: it is below the stage and the transport, in the player column.
        page.execute_script("window.scrollTo(0, 0); document.querySelector('.timeline-panel').scrollIntoView({block: 'nearest'})")
        page.find_element("css selector", ".timeline-panel").screenshot(str(out / "page-timeline.png"))
        choose_preset(page, "fold")
        set_viewport(page, 1280, 1000)  # tall enough for the stages and the table of differences
        page.execute_script("return window.animatic.compare(true, {view: 'side', withParams: {folds: 1}})")
        wait_for(page, "window.animatic.state().compare.ready", message="compare B")
        page.execute_script("window.animatic.seek(0.4); document.querySelector('.center').scrollTop = 0")
        page.save_screenshot(str(out / "page-compare.png"))
        page.execute_script("return window.animatic.compare(false)")
        set_viewport(page, 1280, 800)
        spec = json.loads(page.find_element("id", "spec-editor").get_attribute("value"))
        spec["animations"][0]["duration"] = -1
        spec["animations"][0]["timing"] = {"spring": {"dampingRatio": 1.5}}
        set_editor(page, json.dumps(spec, indent=2))
        wait_for(page, "document.querySelectorAll('#problems li').length >= 2", message="the problems")
        page.find_element("css selector", "#problems li .pointer").click()
        page.save_screenshot(str(out / "page-validation-error.png"))
    finally:
        set_viewport(page, *VIEWPORT)
    for name in ("page-desktop.png", "page-phone.png", "page-timeline.png", "page-compare.png", "page-validation-error.png"):
        assert (out / name).stat().st_size > 5_000
