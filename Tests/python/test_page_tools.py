"""The player page's tools (issue 17): the timeline panel, the curves, compare mode, the
share link's state, broken links, the player comforts and the interactive-mode fixes.

Headless Chromium against a live `animatic serve`, one browser for the module; every
number is checked against the server's own timelines for the same specs.
"""
import json
import math
import time

import pytest

from conftest import ROOT
from page_helpers import (browser_errors, choose_preset, driver, fetch_json, open_page, set_viewport, state,  # noqa: F401
                          wait_for, wait_loaded, VIEWPORT)


@pytest.fixture
def page(driver, live_server):
    set_viewport(driver, *VIEWPORT)
    open_page(driver, live_server.url + "/")
    yield driver
    errors = browser_errors(driver, allow_network=True)
    assert not errors, errors


def load(drv, spec):
    before = state(drv)["loads"]
    drv.execute_script("window.animatic.load(arguments[0])", spec)
    wait_loaded(drv, before)


# A spec with a delay, a spring, a keyframe block and a child layer.
TIMELINE_SPEC = {
    "container": {"width": 390, "height": 844},
    "layers": [
        {"id": "card", "frame": [20, 100, 350, 400], "fill": "#0a84ff"},
        {"id": "badge", "parent": "card", "frame": [10, 10, 60, 60], "fill": "#ff9f0a"},
        {"id": "dim", "frame": [0, 0, 390, 844], "fill": "#000000", "alpha": 0},
    ],
    "animations": [
        {"delay": 0.2, "duration": 0.5, "timing": "easeOut", "changes": {"card": {"position": [195, 500]}, "dim": {"alpha": 0.4}}},
        {"duration": 0.6, "timing": {"spring": {"dampingRatio": 0.5, "initialVelocity": 0}}, "changes": {"badge": {"alpha": 0.2}}},
        {"delay": 0.8, "duration": 0.4, "keyframes": [
            {"relativeStart": 0, "relativeDuration": 0.5, "changes": {"card": {"alpha": 0.5}}},
            {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {"card": {"alpha": 1}}}]},
    ],
}


def test_timeline_has_a_bar_per_block_with_its_start_and_length(page, live_server):
    load(page, TIMELINE_SPEC)
    timeline = page.execute_script("return window.animatic.timeline")
    D = timeline["duration"]
    bars = page.execute_script("""return [...document.querySelectorAll('#timeline .tl-bar')].map(b => {
        const track = b.parentElement.getBoundingClientRect(), r = b.getBoundingClientRect();
        return {pointer: b.dataset.pointer, layer: b.dataset.layerId, start: +b.dataset.start, end: +b.dataset.end,
                kind: b.dataset.kind, left: (r.left - track.left) / track.width, width: r.width / track.width};
    })""")
    # One bar per block per layer it changes.
    assert sorted((b["pointer"], b["layer"]) for b in bars) == sorted([
        ("/animations/0", "card"), ("/animations/0", "dim"), ("/animations/1", "badge"), ("/animations/2", "card")])
    by = {(b["pointer"], b["layer"]): b for b in bars}
    assert by[("/animations/0", "card")]["start"] == 0.2 and by[("/animations/0", "card")]["end"] == pytest.approx(0.7)
    assert by[("/animations/2", "card")]["start"] == 0.8 and by[("/animations/2", "card")]["end"] == pytest.approx(1.2)
    assert by[("/animations/2", "card")]["kind"] == "keyframes" and by[("/animations/1", "badge")]["kind"] == "spring"
    # The spring's bar ends where the server's badge track ends.
    badge = next(l for l in timeline["layers"] if l["id"] == "badge")
    spring_end = max(s["end"] for s in badge["tracks"]["alpha"]["segments"] if s["type"] != "set")
    assert by[("/animations/1", "badge")]["end"] == pytest.approx(spring_end)
    # On screen: left edge at start / duration, width (end − start) / duration of the track.
    for b in bars:
        assert b["left"] == pytest.approx(b["start"] / D, abs=0.004), b
        assert b["width"] == pytest.approx((b["end"] - b["start"]) / D, abs=0.004), b
    # The delay is drawn as a lead-in; the child layer is indented under its parent.
    assert page.execute_script("return document.querySelectorAll('#timeline .tl-row[data-layer-id=card] .tl-delay').length") == 2
    depth = page.execute_script("""return [...document.querySelectorAll('#timeline .tl-row')].map(r =>
        [r.dataset.layerId, getComputedStyle(r).getPropertyValue('--depth').trim()])""")
    assert depth == [["card", "0"], ["badge", "1"], ["dim", "0"]]
    # The spring's curve is drawn inside its bar: the server's samples, overshoot included.
    points = page.execute_script("return document.querySelector('.tl-bar.spring polyline').getAttribute('points')")
    assert len(points.split()) > 10
    # The keyframe block's values through its keys: alpha 1 → 0.5 → 1 at keyTimes 0, ½, 1 (y down).
    keys = page.execute_script("return document.querySelector('.tl-bar.keyframes polyline').getAttribute('points')")
    assert [tuple(map(float, p.split(","))) for p in keys.split()] == [(0, 0), (0.5, 1), (1, 0)]


