"""The page as the place to review (issue 30): what a phone, a tablet and a desktop show first,
how long a preset switch blocks the main thread, what a timeline bar selects, what a link
keeps, and the size of what a finger must hit.

Headless Chromium against a live `animatic serve`, one browser for the module:
- at 390 × 844 and 820 × 1180 the preset picker, play and the scrubber are within the first
  screen (their bottoms at most the window's height, nothing scrolled);
- at 1440 × 900 the stage's phone is at least 1.5× the 208 × 435 px it was under the timeline;
- switching presets (fold, explode, zoom, cube, …) at 1×, each long task (PerformanceObserver
  'longtask') does less than 100 ms of main-thread work (its CPU time in Chromium's trace);
- every button, input and select on a phone is at least 24 × 24 px (WCAG 2.2, 2.5.8), the
  segmented radios and the file inputs by the label that is their target;
- a timeline bar of the fold selects its own layer's changes, not the whole block;
- a link keeps Reduce Motion and the zoom; a link's t past the end says so;
- a visit without a link loops the default transition until the first action.
"""
import json
import os

import pytest

from page_helpers import (browser_errors, choose_preset, driver, open_page, set_viewport, state,  # noqa: F401
                          wait_for, wait_loaded, VIEWPORT)

METRICS = {}  # printed as the browser quits (pytest -s)

FIRST_SCREEN_JS = """
return ['preset', 'play', 'scrubber', 'stage-viewport'].map(id => {
  const r = document.getElementById(id).getBoundingClientRect();
  return {id, top: r.top, bottom: r.bottom, height: r.height};
}).concat([{id: 'window', bottom: innerHeight, scrollY}]);
"""


@pytest.fixture(scope="module")
def page(driver, live_server):
    open_page(driver, live_server.url + "/")
    yield driver
    errors = browser_errors(driver, allow_network=True)
    assert not errors, errors


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180)])
def test_picker_play_and_scrubber_are_on_the_first_screen(page, live_server, width, height):
    set_viewport(page, width, height)
    try:
        open_page(page, live_server.url + "/")
        boxes = {b["id"]: b for b in page.execute_script(FIRST_SCREEN_JS)}
        assert boxes["window"]["scrollY"] == 0
        for id in ("preset", "play", "scrubber"):
            assert 0 <= boxes[id]["top"] and boxes[id]["bottom"] <= height, (width, height, boxes)
        # The stage comes first and keeps most of the screen: above the controls, at least 45 % of it.
        assert boxes["stage-viewport"]["bottom"] <= boxes["play"]["top"]
        assert boxes["stage-viewport"]["height"] >= 0.45 * height, boxes
    finally:
        set_viewport(page, *VIEWPORT)


def test_the_desktop_stage_takes_the_room_it_has(page, live_server):
    set_viewport(page, 1440, 900)
    try:
        open_page(page, live_server.url + "/")
        page.execute_script("window.animatic.seek(0.5)")
        w, h = page.execute_script("const r = document.getElementById('device').getBoundingClientRect(); return [r.width, r.height]")
        # Before: 208 × 435 px (scale 0.499) with the timeline under it in the player column.
        assert w >= 1.5 * 208 and h >= 1.5 * 435, (w, h)
        label = page.execute_script("""const l = document.querySelector('#screen .label');
            return l.getBoundingClientRect().height / l.offsetHeight * parseFloat(getComputedStyle(l).fontSize)""")
        assert label >= 1.5 * 8.5, label
        # The timeline is still in the player column, below the controls.
        top = page.execute_script("return document.querySelector('.timeline-panel').getBoundingClientRect().top")
        assert top >= page.execute_script("return document.querySelector('.scrub').getBoundingClientRect().bottom")
    finally:
        set_viewport(page, *VIEWPORT)


# Long tasks (PerformanceObserver 'longtask': a task of 50 ms or more) while a preset switch
# runs, with a user-timing mark at the switch so that the trace's clock can be matched to the
# page's. The switch itself is made from a timer, so that it happens while the trace records.
SWITCH_JS = """
const name = arguments[0];
window.__longTasks = [];
if (!window.__longTaskObserver) {
  window.__longTaskObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, duration: e.duration});
  });
  window.__longTaskObserver.observe({type: 'longtask'});
}
setTimeout(() => {
  window.__switchMark = performance.mark('animatic-switch').startTime;
  const picker = document.getElementById('preset');
  picker.value = name;
  picker.dispatchEvent(new Event('change', {bubbles: true}));
}, 300);
"""


