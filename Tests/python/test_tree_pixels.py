"""The layer tree as pixels: an ancestor's clip, a border above sublayers and a sharp
shadow, seen in headless Chromium (SVG, filmstrip frame, CSS) and rlottie (Lottie: clip
and border; rlottie draws no effects, so no shadow).

The spec: a blue 120 pt card at (40, 40) that clips, with a 4 pt red border and a black
shadow of opacity 1, radius 0, offset (0, 20); a green sublayer at (60, 60) in the card,
100 pt square, so it reaches past the card's right and bottom edges (to 200)."""
import base64
import io
import json
import re

import pytest

from conftest import render, set_viewport

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")

SPEC = {
    "container": {"width": 200, "height": 200, "background": "#ffffff"},
    "layers": [
        {"id": "card", "frame": [40, 40, 120, 120], "fill": "#0000ff", "clips": True,
         "border": {"width": 4, "color": "#ff0000"},
         "shadow": {"opacity": 1, "radius": 0, "offset": [0, 20], "color": "#000000"}},
        {"id": "inner", "parent": "card", "frame": [60, 60, 100, 100], "fill": "#00ff00"},
    ],
}

# (x, y) in container points → the colour there, and why.
EXPECTED = [
    ((130, 130), (0, 255, 0), "the sublayer inside the card"),
    ((80, 80), (0, 0, 255), "the card where the sublayer is not"),
    ((180, 130), (255, 255, 255), "the sublayer past the card's edge: clipped away"),
    ((130, 180), (255, 255, 255), "below the sublayer's clipped part and right of nothing"),
    ((158, 130), (255, 0, 0), "the card's right border, drawn above the sublayer"),
    ((42, 100), (255, 0, 0), "the card's left border"),
    ((100, 170), (0, 0, 0), "the shadow below the card"),
    ((20, 100), (255, 255, 255), "left of the card: nothing"),
]


def check(rgb, expected, what, skip_shadow=False):
    failures = []
    for (x, y), colour, why in expected:
        if skip_shadow and colour == (0, 0, 0):
            continue
        got = tuple(int(c) for c in rgb[y, x][:3])
        if max(abs(a - b) for a, b in zip(got, colour)) > 40:
            failures.append(f"{what} at ({x}, {y}): {got}, expected {colour} ({why})")
    assert not failures, "\n".join(failures)


def screenshot(browser):
    png = base64.b64decode(browser.get_screenshot_as_base64())
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


@pytest.fixture
def spec_path(tmp_path):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(SPEC))
    return path


def test_svg_draws_clip_border_and_shadow(spec_path, browser, tmp_path):
    svg = tmp_path / "tree.svg"
    svg.write_bytes(render(spec_path, "svg"))
    set_viewport(browser, 200, 200)
    browser.get(svg.as_uri())
    check(screenshot(browser), EXPECTED, "svg")


def test_filmstrip_draws_clip_border_and_shadow(spec_path, browser, tmp_path):
    strip = tmp_path / "strip.svg"
    strip.write_bytes(render(spec_path, "filmstrip", "--filmstrip-frames", "2"))
    # The first 160 px cell sits at (16, 16): container points × 0.8 (× 1.25 on the page).
    page = tmp_path / "strip.html"
    page.write_text(f"<!doctype html><html><body style='margin:0'><img src='{strip.name}' "
                    f"style='transform: scale(1.25); transform-origin: 0 0'></body></html>")
    set_viewport(browser, 480, 320)
    browser.get(page.as_uri())
    rgb = screenshot(browser)
    shifted = [((round(x + 20), round(y + 20)), c, why) for (x, y), c, why in EXPECTED]
    check(rgb, shifted, "filmstrip")


def test_css_draws_clip_border_and_shadow(spec_path, browser, tmp_path):
    css = render(spec_path, "css").decode()
    divs = re.findall(r"^ \*     (<div .*</div>)$", css, re.M)
    assert any("data-border" in d for d in divs), "a border element after the sublayers"
    page = tmp_path / "tree.html"
    page.write_text(f"<!doctype html><html><head><style>html,body{{margin:0}}\n{css}</style></head>"
                    f"<body><div class='animatic'>{''.join(divs)}</div></body></html>")
    set_viewport(browser, 200, 200)
    browser.get(page.as_uri())
    check(screenshot(browser), EXPECTED, "css")


def test_lottie_draws_clip_and_border(spec_path):
    rlottie = pytest.importorskip("rlottie_python")
    doc = render(spec_path, "lottie")
    anim = rlottie.LottieAnimation.from_data(doc.decode())
    image = anim.render_pillow_frame(frame_num=0)
    background = Image.new("RGBA", image.size, (255, 255, 255, 255))
    background.alpha_composite(image)
    check(np.asarray(background.convert("RGB")), EXPECTED, "lottie", skip_shadow=True)
