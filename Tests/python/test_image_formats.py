"""The user's screens in every format (issue 29, "Done when"): two iPhone-sized screenshots
made here — a PNG tagged Display P3 and a JPEG stored sideways with an EXIF rotation — are
uploaded to a real server, then fold, flip and zoom are rendered with them in every format.
Headless Chromium shows the SVG, the filmstrip, the CSS and (through lottie-web) the Lottie
with each screen's colours at known points, within 3/255 of the colour after conversion to
sRGB; the server's own PNG poster has them too.

The screens are 1170 × 2532 pixels, the presets' 390 × 844 point container at @3x, so an
aspect-fill screen covers the container exactly: container point (x, y) shows screen pixel
(3x, 3y). Each screen is four large blocks (top, middle left, middle right, bottom), so a
screen drawn turned or mirrored shows the wrong colour at some point."""
import base64
import ctypes
import importlib.util
import io
import json
import re
import urllib.request
from pathlib import Path

import pytest

from conftest import LiveServer, curl, headless_chromium, set_viewport

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
ImageCms = pytest.importorskip("PIL.ImageCms")
ImageOps = pytest.importorskip("PIL.ImageOps")

WIDTH, HEIGHT = 390, 844  # the presets' container (docs/PRESETS.md)
SCREEN = (3 * WIDTH, 3 * HEIGHT)  # 1170 × 2532, an iPhone 12–14 screenshot
# Container points inside each block, well away from the blocks' edges and from the fold's
# strip seams; and the blocks themselves, in screen pixels (left, top, right, bottom).
# fold cuts each view into four strips 97.5 points wide, the first turned at the start; the
# SVG draws a strip in perspective as two affine triangles whose shared diagonal (from a
# strip's top-left corner to its bottom-right) leaves a faint antialiased seam
# (docs/FORMATS.md, "SVG"). Each point lies inside one of the three flat strips, 20 points
# or more from its edges and its diagonal.
POINTS = {"top": (244, 140), "left": (120, 422), "right": (315, 422), "bottom": (244, 704)}
BLOCKS = {"top": (0, 0, 1170, 843), "left": (0, 843, 585, 1689), "right": (585, 843, 1170, 1689),
          "bottom": (0, 1689, 1170, 2532)}
# Display P3 values, each inside sRGB's gamut once converted (no channel clipped).
P3_COLOURS = {"top": (200, 120, 60), "left": (90, 150, 200), "right": (220, 200, 90), "bottom": (170, 50, 150)}
JPEG_COLOURS = {"top": (210, 60, 50), "left": (50, 120, 200), "right": (240, 200, 60), "bottom": (70, 170, 90)}
TOLERANCE = 3
FORMATS = ["json", "svg", "filmstrip", "css", "lottie", "swift", "png", "apng", "gif", "webp", "webm", "mp4"]
MAGIC = {"png": b"\x89PNG", "apng": b"\x89PNG", "gif": b"GIF89a", "webp": b"RIFF", "webm": b"\x1a\x45\xdf\xa3"}


def display_p3_profile():
    """A Display P3 ICC profile made by LittleCMS (the library the server converts with; here
    through ctypes): the P3 primaries (SMPTE EG 432-1), a D65 white, the sRGB transfer curve
    (IEC 61966-2-1) — what an iPhone screenshot carries."""
    lcms = ctypes.CDLL("liblcms2.so.2")

    class XYY(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]

    class Triple(ctypes.Structure):
        _fields_ = [("red", XYY), ("green", XYY), ("blue", XYY)]

    lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
    lcms.cmsBuildParametricToneCurve.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_double)]
    lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
    lcms.cmsCreateRGBProfile.argtypes = [ctypes.POINTER(XYY), ctypes.POINTER(Triple), ctypes.POINTER(ctypes.c_void_p)]
    lcms.cmsSaveProfileToMem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    lcms.cmsCloseProfile.argtypes = [ctypes.c_void_p]
    lcms.cmsFreeToneCurve.argtypes = [ctypes.c_void_p]
    curve = lcms.cmsBuildParametricToneCurve(None, 4, (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055,
                                                                              1 / 12.92, 0.04045))
    white = XYY(0.3127, 0.3290, 1.0)
    primaries = Triple(XYY(0.680, 0.320, 1.0), XYY(0.265, 0.690, 1.0), XYY(0.150, 0.060, 1.0))
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries),
                                       (ctypes.c_void_p * 3)(curve, curve, curve))
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(size))
    lcms.cmsCloseProfile(profile)
    lcms.cmsFreeToneCurve(curve)
    return buffer.raw[:size.value]


