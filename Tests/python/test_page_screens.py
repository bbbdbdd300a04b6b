"""Your screens on the page (public/js/screens.js; docs/PAGE.md, "Your screens"), in headless
Chromium against a real server: two screenshots chosen with the panel's file buttons and one
pasted are uploaded to /v1/assets and shown on the stage's from- and to-views (the pixels of
the stage at a known point); they stay through preset switches, compare mode's B and a
reload (localStorage), and each thumbnail's Remove takes its screen off."""
import base64
import io
import json

import pytest
from PIL import Image

from page_helpers import choose_preset, driver, open_page, page_with_clipboard, state, wait_for, wait_loaded  # noqa: F401

W, H = 390, 844  # the presets' container, in points
# Two blocks per screen (top, bottom) in distinct colours; the points sit well inside them.
FROM_COLOURS = {"top": (220, 40, 60), "bottom": (30, 90, 200)}
TO_COLOURS = {"top": (40, 180, 90), "bottom": (240, 200, 40)}
POINTS = {"top": (195, 200), "bottom": (195, 640)}


def screenshot_file(tmp_path, name, colours):
    image = Image.new("RGB", (W, H), colours["top"])
    image.paste(colours["bottom"], (0, H // 2, W, H))
    path = tmp_path / f"{name}.png"
    image.save(path)
    return path


def stage_colour(page, point):
    """The stage's pixel at container point `point` (the element screenshot at the stage's scale)."""
    scale = state(page)["scale"]
    png = page.find_element("id", "screen").screenshot_as_png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((round(point[0] * scale), round(point[1] * scale)))


def assert_colour(got, expected, what):
    assert max(abs(a - b) for a, b in zip(got, expected)) <= 6, f"{what}: {got}, expected {expected}"


def pictures_drawn(page):
    """The hrefs of the stage's pictures, once each has decoded."""
    return page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const hrefs = [...document.querySelectorAll('#screen svg.image image')].map(i => i.getAttribute('href'));
        Promise.all(hrefs.map(h => { const i = new Image(); i.src = h; return i.decode(); }))
          .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(hrefs))), e => done(String(e)));
    """)


def choose(page, view, path):
    before = state(page)["screens"]["uploads"]
    loads = state(page)["loads"]
    page.find_element("id", f"screen-{view}-pick").send_keys(str(path))
    wait_for(page, f"window.animatic.state().screens.uploads > {before}", timeout=30, message=f"the {view} upload")
    wait_loaded(page, loads)
    return state(page)["screens"][view]


@pytest.fixture(scope="module")
def screens(page, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("screens")
    page.execute_script("localStorage.removeItem('animatic.screens')")
    choose_preset(page, "fold")
    ids = {"from": choose(page, "from", screenshot_file(tmp, "from", FROM_COLOURS)),
           "to": choose(page, "to", screenshot_file(tmp, "to", TO_COLOURS))}
    assert all(i and i.startswith("sha256-") for i in ids.values()), ids
    return ids


def test_chosen_screens_play_on_the_views(page, screens):
    spec = state(page)["spec"]
    assert spec["preset"] == "fold" and spec["params"] == {"fromImage": screens["from"], "toImage": screens["to"]}
    hrefs = pictures_drawn(page)
    assert any(screens["from"] in h for h in hrefs) and any(screens["to"] in h for h in hrefs), hrefs
    page.execute_script("window.animatic.seek(0)")
    pictures_drawn(page)
    for block, point in POINTS.items():
        assert_colour(stage_colour(page, point), FROM_COLOURS[block], f"fold t=0 {block}")
    page.execute_script("window.animatic.seek(window.animatic.state().duration)")
    pictures_drawn(page)
    for block, point in POINTS.items():
        assert_colour(stage_colour(page, point), TO_COLOURS[block], f"fold end {block}")
    # Each thumbnail is its screen, from the server.
    thumbs = page.execute_script(
        "return ['from', 'to'].map(v => document.querySelector(`#screen-${v}-thumb img`)?.getAttribute('src') || '')")
    assert screens["from"] in thumbs[0] and screens["to"] in thumbs[1], thumbs


def test_screens_survive_a_preset_switch_and_compare(page, screens):
    choose_preset(page, "flip")
    assert state(page)["spec"]["params"] == {"fromImage": screens["from"], "toImage": screens["to"]}
    page.execute_script("window.animatic.seek(0)")
    pictures_drawn(page)
    assert_colour(stage_colour(page, POINTS["top"]), FROM_COLOURS["top"], "flip t=0")
    page.execute_async_script("const d = arguments[arguments.length - 1]; window.animatic.compare(true).then(() => d())")
    wait_for(page, "window.animatic.state().compare.ready", message="compare's B")
    b = state(page)["compare"]["spec"]
    assert b["preset"] == "flip" and b["params"]["fromImage"] == screens["from"] and b["params"]["toImage"] == screens["to"]
    hrefs = page.execute_script("return [...document.querySelectorAll('#screen-b svg.image image')].map(i => i.getAttribute('href'))")
    assert any(screens["from"] in h for h in hrefs), hrefs
    page.execute_async_script("const d = arguments[arguments.length - 1]; window.animatic.compare(false).then(() => d())")


def test_another_preset_as_b_gets_the_screens_too(page, screens):
    choose_preset(page, "fold")
    page.execute_async_script("""const d = arguments[arguments.length - 1];
        window.animatic.compare(true, {with: {preset: 'cube'}}).then(() => d())""")
    wait_for(page, "(c => c.ready && !c.loading && c.spec.preset === 'cube')(window.animatic.state().compare)", message="B = cube")
    b = state(page)["compare"]["spec"]
    assert b == {"preset": "cube", "params": {"fromImage": screens["from"], "toImage": screens["to"]}}
    hrefs = page.execute_script("return [...document.querySelectorAll('#screen-b svg.image image')].map(i => i.getAttribute('href'))")
    assert any(screens["from"] in h for h in hrefs) and any(screens["to"] in h for h in hrefs), hrefs
    page.execute_async_script("const d = arguments[arguments.length - 1]; window.animatic.compare(false).then(() => d())")


def test_screens_survive_a_reload(page, live_server, screens):
    open_page(page, live_server.url + "/")
    s = state(page)
    assert s["screens"]["from"] == screens["from"] and s["screens"]["to"] == screens["to"]
    assert s["spec"]["params"]["fromImage"] == screens["from"], s["spec"]
    assert any(screens["to"] in h for h in pictures_drawn(page))


def test_a_pasted_screenshot_goes_on_an_empty_view_and_remove_takes_it_off(page, tmp_path, screens):
    loads = state(page)["loads"]
    page.find_element("id", "screen-to-remove").click()
    wait_loaded(page, loads)
    s = state(page)
    assert s["screens"]["to"] is None and "toImage" not in s["spec"].get("params", {}), s["spec"]
    assert json.loads(page.execute_script("return localStorage.getItem('animatic.screens')"))["to"] is None
    # A pasted image (a ClipboardEvent carrying a PNG file, as the OS gives a screenshot).
    png = screenshot_file(tmp_path, "pasted", {"top": (120, 60, 160), "bottom": (200, 120, 60)}).read_bytes()
    before, loads = s["screens"]["uploads"], s["loads"]
    page.execute_script("""
        const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'Screenshot.png', {type: 'image/png'}));
        document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
    """, base64.b64encode(png).decode())
    wait_for(page, f"window.animatic.state().screens.uploads > {before}", timeout=30, message="the pasted upload")
    wait_loaded(page, loads)
    s = state(page)
    assert s["screens"]["from"] == screens["from"] and s["screens"]["to"] not in (None, screens["to"]), s["screens"]
    assert s["spec"]["params"]["toImage"] == s["screens"]["to"]
    page.execute_script("window.animatic.seek(window.animatic.state().duration)")
    pictures_drawn(page)
    assert_colour(stage_colour(page, POINTS["top"]), (120, 60, 160), "the pasted screen at the end")
    loads = s["loads"]
    page.find_element("id", "screen-from-remove").click()
    wait_loaded(page, loads)
    assert "fromImage" not in state(page)["spec"].get("params", {})


def test_an_evicted_screen_is_forgotten_with_a_sentence(page):
    gone = "sha256-" + "0" * 64
    page.execute_script("localStorage.setItem('animatic.screens', JSON.stringify({from: arguments[0], to: null}))", gone)
    page.refresh()
    wait_for(page, "window.animatic && window.animatic.state().loads >= 1 && !window.animatic.state().loading",
             message="the page without the unknown screen")
    s = state(page)
    assert s["screens"]["from"] is None and "fromImage" not in (s["spec"].get("params") or {}), s
    assert "no longer has a screen" in page.find_element("id", "screens-status").text
    page.execute_script("localStorage.removeItem('animatic.screens')")
