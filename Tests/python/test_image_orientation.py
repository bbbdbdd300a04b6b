"""EXIF orientation beyond JPEG (issue 29): a PNG's eXIf chunk and a WebP's EXIF chunk, read
as Chromium reads them (docs/FORMATS.md, "EXIF orientation").

Chromium is the reference the exported formats are checked in, so the server must turn an
image exactly when Chromium does: otherwise an SVG or CSS export, which embeds the bytes and
lets the browser turn them, would disagree with the server's own raster output. Measured here
in headless Chromium (156 when written): it applies a PNG's eXIf orientation when the chunk
comes before IDAT and is at most 4 MiB long, and ignores one after IDAT or longer; it shows
a WebP as stored whatever orientation its EXIF chunk holds (the VP8X flag set). Each case is
uploaded, and the size the server reports is compared with the `naturalWidth` ×
`naturalHeight` Chromium gives the same bytes; a PNG with eXIf orientation 6 and a WebP with
EXIF orientation 8, made by Pillow, are rendered (the flip's poster at t = 0, the from-view
filling the container) and compared, at points well inside the screen's blocks, with Chromium
drawing the same bytes aspect-filled (object-fit: cover, UIKit's scaleAspectFill)."""
import base64
import io
import json
import struct
import zlib

import pytest

from conftest import LiveServer, curl, set_viewport
from test_image_formats import (HEIGHT, JPEG_COLOURS, SCREEN, TOLERANCE, WIDTH, blocks_image, chromium, get,  # noqa: F401
                                screenshot)

np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
ImageOps = pytest.importorskip("PIL.ImageOps")

# Container points well inside the blocks of `blocks_image` when shown upright (top, middle
# left, middle right, bottom), and at least 78 points from the middle of the container, where
# the sideways WebP's two visible blocks meet.
POINTS = {"top": (195, 200), "left": (100, 500), "right": (300, 500), "bottom": (195, 700)}


def exif(orientation):
    """An Exif payload as Pillow writes it: TIFF header, IFD0 with the Orientation tag."""
    tags = Image.Exif()
    tags[0x0112] = orientation
    return tags.tobytes()


def encoded(image, fmt, orientation):
    out = io.BytesIO()
    image.save(out, format=fmt, exif=exif(orientation), **({"lossless": True} if fmt == "WEBP" else {}))
    return out.getvalue()


def sideways_png():
    """A PNG stored turned a quarter counter-clockwise, with eXIf orientation 6 (turn 90°
    clockwise to show): upright it is the screen."""
    png = encoded(blocks_image(JPEG_COLOURS).transpose(Image.Transpose.ROTATE_90), "PNG", 6)
    assert png.index(b"eXIf") < png.index(b"IDAT"), "Pillow writes eXIf before the image data"
    return png


def sideways_webp():
    """A lossless WebP stored turned a quarter clockwise, with an EXIF orientation 8 (turn 90°
    counter-clockwise to show) and the VP8X flag that announces it."""
    webp = encoded(blocks_image(JPEG_COLOURS).transpose(Image.Transpose.ROTATE_270), "WEBP", 8)
    assert webp[12:16] == b"VP8X" and webp[20] & 0x08, "the VP8X chunk's EXIF flag is set"
    assert b"EXIF" in webp
    return webp


def png_with_exif(orientation, after_image_data=False, length=None):
    """A small PNG with an eXIf chunk written by hand: after IHDR (before IDAT), or just before
    IEND (after IDAT); `length` pads the payload (other Exif data after IFD0) to that many bytes."""
    out = io.BytesIO()
    Image.new("RGB", (30, 20), (200, 40, 40)).save(out, format="PNG")
    png = out.getvalue()
    assert png[12:16] == b"IHDR" and png[-8:-4] == b"IEND"
    payload = exif(orientation)[6:]  # the TIFF header itself, without JPEG's "Exif\0\0"
    payload += b"\xab" * ((length or len(payload)) - len(payload))
    chunk = struct.pack(">I", len(payload)) + b"eXIf" + payload
    chunk += struct.pack(">I", zlib.crc32(b"eXIf" + payload))
    return png[:-12] + chunk + png[-12:] if after_image_data else png[:33] + chunk + png[33:]


def small(fmt, orientation):
    """A 30 × 20 image with an EXIF orientation, as Pillow writes it."""
    return encoded(Image.new("RGB", (30, 20), (40, 200, 40)), fmt, orientation)


# name → (bytes, MIME type, whether Chromium turns it): every orientation in both formats, the
# PNG chunk after IDAT, and an eXIf of 4 MiB and of one byte more (the longest Chromium reads).
SIZE_CASES = {
    **{f"png-{o}": (lambda o=o: (small("PNG", o), "image/png", o >= 5)) for o in range(1, 9)},
    **{f"webp-{o}": (lambda o=o: (small("WEBP", o), "image/webp", False)) for o in range(1, 9)},
    "png-6-after-idat": (lambda: (png_with_exif(6, after_image_data=True), "image/png", False)),
    "png-6-exif-4MiB": (lambda: (png_with_exif(6, length=4 << 20), "image/png", True)),
    "png-6-exif-4MiB-and-1": (lambda: (png_with_exif(6, length=(4 << 20) + 1), "image/png", False)),
}


