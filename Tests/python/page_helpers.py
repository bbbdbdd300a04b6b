"""Helpers for the player page's browser tests (test_page*.py): one headless Chromium with
browser logs captured (the `driver` fixture: import it into the test module), waiting on the
page's test hook (window.animatic), measuring where the layer elements are on screen."""
import json
import os
import time
import urllib.request
from pathlib import Path

import pytest

VIEWPORT = (1280, 900)


def make_driver():
    """Headless Chromium through selenium with the browser's console captured; None when missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None
    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    driver_path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    if not (Path(binary).exists() and Path(driver_path).exists()):
        return None
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    driver.set_script_timeout(30)
    set_viewport(driver, *VIEWPORT)
    return driver


@pytest.fixture(scope="module")
def driver(request):
    """One headless Chromium for a test module (skipped when it is missing). A module-level
    METRICS dict, when the module has a non-empty one, is printed as the browser quits."""
    drv = make_driver()
    if drv is None:
        pytest.skip("selenium, chromium or chromedriver missing (scripts/install-deps.sh test)")
    try:
        yield drv
    finally:
        drv.quit()
        metrics = getattr(request.module, "METRICS", None)
        if metrics:
            print(f"\n{request.module.__name__} metrics:", json.dumps(metrics, indent=1))


@pytest.fixture(scope="module", name="page")
def page_with_clipboard(driver, live_server):
    """The page in `driver`, allowed to read and write the clipboard (the copy buttons' tests);
    at the module's end, no error may have reached the browser's console."""
    open_page(driver, live_server.url + "/")
    driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": live_server.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    yield driver
    errors = browser_errors(driver, allow_network=True)
    assert not errors, errors


def set_viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def wait_for(driver, script, timeout=15, interval=0.05, message=None):
    """Polls a JS expression (its value returned) until it is truthy; returns that value."""
    deadline = time.monotonic() + timeout
    value = None
    while time.monotonic() < deadline:
        value = driver.execute_script(f"return ({script});")
        if value:
            return value
        time.sleep(interval)
    state = driver.execute_script("return window.animatic ? window.animatic.state() : null")
    raise AssertionError(f"timed out waiting for {message or script}; last value {value!r}; state "
                         f"{json.dumps(state, default=str)[:1500]}")


def state(driver):
    return driver.execute_script("return window.animatic.state()")


def open_page(driver, url):
    """Loads the page and waits for its first timeline."""
    driver.get(url)
    wait_for(driver, "window.animatic && window.animatic.state().loads >= 1 && !window.animatic.state().loading",
             message="the first timeline")


def wait_loaded(driver, loads_before):
    """Waits for a timeline load after `loads_before` loads, nothing pending."""
    return wait_for(driver, f"(() => {{ const s = window.animatic.state(); return s.loads > {loads_before} && !s.loading; }})()",
                    message="a new timeline")


def choose_preset(driver, name):
    """Picks a preset in the picker as a user does (its defaults, from the start); when it is
    already shown, through another one, since choosing it again fires no change event."""
    from selenium.webdriver.support.ui import Select
    picker = Select(driver.find_element("id", "preset"))
    if picker.first_selected_option.get_attribute("value") == name:
        before = state(driver)["loads"]
        picker.select_by_value("popup" if name != "popup" else "tabSlide")
        wait_loaded(driver, before)
    before = state(driver)["loads"]
    picker.select_by_value(name)
    wait_loaded(driver, before)


def browser_errors(driver, allow_network=False):
    """Console entries at SEVERE since the last call (the log is drained)."""
    entries = driver.get_log("browser")
    severe = [e for e in entries if e.get("level") == "SEVERE"]
    if allow_network:
        severe = [e for e in severe if e.get("source") != "network"]
    return severe


# Where each layer element is on screen: its bounding box (the browser's own layout of the
# projected element — independent of the page's arithmetic) and its four corners projected
# through the element's computed transform (perspective divide included), in client pixels.
MEASURE_JS = """
const scale = window.animatic.state().scale;
const screen = document.getElementById('screen').getBoundingClientRect();
return [...document.querySelectorAll('#screen > .layer')].map(el => {
  const r = el.getBoundingClientRect();
  const m = new DOMMatrix(getComputedStyle(el).transform);
  const w = parseFloat(el.style.width), h = parseFloat(el.style.height);
  const corners = [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => {
    const p = m.transformPoint(new DOMPoint(x, y, 0, 1));
    return [screen.left + scale * p.x / p.w, screen.top + scale * p.y / p.w, p.w];
  });
  return {id: el.dataset.layerId, rect: [r.left, r.top, r.right, r.bottom], corners,
          origin: [screen.left, screen.top], scale};
});
"""


def measure(driver):
    return driver.execute_script(MEASURE_JS)


def fetch_json(url, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(req, timeout=30) as response:
        return json.loads(response.read())


def corner_errors(measured, frame):
    """Largest errors, in client pixels, of (bounding box vs. the quad's box, projected corners vs. the quad)."""
    by_id = {s["id"]: s for s in frame["layers"]}
    box_err = corner_err = 0.0
    worst = None
    for m in measured:
        quad = by_id[m["id"]]["quad"]
        s, (ox, oy) = m["scale"], m["origin"]
        pts = [(ox + s * x, oy + s * y) for x, y in quad]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        expected_box = (min(xs), min(ys), max(xs), max(ys))
        e_box = max(abs(a - b) for a, b in zip(m["rect"], expected_box))
        e_corner = max(max(abs(c[0] - p[0]), abs(c[1] - p[1])) for c, p in zip(m["corners"], pts))
        if e_box > box_err or e_corner > corner_err:
            worst = (m["id"], e_box, e_corner)
        box_err, corner_err = max(box_err, e_box), max(corner_err, e_corner)
    return box_err, corner_err, worst


class PageTracer:
    """A DevTools-protocol session on the driver's current tab, through the browser's own
    DevTools endpoint (the one chromedriver uses), for what selenium's execute_cdp_cmd cannot
    do: receive events. `trace(seconds)` records Chromium's trace for that long (the
    categories DevTools' Performance panel records) and returns its events."""

    CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame"

    def __init__(self, driver):
        import websocket  # websocket-client, a selenium dependency
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
            targets = json.loads(response.read())
        # chromedriver's window handle is the DevTools target id.
        handle = driver.current_window_handle
        target = next(t for t in targets if t["type"] == "page" and t["id"] == handle)
        self.socket = websocket.create_connection(target["webSocketDebuggerUrl"], timeout=60,
                                                  suppress_origin=True)
        self.next_id = 0

    def _send(self, method, params=None):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params or {}}))
        return self.next_id

    def trace(self, seconds):
        events = []
        answered = set()
        ids = [self._send("Tracing.start", {"categories": self.CATEGORIES, "transferMode": "ReportEvents"})]
        while ids[0] not in answered:
            self._receive(events, answered)
        time.sleep(seconds)
        self._send("Tracing.end")
        while "complete" not in answered:
            self._receive(events, answered)
        return events

    def _receive(self, events, answered):
        message = json.loads(self.socket.recv())
        if "error" in message:
            raise RuntimeError(f"DevTools: {message['error']}")
        if "id" in message:
            answered.add(message["id"])
        elif message.get("method") == "Tracing.dataCollected":
            events.extend(message["params"]["value"])
        elif message.get("method") == "Tracing.tracingComplete":
            answered.add("complete")

    def close(self):
        self.socket.close()


def frame_rates(events, url):
    """From a trace: the frames per second that the compositor of the renderer showing `url`
    drew (new frames on screen: DrawFrame) and the main-thread frames per second it began
    (BeginMainThreadFrame: each one restyles every animated element)."""
    started = next(e for e in events if e["name"] == "TracingStartedInBrowser")
    pid = next(f["processId"] for f in started["args"]["data"]["frames"] if f["url"].startswith(url))
    mine = [e for e in events if e.get("pid") == pid and e.get("ts")]
    span = (max(e["ts"] for e in mine) - min(e["ts"] for e in mine)) / 1e6
    draws = sum(1 for e in mine if e["name"] == "DrawFrame")
    main = sum(1 for e in mine if e["name"] == "BeginMainThreadFrame")
    return {"drawn_fps": draws / span, "main_fps": main / span, "seconds": span}
