"""The Swift export runs (docs/EXPORT.md, "The export runs"): every preset's export, as the
CLI writes it at the preset's defaults, is compiled with the recording UIKit of
Tests/UIKitRecorder and run on Linux in a 390 × 844, a 320 × 568 (iPhone SE) and a
1024 × 1366 (iPad) container. What the animator did — its views' frames, transforms and
alpha, its calls' durations, curves, springs and keyframes — is written as a spec, which the
engine compiles; every frame of that timeline equals the preset's timeline at the same size
(quads within 1e-6 pt, opacity within 1e-9, visibility).

One swiftc run builds every preset's file into one executable (each in its own enum), which
keeps `make test` at one compile (about a minute on the shared machine) instead of one per
preset."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import CLI, ROOT, run_cli

RECORDER = ROOT / "Tests" / "UIKitRecorder"
SHARED = ROOT / "Tests" / "UIKitShared"  # CATransform3D, shared with the type-check's stub
SWIFTC = shutil.which("swiftc")
SIZES = [(390, 844), (320, 568), (1024, 1366)]
FPS = 60


def presets():
    return [p["name"] for p in json.loads(run_cli("presets", "--json"))]


def default_spec(name):
    return json.loads(run_cli("presets", name, "--spec"))


def frames(doc, tmp_path, tag):
    path = tmp_path / f"{tag}.json"
    path.write_text(json.dumps(doc))
    return json.loads(run_cli("render", path, "--format", "json", "--frames", "--fps", str(FPS)))


def roles(spec):
    """Each layer's role in the export: 'context', 'snapshot', 'gradient' or 'provided'."""
    views = spec.get("views") or {}
    context = {views.get("from", "from"), views.get("to", "to")}
    out = {}
    for layer in spec["layers"]:
        content = layer.get("content") or {}
        if layer["id"] in context:
            out[layer["id"]] = "context"
        elif "of" in content:
            out[layer["id"]] = "snapshot"
        elif "gradient" in layer:
            out[layer["id"]] = "gradient"
        else:
            out[layer["id"]] = "provided"
    return out


def swift_number(x):
    return repr(float(x))


def body(source):
    """The file's declarations, for an enum namespace (as test_swift_export does)."""
    text = "\n".join(line for line in source.splitlines() if line.strip() != "import UIKit")
    text = text.replace("@objc ", "")
    return re.sub(r"^(private )?func ", r"\1static func ", text, flags=re.M)


def presenter(spec):
    """The presenter's role ('from' of a present, 'to' of a dismiss), or None."""
    return {"present": "from", "dismiss": "to"}.get((spec.get("views") or {}).get("operation"))


def harness_case(k, namespace, source, spec, at_size, size, not_full_screen=False):
    """Swift that plays the app around the animator of `source` in a container of `size`:
    the window, the container, the context's views, the app's views (`views.appViews`) where
    the app shows them, at the frames the preset gives them at that size; then runs it and
    prints the recorded spec, and what the transition left behind. `not_full_screen`: the
    presentation keeps the presenter on screen, so `view(forKey:)` gives nil for it."""
    width, height = size
    views = spec.get("views") or {}
    from_id, to_id = views.get("from", "from"), views.get("to", "to")
    stays = None
    if views and views.get("shouldRemovePresentersView", True) is False or not_full_screen:
        stays = presenter(spec)
    app_views = set(views.get("appViews", []))
    typename = re.search(r"^final class (\w+)Animator", source, re.M).group(1)
    init = re.search(r"^    init\((.*)\) \{", source, re.M)
    labels = [part.split(":")[0].strip() for part in init.group(1).split(",")] if init else []
    role = roles(spec)
    provided = [layer for layer in spec["layers"] if role[layer["id"]] == "provided"]
    assert len(provided) == len(labels), (labels, [p["id"] for p in provided])
    sized = {layer["id"]: layer for layer in at_size["layers"]}
    variable = {from_id: "from", to_id: "to"}
    lines = [
        f"func run{k}() {{",
        "    Recorder.reset()",
        f"    let bounds = CGRect(x: 0, y: 0, width: {swift_number(width)}, height: {swift_number(height)})",
        '    let window = UIView(id: "window", frame: bounds)',
        '    let container = UIView(id: "container", frame: bounds)',
        "    window.addSubview(container)",
        "    Recorder.shared.window = window",
        "    Recorder.shared.container = container",
        f"    let from = UIView(id: {json.dumps(from_id)}, frame: bounds)",
        f"    let to = UIView(id: {json.dumps(to_id)}, frame: bounds)",
    ]
    if stays and not_full_screen:
        # The presenter stays where the app shows it, below the presentation's container.
        lines.append(f"    window.insertSubview({stays}, belowSubview: container)")
    elif stays:
        # The presenter's view a presentation keeps on screen is already there, below.
        lines.append(f"    container.addSubview({stays})")
    args, placed = [], []
    for label, layer in zip(labels, provided):
        state = sized[layer["id"]]
        kind = "UIImageView" if "image" in (layer.get("content") or {}) else "UIView"
        x, y = state["position"]
        w, h = state["size"]
        ax, ay = layer.get("anchor", [0.5, 0.5])
        name = f"p_{label}"
        variable[layer["id"]] = name
        lines.append(
            f"    let {name} = {kind}(id: {json.dumps(layer['id'])}, frame: CGRect(x: {swift_number(x - ax * w)}, "
            f"y: {swift_number(y - ay * h)}, width: {swift_number(w)}, height: {swift_number(h)}))")
        if layer["id"] in app_views:
            parent = variable.get(layer.get("parent"), "window")
            lines.append(f"    {parent}.addSubview({name})")
            placed.append((name, parent))
        args.append(f"{label}: {name}")
    moved = " + ".join(f'({n}.superview === {p} ? [] : ["{n}"])' for n, p in placed) or "[String]()"
    lines += [
        f"    let animator = Case{namespace}.{typename}Animator({', '.join(args)})",
        f"    let context = RecordingTransitionContext(container: container, from: from, to: to, "
        f"presenterStays: {json.dumps(stays) if stays else 'nil'})",
        "    animator.animateTransition(using: context)",
        "    Recorder.shared.run()",
        f'    print("{k} " + Recorder.shared.spec())',
        "    let kept: [UIView] = [from, to] + [" + ", ".join(n for n, _ in placed) + "]",
        f'    let moved: [String] = {moved}',
        f'    print("{k} left " + Recorder.shared.report(completed: context.completed, kept: kept, moved: moved))',
        "}",
    ]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def recorder_module(tmp_path_factory):
    if SWIFTC is None:
        pytest.fail("swiftc is not on PATH; the Swift export cannot be run")
    out = tmp_path_factory.mktemp("uikit-recorder")
    subprocess.run([SWIFTC, "-parse-as-library", "-module-name", "UIKit", "-emit-module",
                    "-emit-module-path", str(out / "UIKit.swiftmodule"), "-emit-library", "-static",
                    "-o", str(out / "libUIKit.a"), str(RECORDER / "UIKit.swift"), str(RECORDER / "Recorder.swift"),
                    str(SHARED / "CATransform3D.swift")],
                   check=True, capture_output=True, timeout=600)
    return out


