"""Issue 27 through the real `animatic serve` and CLI: the raster formats (png, apng, gif,
webp, webm, mp4) chosen by `?format=` and by `Accept`, their options, every bad value a
4xx naming its parameter, the price checked before any work (422 `too-much-work` with the
estimate), ETag, 304 and the cache as for the other formats; the CLI's same options."""
import io
import json
import subprocess
import time
import urllib.parse

import pytest
from PIL import Image

from conftest import CLI, ROOT, curl

SIGNATURES = {
    "png": b"\x89PNG\r\n\x1a\n", "apng": b"\x89PNG\r\n\x1a\n", "gif": b"GIF89a", "webp": b"RIFF",
    "webm": b"\x1aE\xdf\xa3", "mp4": None,
}
MEDIA_TYPES = {"png": "image/png", "apng": "image/apng", "gif": "image/gif", "webp": "image/webp",
               "webm": "video/webm", "mp4": "video/mp4"}
# fold's container: 390 × 844 points (docs/PRESETS.md); 1 s at 30 fps → 31 frames.
FOLD_W, FOLD_H = 390, 844


def get(server, path, *headers):
    args = [f"{server.url}{path}"]
    for h in headers:
        args += ["-H", h]
    return curl(*args)


def problem(status, headers, body):
    assert headers["content-type"] == "application/problem+json", (status, body[:200])
    return json.loads(body)


def is_format(fmt, body):
    if fmt == "mp4":
        return body[4:8] == b"ftyp"
    if fmt == "webp":
        return body[:4] == b"RIFF" and body[8:12] == b"WEBP"
    return body.startswith(SIGNATURES[fmt])


@pytest.mark.parametrize("query,parameter,status", [
    ("format=gif&fps=61", "fps", 400),
    ("format=gif&fps=51", "fps", 400),
    ("format=gif&fps=0", "fps", 400),
    ("format=webp&fps=241", "fps", 400),
    ("format=png&scale=4", "scale", 400),
    ("format=gif&scale=0", "scale", 400),
    ("format=png&frame=31", "frame", 400),
    ("format=png&frame=-1", "frame", 400),
    ("format=png&t=1.5", "t", 400),
    ("format=png&t=nan", "t", 400),
    ("format=png&t=0.2&frame=3", "frame", 400),
    ("format=gif&background=%23ggg", "background", 400),
    ("format=gif&maxWidth=4097", "maxWidth", 400),
    ("format=gif&maxHeight=0", "maxHeight", 400),
    ("format=gif&hold=10.5", "hold", 400),
    ("format=gif&dither=floyd", "dither", 400),
    # Under the 16 pixels a side OpenH264 takes (the API fuzz found a 500 here).
    ("format=mp4&maxWidth=3", "maxWidth", 400),
    ("format=mp4&maxHeight=30", "maxHeight", 400),
])
def test_each_bad_raster_option_is_a_4xx_naming_its_parameter(live_server, query, parameter, status):
    code, headers, body = get(live_server, f"/v1/presets/fold/timeline?{query}")
    assert code == status
    assert problem(code, headers, body)["parameter"] == parameter


def test_the_last_frame_is_in_range_and_the_one_after_it_is_not(live_server):
    # fold: 1 s at 30 fps is frames 0…30; frame 30 is the end, t=1 too.
    for query in ["frame=30", "t=1", "frame=0", "t=0"]:
        code, headers, body = get(live_server, f"/v1/presets/fold/timeline?format=png&{query}")
        assert code == 200 and is_format("png", body), (query, body[:200])
    code, headers, body = get(live_server, "/v1/presets/fold/timeline?format=png&fps=60&frame=61")
    detail = problem(code, headers, body)
    assert code == 400 and detail["parameter"] == "frame" and "60" in detail["detail"]


def test_a_picture_over_the_size_limit_is_refused_before_any_work(live_server):
    spec = {"container": {"width": 2000, "height": 100},
            "layers": [{"id": "a", "frame": [0, 0, 100, 100], "fill": "#ff0000"}],
            "animations": [{"duration": 0.5, "changes": {"a": {"alpha": 0}}}]}
    code, headers, body = curl("--json", json.dumps(spec), f"{live_server.url}/v1/timeline?format=png&scale=3")
    detail = problem(code, headers, body)
    assert code == 422 and detail["type"].endswith("/too-much-work")
    assert detail["parameter"] == "scale" and detail["limit"] == 4096 and detail["estimate"] == 6000
    # @2x is 4000 pixels wide: within the limit.
    code, _, body = curl("--json", json.dumps(spec), f"{live_server.url}/v1/timeline?format=png&scale=2")
    assert code == 200 and Image.open(io.BytesIO(body)).size == (4000, 200)