def long_tasks_of_a_switch(page, tracer, name):
    """Switches to `name` while the trace records, until the switch is done and its first
    second of playing has passed; returns [(wall ms, main-thread CPU ms)] of each long task
    the PerformanceObserver reported from the switch on, with the main thread's CPU time in
    its span from the trace, and the main thread's CPU ms in the trace from the switch on."""
    before = state(page)["loads"]
    events, answered = [], set()
    started = tracer._send("Tracing.start", {"categories": tracer.CATEGORIES, "transferMode": "ReportEvents"})
    while started not in answered:
        tracer._receive(events, answered)
    page.execute_script(SWITCH_JS, name)
    wait_loaded(page, before)
    page.execute_script("return new Promise(r => setTimeout(r, 1000))")
    tracer._send("Tracing.end")
    while "complete" not in answered:
        tracer._receive(events, answered)
    mark_ms, tasks = page.execute_script("return [window.__switchMark, window.__longTasks]")
    main = [e for e in events if e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"]
    mark = next(e for e in events if e.get("name") == "animatic-switch")
    tid, pid = mark["tid"], mark["pid"]
    assert any(e["tid"] == tid and e["pid"] == pid for e in main)
    # The main thread's top-level trace events (a task, whatever Chromium names it): those not
    # inside another one.
    spans = sorted((e for e in events if e.get("ph") == "X" and e.get("dur") and e["tid"] == tid and e["pid"] == pid),
                   key=lambda e: (e["ts"], -e["dur"]))
    top, end = [], -1
    for e in spans:
        if e["ts"] >= end:
            top.append(e)
            end = e["ts"] + e["dur"]
    offset_us = mark["ts"] - mark_ms * 1000  # trace µs at the page's performance.now() = 0
    # The long tasks from the switch to the trace's last event (the observer reports a little late).
    last_ms = max((e["ts"] + e["dur"] - offset_us) / 1000 for e in top)
    tasks = [t for t in tasks if t["start"] + t["duration"] >= mark_ms and t["start"] + t["duration"] <= last_ms]
    found = []
    for task in tasks:
        # The work the main thread did in the long task's span (the two clocks agree within a
        # few ms): the CPU time of the top-level events that start in it.
        begin = offset_us + task["start"] * 1000 - 1000
        finish = offset_us + (task["start"] + task["duration"]) * 1000
        inside = [e for e in top if begin <= e["ts"] < finish]
        assert inside, (f"no trace event in the long task {task}; switch at {mark_ms} ms")
        found.append((round(task["duration"]), round(sum(e.get("tdur", e["dur"]) for e in inside) / 1000, 1)))
    work = sum(e.get("tdur", e["dur"]) for e in top if e["ts"] >= mark["ts"]) / 1000
    return found, work


SWITCHES = ["fold", "explode", "zoom", "cube", "heroPush", "flip", "explode", "fold"]
# ANIMATIC_PAGE_CPU_SLOWDOWN=6 runs the switches with the renderer's main thread slowed that
# much (DevTools Emulation.setCPUThrottlingRate), the bound scaled with it (docs/PAGE.md,
# "Switching presets": 120–250 ms at 6×, where explode's timeline parse alone was 400–830).
SLOWDOWN = float(os.environ.get("ANIMATIC_PAGE_CPU_SLOWDOWN", "1"))


@pytest.mark.parametrize("width,height", [(390, 844), (820, 1180), (1280, 800)])
def test_a_preset_switch_has_no_long_task_of_100_ms_of_work(page, live_server, width, height):
    """Switching through presets at 1×: each long task the PerformanceObserver reports did
    less than 100 ms of main-thread work (the main thread's CPU time in its span, from
    Chromium's trace), in every switch (explode and fold are switched to twice). The task's
    wall time is recorded too: on the session's shared 2-core machine it includes the time the
    main thread waited for a core (at load 12, 524 ms for 6 ms of work), so it is the work that
    is held to the bound, as the issue words it. Before: explode 457 ms, zoom 1.0 s; then
    101–107 ms in one of explode's two switches (docs/PAGE.md, "Switching presets")."""
    from page_helpers import PageTracer
    set_viewport(page, width, height)
    choose_preset(page, "tabSlide")
    page.execute_script("window.animatic.pause()")
    tracer = PageTracer(page)
    tracer.CATEGORIES += ",blink.user_timing"
    seen, work = {}, {}
    if SLOWDOWN != 1:
        tracer._send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    try:
        for name in SWITCHES:
            tasks, cpu = long_tasks_of_a_switch(page, tracer, name)
            seen.setdefault(name, []).append(tasks)
            work.setdefault(name, []).append(round(cpu))
            page.execute_script("window.animatic.pause()")
    finally:
        if SLOWDOWN != 1:
            answered = set()
            reset = tracer._send("Emulation.setCPUThrottlingRate", {"rate": 1})
            while reset not in answered:
                tracer._receive([], answered)
        tracer.close()
    METRICS[f"switch_long_tasks_wall_cpu_ms_{width}x{height}"] = seen
    METRICS[f"switch_main_thread_cpu_ms_{width}x{height}"] = work
    # Per preset, its longest task's work in any of its switches (explode and fold twice).
    worst = {name: max(max((cpu for _, cpu in tries), default=0) for tries in runs) for name, runs in seen.items()}
    METRICS[f"switch_longest_task_cpu_ms_{width}x{height}"] = worst
    assert all(cpu < 100 * SLOWDOWN for cpu in worst.values()), (worst, seen)
    # The measurement sees the switch: each switch to explode (222 layers, a 5.5 MB timeline)
    # made the main thread work well over 100 ms in the trace (now spread over tasks of less
    # than 50 ms, which the observer does not report: at 390 × 844 there may be none).
    assert len(work["explode"]) == 2 and all(cpu > 100 for cpu in work["explode"]), work
    set_viewport(page, *VIEWPORT)


TARGETS_JS = """
const controls = [...document.querySelectorAll('button, input, select, textarea, summary, a[href]')]
  .filter(el => !el.closest('[hidden]') && el.getClientRects().length && el.checkVisibility() && !el.classList.contains('skip'));
const small = [];
for (const el of controls) {
  // A radio drawn as its label, a file input behind its button-label: the label is the target.
  const target = el.closest('.segmented label, label.button') || el;
  if (el.classList.contains('tl-bar')) {  // widths are durations (2.5.8's "essential"): height only
    const r = target.getBoundingClientRect();
    if (r.height < 24 - 0.01) small.push({control: 'timeline bar ' + el.dataset.pointer, w: r.width, h: r.height});
    continue;
  }
  const r = target.getBoundingClientRect();
  if (r.width < 24 - 0.01 || r.height < 24 - 0.01) {
    small.push({control: el.id || el.name || el.dataset.format || el.textContent.trim().slice(0, 30) || el.tagName,
                w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10});
  }
}
return {count: controls.length, small};
"""


def test_touch_targets_on_a_phone_are_at_least_24_px(page, live_server):
    set_viewport(page, 390, 844)
    try:
        open_page(page, live_server.url + "/")
        result = page.execute_script(TARGETS_JS)
        assert result["count"] > 40 and not result["small"], result
    finally:
        set_viewport(page, *VIEWPORT)


def test_a_fold_bar_selects_its_own_layers_lines(page):
    choose_preset(page, "fold")
    expanded = page.execute_script("return window.animatic.expanded")
    block = expanded["animations"][0]
    assert len(block["changes"]) > 1
    layer = "fromFold0L"
    page.execute_script("window.animatic.pause()")
    page.find_element("css selector", f'#timeline .tl-bar[data-pointer="/animations/0"][data-layer-id="{layer}"]').click()
    selected = page.execute_script("""const ta = document.getElementById('spec-editor');
        return ta.value.slice(ta.selectionStart, ta.selectionEnd);""")
    assert json.loads(selected) == block["changes"][layer]
    # Its own lines: 134 characters, where the block is 3,000 (as the editor writes it).
    assert len(selected) < 300 and len(selected) < len(json.dumps(block, indent=2)) / 10, len(selected)
    assert f"/animations/0/changes/{layer}" in page.find_element("id", "spec-status").text


def test_a_link_keeps_reduce_motion_and_zoom(page, live_server):
    choose_preset(page, "fold")
    page.find_element("css selector", 'input[name="zoom"][value="2"]').find_element("xpath", "..").click()
    before = state(page)["loads"]
    page.find_element("id", "reduce-motion").click()
    wait_loaded(page, before)
    link = wait_for(page, "location.hash.includes('reduceMotion=1') && location.hash.includes('zoom=2') && location.href",
                    message="the link to hold Reduce Motion and the zoom")
    try:
        page.get("about:blank")
        open_page(page, link)
        s = state(page)
        assert s["reduceMotion"] is True and s["zoom"] == 2 and s["scale"] == 2
        # The timeline is the Reduce Motion one: the server's, asked with reduceMotion=true.
        assert s["preset"] == "fold"
    finally:
        open_page(page, live_server.url + "/")
        page.execute_script("""const rm = document.getElementById('reduce-motion');
            if (rm.checked) rm.click();
            document.querySelector('input[name=zoom][value=fit]').click();""")


def test_a_link_past_the_end_says_so(page, live_server):
    choose_preset(page, "fold")
    page.execute_script("window.animatic.seek(0.5)")
    link = wait_for(page, "location.hash.includes('&t=0.5') && location.href", message="the playhead in the link")
    page.get("about:blank")
    open_page(page, link.replace("&t=0.5", "&t=9"))
    s = state(page)
    assert s["t"] == pytest.approx(s["duration"]) and not s["playing"]
    notice = page.find_element("id", "message").text
    assert "t=9" in notice and "past the end" in notice and f"{s['duration']:.3f} s" in notice, notice
    # Inside the transition it says nothing.
    page.get("about:blank")
    open_page(page, link)
    assert page.execute_script("return document.getElementById('message').hidden") is True


def test_a_visit_without_a_link_loops_until_the_first_action(page, live_server):
    page.get("about:blank")
    open_page(page, live_server.url + "/")
    s = state(page)
    assert s["loop"] is True and s["playing"]
    wait_for(page, "window.animatic.state().runsTotal >= 1 && window.animatic.state().playing", timeout=10,
             message="a second run of the loop")
    assert page.find_element("id", "loop").is_selected()
    # The first action (here a press on the stage's Restart button) ends it: Loop unticked.
    page.find_element("id", "restart").click()
    wait_for(page, "!window.animatic.state().loop", message="the loop to end")
    assert not page.find_element("id", "loop").is_selected()


def test_a_short_link_keeps_reduce_motion_and_zoom(page, live_server):
    """POST /v1/links takes `reduceMotion` and `zoom` (a 422 at the member's pointer for
    anything else), and /s/{id} opens the page with both."""
    from conftest import curl
    bad = json.dumps({"spec": {"preset": "fold"}, "zoom": 3, "reduceMotion": "yes"}).encode()
    status, _, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                           live_server.url + "/v1/links", data=bad)
    assert status == 422, body
    pointers = sorted(e["pointer"] for e in json.loads(body)["errors"])
    assert pointers == ["/reduceMotion", "/zoom"], body
    good = json.dumps({"spec": {"preset": "fold"}, "speed": 1, "loop": False, "zoom": 2, "reduceMotion": True}).encode()
    status, _, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                           live_server.url + "/v1/links", data=good)
    assert status in (200, 201), body
    url = json.loads(body)["url"]
    page.get("about:blank")
    open_page(page, live_server.url + url)
    s = state(page)
    assert s["reduceMotion"] is True and s["zoom"] == 2 and s["scale"] == 2 and s["preset"] == "fold"
    # Copy link on that page makes the same link: the same state (Reduce Motion and the zoom
    # included, the playhead at 0), the same id.
    page.execute_script("window.animatic.pause(); window.animatic.seek(0)")
    page.find_element("id", "copy-link").click()
    # (The address bar's link on /s/{id} has the fragment: the short link has none.)
    copied = wait_for(page, "!document.getElementById('share-link').value.includes('#') && "
                            "document.getElementById('share-link').value", message="the short link")
    assert copied.endswith(url), (copied, url)


