"""Short links in the browser (issue 30): Copy link makes a /s/{id} link on a server with a
store; that link opens the page in the same state (preset, parameters, speed, loop, the paused
playhead, compare mode); /embed/{id} plays inside an <iframe> of a page on another origin.
Headless Chromium against a live `animatic serve` (with its SQLite store)."""
import http.server
import json
import threading

import pytest

from conftest import curl
from page_helpers import (browser_errors, choose_preset, driver, open_page, page_with_clipboard,  # noqa: F401
                          state, wait_for)


def test_copy_link_makes_a_short_link_that_reopens_the_state(page, live_server):
    choose_preset(page, "tabSlide")
    page.execute_script("window.animatic.compare(true, {view: 'onion', withParams: {duration: 0.4}})")
    wait_for(page, "window.animatic.state().compare.ready", message="B")
    page.find_element("css selector", 'input[name="speed"][value="0.25"]').find_element("xpath", "..").click()
    page.find_element("id", "loop").click()
    page.execute_script("window.animatic.seek(0.15)")
    wait_for(page, "location.hash.includes('&t=0.15')", message="the state in the address bar")
    page.find_element("id", "copy-link").click()
    link = wait_for(page, "(v => v.includes('/s/') && v)(document.getElementById('share-link').value)",
                    message="the short link")
    assert link.startswith(live_server.url + "/s/") and len(link.rsplit("/", 1)[1]) == 10
    assert page.execute_script("return navigator.clipboard.readText()") == link

    page.get("about:blank")
    open_page(page, link)
    wait_for(page, "window.animatic.state().compare.ready", message="B from the short link")
    s = state(page)
    assert s["preset"] == "tabSlide" and s["speed"] == 0.25 and s["loop"] is True
    assert s["t"] == pytest.approx(0.15, abs=1e-3) and not s["playing"]
    assert s["compare"]["on"] and s["compare"]["view"] == "onion" and s["compare"]["with"] == {"duration": 0.4}
    assert s["error"] is None


def test_an_embed_plays_in_an_iframe_on_another_origin(page, live_server):
    linked = {"spec": {"preset": "fold"}, "loop": True}
    link = page.execute_script(
        "return fetch('/v1/links', {method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify(arguments[0])}).then(r => r.json())", linked)
    embed = f"{live_server.url}/embed/{link['id']}"
    host = ("<!doctype html><title>host</title><iframe id=f width=360 height=900 src='" + embed
            + "'></iframe>").encode()

    class Host(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(host)))
            self.end_headers()
            self.wfile.write(host)

        def log_message(self, *args):
            pass

    # Another origin: another host name (localhost, not 127.0.0.1) and another port.
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Host)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    page.get(f"http://localhost:{other.server_address[1]}/")
    page.switch_to.frame(page.find_element("id", "f"))
    try:
        wait_for(page, "window.animatic && window.animatic.state().loads >= 1 && !window.animatic.state().loading",
                 message="the embedded player")
        wait_for(page, "window.animatic.state().t > 0", message="the embed to play")
        s = state(page)
        assert s["preset"] == "fold" and s["loop"] is True
        # The player alone: the stage and play are shown, the panels are not.
        shown = page.execute_script("""return ['screen', 'play', 'spec-editor', 'gallery'].map(id =>
            document.getElementById(id)?.getClientRects().length > 0)""")
        assert shown == [True, True, False, False], shown
    finally:
        page.switch_to.default_content()
        other.shutdown()
    assert link["url"] == f"/s/{link['id']}"


def test_a_short_link_with_drive_opens_interactive(page, live_server):
    status, _, body = curl("--json", json.dumps({"spec": {"preset": "tabSlide"}, "drive": True}),
                           live_server.url + "/v1/links")
    assert status in (200, 201), body
    made = json.loads(body)
    page.get("about:blank")
    open_page(page, live_server.url + made["url"])
    wait_for(page, "window.animatic.state().interactive.enabled", message="the drag to drive the transition")
    assert page.find_element("id", "interactive").is_selected()
    assert state(page)["preset"] == "tabSlide"
