"""The Lottie export, rendered with rlottie, draws each layer inside its quad."""
import copy
import json

import pytest

from conftest import FPS, frames, render, sample_indices, spec_cases

np = pytest.importorskip("numpy")
rlottie = pytest.importorskip("rlottie_python")

# What the Lottie files may use; docs/FORMATS.md lists the same.
LAYER_TYPES = {4}
SHAPE_TYPES = {"gr", "sh", "fl", "gf", "st", "tr"}
ANIMATED = {"ks.o", "sh.ks", "fl.c", "fl.o", "gf.s", "gf.e", "st.c", "st.o", "st.w", "mask.pt", "ef.v"}
TOP_KEYS = {"v", "fr", "ip", "op", "w", "h", "nm", "ddd", "assets", "layers"}
LAYER_KEYS = {"ddd", "ind", "ty", "nm", "sr", "ks", "ao", "shapes", "ip", "op", "st", "bm",
              "hasMask", "masksProperties", "ef"}
EFFECT_TYPES = {25}


def features(doc):
    """(layer types, shape types, animated properties, layer keys) used by a Lottie document."""
    layer_types, shape_types, animated, layer_keys = set(), set(), set(), set()

    def walk_shapes(items):
        for item in items:
            shape_types.add(item["ty"])
            for key, value in item.items():
                if isinstance(value, dict) and value.get("a") == 1:
                    animated.add(f"{item['ty']}.{key}")
            if item["ty"] == "gr":
                walk_shapes(item["it"])

    for layer in doc["layers"]:
        layer_types.add(layer["ty"])
        layer_keys |= set(layer)
        for mask in layer.get("masksProperties", []):
            if mask["pt"].get("a") == 1:
                animated.add("mask.pt")
        for effect in layer.get("ef", []):
            assert effect["ty"] in EFFECT_TYPES, effect["ty"]
            for value in effect["ef"]:
                if value["v"].get("a") == 1:
                    animated.add("ef.v")
        for key, value in layer["ks"].items():
            if value.get("a") == 1:
                animated.add(f"ks.{key}")
        walk_shapes(layer.get("shapes", []))
    return layer_types, shape_types, animated, layer_keys


def distance_to_quad(xs, ys, quad):
    """Distance of points to a convex quad (0 inside), vectorised."""
    q = np.asarray(quad, dtype=float)
    area2 = sum(q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1] for i in range(4))
    sign = 1.0 if area2 >= 0 else -1.0
    inside = np.ones_like(xs, dtype=bool)
    dist = np.full(xs.shape, np.inf)
    for i in range(4):
        a, b = q[i], q[(i + 1) % 4]
        ex, ey = b - a
        length2 = ex * ex + ey * ey
        if length2 > 1e-12:
            cross = (ex * (ys - a[1]) - ey * (xs - a[0])) * sign
            inside &= cross >= 0
            t = np.clip(((xs - a[0]) * ex + (ys - a[1]) * ey) / length2, 0, 1)
        else:
            t = np.zeros_like(xs)
        px, py = a[0] + t * ex, a[1] + t * ey
        dist = np.minimum(dist, np.hypot(xs - px, ys - py))
    if abs(area2) < 1e-9:
        return dist
    return np.where(inside, 0.0, dist)


def distance_to_polygon(xs, ys, polygon):
    """Distance of points to a convex polygon (0 inside), vectorised."""
    p = np.asarray(polygon, dtype=float)
    if len(p) < 3:
        return np.full(xs.shape, np.inf)
    area2 = sum(p[i][0] * p[(i + 1) % len(p)][1] - p[(i + 1) % len(p)][0] * p[i][1] for i in range(len(p)))
    sign = 1.0 if area2 >= 0 else -1.0
    inside = np.ones_like(xs, dtype=bool)
    dist = np.full(xs.shape, np.inf)
    for i in range(len(p)):
        a, b = p[i], p[(i + 1) % len(p)]
        ex, ey = b - a
        length2 = ex * ex + ey * ey
        if length2 <= 1e-12:
            continue
        inside &= (ex * (ys - a[1]) - ey * (xs - a[0])) * sign >= -1e-9
        t = np.clip(((xs - a[0]) * ex + (ys - a[1]) * ey) / length2, 0, 1)
        dist = np.minimum(dist, np.hypot(xs - (a[0] + t * ex), ys - (a[1] + t * ey)))
    return np.where(inside, 0.0, dist)


def render_alpha(doc, frame):
    anim = rlottie.LottieAnimation.from_data(json.dumps(doc))
    image = anim.render_pillow_frame(frame_num=frame)
    # rlottie's buffer is premultiplied; the alpha channel is coverage × opacity either way.
    return np.asarray(image, dtype=np.uint8)[:, :, 3].astype(float) / 255.0