def test_a_reduce_motion_links_poster_is_the_reduce_motion_frame(live_server):
    """The unfurl poster of a link that keeps Reduce Motion is the middle frame of the
    transition as Reduce Motion plays it: the same bytes as the timeline route renders with
    reduceMotion=true, and not the poster of the same link without it."""
    from conftest import curl

    def link(state):
        status, _, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                               live_server.url + "/v1/links", data=json.dumps(state).encode())
        assert status in (200, 201), body
        return json.loads(body)

    spec = {"preset": "fold"}
    calm, moving = link({"spec": spec, "reduceMotion": True}), link({"spec": spec})
    _, _, calm_png = curl(live_server.url + calm["poster"])
    _, _, moving_png = curl(live_server.url + moving["poster"])
    assert calm_png[:8] == b"\x89PNG\r\n\x1a\n" and calm_png != moving_png
    status, _, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                           live_server.url + "/v1/timeline?reduceMotion=true", data=json.dumps(spec).encode())
    duration = json.loads(body)["duration"]
    status, headers, expected = curl(
        "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
        live_server.url + f"/v1/timeline?format=png&scale=2&maxWidth=1200&maxHeight=1200&t={duration / 2}&reduceMotion=true",
        data=json.dumps(spec).encode())
    assert status == 200 and headers["content-type"] == "image/png"
    assert calm_png == expected
