"""The three examples a newcomer starts from — a bottom sheet, a card flip, a shared-element
zoom (examples/) — rendered, with the numbers their descriptions give worked out here; and
the rule the sheet relies on: a presentation whose presented view does not cover the
container keeps the presenter's view unless the spec says otherwise (docs/SPEC.md,
"Completion"). Every example also goes through every export's own tests (conftest's
spec_cases)."""
import json
import math

import pytest

from conftest import ROOT, run_cli

FPS = 240


def timeline(spec, fps=FPS):
    return json.loads(run_cli("render", "-", "--frames", "--fps", fps, stdin=json.dumps(spec).encode()))


def example(name):
    return json.loads((ROOT / "examples" / f"{name}.json").read_text())


def layer_states(tl, layer_id):
    i = [l["id"] for l in tl["layers"]].index(layer_id)
    return [(f["t"], f["layers"][i]) for f in tl["frames"]]


def bounds(quad):
    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
    return min(xs), min(ys), max(xs), max(ys)


def bezier_y_at_x(x1, y1, x2, y2, x):
    """The cubic Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1)'s y where its x is `x`, by bisection."""
    def coord(a, b, s):
        return 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if coord(x1, x2, mid) < x else (lo, mid)
    return coord(y1, y2, (lo + hi) / 2)


# ── The bottom sheet ────────────────────────────────────────────────────────────────────
def test_the_sheet_rises_without_overshoot_to_the_lower_half_and_the_presenter_stays():
    tl = timeline(example("bottom-sheet"))
    sheet = layer_states(tl, "sheet")
    tops = [bounds(s["quad"])[1] for _, s in sheet]
    assert tops[0] == 844 and tops[-1] == pytest.approx(422, abs=1e-9)
    # Critically damped (dampingRatio 1): it only ever rises, and never above 422.
    assert all(b <= a + 1e-9 for a, b in zip(tops, tops[1:]))
    assert min(tops) >= 422 - 1e-9
    assert bounds(sheet[-1][1]["quad"]) == pytest.approx((0, 422, 390, 844), abs=1e-9)
    assert layer_states(tl, "dimming")[-1][1]["opacity"] == pytest.approx(0.4, abs=1e-12)
    presenter = layer_states(tl, "presenter")
    assert all(s["visible"] for _, s in presenter), "the presenter's view stays behind a sheet"


def test_a_stated_flag_wins_and_a_covering_presentation_still_removes_the_presenter():
    stated = example("bottom-sheet")
    stated["views"]["shouldRemovePresentersView"] = True
    assert not layer_states(timeline(stated, 30), "presenter")[-1][1]["visible"]
    full = example("bottom-sheet")
    full["animations"][0]["changes"]["sheet"]["frame"] = [0, 0, 390, 844]
    assert not layer_states(timeline(full, 30), "presenter")[-1][1]["visible"], "full screen removes it, as before"
    # A 2-D transform counts: the sheet scaled to twice its size covers the container.
    scaled = example("bottom-sheet")
    scaled["animations"][0]["changes"]["sheet"] = {"frame": [0, 211, 390, 422], "transform": [{"scale": [1, 2]}]}
    assert not layer_states(timeline(scaled, 30), "presenter")[-1][1]["visible"]


def test_presets_still_state_the_flag():
    """Presets built in Swift state shouldRemovePresentersView, so their expansions keep it."""
    flip = json.loads(run_cli("presets", "flip", "--spec"))
    assert flip["views"]["shouldRemovePresentersView"] is True