def rescaled(doc, factor):
    """The same animation at `factor` × its frame rate: every key time, in and out point
    scaled, so rlottie's whole frames fall between the timeline's."""
    doc = copy.deepcopy(doc)
    doc["fr"] *= factor
    doc["ip"] *= factor
    doc["op"] *= factor

    def walk(v):
        if isinstance(v, dict):
            if "k" in v and isinstance(v["k"], list) and v["k"] and isinstance(v["k"][0], dict) and "t" in v["k"][0]:
                for key in v["k"]:
                    key["t"] *= factor
            for key in ("ip", "op", "st"):
                if key in v and isinstance(v[key], (int, float)):
                    v[key] *= factor
            for child in v.values():
                walk(child)
        elif isinstance(v, list):
            for child in v:
                walk(child)
    walk(doc["layers"])
    return doc


@pytest.mark.parametrize("spec", spec_cases())
def test_lottie_layers_sit_on_their_quads(spec):
    doc = json.loads(render(spec, "lottie"))
    timeline = frames(spec)
    assert doc["fr"] == FPS and doc["ip"] == 0 and doc["w"] == timeline["container"]["width"]
    assert set(doc) == TOP_KEYS
    layer_types, shape_types, animated, layer_keys = features(doc)
    assert layer_types <= LAYER_TYPES and shape_types <= SHAPE_TYPES and animated <= ANIMATED
    assert layer_keys <= LAYER_KEYS
    assert all(layer["ddd"] == 0 for layer in doc["layers"]) and doc["ddd"] == 0

    by_name = {layer["nm"]: layer for layer in doc["layers"]}
    specs = {layer["id"]: layer for layer in timeline["layers"]}
    height, width = int(doc["h"]), int(doc["w"])
    ys, xs = np.mgrid[0:height, 0:width]
    xs, ys = xs + 0.5, ys + 0.5
    worst_outside, checked, worst_opacity = 0.0, 0, [0.0]
    for k in sample_indices(len(timeline["frames"])):
        frame = timeline["frames"][k]
        if abs(frame["t"] * FPS - round(frame["t"] * FPS)) > 1e-6:
            # rlottie draws whole frames only: a run that ends between two (heroPush's
            # 0.35 s is frame 10.5 at 30 fps) has its end state, a hold key at 10.5, on
            # no frame rlottie can draw. The frames on the grid are checked.
            continue
        lottie_frame = min(round(frame["t"] * FPS), int(doc["op"]))
        for state in frame["layers"]:
            # One layer on its own (render_alpha only serialises it: no copy of the rest).
            solo = {key: value for key, value in doc.items() if key != "layers"}
            solo["layers"] = [by_name[state["id"]]]
            alpha = render_alpha(solo, lottie_frame)
            painted = alpha > 0.02
            expected = state["opacity"] if state["visible"] else 0.0
            if expected < 0.02:
                assert not painted.any() or alpha.max() <= expected + 0.02, (frame["t"], state["id"])
                continue
            if not painted.any():
                continue  # a layer with no fill draws nothing
            d = distance_to_quad(xs[painted], ys[painted], state["quad"])
            worst_outside = max(worst_outside, float(d.max()))
            assert d.max() <= 1.0, (frame["t"], state["id"], float(d.max()), state["quad"])
            if "clip" in state:
                # An ancestor's clip: nothing painted outside its polygon.
                assert distance_to_polygon(xs[painted], ys[painted], state["clip"]).max() <= 1.0, (frame["t"], state["id"])
                continue
            # A layer that paints its whole bounds covers the quad's inside (1 px in from the edge).
            layer = specs[state["id"]]
            if layer.get("fill") and layer.get("cornerRadius", 0) == 0 and state["cornerRadius"] == 0:
                interior = distance_to_quad(xs, ys, state["quad"]) == 0
                inner = interior.copy()
                # erode by 1 px: drop pixels within 1 px of an edge (distance to the boundary).
                q = state["quad"]
                edge = np.full(xs.shape, np.inf)
                for i in range(4):
                    seg = [q[i], q[(i + 1) % 4], q[(i + 1) % 4], q[i]]
                    edge = np.minimum(edge, distance_to_quad(xs, ys, seg))
                inner &= edge > 1.0
                if inner.sum() > 20:
                    covered = (alpha[inner] > 0.02).mean()
                    assert covered >= 0.99, (frame["t"], state["id"], covered)
                    # Opaque fill: the layer's alpha is its opacity. rlottie rounds layer and fill
                    # opacity to 8 bits separately (an opaque layer reads 254/255), so 0.02.
                    if len(layer["fill"]) == 7:
                        median = float(np.median(alpha[inner]))
                        worst_opacity[0] = max(worst_opacity[0], abs(median - expected))
                        assert abs(median - expected) <= 0.02, (frame["t"], state["id"], median, expected)
            checked += 1
    assert checked > 0
    print(f"{spec.name}: {checked} layer frames, worst painted pixel {worst_outside:.3f} px outside its quad, "
          f"worst opacity {worst_opacity[0]:.4f}")