def test_clicking_a_bar_selects_its_block_in_the_editor(page):
    load(page, TIMELINE_SPEC)
    page.find_element("css selector", '#timeline .tl-bar[data-pointer="/animations/2"]').click()
    selected = page.execute_script("""const ta = document.getElementById('spec-editor');
        return ta.value.slice(ta.selectionStart, ta.selectionEnd);""")
    assert json.loads(selected) == TIMELINE_SPEC["animations"][2]
    assert "/animations/2" in page.find_element("id", "spec-status").text
    # The curves follow the bar's layer.
    assert page.execute_script("return document.getElementById('curve-layer').selectedOptions[0].text").startswith("card")


def test_hover_shows_values_and_interactive_phases_are_shaded(page, live_server):
    from selenium.webdriver.common.action_chains import ActionChains
    load(page, TIMELINE_SPEC)
    track = page.find_element("css selector", "#timeline .tl-row[data-layer-id=dim] .tl-track")
    ActionChains(page).move_to_element(track).perform()  # the middle: t = duration / 2
    text = page.find_element("id", "timeline-readout").text
    timeline = page.execute_script("return window.animatic.timeline")
    t = float(text.split(" at ")[1].split(" s")[0])
    assert t == pytest.approx(timeline["duration"] / 2, abs=0.02)
    k = math.floor(t * 60 + 1e-3)
    dim = next(s for s in timeline["frames"][k]["layers"] if s["id"] == "dim")
    assert f"opacity {dim['opacity']:.2f}" in text
    # An interactive run: its phases shade the rows.
    load(page, {"preset": "tabSlide", "params": {"interactive": True, "progress": [[0, 0], [0.2, 0.3], [0.4, 0.7]]}})
    phases = page.execute_script("return [...document.querySelectorAll('#timeline .tl-phase')].map(p => p.dataset.phase)")
    assert phases == ["interactive", "finish"]


