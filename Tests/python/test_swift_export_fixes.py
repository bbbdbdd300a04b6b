"""The export does what the source does (issue 28, docs/EXPORT.md "What the export fixed"):
each test here fails on the export as it was before the fix. The behaviour on a device is
checked by running the exports (test_swift_export_runs.py); these check the spec forms the
fixes rest on and the code they write."""
import json
import subprocess

from conftest import CLI, run_cli


def export(doc, tmp_path, name="doc"):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc))
    return run_cli("render", path, "--format", "swift").decode()


def timeline(doc, tmp_path, name="doc"):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc))
    return json.loads(run_cli("render", path, "--format", "json"))


def problems(doc, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    proc = subprocess.run([str(CLI), "render", str(path), "--format", "json"], capture_output=True, text=True)
    assert proc.returncode == 65, proc.stdout[:400]
    return proc.stderr


def swipe(percent, rule):
    return {
        "layers": [{"id": "from", "frame": [0, 0, 390, 844]}, {"id": "to", "frame": [390, 0, 390, 844]}],
        "animations": [{"duration": 1, "timing": "linear", "changes": {"to": {"frame": [0, 0, 390, 844]}}}],
        "interaction": {"progress": [[0, 0], [0.5, percent]], "release": {"threshold": 0.5},
                        "completionSpeed": rule},
    }


def test_completion_speed_one_minus_percent_is_taken_at_each_release(tmp_path):
    # VCTransitionsLibrary: completionSpeed = 1 − percentComplete at the release, so a
    # finish always takes the whole duration: (1 − p) × 1 s / (1 − p).
    for percent in [0.6, 0.8]:
        run = timeline(swipe(percent, "1 - percentComplete"), tmp_path, f"swipe{percent}")
        assert abs(run["duration"] - (0.5 + 1)) < 1e-9, (percent, run["duration"])
    # A fixed number is a fixed speed: (1 − 0.8) / 0.4 = 0.5 s after the release.
    fixed = timeline(swipe(0.8, 0.4), tmp_path, "fixed")
    assert abs(fixed["duration"] - (0.5 + 0.5)) < 1e-9


def test_completion_speed_rule_is_what_the_fold_interaction_exports(tmp_path):
    source = export({"preset": "fold", "params": {"interactive": True}}, tmp_path)
    assert "completionSpeed = 1 - percentComplete" in source
    # The speed of the one sample release (0.4 for the fold's default) is not written.
    assert "completionSpeed = 0.4" not in source
    spec = json.loads(run_cli("presets", "fold", "--spec"))
    assert "interaction" not in spec  # interactive only on request
    expanded = timeline({"preset": "fold", "params": {"interactive": True}}, tmp_path, "fold")
    assert expanded["duration"] > 1


def test_a_bad_completion_speed_word_is_refused_at_its_pointer(tmp_path):
    err = problems(swipe(0.6, "1 - percent"), tmp_path)
    assert "/interaction/completionSpeed" in err and "1 - percentComplete" in err


def test_zoom_leaves_the_apps_views_where_the_app_shows_them(tmp_path):
    source = export({"preset": "zoom"}, tmp_path)
    for view in ["thumbnail", "toImage", "tabBar"]:
        assert f"addSubview({view})" not in source, view
        assert f"{view}.frame =" not in source, view
    # The transition image view is the animator's own (002 makes it), added and placed.
    assert "containerView.addSubview(transitionImage)" in source
    assert "thumbnail.isHidden = true" in source and "tabBar.alpha = 0" in source
    spec = json.loads(run_cli("presets", "zoom", "--spec"))
    assert spec["views"]["appViews"] == ["thumbnail", "toImage", "tabBar"]


def test_app_views_are_checked_with_their_pointers(tmp_path):
    doc = {"layers": [{"id": "from", "frame": [0, 0, 390, 844]}, {"id": "to", "frame": [0, 0, 390, 844]},
                      {"id": "bar", "frame": [0, 761, 390, 83]}],
           "views": {"from": "from", "to": "to", "appViews": ["bar", "nope", "to", "bar"]}}
    err = problems(doc, tmp_path)
    assert "/views/appViews/1" in err and "unknown layer" in err
    assert "/views/appViews/2" in err and "to-view" in err
    assert "/views/appViews/3" in err and "twice" in err
    doc["views"]["appViews"] = "bar"
    assert "/views/appViews" in problems(doc, tmp_path)


def test_cube_puts_the_anchors_back_at_the_centre(tmp_path):
    source = export({"preset": "cube"}, tmp_path)
    finish = source[source.index("func finish()"):source.index("transitionContext.completeTransition(!")]
    for view in ["fromView", "toView"]:
        assert f"{view}.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)" in finish, view
        assert f"{view}.frame = {view}Frame" in finish, view


def test_flip_takes_the_presenter_from_its_view_controller_when_view_for_key_is_nil(tmp_path):
    source = export({"preset": "flip"}, tmp_path)
    assert "let fromViewInContainer = transitionContext.view(forKey: .from)" in source
    assert ("guard let fromView = fromViewInContainer ?? transitionContext.viewController(forKey: .from)?.view,"
            in source)
    assert "if fromViewInContainer != nil {" in source