def blocks_image(colours):
    image = Image.new("RGB", SCREEN)
    for name, box in BLOCKS.items():
        image.paste(colours[name], box)
    return image


def p3_screenshot():
    """The PNG's bytes, and each block's colour in sRGB (LittleCMS through Pillow's ImageCms)."""
    icc = display_p3_profile()
    out = io.BytesIO()
    blocks_image(P3_COLOURS).save(out, format="PNG", icc_profile=icc)
    p3 = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    srgb = ImageCms.createProfile("sRGB")
    expected = {}
    for name, colour in P3_COLOURS.items():
        converted = ImageCms.profileToProfile(Image.new("RGB", (1, 1), colour), p3, srgb, outputMode="RGB")
        expected[name] = converted.getpixel((0, 0))
        assert all(0 < c < 255 for c in expected[name]), f"{name}: {expected[name]} is clipped"
        assert max(abs(a - b) for a, b in zip(expected[name], colour)) > 3 * TOLERANCE, \
            f"{name}: P3 {colour} and sRGB {expected[name]} must differ for the test to see the conversion"
    return out.getvalue(), expected


def rotated_jpeg():
    """The JPEG's bytes — stored sideways (2532 × 1170) with EXIF orientation 6 (turn 90° clockwise
    to show) — and each block's colour as shown (decoded by Pillow, JPEG's loss included)."""
    shown = blocks_image(JPEG_COLOURS)
    stored = shown.transpose(Image.Transpose.ROTATE_90)  # counter-clockwise: orientation 6 turns it back
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    stored.save(out, format="JPEG", quality=95, subsampling=0, exif=exif.tobytes())
    decoded = ImageOps.exif_transpose(Image.open(io.BytesIO(out.getvalue()))).convert("RGB")
    assert decoded.size == SCREEN, decoded.size
    expected = {name: decoded.getpixel((3 * x, 3 * y)) for name, (x, y) in POINTS.items()}
    for name, colour in expected.items():
        assert max(abs(a - b) for a, b in zip(colour, JPEG_COLOURS[name])) <= 4, (name, colour)
    return out.getvalue(), expected


@pytest.fixture(scope="module")
def screens():
    server = LiveServer()
    try:
        png, png_colours = p3_screenshot()
        jpeg, jpeg_colours = rotated_jpeg()
        ids = {}
        for name, body, kind in (("p3", png, "png"), ("jpeg", jpeg, "jpeg")):
            status, _, answer = curl("-X", "POST", "--data-binary", "@-", server.url + "/v1/assets", data=body)
            assert status == 201, answer
            record = json.loads(answer)
            # The displayed size: the JPEG's EXIF rotation applied.
            assert (record["width"], record["height"], record["type"]) == (*SCREEN, kind), record
            ids[name] = record["id"]
        yield {"server": server, "ids": ids, "colours": {"p3": png_colours, "jpeg": jpeg_colours}}
        print("\nlargest colour difference per output (of 255):", json.dumps(WORST))
    finally:
        assert server.stop() == 0, "".join(server.log[-20:])


# (preset, its parameters) → which screen each view shows. The zoom's own `image` is the photo.
CASES = {
    "fold": {"fromImage": "p3", "toImage": "jpeg"},
    "flip": {"fromImage": "jpeg", "toImage": "p3"},
    "zoom": {"fromImage": "p3", "toImage": "jpeg", "image": "jpeg"},
}


def query(screens, preset, fmt, extra=""):
    params = "&".join(f"{k}={screens['ids'][v]}" for k, v in CASES[preset].items())
    return f"{screens['server'].url}/v1/presets/{preset}/timeline?format={fmt}&{params}{extra}"


def get(url):
    with urllib.request.urlopen(url, timeout=300) as response:
        return response.status, response.read()


def timeline(screens, preset):
    return json.loads(get(query(screens, preset, "json"))[1])


def checks(screens, preset, duration):
    """(time in seconds, {point name: expected colour}): the from-screen at the start, the
    to-screen at the end. (The zoom's photo, the to-screen itself, ends aspect-fit over the
    whole to-view: the screens have the container's aspect. Its thumbnail at the start, at
    (16, 120, 128, 128), and the tab bar, the bottom 83 points, are clear of the points.)"""
    params = CASES[preset]
    return [(0.0, dict(screens["colours"][params["fromImage"]])), (duration, dict(screens["colours"][params["toImage"]]))]


