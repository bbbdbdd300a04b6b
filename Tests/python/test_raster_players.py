"""Players agree (issue 27): every GIF, APNG, WebP, WebM and MP4 that `animatic serve` writes
for a few presets — fold (flat 3-D strips), containerSpring (a spring), flip (a 3-D turn
through perspective) — is decoded by a real decoder (Pillow for the images; Debian's ffprobe
and ffmpeg, used only as checkers, for the videos): its frame count, its delays adding up to
the file's length (the timeline's duration + one frame + the hold, docs/FORMATS.md), its size,
its loop count, and each frame within quantisation or codec error of our PNG of that frame.

The frames are compared on an opaque white background (`background=%23ffffff`): video has no
alpha, and GIF's is one bit."""
import io
import json
import shutil
import subprocess
import urllib.request

import numpy as np
import pytest
from PIL import Image

from conftest import LiveServer

PRESETS = ["fold", "containerSpring", "flip"]
FPS = 10
HOLD = 0.2
# Each frame's error against our PNG of it: mean absolute difference per channel (of 255) and
# the share of pixels off by more than `far`. Lossless APNG must be exact; GIF's palette of
# at most 256 colours (no dithering) rounds gradients and antialiased edges; WebP is encoded
# lossless; the videos are 4:2:0 and lossy (see docs/FORMATS.md for the encoders' settings).
TOLERANCE = {  # format: (mean, far, share over far)
    "apng": (0.0, 0, 0.0),
    "gif": (2.0, 24, 0.01),
    "webp": (0.5, 8, 0.001),
    "webm": (4.0, 48, 0.02),
    "mp4": (4.0, 48, 0.02),
}


@pytest.fixture(scope="module")
def server():
    s = LiveServer("--workers", "2")
    yield s
    assert s.stop() == 0, "".join(s.log[-20:])


def fetch(server, preset, query):
    url = f"{server.url}/v1/presets/{preset}/timeline?{query}&background=%23ffffff"
    with urllib.request.urlopen(url, timeout=300) as response:
        assert response.status == 200
        return response.read()


def timeline_duration(server, preset):
    with urllib.request.urlopen(f"{server.url}/v1/presets/{preset}/timeline", timeout=60) as response:
        return json.loads(response.read())["duration"]


def frame_times(duration, fps):
    """Timeline.frameTimes: k / fps for k = 0 … ⌈duration × fps⌉, the last clamped."""
    import math
    count = math.ceil(duration * fps - 1e-9) + 1
    return [min(k / fps, duration) for k in range(count)]


@pytest.fixture(scope="module")
def references(server):
    """Our PNG of every frame at FPS, per preset, as float arrays (RGB, white background)."""
    out = {}
    for preset in PRESETS:
        duration = timeline_duration(server, preset)
        count = len(frame_times(duration, FPS))
        out[preset] = (duration, [rgb(fetch(server, preset, f"format=png&fps={FPS}&frame={k}")) for k in range(count)])
    return out


def rgb(data_or_image):
    image = Image.open(io.BytesIO(data_or_image)) if isinstance(data_or_image, bytes) else data_or_image
    return np.asarray(image.convert("RGB"), dtype=np.float64)


def check_frame(fmt, decoded, reference, where):
    assert decoded.shape == reference.shape, where
    difference = np.abs(decoded - reference)
    mean_limit, far, share_limit = TOLERANCE[fmt]
    mean = difference.mean()
    share = (difference.max(axis=2) > far).mean()
    assert mean <= mean_limit + 1e-9, f"{where}: mean difference {mean:.3f} > {mean_limit}"
    assert share <= share_limit, f"{where}: {share:.4%} of pixels off by more than {far}"


def runs(frames):
    """Indices where a frame differs from the one before: the encoders store identical
    consecutive frames as one longer frame, so these are the frames a decoder shows."""
    return [k for k in range(len(frames)) if k == 0 or not np.array_equal(frames[k], frames[k - 1])]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("fmt", ["gif", "apng", "webp"])
