"""The JSON Schema of the spec language (docs/spec.schema.json) agrees with the decoder:
every example spec in the repository validates against it and is accepted by the CLI, and
specs the decoder refuses are refused by the schema too where the schema can tell."""
import json
import subprocess

import jsonschema
import pytest

from conftest import CLI as ANIMATIC, EXAMPLES, ROOT, preset_names

SCHEMA = json.loads((ROOT / "docs" / "spec.schema.json").read_text())


def validator():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def test_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_there_are_examples_to_check():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_validates_and_renders(path):
    spec = json.loads(path.read_text())
    errors = sorted(validator().iter_errors(spec), key=str)
    assert not errors, f"{path.name}: {errors[0].message} at {list(errors[0].absolute_path)}"
    out = subprocess.run([str(ANIMATIC), "render", str(path), "--frames", "--fps", "10"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    timeline = json.loads(out.stdout)
    assert timeline["duration"] > 0
    assert len(timeline["frames"]) == int(-(-round(timeline["duration"] * 10 * 1e6) // 1e6)) + 1


def test_preset_form_validates():
    assert not list(validator().iter_errors({"preset": "fold", "params": {"folds": 3}}))


BAD = [
    ({"layers": []}, "minItems"),
    ({"layers": [{"id": "a"}]}, "frame"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1]}], "animations": [{"duration": -1, "changes": {}}]}, "duration"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1], "fill": "grey"}]}, "fill"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1]}],
      "animations": [{"duration": 1, "timing": {"spring": {"dampingRatio": 1.5}}, "changes": {}}]}, "dampingRatio"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1]}], "duraton": 1}, "duraton"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1], "shadow": {"opacity": 2}}]}, "shadow opacity"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1], "border": {"width": -1}}]}, "border width"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1], "sublayerTransform": {"perspective": 0}}]}, "sublayerTransform"),
    ({"layers": [{"id": "a", "frame": [0, 0, 1, 1]}],
      "animations": [{"duration": 1, "changes": {"a": {"shadowRadius": -1}}}]}, "shadowRadius"),
]


@pytest.mark.parametrize("spec,what", BAD, ids=[w for _, w in BAD])
def test_schema_and_decoder_both_refuse(spec, what):
    assert list(validator().iter_errors(spec)), f"schema accepted a spec with a bad {what}"
    out = subprocess.run([str(ANIMATIC), "render", "-"], input=json.dumps(spec),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 65, out.stdout
    assert "/" in out.stderr and "problem" in out.stderr


def test_every_preset_is_listed():
    assert preset_names() == ["popup", "tabSlide", "containerSpring", "scaleFade", "zoom", "fold", "flip",
                 "cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn",
                 "heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
                 "heroPageOut", "heroFade", "heroZoom", "heroZoomOut", "slide", "fade"]


INTERACTIVE = {
    "tabSlide": {"interactive": True},
    "zoom": {"operation": "dismiss", "interactive": True},
    "fold": {"interactive": True},
    "flip": {"operation": "dismiss", "interactive": True},
    **{name: {"swipe": "horizontal"} for name in
       ["cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn"]},
    **{name: {"interactive": True} for name in
       ["heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
        "heroPageOut", "heroFade", "heroZoom", "heroZoomOut"]},
}


@pytest.mark.parametrize("name", ["popup", "tabSlide", "containerSpring", "scaleFade", "zoom", "fold", "flip",
                 "cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn",
                 "heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
                 "heroPageOut", "heroFade", "heroZoom", "heroZoomOut", "slide", "fade"])
def test_every_preset_expands_to_a_spec_the_schema_accepts(name):
    expanded = subprocess.run([str(ANIMATIC), "presets", name, "--spec"], capture_output=True, text=True, timeout=60)
    assert expanded.returncode == 0, expanded.stderr
    errors = list(validator().iter_errors(json.loads(expanded.stdout)))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"
    # The preset form renders, with its defaults and in its documented interactive run.
    for params in [{}] + ([INTERACTIVE[name]] if name in INTERACTIVE else []):
        document = json.dumps({"preset": name, "params": params})
        out = subprocess.run([str(ANIMATIC), "render", "-", "--frames", "--fps", "30"], input=document,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, f"{name} {params}: {out.stderr}"
        timeline = json.loads(out.stdout)
        assert timeline["frames"][-1]["t"] == timeline["duration"]
        if params.get("interactive"):
            assert [p["name"] for p in timeline["interaction"]["phases"]][0] == "interactive"