# The largest difference seen per kind of output (its name's first word), printed at the end.
WORST = {}


def compare(rgb, expected, what, origin=(0, 0), scale=1.0):
    failures = []
    for name, colour in expected.items():
        x, y = POINTS[name]
        px, py = round(origin[0] + x * scale), round(origin[1] + y * scale)
        got = tuple(int(c) for c in rgb[py, px][:3])
        error = max(abs(a - b) for a, b in zip(got, colour))
        kind = what.split()[0]
        WORST[kind] = max(WORST.get(kind, 0), error)
        if error > TOLERANCE:
            failures.append(f"{what} {name} block at ({px}, {py}): {got}, expected {tuple(colour)}")
    assert not failures, "\n".join(failures)


def screenshot(driver):
    png = base64.b64decode(driver.get_screenshot_as_base64())
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


@pytest.fixture(scope="module")
def chromium():
    """Headless Chromium painting in sRGB (`--force-color-profile=srgb`: the colours a
    screenshot reads are then sRGB, as the expected ones are)."""
    driver = headless_chromium("--force-color-profile=srgb", "--allow-file-access-from-files")
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def wait_images(driver):
    """Until every <img>/<image> and CSS background in the page is decoded."""
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const urls = new Set();
        const svgs = [document, ...[...document.querySelectorAll('object')].map(o => o.contentDocument)];
        for (const d of svgs.filter(Boolean)) {
          for (const el of d.querySelectorAll('image')) urls.add(el.getAttribute('href') || el.getAttribute('xlink:href'));
          for (const el of d.querySelectorAll('*')) {
            const m = /url\\("?([^")]+)"?\\)/.exec(getComputedStyle(el).backgroundImage || '');
            if (m) urls.add(m[1]);
          }
        }
        Promise.all([...urls].filter(Boolean).map(u => { const i = new Image(); i.src = u; return i.decode().catch(() => null); }))
          .then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(urls.size))));
    """)


@pytest.mark.parametrize("preset", CASES)
def test_every_format_renders_the_screens(screens, preset):
    ids = screens["ids"]
    for fmt in FORMATS:
        extra = "&fps=10" if fmt in ("apng", "gif", "webp", "webm", "mp4") else ""
        status, body = get(query(screens, preset, fmt, extra))
        assert status == 200, (fmt, body[:300])
        if fmt in MAGIC:
            assert body.startswith(MAGIC[fmt]), fmt
        elif fmt == "mp4":
            assert body[4:8] == b"ftyp"
        text = body.decode() if fmt not in MAGIC and fmt != "mp4" else ""
        if fmt == "json":
            for key in set(CASES[preset].values()):
                assert f'"asset":"{ids[key]}"' in text, (fmt, key)
        elif fmt == "swift":
            # The from- and to-views are the app's own (a comment names the screen drawn over
            # them); an image view the animator makes, the zoom's, loads the asset by its id.
            for key in set(CASES[preset].values()):
                assert f"asset {ids[key]}" in text, key
            if "image" in CASES[preset]:
                assert f'UIImage(named: "{ids[CASES[preset]["image"]]}")' in text
        elif fmt in ("svg", "filmstrip", "css"):
            # Each screen embedded as its own bytes (a data URI), not a placeholder.
            for key in ("p3", "jpeg"):
                mime = "image/png" if key == "p3" else "image/jpeg"
                assert f"data:{mime};base64," in text, (fmt, key)
        elif fmt == "lottie":
            doc = json.loads(text)
            embedded = [a for a in doc["assets"] if a.get("e") == 1 and a.get("p", "").startswith("data:image/")]
            assert {(a["w"], a["h"]) for a in embedded} == {SCREEN}, [(a.get("w"), a.get("h")) for a in doc["assets"]]
            assert any(layer.get("ty") == 2 for layer in doc["layers"])


@pytest.mark.parametrize("preset", CASES)
def test_the_png_poster_shows_the_screens(screens, preset):
    duration = timeline(screens, preset)["duration"]
    for t, expected in checks(screens, preset, duration):
        status, body = get(query(screens, preset, "png", f"&t={t}"))
        assert status == 200
        rgb = np.asarray(Image.open(io.BytesIO(body)).convert("RGB"))
        assert rgb.shape[:2] == (HEIGHT, WIDTH)
        compare(rgb, expected, f"png t={t}")


@pytest.mark.parametrize("preset", CASES)
def test_svg_shows_the_screens_in_chromium(screens, preset, chromium, tmp_path):
    duration = timeline(screens, preset)["duration"]
    path = tmp_path / f"{preset}.svg"
    path.write_bytes(get(query(screens, preset, "svg"))[1])
    set_viewport(chromium, WIDTH, HEIGHT)
    chromium.get(path.as_uri())
    for t, expected in checks(screens, preset, duration):
        chromium.execute_script("const s = document.documentElement; s.pauseAnimations(); s.setCurrentTime(arguments[0]);", t)
        wait_images(chromium)
        compare(screenshot(chromium), expected, f"svg t={t}")


@pytest.mark.parametrize("preset", CASES)
def test_filmstrip_shows_the_screens_in_chromium(screens, preset, chromium, tmp_path):
    duration = timeline(screens, preset)["duration"]
    path = tmp_path / f"{preset}.filmstrip.svg"
    path.write_bytes(get(query(screens, preset, "filmstrip", "&filmstripFrames=2"))[1])
    # Two cells of 160 px (scale 160/390) at x = 16 and 192, y = 16 (FilmstripEncoder); the
    # page shows the strip at 2×, so a block's centre is several pixels from any edge.
    page = tmp_path / f"{preset}.filmstrip.html"
    page.write_text(f"<!doctype html><html><body style='margin:0'><img src='{path.name}' "
                    "style='transform: scale(2); transform-origin: 0 0'></body></html>")
    set_viewport(chromium, 760, 800)
    chromium.get(page.as_uri())
    wait_images(chromium)
    chromium.execute_async_script("const d = arguments[0]; document.querySelector('img').decode().then(() => "
                                  "requestAnimationFrame(() => d()));")
    rgb = screenshot(chromium)
    scale = 2 * 160 / WIDTH
    for cell, (t, expected) in enumerate(checks(screens, preset, duration)):
        compare(rgb, expected, f"filmstrip cell {cell}", origin=(2 * (16 + 176 * cell), 2 * 16), scale=scale)


LAYER_DIV = re.compile(r'<div class="(animatic-[^"]+)" data-layer="([^"]*)">')


@pytest.mark.parametrize("preset", CASES)
def test_css_shows_the_screens_in_chromium(screens, preset, chromium, tmp_path):
    duration = timeline(screens, preset)["duration"]
    css = get(query(screens, preset, "css"))[1].decode()
    divs = "\n".join(f'<div class="{cls}" data-layer="{layer}"></div>' for cls, layer in LAYER_DIV.findall(css))
    page = tmp_path / f"{preset}.html"
    page.write_text(f"<!doctype html><html><head><meta charset='utf-8'><style>html,body{{margin:0}}\n{css}</style>"
                    f"</head><body><div class='animatic'>\n{divs}\n</div></body></html>")
    set_viewport(chromium, WIDTH, HEIGHT)
    chromium.get(page.as_uri())
    for t, expected in checks(screens, preset, duration):
        chromium.execute_script("for (const a of document.getAnimations()) { a.pause(); a.currentTime = arguments[0]; }",
                                t * 1000)
        wait_images(chromium)
        compare(screenshot(chromium), expected, f"css t={t}")


def lottie_web_page():
    """lottie-web 5.7.5 with its player page, as pylottie ships it (`pylottie/lottie.html`;
    found without importing pylottie, whose converter needs Playwright)."""
    spec = importlib.util.find_spec("pylottie")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("pylottie (lottie-web's page) is not installed: make deps-test")
    return (Path(list(spec.submodule_search_locations)[0]) / "lottie.html").read_text()


@pytest.mark.parametrize("preset", CASES)
def test_lottie_web_plays_the_screens(screens, preset, chromium, tmp_path):
    template = lottie_web_page()
    doc = json.loads(get(query(screens, preset, "lottie"))[1])
    page = template.replace("const animationData = lottieData;", "const animationData = " + json.dumps(doc) + ";")
    page = page.replace("width: \tWIDTH;", f"width: {WIDTH}px;").replace("height: HEIGHT;", f"height: {HEIGHT}px;")
    assert page.count(str(doc["w"])) >= 1 and "lottieData" not in page.split("<body>")[1]
    path = tmp_path / f"{preset}.lottie.html"
    path.write_text(page)
    set_viewport(chromium, WIDTH, HEIGHT)
    chromium.get(path.as_uri())
    chromium.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const wait = () => document.querySelector('.ready') ? done() : setTimeout(wait, 20);
        wait();""")
    frames = chromium.execute_script("return animation.getDuration(true)")
    assert frames == doc["op"] - doc["ip"]
    # Playing: every frame from the first to the last, each image layer's <image> in the DOM.
    for frame in range(0, int(frames) + 1, 3):
        chromium.execute_script("animation.goToAndStop(arguments[0], true)", frame)
    hrefs = chromium.execute_script(
        "return [...document.querySelectorAll('#root image')].map(i => (i.getAttribute('href') || "
        "i.getAttributeNS('http://www.w3.org/1999/xlink', 'href') || '').slice(0, 22))")
    assert hrefs and all(h.startswith("data:image/") for h in hrefs), hrefs[:5]
    duration = timeline(screens, preset)["duration"]
    for t, expected in checks(screens, preset, duration):
        # The last frame lottie-web draws is op − 1 (a layer shows from ip up to, not at, op).
        frame = min(round(t * doc["fr"]), int(frames) - 1)
        chromium.execute_script("animation.goToAndStop(arguments[0], true)", frame)
        wait_images(chromium)
        compare(screenshot(chromium), expected, f"lottie-web frame {frame}")