def test_too_much_raster_work_is_a_422_with_the_estimate_before_any_work(live_server):
    layers = [{"id": f"l{i}", "frame": [i * 10, i * 10, 800, 800], "fill": "#34c759"} for i in range(60)]
    spec = {"container": {"width": 1000, "height": 1000}, "layers": layers,
            "animations": [{"duration": 10, "changes": {"l0": {"alpha": 0}}}]}
    start = time.monotonic()
    code, headers, body = curl("--json", json.dumps(spec),
                               f"{live_server.url}/v1/timeline?format=gif&fps=50&scale=3")
    elapsed = time.monotonic() - start
    detail = problem(code, headers, body)
    assert code == 422 and detail["type"].endswith("/too-much-work") and detail["parameter"] == "fps"
    # 501 frames × 3000 × 3000 pixels × (60 layers + GIF's weight of 2).
    assert detail["estimate"] == 501 * 3000 * 3000 * (60 + 2)
    assert detail["estimate"] > detail["limit"]
    assert elapsed < 2, f"refused after {elapsed:.2f} s: priced after the work?"
    assert "lower fps, scale or the size (maxWidth, maxHeight)" in detail["detail"], detail["detail"]


def test_a_png_over_the_work_limit_names_scale_once(live_server, tmp_path):
    """A PNG is one frame: scale is the option to lower, named once (it read "lower scale,
    scale or the size" before)."""
    layers = [{"id": f"l{i}", "frame": [i % 30 * 10, i // 30 * 20, 30, 30], "fill": "#34c759"} for i in range(1000)]
    spec = {"container": {"width": 390, "height": 844}, "layers": layers}
    code, headers, body = curl("--json", json.dumps(spec), f"{live_server.url}/v1/timeline?format=png&scale=3")
    detail = problem(code, headers, body)
    # 1 frame × 1170 × 2532 pixels × (1,000 layers + PNG's weight).
    assert code == 422 and detail["parameter"] == "scale" and detail["estimate"] > 3_000_000_000
    assert "; lower scale or the size (maxWidth, maxHeight), or use fewer layers." in detail["detail"], detail
    path = tmp_path / "many.json"
    path.write_text(json.dumps(spec))
    run = cli("render", path, "--format", "png", "--scale", "3")
    assert run.returncode == 65
    assert b"; lower --scale or the size (--max-width, --max-height), or use fewer layers" in run.stderr, run.stderr


def built_formats(server):
    _, _, body = curl(f"{server.url}/openapi.json")
    return json.loads(body)["components"]["parameters"]["format"]["schema"]["enum"]


@pytest.mark.parametrize("fmt", list(MEDIA_TYPES))
def test_accept_chooses_each_raster_format(live_server, fmt):
    code, headers, body = get(live_server, "/v1/presets/fold/timeline?fps=10", f"Accept: {MEDIA_TYPES[fmt]}")
    if fmt not in built_formats(live_server):
        # A format this build leaves out (MP4 without OpenH264; an encoder not built) is not
        # offered: Accept asking for it alone is a 406, ?format= a 400 naming format.
        assert code == 406 and problem(code, headers, body)["parameter"] == "Accept"
        code, headers, body = get(live_server, f"/v1/presets/fold/timeline?format={fmt}")
        assert code == 400 and problem(code, headers, body)["parameter"] == "format"
        assert "left out of this build" in json.loads(body)["detail"]
        return
    assert code == 200, body[:300]
    assert headers["content-type"] == MEDIA_TYPES[fmt]
    assert is_format(fmt, body)
    assert "content-encoding" not in headers, "a compressed picture was gzipped again"


def test_an_image_wildcard_still_gets_svg_first(live_server):
    code, headers, _ = get(live_server, "/v1/presets/fold/timeline", "Accept: image/*")
    assert code == 200 and headers["content-type"] == "image/svg+xml"


@pytest.mark.parametrize("query,size", [
    ("", (FOLD_W, FOLD_H)),
    ("&scale=2", (2 * FOLD_W, 2 * FOLD_H)),
    ("&scale=3", (3 * FOLD_W, 3 * FOLD_H)),
    # Fit within 200 pixels' width: 844 × 200 / 390 = 432.8 → 433 (sides round up).
    ("&maxWidth=200", (200, 433)),
    ("&scale=2&maxHeight=422", (195, 422)),
])
def test_png_size_follows_scale_and_the_box_it_must_fit(live_server, query, size):
    code, _, body = get(live_server, f"/v1/presets/fold/timeline?format=png{query}")
    assert code == 200
    assert Image.open(io.BytesIO(body)).size == size


def test_background_fills_what_no_layer_covers(live_server):
    spec = {"container": {"width": 40, "height": 30},
            "layers": [{"id": "a", "frame": [0, 0, 10, 10], "fill": "#0000ff"}],
            "animations": [{"duration": 0.2, "changes": {"a": {"alpha": 1}}}]}
    url = f"{live_server.url}/v1/timeline?format=png&background=%23ff8000"
    code, _, body = curl("--json", json.dumps(spec), url)
    image = Image.open(io.BytesIO(body)).convert("RGBA")
    assert code == 200
    assert image.getpixel((30, 20)) == (255, 128, 0, 255)
    assert image.getpixel((5, 5)) == (0, 0, 255, 255)
    code, _, body = curl("--json", json.dumps(spec), url.replace("%23ff8000", "transparent"))
    assert Image.open(io.BytesIO(body)).convert("RGBA").getpixel((30, 20))[3] == 0


def test_png_etag_304_and_the_cache_like_every_format(live_server):
    path = "/v1/presets/fold/timeline?format=png&t=0.5&scale=2"
    code, headers, body = get(live_server, path)
    assert code == 200 and headers["etag"].startswith('"')
    code2, headers2, body2 = get(live_server, path)
    assert code2 == 200 and body2 == body and headers2["etag"] == headers["etag"]
    code3, _, body3 = get(live_server, path, f"If-None-Match: {headers['etag']}")
    assert code3 == 304 and body3 == b""
    # Another option is another picture and another tag.
    _, headers4, body4 = get(live_server, path.replace("t=0.5", "t=0.25"))
    assert headers4["etag"] != headers["etag"] and body4 != body


def test_a_presets_own_scale_is_still_its_parameter_for_the_text_formats(live_server):
    # scaleFade takes `scale` (docs/PRESETS.md); for a raster format it is the picture's.
    _, _, small = get(live_server, "/v1/presets/scaleFade/timeline?scale=0.5")
    _, _, large = get(live_server, "/v1/presets/scaleFade/timeline?scale=0.9")
    assert small != large
    code, _, body = get(live_server, "/v1/presets/scaleFade/timeline?format=png&scale=2&t=0")
    assert code == 200 and Image.open(io.BytesIO(body)).size == (2 * FOLD_W, 2 * FOLD_H)
    code, _, body = get(live_server, "/v1/presets/scaleFade/timeline?format=png&scale=2&t=0"
                        + "&params=" + urllib.parse.quote('{"scale":0.5}'))
    assert code == 200


def cli(*args, stdin=None):
    return subprocess.run([str(CLI), *map(str, args)], input=stdin, capture_output=True, timeout=300)


def test_cli_writes_a_gif_with_the_apis_bytes(tmp_path, live_server):
    spec = tmp_path / "fold.json"
    spec.write_text(json.dumps({"preset": "fold"}))
    out = tmp_path / "fold.gif"
    run = cli("render", spec, "--format", "gif", "--loop", "--out", out)
    assert run.returncode == 0, run.stderr
    gif = Image.open(out)
    assert gif.format == "GIF" and gif.size == (FOLD_W, FOLD_H) and gif.n_frames == 31
    _, _, body = curl("--json", json.dumps({"preset": "fold"}), f"{live_server.url}/v1/timeline?format=gif&loop=true")
    assert out.read_bytes() == body


def test_cli_png_options_match_the_query(tmp_path, live_server):
    spec = tmp_path / "fold.json"
    spec.write_text(json.dumps({"preset": "fold"}))
    run = cli("render", spec, "--format", "png", "--t", "0.4", "--scale", "2", "--max-width", "500",
              "--background", "#123456")
    assert run.returncode == 0, run.stderr
    _, _, body = curl("--json", json.dumps({"preset": "fold"}),
                      f"{live_server.url}/v1/timeline?format=png&t=0.4&scale=2&maxWidth=500&background=%23123456")
    assert run.stdout == body
    assert Image.open(io.BytesIO(body)).size == (500, 1083)


@pytest.mark.parametrize("args,code,message", [
    (["--format", "gif", "--fps", "61"], 64, b"--fps must be from 1 to 50 for gif"),
    (["--format", "gif", "--fps", "0"], 64, b"--fps must be from 1 to 50"),
    (["--format", "png", "--scale", "4"], 64, b"--scale must be 1, 2 or 3"),
    (["--format", "png", "--frame", "31", "--fps", "30"], 65, b"--frame 31 is past the last frame, 30"),
    (["--format", "png", "--t", "2"], 65, b"--t 2.0 is past the end"),
    (["--format", "gif", "--max-width", "5000"], 64, b"--max-width must be from 1 to 4096"),
    (["--format", "gif", "--dither", "floyd"], 64, b"--dither must be none or ordered"),
    (["--format", "gif", "--hold=-1"], 64, b"--hold must be from 0 to 10"),
])
def test_cli_refuses_what_the_api_refuses(tmp_path, args, code, message):
    spec = tmp_path / "fold.json"
    spec.write_text(json.dumps({"preset": "fold"}))
    run = cli("render", spec, *args)
    assert run.returncode == code, run.stderr
    assert message in run.stderr, run.stderr


def test_cli_prices_raster_work_as_the_server_does(tmp_path):
    layers = [{"id": f"l{i}", "frame": [i * 10, i * 10, 800, 800], "fill": "#34c759"} for i in range(60)]
    spec = tmp_path / "big.json"
    spec.write_text(json.dumps({"container": {"width": 1000, "height": 1000}, "layers": layers,
                                "animations": [{"duration": 10, "changes": {"l0": {"alpha": 0}}}]}))
    start = time.monotonic()
    run = cli("render", spec, "--format", "gif", "--fps", "50", "--scale", "3")
    assert run.returncode == 65 and b"pixel-layer samples" in run.stderr, run.stderr
    assert str(501 * 3000 * 3000 * 62).encode() in run.stderr
    assert time.monotonic() - start < 5
