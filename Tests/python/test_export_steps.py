"""Steps stay steps in every export (issue 13): a `steps` tween, a discrete keyframe block
and a keyframe block warped by `steps` (specs/steps-and-discrete.json), read a few
milliseconds before and after each step — SVG and CSS in headless Chromium, Lottie with
rlottie from a copy whose frame rate is scaled up so its integer frames fall there. Each
reading must show the step's level on its side of the jump, where an export that tweens
the step across a frame interval is tens of points off.

The jump times and levels are computed here from the spec's numbers: `steps(n, jump-end)`
jumps at delay + k/n · duration; a discrete block jumps where its easeInEaseOut warp
(0.42, 0, 0.58, 1) reaches each key time, the warp inverted through its Bézier polynomials.
"""
import json
from pathlib import Path

import numpy as np
import pytest

from conftest import FPS, render, set_viewport
from test_css_export import READ_LAYERS as READ_CSS, harness
from test_lottie_export import render_alpha, rescaled
from test_svg_export import READ_LAYERS as READ_SVG

SPEC = Path(__file__).resolve().parent / "specs" / "steps-and-discrete.json"
# How far before and after each jump the exports are read, in seconds (a frame is 33 ms).
OFFSET = 0.004
# The Lottie copy's frame rate is FPS × this, so its whole frames are 1.1 ms apart.
LOTTIE_SCALE = 30


def bezier_fraction(y, x1, y1, x2, y2):
    """The fraction x at which the Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1) reaches progress y."""
    def poly(p1, p2, s):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s * s * p2 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if poly(y1, y2, mid) < y else (lo, mid)
    return poly(x1, x2, (lo + hi) / 2)


def jumps():
    """(layer, time, x before, x after) for every step of the spec."""
    out = []
    # steps(4) over 0.05…0.35 s, x 0 → 240.
    out += [("stepper", 0.05 + 0.3 * k / 4, 60 * (k - 1), 60 * k) for k in range(1, 5)]
    # Discrete keys at 0.25, 0.5, 1 of a 0.5 s block from 0.1 s, warped by easeInEaseOut.
    for k, key in enumerate([0.25, 0.5, 1.0], start=1):
        out.append(("keys", 0.1 + 0.5 * bezier_fraction(key, 0.42, 0, 0.58, 1), 80 * (k - 1), 80 * k))
    # A linear 0 → 240 key pair under steps(3) over 0.6 s: the warped time holds at k/3.
    out += [("warped", 0.6 * k / 3, 80 * (k - 1), 80 * k) for k in range(1, 4)]
    return out


DURATION = 0.6


def readings():
    """(layer, time, expected x) a few ms either side of each jump, inside the run."""
    for layer, t, before, after in jumps():
        yield layer, t - OFFSET, before
        yield layer, min(t + OFFSET, DURATION), after


def check(name, read):
    worst = 0.0
    for layer, t, expected in readings():
        x = min(p[0] for p in read(t)[layer])
        error = abs(x - expected)
        assert error <= 0.5, f"{name} {layer} at {t:.4f} s: x = {x:.2f}, the step's level is {expected}"
        worst = max(worst, error)
    print(f"steps {name}: worst {worst:.3f} pt over {2 * len(jumps())} readings")


def test_svg_writes_steps_as_jumps(browser, tmp_path):
    path = tmp_path / "steps.svg"
    path.write_bytes(render(SPEC, "svg"))
    set_viewport(browser, 320, 400)
    browser.get(path.as_uri())
    check("svg", lambda t: {k: v["quad"] for k, v in browser.execute_script(READ_SVG, t).items()})


def test_css_writes_steps_as_jumps(browser, tmp_path):
    page = tmp_path / "steps.html"
    page.write_text(harness(render(SPEC, "css").decode()))
    set_viewport(browser, 320, 400)
    browser.get(page.as_uri())
    check("css", lambda t: {k: v["quad"] for k, v in browser.execute_script(READ_CSS, t * 1000).items()})


def test_lottie_writes_steps_as_jumps():
    doc = rescaled(json.loads(render(SPEC, "lottie")), LOTTIE_SCALE)
    by_name = {layer["nm"]: layer for layer in doc["layers"]}
    rate = FPS * LOTTIE_SCALE

    def read(t):
        frame = min(round(t * rate), int(doc["op"]))
        out = {}
        for name, layer in by_name.items():
            solo = {key: value for key, value in doc.items() if key != "layers"}
            solo["layers"] = [layer]
            alpha = render_alpha(solo, frame)
            columns = np.nonzero((alpha > 0.5).any(axis=0))[0]
            # The left edge of the painted square (pixel columns painted at least half).
            out[name] = [(float(columns.min()), 0.0)] if len(columns) else [(float("nan"), 0.0)]
        return out
    # A rasterised edge: the painted column starts within a pixel of the level.
    worst = 0.0
    for layer, t, expected in readings():
        x = read(t)[layer][0][0]
        error = abs(x - expected)
        assert error <= 1.0, f"lottie {layer} at {t:.4f} s: left edge {x}, the step's level is {expected}"
        worst = max(worst, error)
    print(f"steps lottie: worst {worst:.3f} px over {2 * len(jumps())} readings")