@pytest.fixture(scope="module")
def server():
    server = LiveServer()
    try:
        yield server
    finally:
        assert server.stop() == 0, "".join(server.log[-20:])


def upload(server, body):
    status, _, answer = curl("-X", "POST", "--data-binary", "@-", server.url + "/v1/assets", data=body)
    assert status == 201, answer
    return json.loads(answer)


def natural_size(driver, body, mime):
    """The size Chromium gives the image: its `naturalWidth` × `naturalHeight`, orientation
    applied as Chromium applies it."""
    uri = f"data:{mime};base64,{base64.b64encode(body).decode()}"
    return tuple(driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const image = new Image();
        image.src = arguments[0];
        image.decode().then(() => done([image.naturalWidth, image.naturalHeight]), e => done(String(e)));
    """, uri))


@pytest.mark.parametrize("case", SIZE_CASES)
def test_the_size_the_server_reports_is_chromiums(case, server, chromium):
    body, mime, turned = SIZE_CASES[case]()
    record = upload(server, body)
    shown = natural_size(chromium, body, mime)
    assert (record["width"], record["height"]) == shown, (case, record, shown)
    # What Chromium does, written in docs/FORMATS.md: a PNG's eXIf (before IDAT, at most
    # 4 MiB) turns it, a WebP's EXIF does not; if Chromium changes, this fails and the docs
    # must follow it.
    assert shown == ((20, 30) if turned else (30, 20)), (case, shown)


def aspect_filled(image, point):
    """The colour of `image` (displayed, orientation applied) at container `point` when it fills
    the container aspect-filled and centred (UIKit's scaleAspectFill, CSS object-fit: cover)."""
    w, h = image.size
    scale = max(WIDTH / w, HEIGHT / h)
    x = (point[0] + (w * scale - WIDTH) / 2) / scale
    y = (point[1] + (h * scale - HEIGHT) / 2) / scale
    return image.getpixel((int(x), int(y)))


def chromium_aspect_filled(driver, body, mime, tmp_path):
    """Chromium's rendering of `body` filling the container (object-fit: cover), as RGB rows."""
    page = tmp_path / "image.html"
    page.write_text(f"<!doctype html><body style='margin:0'><img style='display:block;width:{WIDTH}px;"
                    f"height:{HEIGHT}px;object-fit:cover' src='data:{mime};base64,"
                    f"{base64.b64encode(body).decode()}'>")
    set_viewport(driver, WIDTH, HEIGHT)
    driver.get(page.as_uri())
    driver.execute_async_script("const done = arguments[arguments.length - 1]; document.querySelector('img')"
                                ".decode().then(() => requestAnimationFrame(() => requestAnimationFrame(done)));")
    return screenshot(driver)


@pytest.mark.parametrize("kind", ["png", "webp"])
def test_a_turned_screen_renders_as_chromium_shows_it(kind, server, chromium, tmp_path):
    body, mime = (sideways_png(), "image/png") if kind == "png" else (sideways_webp(), "image/webp")
    record = upload(server, body)
    # Pillow applies the PNG's eXIf orientation (ImageOps.exif_transpose); the WebP is taken as
    # stored, as Chromium shows it.
    decoded = Image.open(io.BytesIO(body)).convert("RGB")
    shown = ImageOps.exif_transpose(Image.open(io.BytesIO(body))).convert("RGB") if kind == "png" else decoded
    assert shown.size == (SCREEN if kind == "png" else SCREEN[::-1]) == (record["width"], record["height"])
    expected = {name: aspect_filled(shown, point) for name, point in POINTS.items()}
    if kind == "png":  # upright: each point in its own block
        assert expected == {name: JPEG_COLOURS[name] for name in POINTS}, expected
    else:  # sideways: the middle two blocks, the stored top one above the stored bottom one
        assert expected == {"top": JPEG_COLOURS["left"], **{n: JPEG_COLOURS["right"] for n in POINTS if n != "top"}}

    browser = chromium_aspect_filled(chromium, body, mime, tmp_path)
    status, poster = get(f"{server.url}/v1/presets/flip/timeline?format=png&t=0"
                         f"&fromImage={record['id']}&toImage={record['id']}")
    assert status == 200
    rendered = np.asarray(Image.open(io.BytesIO(poster)).convert("RGB"))
    assert rendered.shape[:2] == (HEIGHT, WIDTH)
    failures, worst = [], {"server": 0, "chromium": 0}
    for name, (x, y) in POINTS.items():
        server_colour = tuple(int(c) for c in rendered[y, x])
        chromium_colour = tuple(int(c) for c in browser[y, x])
        for what, got in (("server", server_colour), ("chromium", chromium_colour)):
            error = max(abs(a - b) for a, b in zip(got, expected[name]))
            worst[what] = max(worst[what], error)
            if error > TOLERANCE:
                failures.append(f"{kind} {what} {name} at ({x}, {y}): {got}, expected {expected[name]}")
    print(f"\n{kind}: largest difference from the expected colours (of 255): {json.dumps(worst)}")
    assert not failures, "\n".join(failures)