def test_curves_plot_several_properties_and_are_not_redrawn_while_playing(page):
    choose_preset(page, "fold")
    checked = page.execute_script("return [...document.querySelectorAll('#curve-props input:checked')].map(i => i.value)")
    assert len(checked) >= 2, checked  # the fold's strips rotate about y and darken
    # Playing moves the playhead only: no canvas stroke while it plays.
    strokes = page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        let n = 0; const orig = CanvasRenderingContext2D.prototype.stroke;
        CanvasRenderingContext2D.prototype.stroke = function () { n++; return orig.apply(this, arguments); };
        window.animatic.play(0);
        setTimeout(() => { CanvasRenderingContext2D.prototype.stroke = orig; done([n, window.animatic.state().t]); }, 500);
    """)
    assert strokes[0] == 0 and strokes[1] > 0.2, strokes
    page.execute_script("window.animatic.pause()")
    # Ticking one more property redraws once, with it in the legend.
    box = page.find_element("css selector", "#curve-props input:not(:checked)")
    box.click()
    assert box.is_selected()


def frame_at(timeline, t):
    return timeline["frames"][max(0, min(len(timeline["frames"]) - 1, math.floor(t * timeline["fps"] + 1e-6)))]


def expected_differences(a, b):
    """compare.js's table, recomputed from the server's frames."""
    fps, end = max(a["fps"], b["fps"]), max(a["duration"], b["duration"])
    ids = [l["id"] for l in a["layers"] if l["id"] in {m["id"] for m in b["layers"]}]
    out = {i: [0.0, 0.0, 0.0] for i in ids}
    for k in range(round(end * fps) + 1):
        t = min(end, k / fps)
        fa = {s["id"]: s for s in frame_at(a, t)["layers"]}
        fb = {s["id"]: s for s in frame_at(b, t)["layers"]}
        for i in ids:
            sa, sb = fa[i], fb[i]
            ca = [sum(p[j] for p in sa["quad"]) / 4 for j in (0, 1)]
            cb = [sum(p[j] for p in sb["quad"]) / 4 for j in (0, 1)]
            oa = sa["opacity"] if sa["visible"] else 0
            ob = sb["opacity"] if sb["visible"] else 0
            dr = math.degrees(math.atan2(sa["matrix"][1], sa["matrix"][0]) - math.atan2(sb["matrix"][1], sb["matrix"][0]))
            dr = abs(((dr + 540) % 360) - 180)
            out[i] = [max(out[i][0], math.hypot(ca[0] - cb[0], ca[1] - cb[1])), max(out[i][1], abs(oa - ob)), max(out[i][2], dr)]
    return out


def test_compare_two_parameter_sets_on_one_clock(page, live_server):
    choose_preset(page, "tabSlide")
    page.find_element("id", "compare").click()
    params = page.find_element("id", "compare-params")
    params.clear()
    params.send_keys('{"duration": 0.5}')
    wait_for(page, "(s => s.ready && s.duration === 0.5)(window.animatic.state().compare)", message="B with duration 0.5")
    s = state(page)
    assert s["compare"]["spec"] == {"preset": "tabSlide", "params": {"duration": 0.5}}
    assert s["duration"] == 0.5  # the clock runs to the longer of the two
    # Side by side: two devices that do not overlap.
    a, b = page.execute_script("return ['holder-a', 'holder-b'].map(id => document.getElementById(id).getBoundingClientRect().toJSON())")
    assert a["right"] <= b["left"] and a["width"] == pytest.approx(b["width"], abs=0.5)
    # One clock: at t = 0.1 each stage shows its own timeline at 0.1.
    page.execute_script("window.animatic.seek(0.1)")
    tl_a = fetch_json(live_server.url + "/v1/presets/tabSlide/timeline?frames=true&fps=60")
    tl_b = fetch_json(live_server.url + '/v1/presets/tabSlide/timeline?frames=true&fps=60&params={"duration":0.5}')
    for screen, tl in (("screen", tl_a), ("screen-b", tl_b)):
        left = page.execute_script(f"""const s = document.getElementById('{screen}').getBoundingClientRect();
            const e = document.querySelector('#{screen} > .layer[data-layer-id=to]').getBoundingClientRect();
            return (e.left - s.left) / window.animatic.state().scale;""")
        to = next(l for l in frame_at(tl, 0.1)["layers"] if l["id"] == "to")
        assert left == pytest.approx(to["quad"][0][0], abs=1.5), screen
    # The table: the largest differences per layer, as recomputed from the server's frames.
    rows = {r["id"]: r for r in state(page)["compare"]["rows"]}
    expected = expected_differences(tl_a, tl_b)
    assert set(rows) == set(expected) == {"from", "to"}
    for i, (dp, do, dr) in expected.items():
        assert rows[i]["position"]["max"] == pytest.approx(dp, abs=1e-6)
        assert rows[i]["opacity"]["max"] == pytest.approx(do, abs=1e-9)
        assert rows[i]["rotation"]["max"] == pytest.approx(dr, abs=1e-6)
    assert expected["to"][0] > 50  # half as fast: far apart mid-run
    table = page.find_elements("css selector", "#compare-table tbody tr")
    assert [r.get_attribute("data-layer-id") for r in table] == [r["id"] for r in state(page)["compare"]["rows"]]
    # Onion skin: B drawn over A, same place, same size.
    page.find_element("css selector", 'input[name="compare-view"][value="onion"]').find_element("xpath", "..").click()
    a, b = page.execute_script("return ['screen', 'screen-b'].map(id => document.getElementById(id).getBoundingClientRect().toJSON())")
    for key in ("left", "top", "width", "height"):
        assert a[key] == pytest.approx(b[key], abs=0.5)
    assert float(page.execute_script("return getComputedStyle(document.getElementById('screen-b')).opacity")) < 1
    page.find_element("id", "compare").click()
    wait_for(page, "!window.animatic.state().compare.on && document.getElementById('holder-b').hidden", message="compare off")


def test_compare_an_edited_spec_with_its_preset(page):
    choose_preset(page, "tabSlide")
    spec = json.loads(page.find_element("id", "spec-editor").get_attribute("value"))
    spec["animations"][0]["duration"] = spec["animations"][0]["duration"] * 2
    before = state(page)["loads"]
    page.execute_script("""const ta = document.getElementById('spec-editor'); ta.value = arguments[0];
                           ta.dispatchEvent(new Event('input', {bubbles: true}));""", json.dumps(spec, indent=2))
    wait_loaded(page, before)
    page.execute_script("return window.animatic.compare(true, {view: 'side', withParams: {}})")
    wait_for(page, "window.animatic.state().compare.ready", message="B")
    s = state(page)
    assert s["preset"] is None and s["compare"]["spec"] == {"preset": "tabSlide", "params": {}}
    assert max(r["position"]["max"] for r in s["compare"]["rows"]) > 1
    page.execute_script("return window.animatic.compare(false)")


def test_share_link_keeps_speed_loop_playhead_and_compare(page, live_server):
    choose_preset(page, "tabSlide")
    page.execute_script("window.animatic.compare(true, {view: 'onion', withParams: {duration: 0.4}})")
    wait_for(page, "window.animatic.state().compare.ready", message="B")
    page.find_element("css selector", 'input[name="speed"][value="0.25"]').find_element("xpath", "..").click()
    page.find_element("id", "loop").click()
    page.execute_script("window.animatic.seek(0.15)")
    link = wait_for(page, "location.hash.includes('&t=0.15') && location.hash.includes('loop=1') && location.href",
                    message="the link to hold the state")
    assert page.find_element("id", "share-link").get_attribute("value") == link
    page.get("about:blank")
    open_page(page, link)
    wait_for(page, "window.animatic.state().compare.ready", message="B from the link")
    s = state(page)
    assert s["spec"] == {"preset": "tabSlide"} and s["speed"] == 0.25 and s["loop"] is True
    assert s["t"] == pytest.approx(0.15) and not s["playing"]
    assert s["compare"]["on"] and s["compare"]["view"] == "onion" and s["compare"]["with"] == {"duration": 0.4}
    assert page.find_element("css selector", 'input[name="speed"][value="0.25"]').is_selected()
    page.execute_script("window.animatic.compare(false)")
    page.execute_script("document.getElementById('loop').click(); window.animatic.setSpeed(1)")


@pytest.mark.parametrize("fragment,says", [
    ("#spec=%%%not-base64", "This link is broken"),
    ("#spec=q1YqKEotTi1RslJQyssvSFWqBQA", "could not be shown"),  # {"preset": "nope"}: refused
])
def test_a_broken_link_says_so_and_what_it_shows_instead(driver, live_server, fragment, says):
    set_viewport(driver, *VIEWPORT)
    open_page(driver, live_server.url + "/" + fragment)
    wait_for(driver, "!window.animatic.state().loading && window.animatic.state().notice", message="the notice")
    s = state(driver)
    assert s["preset"] == "fold" and s["error"] is None
    message = driver.find_element("id", "message")
    assert message.is_displayed() and says in message.text and "default transition (fold)" in message.text
    # It stays after the fallback has loaded, until dismissed.
    time.sleep(0.3)
    assert message.is_displayed()
    message.find_element("xpath", ".//button[text()='Dismiss']").click()
    assert not message.is_displayed()
    browser_errors(driver)  # the refused preset is a logged 422


def test_problems_are_listed_once_and_never_over_the_phone(page):
    set_viewport(page, 390, 844)
    try:
        choose_preset(page, "tabSlide")
        spec = json.loads(page.find_element("id", "spec-editor").get_attribute("value"))
        spec["animations"][0]["duration"] = -1
        spec["animations"][0]["timing"] = {"spring": {"dampingRatio": -2}}
        page.execute_script("""const ta = document.getElementById('spec-editor'); ta.value = arguments[0];
                               ta.dispatchEvent(new Event('input', {bubbles: true}));""", json.dumps(spec, indent=2))
        wait_for(page, "document.querySelectorAll('#problems li').length >= 2", message="the problems")
        message = page.find_element("id", "message")
        assert message.is_displayed() and "problems" in message.text
        assert page.find_elements("css selector", "#message li") == []  # listed under the editor only
        overlap = page.execute_script("""const m = document.getElementById('message').getBoundingClientRect();
            const d = document.getElementById('device').getBoundingClientRect();
            return !(m.bottom <= d.top || m.top >= d.bottom || m.right <= d.left || m.left >= d.right);""")
        assert not overlap
    finally:
        set_viewport(page, *VIEWPORT)


def test_type_a_frame_or_a_time_zoom_and_escape(page):
    from selenium.webdriver.common.keys import Keys
    choose_preset(page, "fold")
    box = page.find_element("id", "goto")
    box.clear(); box.send_keys("12", Keys.ENTER)
    assert state(page)["frame"] == 12 and not state(page)["playing"]
    box.clear(); box.send_keys("0.25s", Keys.ENTER)
    assert state(page)["t"] == pytest.approx(0.25)
    box.clear(); box.send_keys("99999", Keys.ENTER)
    assert box.get_attribute("aria-invalid") == "true" and state(page)["t"] == pytest.approx(0.25)
    # Zoom: 2× is two screen pixels per point; fit comes back.
    fit = state(page)["scale"]
    page.find_element("css selector", 'input[name="zoom"][value="2"]').find_element("xpath", "..").click()
    assert state(page)["scale"] == 2
    width = page.execute_script("return document.getElementById('screen').getBoundingClientRect().width")
    assert width == pytest.approx(2 * 390, abs=0.5)
    page.find_element("css selector", 'input[name="zoom"][value="fit"]').find_element("xpath", "..").click()
    assert state(page)["scale"] == pytest.approx(fit)
    # Esc closes the shortcuts popover and gives focus back to its button.
    page.find_element("id", "help-button").click()
    assert page.find_element("id", "help").is_displayed()
    page.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not page.find_element("id", "help").is_displayed()
    assert page.switch_to.active_element.get_attribute("id") == "help-button"


def test_full_screen_shows_the_stage(page):
    page.find_element("id", "fullscreen").click()
    try:
        assert wait_for(page, "document.fullscreenElement && document.fullscreenElement.id", message="full screen") == "stage-viewport"
        wait_for(page, "document.getElementById('fullscreen').getAttribute('aria-pressed') === 'true'", message="the button pressed")
        wait_for(page, "window.animatic.state().scale > 0", message="a scale")
    finally:
        page.execute_script("document.fullscreenElement && document.exitFullscreen()")


def synthetic_drag(drv, points, release=True):
    """Pointer events dispatched on the stage at container points, 16 ms apart (no ActionChains: the
    test reads the page between them)."""
    drv.execute_script("""
        const screen = document.getElementById('screen');
        const r = screen.getBoundingClientRect(), s = window.animatic.state().scale;
        const [pts, release] = arguments;
        const at = (p) => ({clientX: r.left + p[0] * s, clientY: r.top + p[1] * s, pointerId: 7, isPrimary: true,
                            button: 0, buttons: 1, bubbles: true, pointerType: 'touch'});
        screen.dispatchEvent(new PointerEvent('pointerdown', at(pts[0])));
        for (const p of pts.slice(1)) screen.dispatchEvent(new PointerEvent('pointermove', at(p)));
        if (release) screen.dispatchEvent(new PointerEvent('pointerup', {...at(pts[pts.length - 1]), buttons: 0}));
    """, points, release)


def tick_interactive(drv):
    box = drv.find_element("id", "interactive")
    if not box.is_selected():
        box.click()
    wait_for(drv, "window.animatic.state().interactive.ready", message="interactive mode ready")


def test_switching_preset_while_interactive_drives_the_new_one(page):
    choose_preset(page, "tabSlide")
    tick_interactive(page)
    assert state(page)["interactive"]["preset"] == "tabSlide"
    choose_preset(page, "fold")
    wait_for(page, "(s => s.ready && s.preset === 'fold')(window.animatic.state().interactive)", message="fold to drive")
    rule = state(page)["interactive"]["rule"]
    assert rule["distance"] == 200 and rule["direction"] == 0  # from GET /v1/presets
    before = state(page)["loads"]
    synthetic_drag(page, [(200, 400), (260, 400), (330, 400)])
    wait_loaded(page, before)
    s = state(page)
    assert s["preset"] == "fold" and s["spec"]["params"]["interactive"] is True
    assert page.find_element("id", "preset").get_attribute("value") == "fold"
    assert s["interaction"]["percentAtRelease"] == pytest.approx(min(130 / 200, 0.99), abs=0.02)
    page.find_element("id", "interactive").click()


def test_the_transport_follows_a_drag(page):
    choose_preset(page, "tabSlide")
    tick_interactive(page)
    page.execute_script("window.animatic.seek(0)")
    synthetic_drag(page, [(330, 420), (230, 420), (135, 420)], release=False)  # 195 of 390: half way
    try:
        wait_for(page, "window.animatic.state().interactive.percent > 0.4", message="the drag")
        D = state(page)["duration"]
        k = int(page.find_element("id", "scrubber").get_attribute("value"))
        assert k == pytest.approx(0.5 * D * 60, abs=1)
        assert page.find_element("id", "time").text.startswith(f"{0.5 * D:.3f} s")
        transform = page.execute_script("return document.querySelector('#timeline .playhead').style.transform")
        assert float(transform.split("(")[1].split("%")[0]) == pytest.approx(50, abs=0.5)
    finally:
        page.execute_script("""document.getElementById('screen').dispatchEvent(new PointerEvent('pointercancel',
                               {pointerId: 7, bubbles: true}))""")
        wait_for(page, "!window.animatic.state().loading", message="the cancelled run")
        page.find_element("id", "interactive").click()


def test_a_flick_up_cancels_the_zoom_dismissal(page, live_server):
    """Drag down, then flick up and let go: the release velocity is the finger's (moving up),
    so ZoomDismissalInteractionController cancels though the image is below its start."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import Select
    choose_preset(page, "zoom")
    before = state(page)["loads"]
    Select(page.find_element("id", "param-operation")).select_by_value("dismiss")
    wait_loaded(page, before)
    tick_interactive(page)
    rect = page.execute_script("const r = document.getElementById('screen').getBoundingClientRect(); return [r.width, r.height];")
    scale = state(page)["scale"]
    screen = page.find_element("id", "screen")
    off = lambda x, y: (round(x * scale - rect[0] / 2), round(y * scale - rect[1] / 2))
    before = state(page)["loads"]
    chain = ActionChains(page, duration=16).move_to_element_with_offset(screen, *off(195, 300)).click_and_hold()
    for y in range(320, 560, 20):
        chain.move_to_element_with_offset(screen, *off(195, y)).pause(0.016)
    chain.move_to_element_with_offset(screen, *off(195, 530)).move_to_element_with_offset(screen, *off(195, 500))
    chain.release().perform()
    wait_loaded(page, before)
    s = state(page)
    gesture = s["spec"]["params"]["gesture"]
    assert gesture[-1][2] < gesture[-2][2], gesture[-3:]  # moving up at release, no copy of the last sample
    assert gesture[-1][2] > gesture[0][2]                  # still below where it started
    assert s["interaction"]["outcome"] == "cancel"
    page.find_element("id", "interactive").click()


def test_a_vctl_preset_is_driven_by_the_rule_from_its_definition(page):
    """The cube has no `interactive` switch and no rule written for the page: GET /v1/presets
    gives |Δx| / 200 once `swipe` is chosen, and a drag past 100 points finishes."""
    from selenium.webdriver.support.ui import Select
    choose_preset(page, "cube")
    assert "Set swipe" in page.find_element("id", "drive-rule").text
    before = state(page)["loads"]
    Select(page.find_element("id", "param-swipe")).select_by_value("horizontal")
    wait_loaded(page, before)
    tick_interactive(page)
    rule = state(page)["interactive"]["rule"]
    assert (rule["axis"], rule["distance"], rule["direction"]) == ("x", 200, 0)
    before = state(page)["loads"]
    synthetic_drag(page, [(300, 400), (230, 400), (160, 400)])  # 140 points to the left: 70 %
    wait_loaded(page, before)
    s = state(page)
    assert s["preset"] == "cube" and "interactive" not in s["spec"]["params"]
    assert s["interaction"]["outcome"] == "finish"
    assert s["interaction"]["percentAtRelease"] == pytest.approx(0.7, abs=0.02)
    page.find_element("id", "interactive").click()