@pytest.fixture(scope="module")
def recorded(recorder_module, tmp_path_factory):
    """({(run label, size): (recorded spec, preset spec, preset document at the size, source)},
    tmp folder, {(run label, size): what the run left}) for every preset, its interruptible
    export where there is one (label `name+interruptible`), and every size."""
    tmp = tmp_path_factory.mktemp("export-runs")
    cases, parts, calls, namespaces = {}, ["import UIKit\n"], [], []
    for name in presets():
        spec = default_spec(name)
        doc = tmp / f"{name}.json"
        doc.write_text(json.dumps({"preset": name}))
        files = [(name, run_cli("render", doc, "--format", "swift").decode())]
        # The interruptible variant, where one property animator can play the preset.
        proc = subprocess.run([str(CLI), "render", str(doc), "--format", "swift", "--interruptible"],
                              capture_output=True, text=True)
        if proc.returncode == 0:
            files.append((name + "+interruptible", proc.stdout))
        sized_states = {}
        for size in SIZES:
            at_size_doc = {"preset": name, "params": {"width": size[0], "height": size[1]}}
            first = frames(at_size_doc, tmp, f"{name}-{size[0]}-initial")["frames"][0]["layers"]
            sized_states[size] = (at_size_doc, {"layers": [
                {"id": layer["id"], "position": layer["position"], "size": layer["size"]} for layer in first]})
        for label, source in files:
            namespace = len(namespaces)
            namespaces.append(label)
            parts.append(f"enum Case{namespace} {{\n{body(source)}\n}}\n")
            for size in SIZES:
                at_size_doc, sized = sized_states[size]
                variants = [False] + ([True] if size == SIZES[0] and presenter(spec) else [])
                for not_full_screen in variants:
                    run_id = len(calls)
                    parts.append(harness_case(run_id, namespace, source, spec, sized, size, not_full_screen))
                    calls.append(f"run{run_id}()")
                    cases[run_id] = (label, "not-full-screen" if not_full_screen else size, spec, at_size_doc, source)
    parts.append("@main struct Main {\n    static func main() {\n" + "".join(f"        {c}\n" for c in calls)
                 + "    }\n}\n")
    main = tmp / "Main.swift"
    main.write_text("\n".join(parts))
    exe = tmp / "runs"
    built = subprocess.run([SWIFTC, "-parse-as-library", "-swift-version", "5", "-I", str(recorder_module),
                            "-L", str(recorder_module), "-lUIKit", str(main), "-o", str(exe)],
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stderr[:6000]
    ran = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr[:4000]
    out, left = {}, {}
    for line in ran.stdout.splitlines():
        run_id, text = line.split(" ", 1)
        label, size, spec, at_size_doc, source = cases[int(run_id)]
        if text.startswith("left "):
            left[(label, size)] = json.loads(text[5:])
        else:
            out[(label, size)] = (json.loads(text), spec, at_size_doc, source)
    return out, tmp, left


_PRESET_FRAMES = {}


def compare(recorded_spec, spec, at_size_doc, tmp, tag):
    """Every frame of the recorded spec's timeline against the preset's: the problems."""
    doc = dict(recorded_spec)
    if "views" in spec:
        doc["views"] = spec["views"]
    mine = frames(doc, tmp, tag + "-recorded")
    key = json.dumps(at_size_doc, sort_keys=True)
    if key not in _PRESET_FRAMES:  # the plain and the interruptible file play the same preset
        _PRESET_FRAMES[key] = frames(at_size_doc, tmp, tag + "-preset")
    theirs = _PRESET_FRAMES[key]
    problems = []
    if abs(mine["duration"] - theirs["duration"]) > 1e-5:
        problems.append(f"duration {mine['duration']} vs {theirs['duration']}")
    if len(mine["frames"]) != len(theirs["frames"]):
        return problems + [f"{len(mine['frames'])} frames vs {len(theirs['frames'])}"]
    for a, b in zip(mine["frames"], theirs["frames"]):
        if len(a["layers"]) != len(b["layers"]):
            return problems + [f"t={b['t']}: {len(a['layers'])} layers vs {len(b['layers'])}"]
        for la, lb in zip(a["layers"], b["layers"]):
            if la["visible"] != lb["visible"]:
                problems.append(f"t={b['t']} {lb['id']}: visible {la['visible']} vs {lb['visible']}")
            elif lb["visible"]:
                if abs(la["opacity"] - lb["opacity"]) > 1e-9:
                    problems.append(f"t={b['t']} {lb['id']}: opacity {la['opacity']} vs {lb['opacity']}")
                gap = max(abs(p - q) for pa, pb in zip(la["quad"], lb["quad"]) for p, q in zip(pa, pb))
                if gap > 1e-6:
                    problems.append(f"t={b['t']} {lb['id']}: quad {la['quad']} vs {lb['quad']} ({gap:.3g} pt)")
        if len(problems) > 6:
            break
    return problems


def test_every_preset_export_takes_its_geometry_from_the_container(recorded):
    """No preset's export keeps one device's numbers: explode, whose number of pieces
    depends on the container, cuts them in loops (docs/EXPORT.md, "Geometry from the
    container"); it used to keep the 390 × 844 pieces."""
    runs, _, _ = recorded
    fixed = {name for (name, _), (_, _, _, source) in runs.items()
             if "Geometry is computed from the container" not in source}
    assert not fixed
    assert {"explode", "explode+interruptible"} <= {name for name, _ in runs}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_preset_export_records_the_preset_timeline(recorded, size):
    runs, tmp, _ = recorded
    failures = []
    checked = 0
    for (name, at), (recorded_spec, spec, at_size_doc, _) in sorted(runs.items(), key=str):
        if at != size:
            continue
        checked += 1
        problems = compare(recorded_spec, spec, at_size_doc, tmp, f"{name}-{at[0]}")
        if problems:
            failures.append(f"{name} at {at[0]} × {at[1]}: " + "; ".join(problems[:3]))
    assert not failures, "\n".join(failures)
    assert checked >= 25
    assert sum(1 for (name, at) in runs if at == size and name.endswith("+interruptible")) >= 15


def test_the_transition_hands_the_views_back_to_the_app_as_it_found_them(recorded):
    """Every run completes; the from-, to- and app views end with their anchor point at the
    centre (VCTransitionsLibrary's cube resets them: an export that left them off-centre
    failed here); the app's views (a tab bar, the reference image views of 002) stay where
    the app put them (an export that added them to the container failed here)."""
    _, _, left = recorded
    assert len(left) >= 3 * 25
    problems = []
    for (name, size), state in sorted(left.items(), key=str):
        if state["completed"] is not True:
            problems.append(f"{name} {size}: completeTransition({state['completed']})")
        if state["offCentre"]:
            problems.append(f"{name} {size}: anchor left off-centre on {state['offCentre']}")
        if state["moved"]:
            problems.append(f"{name} {size}: the app's views {state['moved']} were moved")
    assert not problems, "\n".join(problems)


def test_a_presentation_that_keeps_the_presenter_on_screen_still_animates(recorded):
    """`view(forKey:)` is nil for the presenter when the presentation is not full screen
    (UIKit's documentation of view(forKey:)); the flip export used to give up at once
    (completeTransition(false), nothing animated). Every presenting preset, run so, animates
    and completes."""
    _, _, left = recorded
    cases = {name: state for (name, size), state in left.items() if size == "not-full-screen"}
    assert {"flip", "popup"} <= set(cases)
    for name, state in cases.items():
        assert state["completed"] is True and state["animations"] > 0, (name, state)
