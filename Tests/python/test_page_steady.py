"""The player page holds a steady state (issue 17): replaying, looping, changing speed,
switching presets, compare mode and the frame-rate test's `drawOnly` leave nothing behind.

Counted, never timed: after each cycle of all of that, the page has the same number of
elements, JS event listeners and live intervals as after the first cycle, its JS heap does
not grow, no Web Animation is left when paused, exactly one per stage layer and one per
playhead (the curve's, the timeline's, the scrubber's head) runs while playing, and the page's clock runs once: on the compositor it ticks on a timer 4 times a
second and asks for no animation frame; drawing the stage itself (a timeline the compositor
cannot play) it asks for one animation frame per frame (no stacked loops). Headless Chromium against a live `animatic serve`; the
counters come from the DevTools protocol (Performance.getMetrics after a forced garbage
collection) and from a probe the page's scripts cannot see the difference of (it wraps
requestAnimationFrame, setTimeout and setInterval before they run).
"""
import json
import time

import pytest

from conftest import ROOT

from page_helpers import driver, open_page, state, wait_for, wait_loaded  # noqa: F401  (driver: the fixture)

CYCLES = 4

# Installed before the page's own scripts: counts animation-frame requests and live intervals.
PROBE_JS = """
(() => {
  const probe = { rafRequests: 0, timeouts: 0 };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => { probe.rafRequests++; return raf(callback); };
  const setT = window.setTimeout.bind(window);
  window.setTimeout = (...args) => { probe.timeouts++; return setT(...args); };
  const live = new Set();
  const setI = window.setInterval.bind(window), clearI = window.clearInterval.bind(window);
  window.setInterval = (...args) => { const id = setI(...args); live.add(id); return id; };
  window.clearInterval = (id) => { live.delete(id); clearI(id); };
  probe.liveIntervals = () => live.size;
  // Over n frames (counted with the unwrapped function): the page's animation-frame requests
  // per frame and its timeouts per second.
  probe.requests = (n) => new Promise((resolve) => {
    let k = 0;
    const start = [probe.rafRequests, probe.timeouts, performance.now()];
    const tick = () => {
      if (++k < n) { raf(tick); return; }
      const seconds = (performance.now() - start[2]) / 1000;
      resolve({ perFrame: (probe.rafRequests - start[0]) / n, timeoutsPerSecond: (probe.timeouts - start[1]) / seconds });
    };
    raf(tick);
  });
  Object.defineProperty(window, '__probe', { value: probe });
})();
"""

REQUESTS_JS = """
const done = arguments[arguments.length - 1];
window.__probe.requests(arguments[0]).then(done);
"""
# Its shadow and border change: the compositor cannot play it, the page draws every frame.
MAIN_THREAD_SPEC = json.loads((ROOT / "examples" / "shadowed-card.json").read_text())


@pytest.fixture(scope="module")
def page(driver, live_server):  # noqa: F811
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE_JS})
    driver.execute_cdp_cmd("Performance.enable", {})
    open_page(driver, live_server.url + "/")
    driver.execute_script("window.animatic.pause(); document.getElementById('loop').click();")
    return driver


