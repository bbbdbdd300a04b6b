"""The page's picture row (public/js/pictures.js) in headless Chromium: GIF, APNG, WebP and
MP4 of the transition and a PNG of the frame on the stage, each the server's bytes for the
playhead, the scale and the loop the page shows; Copy image puts that frame on the
clipboard as image/png, and a browser without the Clipboard API gets a sentence instead."""
import base64
import io
import json

import pytest
from PIL import Image

from conftest import curl
from page_helpers import choose_preset, driver, page_with_clipboard, state, wait_for  # noqa: F401  (fixtures: driver, page)

# fold's container, in points.
W, H = 390, 844


def click(page, selector, fmt):
    """Clicks, then waits for the row's next result (numbered by the page)."""
    before = (state(page)["lastPicture"] or {}).get("n", 0)
    page.find_element("css selector", selector).click()
    picture = wait_for(page, f"(p => p && p.n > {before} && p)(window.animatic.state().lastPicture)", timeout=60,
                       message=f"the {fmt} picture")
    assert picture["format"] == fmt, picture
    return picture


def choose_scale(page, value):
    page.execute_script(f"document.getElementById('picture-scale').value = '{value}'")


@pytest.mark.parametrize("fmt,mime,ext", [("gif", "image/gif", ".gif"), ("apng", "image/apng", ".apng.png"),
                                          ("webp", "image/webp", ".webp"), ("mp4", "video/mp4", ".mp4")])
def test_each_animated_picture_is_the_servers_at_the_chosen_scale(page, live_server, fmt, mime, ext):
    # The pop-up (0.25 s, 9 frames at 30 fps): light enough for the debug server on a busy machine.
    if state(page)["spec"] != {"preset": "popup"}:
        choose_preset(page, "popup")
    choose_scale(page, "1")
    d = click(page, f'[data-picture="{fmt}"]', fmt)
    assert "error" not in d, d
    assert d["type"] == mime and d["filename"] == f"animatic-popup{ext}" and d["scale"] == 1
    loop = "&loop=true" if state(page)["loop"] and fmt not in ("mp4", "webm") else ""
    _, _, body = curl("--json", json.dumps(state(page)["spec"]),
                      f"{live_server.url}/v1/timeline?format={fmt}&scale=1{loop}")
    assert d["size"] == len(body)


def test_png_is_the_frame_on_the_stage(page, live_server):
    t = page.execute_script("return window.animatic.seek(0.4)")
    choose_scale(page, "2")
    d = click(page, '[data-picture="png"]', "png")
    assert "error" not in d, d
    assert d["type"] == "image/png" and d["filename"] == f"animatic-{state(page)['spec']['preset']}.png"
    assert abs(d["t"] - t) < 1e-9 and d["scale"] == 2
    _, _, body = curl("--json", json.dumps(state(page)["spec"]),
                      f"{live_server.url}/v1/timeline?format=png&scale=2&t={d['t']!r}")
    assert d["size"] == len(body)
    assert Image.open(io.BytesIO(body)).size == (2 * W, 2 * H)


def test_copy_image_puts_the_frame_on_the_clipboard_as_png(page, live_server):
    page.execute_script("window.animatic.seek(0.25)")
    choose_scale(page, "1")
    d = click(page, "#copy-image", "png")
    assert d.get("copied") is True, d
    assert abs(d["t"] - 0.25) < 1e-9
    pasted = page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.clipboard.read().then(async (items) => {
          const blob = await items[0].getType('image/png');
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let text = ''; for (const b of bytes) text += String.fromCharCode(b);
          done({types: items[0].types, png: btoa(text)});
        }).catch((e) => done({error: String(e)}));""")
    assert "error" not in pasted, pasted
    assert "image/png" in pasted["types"]
    image = Image.open(io.BytesIO(base64.b64decode(pasted["png"]))).convert("RGBA")
    assert image.size == (W, H)
    # The same frame as the server's PNG at that time (Chromium re-encodes what it pastes).
    _, _, body = curl("--json", json.dumps(state(page)["spec"]),
                      f"{live_server.url}/v1/timeline?format=png&scale=1&t=0.25")
    served = Image.open(io.BytesIO(body)).convert("RGBA")
    differing = sum(1 for a, b in zip(image.getdata(), served.getdata()) if max(abs(x - y) for x, y in zip(a, b)) > 2)
    assert differing == 0, f"{differing} pixels differ from the server's PNG"
    assert "Copied the frame at 0.250 s" in page.find_element("id", "picture-status").text


def test_copy_image_without_the_clipboard_api_says_so(page):
    page.execute_script("window.__item = window.ClipboardItem; delete window.ClipboardItem")
    try:
        d = click(page, "#copy-image", "png")
    finally:
        page.execute_script("window.ClipboardItem = window.__item")
    assert d.get("copied") is False and "no Clipboard API" in d["error"], d
    text = page.find_element("id", "picture-status").text
    assert "would not put an image on the clipboard" in text and "PNG button" in text