def test_animated_images_decode_to_our_frames(server, references, preset, fmt):
    duration, frames = references[preset]
    times = frame_times(duration, FPS)
    data = fetch(server, preset, f"format={fmt}&fps={FPS}&loop=true&hold={HOLD}")
    image = Image.open(io.BytesIO(data))
    assert image.size == (frames[0].shape[1], frames[0].shape[0])
    shown = runs(frames)
    assert image.n_frames == len(shown), (image.n_frames, len(shown), len(frames))
    assert image.info.get("loop") == 0, "loop=true is loop forever (0)"
    delays, start = [], 0.0
    for k in range(image.n_frames):
        image.seek(k)
        image.load()
        # The frame shown from `start` on is our frame at that time.
        expected = shown[k]
        assert abs(start - times[expected]) <= 0.010, (k, start, times[expected])
        check_frame(fmt, rgb(image), frames[expected], f"{preset} {fmt} frame {k} (ours {expected})")
        delays.append(image.info["duration"])
        start += image.info["duration"] / 1000
    total = duration + 1 / FPS + HOLD
    # Pillow reports milliseconds; GIF stores hundredths accumulated from the exact times, so
    # the total is within 5 ms (docs/FORMATS.md, "Encoders"), WebP within 0.5 ms, APNG exact.
    assert abs(sum(delays) / 1000 - total) <= {"gif": 0.005, "webp": 0.0005, "apng": 1e-6}[fmt] + 1e-9, \
        (sum(delays), total, delays)
    assert delays[-1] / 1000 >= HOLD


def test_loop_false_plays_once(server):
    gif = Image.open(io.BytesIO(fetch(server, "fold", f"format=gif&fps={FPS}")))
    assert "loop" not in gif.info, gif.info  # no NETSCAPE2.0 block: one play
    apng = Image.open(io.BytesIO(fetch(server, "fold", f"format=apng&fps={FPS}")))
    assert apng.info.get("loop") == 1, apng.info  # acTL num_plays = 1


def ffprobe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                          "stream=codec_name,width,height,nb_read_frames:format=duration,format_name",
                          "-of", "json", str(path)], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def decode_video(path, tmp_path):
    """Every frame as ffmpeg decodes it (no frame dropped or duplicated: passthrough timing)."""
    pattern = tmp_path / "frame%04d.png"
    subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-fps_mode", "passthrough", str(pattern)],
                   check=True, capture_output=True)
    return [rgb(Image.open(p)) for p in sorted(tmp_path.glob("frame*.png"))]


@pytest.mark.skipif(shutil.which("ffprobe") is None, reason="ffmpeg (Debian) is not installed")
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("fmt,codec,container", [("webm", "vp9", "matroska,webm"), ("mp4", "h264", "mov,mp4,m4a,3gp,3g2,mj2")])
def test_videos_decode_to_our_frames(server, references, preset, fmt, codec, container, tmp_path):
    duration, frames = references[preset]
    path = tmp_path / f"{preset}.{fmt}"
    path.write_bytes(fetch(server, preset, f"format={fmt}&fps={FPS}"))
    probe = ffprobe(path)
    stream = probe["streams"][0]
    assert stream["codec_name"] == codec and probe["format"]["format_name"] == container
    assert (stream["width"], stream["height"]) == (frames[0].shape[1], frames[0].shape[0])
    assert int(stream["nb_read_frames"]) == len(frames)
    assert abs(float(probe["format"]["duration"]) - (duration + 1 / FPS)) <= 1 / FPS / 2 + 0.002
    decoded = decode_video(path, tmp_path)
    assert len(decoded) == len(frames)
    for k, (d, r) in enumerate(zip(decoded, frames)):
        check_frame(fmt, d, r, f"{preset} {fmt} frame {k}")