def counters(drv):
    drv.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    metrics = {m["name"]: m["value"] for m in drv.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    page = drv.execute_script("""return {elements: document.getElementsByTagName('*').length,
                                         animations: document.getAnimations().length,
                                         intervals: window.__probe.liveIntervals()}""")
    return {"listeners": metrics["JSEventListeners"], "heap": metrics["JSHeapUsedSize"], **page}


def load(drv, spec):
    before = state(drv)["loads"]
    drv.execute_script("window.animatic.load(arguments[0])", spec)
    wait_loaded(drv, before)


def play_through(drv, runs):
    """Plays from 0 in a loop until `runs` more plays have finished; returns what ran meanwhile."""
    before = state(drv)["runsTotal"]
    drv.execute_script("window.animatic.play(0)")
    wait_for(drv, f"window.animatic.state().runsTotal >= {before + runs}", timeout=30, message=f"{runs} loops")
    running = drv.execute_script("return [document.getAnimations().length, window.animatic.state().compositor]")
    return running, drv.execute_async_script(REQUESTS_JS, 30)


def test_replays_loops_and_switches_leave_nothing_behind(page):
    layers = len(page.execute_script("return window.animatic.timeline.layers"))
    heads = page.execute_script("return document.querySelectorAll('#curve-playhead, #scrub-head, #timeline .playhead').length")
    assert heads == 3
    seen = []
    for cycle in range(CYCLES):
        # Two loops, a speed change while playing, a pause.
        (animations, compositor), requests = play_through(page, 2)
        assert compositor and animations == layers + heads, (cycle, animations, layers)
        # The clock's timer (4 a second) and nothing stacked on it; no animation frame asked.
        assert requests["perFrame"] == 0 and requests["timeoutsPerSecond"] <= 6, (cycle, requests)
        page.execute_script("window.animatic.setSpeed(0.5); window.animatic.setSpeed(1)")
        assert page.execute_script("return document.getAnimations().length") == layers + heads
        page.execute_script("window.animatic.pause()")
        assert page.execute_script("return document.getAnimations().length") == 0, "animations left after pause"
        # The frame-rate test's reference, on and off.
        assert page.execute_script("return window.animatic.drawOnly(true)") is True
        assert page.execute_script("return document.getAnimations().length") == layers
        page.execute_script("window.animatic.drawOnly(false)")
        # Compare mode: both stages play, then back to one.
        page.execute_script("return window.animatic.compare(true, {view: 'side', withParams: {folds: 3}})")
        wait_for(page, "window.animatic.state().compare.ready", message="compare B")
        layers_b = page.execute_script("return window.animatic.state().compare.ready && "
                                       "document.querySelectorAll('#screen-b > .layer').length")
        (animations, _), requests = play_through(page, 1)
        assert animations == layers + layers_b + heads and requests["perFrame"] == 0, (cycle, animations, layers_b, requests)
        page.execute_script("window.animatic.pause(); window.animatic.compare(false)")
        # A timeline the compositor cannot play: the page's clock asks for each frame, once.
        load(page, MAIN_THREAD_SPEC)
        (animations, compositor), requests = play_through(page, 1)
        assert not compositor and animations == 0, (cycle, animations)
        assert 0.9 <= requests["perFrame"] <= 1.1, (cycle, requests)
        page.execute_script("window.animatic.pause()")
        # Another preset and back.
        load(page, {"preset": "tabSlide"})
        page.execute_script("window.animatic.pause()")
        load(page, {"preset": "fold"})
        page.execute_script("window.animatic.pause()")
        seen.append(counters(page))

    first, last = seen[0], seen[-1]
    assert all(c["animations"] == 0 for c in seen), seen
    for key in ("elements", "listeners", "intervals"):
        assert [c[key] for c in seen] == [first[key]] * CYCLES, (key, seen)
    # The heap after a collection: allowed its noise (compiled code, caches), not a leak's growth.
    assert last["heap"] <= first["heap"] * 1.25, seen


def test_a_speed_change_on_the_compositor_continues_from_where_it_is(page):
    """On the compositor the clock ticks 4 times a second; a speed change (or a loop or
    compare change, which start the animations again) first brings it up to the present,
    so the stage's animations go on from where they are instead of jumping back to the
    clock's last tick."""
    load(page, {"preset": "fold"})
    page.execute_script("window.animatic.setSpeed(0.5); window.animatic.play(0)")
    wait_for(page, "window.animatic.state().compositor", message="the compositor")
    jumps = []
    try:
        for speed in (1, 0.5, 1, 0.5, 1, 0.5, 1):
            time.sleep(0.1)  # another moment between two of the clock's ticks
            jumps.append(page.execute_script("""
                const a = document.querySelector('#screen > .layer').getAnimations()[0];
                const before = a.currentTime;
                window.animatic.setSpeed(arguments[0]);
                return a.currentTime - before;""", speed))
    finally:
        page.execute_script("window.animatic.pause(); window.animatic.setSpeed(1)")
    # Milliseconds of animation time. Without the catch-up each goes back by the wall time
    # since the clock's last tick (at least the 100 ms slept) times the speed: 50–250 ms.
    # With it, what is left is the animations' own start a frame or so after the clock's
    # (either way, on a loaded machine): the median stays within two frames, under the 50 ms
    # that the least jump back would be. Within one frame (15 ms) it failed once under CI's
    # parallel pass, at 19 ms (2026-11-27, `jumps` 81, 22.6, −12.7, −931.9, −21.0, −19.0, …).
    assert abs(sorted(jumps)[len(jumps) // 2]) <= 34, jumps


# A layer hidden when the run starts and shown half way (the compositor draws hidden as
# opacity 0: the element itself must not stay hidden).
SHOWN_HALF_WAY = {
    "container": {"width": 390, "height": 844},
    "layers": [
        {"id": "card", "frame": [20, 100, 350, 300], "fill": "#0a84ff"},
        {"id": "badge", "frame": [40, 500, 120, 120], "fill": "#ff9f0a", "hidden": True},
    ],
    "animations": [
        {"duration": 0.6, "changes": {"card": {"position": [195, 600]}}},
        {"delay": 0.3, "duration": 0.3, "changes": {"badge": {"hidden": False, "position": [250, 560]}}},
    ],
}

# Each stage layer's projected corners (client px) and its effective opacity (0 when hidden).
LOOK_JS = """
const screen = document.getElementById('screen').getBoundingClientRect();
const scale = window.animatic.state().scale;
return [...document.querySelectorAll('#screen > .layer')].map(el => {
  const style = getComputedStyle(el);
  const m = new DOMMatrix(style.transform);
  const w = parseFloat(el.style.width), h = parseFloat(el.style.height);
  const corners = [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => {
    const p = m.transformPoint(new DOMPoint(x, y, 0, 1));
    return [screen.left + scale * p.x / p.w, screen.top + scale * p.y / p.w];
  });
  return {id: el.dataset.layerId, corners, opacity: style.visibility === 'hidden' ? 0 : parseFloat(style.opacity)};
});
"""

# While playing: the compositor's animations put at the clock's time (which the page's own
# layers show, drawn at its last tick); the layers, which of them the page draws, and t.
PLAYING_AT_CLOCK_JS = """
const t = window.animatic.clock.t;
for (const el of document.querySelectorAll('#screen > .layer'))
  for (const a of el.getAnimations()) a.currentTime = t * 1000;
const drawnByPage = [...document.querySelectorAll('#screen > .layer')].filter(el => !el.getAnimations().length)
  .map(el => el.dataset.layerId);
return [t, drawnByPage, (() => {""" + LOOK_JS + """})()];
"""


@pytest.mark.parametrize("spec", [{"preset": "heroPush"}, {"preset": "zoom"}, SHOWN_HALF_WAY],
                         ids=["heroPush", "zoom", "shown-half-way"])
def test_playing_shows_every_layer_where_the_paused_page_does(page, spec):
    """heroPush's snapshot changes its shadow and zoom's image its size: those layers stay
    with the page, drawn at every animation frame, while the compositor plays the others.
    Several times during a run, every layer (corners within 1 px, opacity within 0.02,
    hidden or not) is where the paused page puts it at the same time."""
    load(page, spec)
    page.execute_script("window.animatic.setSpeed(0.25); window.animatic.play(0)")
    try:
        duration = state(page)["duration"]
        s = state(page)
        assert s["compositor"], "nothing on the compositor"
        seen_page_layers = set()
        checks = 0
        for fraction in (0.15, 0.35, 0.55, 0.75, 0.9):
            wait_for(page, f"window.animatic.clock.t >= {fraction * duration}", timeout=15, message=f"t ≥ {fraction}·D")
            t, by_page, playing = page.execute_script(PLAYING_AT_CLOCK_JS)
            if not page.execute_script("return window.animatic.state().playing"):
                break
            seen_page_layers.update(by_page)
            page.execute_script("window.animatic.seek(arguments[0])", t)  # pauses: the page draws all
            paused = page.execute_script(LOOK_JS)
            for a, b in zip(playing, paused):
                assert a["id"] == b["id"]
                err = max(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p, q in zip(a["corners"], b["corners"]))
                assert err <= 1.0 and abs(a["opacity"] - b["opacity"]) <= 0.02, (t, a, b)
            checks += 1
            page.execute_script("window.animatic.play()")
        assert checks >= 3, checks
        expected = {"heroPush": {"toSnapshot"}, "zoom": {"transitionImage"}}.get(spec.get("preset"), set())
        assert seen_page_layers == expected, seen_page_layers
    finally:
        page.execute_script("window.animatic.pause(); window.animatic.setSpeed(1)")