def test_linked_screens_load_from_the_server(screens, chromium):
    """`images=link`: the SVG names /v1/assets/<id>, and opened from the server's origin it
    shows the screens fetched from there."""
    url = query(screens, "fold", "svg", "&images=link")
    body = get(url)[1].decode()
    assert f'href="/v1/assets/{screens["ids"]["p3"]}"' in body and "data:image" not in body
    set_viewport(chromium, WIDTH, HEIGHT)
    chromium.get(url)
    chromium.execute_script("const s = document.documentElement; s.pauseAnimations(); s.setCurrentTime(0);")
    wait_images(chromium)
    compare(screenshot(chromium), screens["colours"]["p3"], "linked svg t=0")


def test_the_cli_reads_assets_from_a_folder(tmp_path):
    """`animatic render --assets DIR`: the files named by their ids, as the server names them;
    the PNG poster shows the P3 screen in sRGB; a missing id is a problem at its pointer, and a
    file whose bytes do not hash to its name is refused."""
    import hashlib
    import subprocess
    from conftest import CLI
    png, colours = p3_screenshot()
    asset_id = "sha256-" + hashlib.sha256(png).hexdigest()
    folder = tmp_path / "shots"
    folder.mkdir()
    (folder / f"{asset_id}.png").write_bytes(png)
    spec = tmp_path / "fold.json"
    spec.write_text(json.dumps({"preset": "fold", "params": {"fromImage": asset_id}}))
    out = tmp_path / "fold.png"
    done = subprocess.run([str(CLI), "render", str(spec), "--assets", str(folder), "--format", "png", "--t", "0",
                           "--out", str(out)], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    compare(np.asarray(Image.open(out).convert("RGB")), colours, "cli png t=0")
    svg = subprocess.run([str(CLI), "render", str(spec), "--assets", str(folder), "--format", "svg"],
                         capture_output=True, timeout=120)
    assert svg.returncode == 0 and b"data:image/png;base64," + base64.b64encode(png) in svg.stdout
    # Without the folder the id is unknown: status 65, the problem at its pointer.
    missing = subprocess.run([str(CLI), "render", str(spec), "--format", "json"], capture_output=True, timeout=120)
    assert missing.returncode == 65 and b"/params/fromImage" in missing.stderr and b"unknown asset" in missing.stderr
    # A file renamed to another id is refused, naming the hash its bytes have.
    other = "sha256-" + "1" * 64
    (folder / f"{asset_id}.png").rename(folder / other)
    spec.write_text(json.dumps({"preset": "fold", "params": {"fromImage": other}}))
    wrong = subprocess.run([str(CLI), "render", str(spec), "--assets", str(folder)], capture_output=True, timeout=120)
    assert wrong.returncode != 0 and asset_id.encode() in wrong.stderr, wrong.stderr.decode()