def test_a_cancelled_sheet_dismissal_keeps_the_presenter():
    spec = {
        "container": {"width": 390, "height": 844},
        "layers": [{"id": "presenter", "frame": [0, 0, 390, 844], "fill": "#f2f2f7"},
                   {"id": "sheet", "frame": [0, 422, 390, 422], "fill": "#ffffff"}],
        "animations": [{"duration": 0.3, "changes": {"sheet": {"frame": [0, 844, 390, 422]}}}],
        "views": {"from": "sheet", "to": "presenter", "operation": "dismiss"},
        # A short, slow drag down: 40 of 422 points, released well under the threshold.
        "interaction": {"gesture": [[0, 200, 500], [0.1, 200, 520], [0.3, 200, 540]], "axis": "y",
                        "distance": 422, "direction": 1, "release": {"threshold": 0.5}},
    }
    tl = timeline(spec, 60)
    assert tl["interaction"]["outcome"] == "cancel"
    assert layer_states(tl, "presenter")[-1][1]["visible"], "UIKit never took the presenter out"
    spec["views"]["shouldRemovePresentersView"] = True
    tl = timeline(spec, 60)
    assert not layer_states(tl, "presenter")[-1][1]["visible"]


# ── The card flip ───────────────────────────────────────────────────────────────────────
def projected_edges(theta, half_width=150, eye=500, centre=195):
    """x of the card's left and right edges turned by theta about its vertical centre line,
    seen through m34 = −1/eye about the container's centre (which the card's centre is on):
    a point (x, 0, 0) goes to (x cos θ, 0, −x sin θ), w = 1 + x sin θ / eye."""
    s, c = math.sin(theta), math.cos(theta)
    return [centre + x * c / (1 + x * s / eye) for x in (-half_width, half_width)]


def test_the_card_turns_on_the_ease_curves_through_the_perspective():
    tl = timeline(example("card-flip"), 60)
    front, back = layer_states(tl, "front"), layer_states(tl, "back")
    checked = 0
    for k, ((_, f), (_, b)) in enumerate(zip(front, back)):
        t = k / 60  # exact: the frames' "t" is written to 6 decimals
        if t < 0.3 - 1e-9:
            theta = math.radians(90 * bezier_y_at_x(0.42, 0, 1, 1, t / 0.3))
            left, _, right, _ = bounds(f["quad"])
            assert (left, right) == pytest.approx(projected_edges(theta), abs=2e-6), t
            checked += 1
        elif t > 0.3 + 1e-9:
            assert not f["visible"], "the front is hidden once edge-on"
            theta = math.radians(-90 * (1 - bezier_y_at_x(0, 0, 0.58, 1, (t - 0.3) / 0.3)))
            left, _, right, _ = bounds(b["quad"])
            assert (left, right) == pytest.approx(projected_edges(theta), abs=2e-6), t
            checked += 1
    assert checked == len(front) - 1
    # Edge-on at 0.3 s: the front is the line x = 195; at the end the back lies flat.
    mid = next(s for t, s in front if abs(t - 0.3) < 1e-9)
    assert {round(p[0], 9) for p in mid["quad"]} == {195}
    assert bounds(back[-1][1]["quad"]) == pytest.approx((45, 322, 345, 522), abs=1e-9)


# ── The shared-element zoom ─────────────────────────────────────────────────────────────
def test_one_spring_drives_every_edge_and_overshoots_by_the_damping_ratios_figure():
    tl = timeline(example("shared-element-zoom"))
    snapshot = layer_states(tl, "snapshot")
    start, end = (16, 300, 128, 412), (0, 100, 390, 490)
    progress = []
    for t, s in snapshot[:-1]:          # the last frame: hidden by the completion
        box = bounds(s["quad"])
        p = [(v - a) / (b - a) for v, a, b in zip(box, start, end)]
        assert max(p) - min(p) < 2e-7, (t, p)      # the quads are written to 6 decimals
        progress.append(p[0])
    zeta = 0.85
    overshoot = math.exp(-zeta * math.pi / math.sqrt(1 - zeta * zeta))
    assert overshoot == pytest.approx(0.0063, abs=5e-5)
    # Sampled at 240 fps the peak is within a hair of the oscillator's.
    assert max(progress) - 1 == pytest.approx(overshoot, rel=0.02)
    last = snapshot[-1][1]
    assert not last["visible"] and bounds(last["quad"]) == pytest.approx(end, abs=1e-9)
    assert layer_states(tl, "detail")[-1][1]["opacity"] == 1
    assert not layer_states(tl, "grid")[-1][1]["visible"], "completeTransition(true) removes the grid"
