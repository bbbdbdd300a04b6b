"""The page's Swift panel (public/js/swift-export.js) in headless Chromium: it shows the
server's Swift for the current transition, its copy button puts exactly that on the
clipboard, the Swift download saves it, and what Swift cannot express is listed."""
import json

import pytest

from conftest import ROOT, curl
from page_helpers import driver, page_with_clipboard, state, wait_for, wait_loaded  # noqa: F401  (fixtures: driver, page)


def api_swift(server, spec):
    status, headers, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                                 server.url + "/v1/timeline?format=swift", data=json.dumps(spec).encode())
    assert status == 200 and headers["content-type"] == "text/x-swift"
    return body.decode()


def open_panel(page):
    if not page.execute_script("return document.getElementById('swift-details').open"):
        page.find_element("css selector", "#swift-details > summary").click()


def test_the_panel_shows_the_servers_swift_and_the_copy_button_copies_it(page, live_server):
    spec = state(page)["spec"]
    open_panel(page)
    expected = api_swift(live_server, spec)
    assert expected.startswith("// FoldAnimator.swift")
    wait_for(page, "document.getElementById('swift-code').value.length > 0", message="the Swift code")
    shown = page.execute_script("return document.getElementById('swift-code').value")
    assert shown == expected
    assert page.execute_script("return document.getElementById('swift-code').readOnly") is True
    # Put something else on the clipboard first, so the test cannot pass by accident.
    page.execute_async_script("navigator.clipboard.writeText('before').then(arguments[0], arguments[0])")
    page.find_element("id", "swift-copy").click()
    wait_for(page, "window.animatic.swift.status === 'Swift copied.'", message="the copy")
    copied = page.execute_async_script(
        "navigator.clipboard.readText().then(arguments[0], e => arguments[0]('ERROR ' + e.message))")
    assert copied == expected


def test_a_new_spec_refreshes_the_panel_and_lists_what_swift_cannot_express(page, live_server):
    open_panel(page)
    loads = state(page)["loads"]
    spec = {"name": "stepped", "layers": [{"id": "to", "frame": [0, 0, 100, 100], "fill": "#34c759"}],
            "animations": [{"duration": 1, "timing": {"steps": 4}, "changes": {"to": {"alpha": 0}}}]}
    page.execute_script("window.animatic.load(arguments[0])", spec)
    wait_loaded(page, loads)
    wait_for(page, "document.getElementById('swift-code').value.startsWith('// SteppedAnimator.swift')",
             message="the new spec's Swift")
    assert page.execute_script("return document.getElementById('swift-code').value") == api_swift(live_server, spec)
    items = page.execute_script("return [...document.querySelectorAll('#swift-warnings li')].map(li => li.textContent)")
    assert items == ["/animations/0/timing: steps(4) has no UIKit curve; written as a linear block"]
    assert page.execute_script("return document.getElementById('swift-warnings').hidden") is False


def test_the_swift_download_button(page):
    page.find_element("css selector", '[data-format="swift"]').click()
    d = wait_for(page, "(s => s.lastDownload && s.lastDownload.format === 'swift' && s.lastDownload)(window.animatic.state())",
                 message="the Swift download")
    assert "error" not in d, d
    assert d["type"] == "text/x-swift" and d["size"] > 500 and d["filename"].endswith(".swift"), d
    assert d["head"].startswith("// ") and "Animator.swift" in d["head"]
