"""SwiftUI's spring forms in the spec (docs/TIMING.md, "SwiftUI's spring forms"): each is the
duration/bounce spring Apple's documentation gives it, so its timeline is that spring's frame
for frame, and the Swift export writes iOS 17's `UIView.animate(springDuration:bounce:)`."""
import json
import subprocess

import pytest

from conftest import CLI, run_cli


def doc(timing, block_duration=None):
    block = {"timing": timing, "changes": {"to": {"position": [300, 50], "alpha": 0.2}}}
    if block_duration is not None:
        block["duration"] = block_duration
    return {"layers": [{"id": "to", "frame": [0, 0, 100, 100]}], "animations": [block]}


def frames(spec, tmp_path, name):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(spec))
    return json.loads(run_cli("render", path, "--format", "json", "--frames", "--fps", "120"))


SAME = [
    ({"spring": {"response": 0.4, "dampingFraction": 0.7}}, {"spring": {"duration": 0.4, "bounce": 0.3}}),
    ({"spring": {"response": 0.6, "dampingRatio": 2}}, {"spring": {"duration": 0.6, "bounce": -0.5}}),
    ({"spring": {"response": 0.5}}, {"spring": {"duration": 0.5, "bounce": 0.175}}),
    ("smooth", {"spring": {"duration": 0.5, "bounce": 0}}),
    ("snappy", {"spring": {"duration": 0.5, "bounce": 0.15}}),
    ("bouncy", {"spring": {"duration": 0.5, "bounce": 0.3}}),
    ({"bouncy": {"duration": 0.8, "extraBounce": -0.1}}, {"spring": {"duration": 0.8, "bounce": 0.2}}),
]


@pytest.mark.parametrize("swiftui, perceptual", SAME, ids=[json.dumps(s[0]) for s in SAME])
def test_each_form_is_its_duration_bounce_spring_frame_for_frame(swiftui, perceptual, tmp_path):
    for block_duration in (None, 0.7):
        a = frames(doc(swiftui, block_duration), tmp_path, "a")
        b = frames(doc(perceptual, block_duration), tmp_path, "b")
        assert a["duration"] == b["duration"]
        assert len(a["frames"]) == len(b["frames"]) > 10
        for fa, fb in zip(a["frames"], b["frames"]):
            for la, lb in zip(fa["layers"], fb["layers"]):
                assert abs(la["opacity"] - lb["opacity"]) < 1e-9
                assert max(abs(p - q) for pa, pb in zip(la["quad"], lb["quad"]) for p, q in zip(pa, pb)) < 1e-9


def test_the_export_writes_the_ios17_spring(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc({"spring": {"response": 0.4, "dampingFraction": 0.7}})))
    source = run_cli("render", path, "--format", "swift").decode()
    assert "UIView.animate(springDuration: 0.4, bounce: 0.3, initialSpringVelocity: 0" in source
    path.write_text(json.dumps(doc("snappy")))
    assert "UIView.animate(springDuration: 0.5, bounce: 0.15," in run_cli("render", path, "--format", "swift").decode()


def test_bad_values_are_problems_at_their_pointers(tmp_path):
    spec = {"layers": [{"id": "to", "frame": [0, 0, 100, 100]}], "animations": [
        {"timing": {"spring": {"response": 0, "dampingFraction": 0.001}}, "changes": {"to": {"alpha": 0}}},
        {"timing": {"bouncy": {"extraBounce": 0.8}}, "changes": {"to": {"alpha": 0}}},
        {"timing": {"spring": {"response": 0.5, "dampingFraction": 0.5, "dampingRatio": 0.5}},
         "changes": {"to": {"alpha": 0}}},
        {"timing": {"smooth": {"blendDuration": 1}}, "changes": {"to": {"alpha": 0}}}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(spec))
    proc = subprocess.run([str(CLI), "render", str(path)], capture_output=True, text=True)
    assert proc.returncode == 65
    for pointer in ["/animations/0/timing/spring/response", "/animations/0/timing/spring/dampingFraction",
                    "/animations/1/timing/bouncy/extraBounce", "/animations/2/timing/spring/dampingRatio",
                    "/animations/3/timing/smooth/blendDuration"]:
        assert pointer in proc.stderr, (pointer, proc.stderr)
