"""The page's Paste Swift panel (public/js/swift-import.js, paste-swift.js) in headless
Chromium: pasted Swift is imported by the server and plays on the stage — the exported flip
plays the flip preset's frames — and what the import cannot read is listed with the line it
points at."""
import json

import pytest

from conftest import curl
from page_helpers import browser_errors, driver, measure, corner_errors, open_page, state, wait_for, wait_loaded  # noqa: F401

UNREAD = """import UIKit
final class A: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        let toView = ctx.view(forKey: .to)!
        ctx.containerView.addSubview(toView)
        toView.frobnicate = 3
        UIView.animate(withDuration: 0.5) { toView.alpha = 0 }
    }
}
"""


@pytest.fixture(scope="module")
def page(driver, live_server):
    open_page(driver, live_server.url + "/")
    yield driver
    errors = browser_errors(driver, allow_network=True)
    assert not errors, errors


def paste_and_import(page, source):
    page.execute_script("document.getElementById('swift-source').value = arguments[0]", source)
    page.find_element("id", "swift-import").click()


def quads(page):
    return page.execute_script(
        "return window.animatic.timeline.frames.map(f => f.layers.map(l => l.quad))")


def test_pasted_export_plays_the_presets_frames(page, live_server):
    loads = state(page)["loads"]
    page.execute_script("window.animatic.load({preset: 'flip'})")
    wait_loaded(page, loads)
    expected = quads(page)
    status, _, swift = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                            live_server.url + "/v1/timeline?format=swift", data=json.dumps({"preset": "flip"}).encode())
    assert status == 200
    loads = state(page)["loads"]
    paste_and_import(page, swift.decode())
    wait_loaded(page, loads)
    spec = page.execute_script("return window.animatic.spec")
    assert "preset" not in spec and [layer["id"] for layer in spec["layers"]][0] == "from"
    got = quads(page)
    assert len(got) == len(expected) > 10
    for fa, fb in zip(expected, got):
        for qa, qb in zip(fa, fb):
            for (x1, y1), (x2, y2) in zip(qa, qb):
                assert abs(x1 - x2) <= 2e-6 and abs(y1 - y2) <= 2e-6
    # On the stage: seek into the flip and the layers stand where the frame says (1 px).
    page.execute_script("window.animatic.seek(0.3)")
    wait_for(page, "Math.abs(window.animatic.clock.t - 0.3) < 1e-9", message="the seek")
    frame = page.execute_script(
        "const tl = window.animatic.timeline; return tl.frames[Math.round(0.3 * tl.fps)]")
    box_error, corner_error, _ = corner_errors(measure(page), frame)
    assert box_error < 1 and corner_error < 1
    assert page.execute_script("return window.animatic.pasteSwift.problems") == []


def test_unread_code_is_listed_next_to_its_line(page):
    loads = state(page)["loads"]
    paste_and_import(page, UNREAD)
    wait_loaded(page, loads)
    item = page.find_element("css selector", "#swift-import-problems li[data-line='7']")
    assert item.find_element("css selector", ".pointer").text == "7:9"
    assert item.find_element("css selector", ".where").text == "toView.frobnicate = 3"
    assert "frobnicate" in item.find_element("css selector", ".message").text
    # Its button selects that line in the source.
    item.find_element("css selector", ".pointer").click()
    selected = page.execute_script(
        "const t = document.getElementById('swift-source'); return t.value.slice(t.selectionStart, t.selectionEnd)")
    assert selected == "        toView.frobnicate = 3"
    # The readable part plays: the 0.5 s fade of the to view.
    assert page.execute_script("return window.animatic.timeline.duration") == 0.5


def test_code_with_no_spec_shows_its_located_problem_and_keeps_the_stage(page):
    loop = UNREAD.replace("toView.frobnicate = 3", "for i in 0..<1_000_000_000 { toView.alpha = CGFloat(i) }")
    loads = state(page)["loads"]
    paste_and_import(page, loop)
    wait_for(page, "window.animatic.pasteSwift.status.startsWith('No spec')", message="the refusal")
    item = page.find_element("css selector", "#swift-import-problems li[data-line='7']")
    assert item.find_element("css selector", ".pointer").text == "7:18"
    assert "1000000000 times" in item.find_element("css selector", ".message").text
    assert state(page)["loads"] == loads
