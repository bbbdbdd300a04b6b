"""The Swift export (docs/EXPORT.md): every preset, preset variant and example spec exports,
parses, and type-checks against the UIKit API stub (Tests/UIKitStub) with `swiftc`."""
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT, run_cli, spec_cases

STUB = ROOT / "Tests" / "UIKitStub"
SHARED = ROOT / "Tests" / "UIKitShared"
SWIFTC = shutil.which("swiftc")
# Variants that reach the interaction controllers, dismissals and landscape frames.
VARIANTS = {
    "tabSlide-interactive": {"preset": "tabSlide", "params": {"interactive": True}},
    "tabSlide-cancelled": {"preset": "tabSlide", "params": {"interactive": True, "cancelled": True}},
    "tabSlide-gesture": {"preset": "tabSlide", "params": {"interactive": True,
                                                          "gesture": [[0, 350, 400], [0.1, 250, 401], [0.2, 120, 403]]}},
    "fold-interactive": {"preset": "fold", "params": {"interactive": True, "folds": 3}},
    "flip-dismiss": {"preset": "flip", "params": {"operation": "dismiss"}},
    "flip-interactive": {"preset": "flip", "params": {"operation": "dismiss", "interactive": True}},
    "zoom-dismiss-interactive": {"preset": "zoom", "params": {"operation": "dismiss", "interactive": True}},
    "popup-dismiss": {"preset": "popup", "params": {"operation": "dismiss", "orientation": "landscape"}},
}


SWIFT_SPECS = sorted((Path(__file__).resolve().parent / "swift").glob("*.json"))


def _all_cases():
    folder = Path(tempfile.mkdtemp(prefix="animatic-swift-variants-"))
    cases = [(p.values[0], p.id) for p in spec_cases()] + [(p, f"swift-{p.stem}") for p in SWIFT_SPECS]
    for name, doc in VARIANTS.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(doc))
        cases.append((path, f"variant-{name}"))
    return cases


@pytest.fixture(scope="module")
def exports():
    """{case id: Swift source} for every case, exported once through the CLI."""
    out = {case_id: run_cli("render", path, "--format", "swift").decode() for path, case_id in _all_cases()}
    # The interruptible variant (docs/EXPORT.md, "Interruptible"): blocks, a spring, keyframes.
    folder = Path(tempfile.mkdtemp(prefix="animatic-swift-interruptible-"))
    for name in INTERRUPTIBLE:
        path = folder / f"{name}.json"
        path.write_text(json.dumps({"preset": name}))
        out[f"interruptible-{name}"] = run_cli("render", path, "--format", "swift", "--interruptible").decode()
    return out


INTERRUPTIBLE = ["zoom", "flip", "tabSlide", "fold", "heroSlide", "cube"]


@pytest.fixture(scope="module")
def stub_modules(tmp_path_factory):
    """The stub modules, built once for the module: CoreGraphics, QuartzCore, UIKit."""
    if SWIFTC is None:
        pytest.fail("swiftc is not on PATH; the Swift export cannot be type-checked")
    mods = tmp_path_factory.mktemp("uikit-stub")
    for module in ["CoreGraphics", "QuartzCore", "UIKit"]:
        # QuartzCore's CATransform3D is the one the recording UIKit has (Tests/UIKitShared).
        shared = [str(SHARED / "CATransform3D.swift")] if module == "QuartzCore" else []
        subprocess.run([SWIFTC, "-emit-module", "-parse-as-library", "-module-name", module,
                        str(STUB / f"{module}.swift"), *shared, "-I", str(mods),
                        "-emit-module-path", str(mods / f"{module}.swiftmodule")],
                       check=True, capture_output=True, timeout=300)
    return mods


def typecheckable(source, namespace):
    """A file's declarations inside `enum namespace`, so many files type-check in one
    swiftc run; `@objc` removed (Linux has no Objective-C runtime, see
    shared research: swift-on-linux-uikit)."""
    body = "\n".join(line for line in source.splitlines() if line.strip() != "import UIKit")
    body = body.replace("@objc ", "")
    # A file-level function becomes a static member, which the nested types see unqualified.
    body = re.sub(r"^(private )?func ", r"\1static func ", body, flags=re.M)
    return f"enum {namespace} {{\n{body}\n}}\n"


def test_every_export_parses_and_typechecks_against_the_stub(exports, stub_modules, tmp_path):
    originals = []
    batch = ["import UIKit\n"]
    starts = []  # (first line of the file in the batch, case id)
    line = 2
    for k, (case_id, source) in enumerate(sorted(exports.items())):
        path = tmp_path / f"Export{k}.swift"
        path.write_text(source)
        originals.append(str(path))
        wrapped = typecheckable(source, f"Export{k}")
        starts.append((line, case_id))
        batch.append(wrapped)
        line += wrapped.count("\n")
    # The files as written (with @objc) must at least parse.
    parsed = subprocess.run([SWIFTC, "-parse", *originals], capture_output=True, text=True, timeout=300)
    assert parsed.returncode == 0, parsed.stderr[:4000]
    batch_path = tmp_path / "Batch.swift"
    batch_path.write_text("".join(batch))
    checked = subprocess.run([SWIFTC, "-typecheck", "-swift-version", "6", "-I", str(stub_modules), str(batch_path)],
                             capture_output=True, text=True, timeout=600)
    problems = []
    for m in re.finditer(r"Batch\.swift:(\d+):\d+: (error|warning): (.*)", checked.stderr):
        at = int(m.group(1))
        case_id = max((s for s in starts if s[0] <= at), default=(0, "?"))[1]
        problems.append(f"{case_id}: {m.group(2)}: {m.group(3)}")
    assert checked.returncode == 0 and not problems, "\n".join(problems[:40]) or checked.stderr[:4000]
    assert len(exports) >= 10


def test_each_export_names_its_types_and_completes_the_transition(exports):
    for case_id, source in exports.items():
        assert re.search(r"^final class \w+Animator: NSObject, UIViewControllerAnimatedTransitioning", source, re.M), case_id
        assert "func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval" in source
        assert "transitionContext.completeTransition(!transitionContext.transitionWasCancelled)" in source, case_id
    assert "final class FoldAnimator" in exports["preset-fold"]
    assert "final class FlipDismissAnimator" in exports["variant-flip-dismiss"]


def test_interactive_specs_get_their_interaction_controller(exports):
    tab = exports["variant-tabSlide-interactive"]
    assert "final class TabSlideInteractionController: UIPercentDrivenInteractiveTransition" in tab
    assert "completionSpeed = 0.5" in tab  # the document's TabInteractiveTransition
    assert "if percent > 0.5 { finish() } else { cancel() }" in tab
    pan = exports["variant-tabSlide-gesture"]
    assert "@objc func handlePan(_ gesture: UIPanGestureRecognizer)" in pan
    assert "let translation = gesture.translation(in: gesture.view).x" in pan
    zoom = exports["variant-zoom-dismiss-interactive"]
    assert "final class ZoomDismissInteractionController: NSObject, UIViewControllerInteractiveTransitioning" in zoom
    assert "transitionContext.updateInteractiveTransition(sample.percent)" in zoom


def test_numbers_read_as_the_spec_wrote_them(tmp_path):
    spec = {"name": "numbers", "layers": [{"id": "to", "frame": [0, 0, 390, 844], "alpha": 0}],
            "animations": [{"duration": 0.7, "delay": 0.1,
                            "timing": {"spring": {"dampingRatio": 0.75, "initialVelocity": 0.5}},
                            "changes": {"to": {"alpha": 0.3, "transform": [{"rotateY": -90}, {"scale": 0.9}]}}}]}
    path = tmp_path / "numbers.json"
    path.write_text(json.dumps(spec))
    source = run_cli("render", path, "--format", "swift").decode()
    assert "UIView.animate(withDuration: 0.7, delay: 0.1, usingSpringWithDamping: 0.75, initialSpringVelocity: 0.5" in source
    assert "toView.alpha = 0.3\n" in source
    # The spec's order: rotate made first, then scaled.
    assert "toView.layer.transform = CATransform3DScale(CATransform3DMakeRotation(-.pi / 2, 0, 1, 0), 0.9, 0.9, 1)" in source
    assert "return 0.8" in source  # transitionDuration: delay + duration


def test_what_swift_cannot_express_is_a_comment_and_a_warning_on_stderr(tmp_path):
    spec = {"layers": [{"id": "to", "frame": [0, 0, 100, 100]}],
            "animations": [{"duration": 1, "timing": {"steps": 4}, "changes": {"to": {"alpha": 0}}}]}
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(spec))
    proc = subprocess.run([str(ROOT / ".build" / "debug" / "animatic"), "render", str(path), "--format", "swift"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert "// NOT EXPRESSIBLE /animations/0/timing: steps(4) has no UIKit curve" in proc.stdout
    assert "not expressible in Swift: /animations/0/timing: steps(4)" in proc.stderr
    assert "options: [.curveLinear]" in proc.stdout  # written, not dropped


GOLDEN = ROOT / "Tests" / "golden" / "swift"
DOCUMENT_PRESETS = ["popup", "tabSlide", "containerSpring", "scaleFade", "zoom", "fold", "flip"]


@pytest.mark.parametrize("name", DOCUMENT_PRESETS)
def test_document_presets_match_their_reviewed_golden_files(exports, name):
    """The seven document presets, byte for byte as reviewed against the documents' own code
    (docs/EXPORT.md says what each resembles and where it differs)."""
    golden = (GOLDEN / f"{name}.swift.golden").read_text()
    assert exports[f"preset-{name}"] == golden, f"regenerate and review: animatic render <{name}> --format swift"


def test_api_format_swift_accept_and_warning_header(live_server):
    from conftest import curl
    spec = {"name": "steps demo", "layers": [{"id": "to", "frame": [0, 0, 100, 100]}],
            "animations": [{"duration": 1, "timing": {"steps": 4}, "changes": {"to": {"alpha": 0}}}]}
    data = json.dumps(spec).encode()
    for extra in (["-H", "Accept: text/x-swift"], []):
        path = "/v1/timeline" if extra else "/v1/timeline?format=swift"
        status, headers, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                                     *extra, live_server.url + path, data=data)
        assert status == 200 and headers["content-type"] == "text/x-swift"
        assert b"final class StepsDemoAnimator" in body
        assert headers["animatic-warning"].startswith("/animations/0/timing: steps(4) has no UIKit curve")
        assert "Animatic-Warning" in headers["access-control-expose-headers"]
    # A preset route: the types are named after the preset and its operation, no warning.
    status, headers, body = curl(live_server.url + "/v1/presets/flip/timeline?format=swift&operation=dismiss")
    assert status == 200 and b"final class FlipDismissAnimator" in body
    assert "animatic-warning" not in headers


def test_export_md_shows_what_the_command_writes_for_the_fold_example():
    doc = (ROOT / "docs" / "EXPORT.md").read_text()
    spec = (ROOT / "examples" / "fold-swift.json").read_text().rstrip()
    swift = run_cli("render", ROOT / "examples" / "fold-swift.json", "--format", "swift").decode().rstrip("\n")
    assert f"```json\n{spec}\n```" in doc
    assert f"```swift\n{swift}\n```" in doc


def test_every_construct_is_written_with_the_spec_numbers(exports):
    """Tests/python/swift/every-construct.json reaches every branch of the writer."""
    source = exports["swift-every-construct"]
    header = [line for line in source.splitlines() if line.startswith("// NOT EXPRESSIBLE ")]
    assert [h.split(":")[0] for h in header] == [
        "// NOT EXPRESSIBLE /animations/5/duration", "// NOT EXPRESSIBLE /animations/7/timing",
        "// NOT EXPRESSIBLE /animations/8/tension", "// NOT EXPRESSIBLE /animations/8",
        "// NOT EXPRESSIBLE /animations/10/timing"]
    expected = [
        # physical spring: CASpringAnimation with the spec's own mass, stiffness, damping, after its delay
        'let animation = CASpringAnimation(keyPath: "transform")', "animation.stiffness = 170", "animation.damping = 26",
        "let start3 = CACurrentMediaTime() + 0.3", "animation.fillMode = .backwards",
        # transform order as written: translate made first, then rotated about (1, 1, 0)
        "CATransform3DRotate(CATransform3DMakeTranslation(0, -40, 0), 10 * .pi / 180, 1, 1, 0)",
        # iOS 17 spring with its fallback
        "if #available(iOS 17, *) {", "UIView.animate(springDuration: 0.5, bounce: 0.2, initialSpringVelocity: 0, delay: 0.4",
        # a Bézier other than the named four
        "UIViewPropertyAnimator(duration: 0.5, controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.2, y: 1))",
        "animator2.startAnimation(afterDelay: 0.2)",
        # shadows and borders as CAAnimations with the block's curve (easeOut = 0, 0, 0.58, 1)
        "animation.timingFunction = CAMediaTimingFunction(controlPoints: 0, 0, 0.58, 1)",
        'let animation = CABasicAnimation(keyPath: "borderColor")',
        # keyframes: calculation mode and a curve option
        "options: [.calculationModeCubicPaced, UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)]",
        "options: [.calculationModeDiscrete, UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveEaseIn.rawValue)]",
        # the keyframe's hidden at 1.2 + 0.5 × 0.8 s (a linear block)
        "DispatchQueue.main.asyncAfter(deadline: .now() + 1.6)",
        # the tree: a sublayer added to its (gradient) parent, the parent's sublayerTransform matrix
        "panel.addSubview(shade1)", "m34: -0.002",
        # interaction: direction −1 over 300 pt, the release rules in order, a custom completion curve
        "let percent = min(max(-translation / 300, 0), 1)", "if velocity < 0 {", "if abs(velocity) > 1.5 {",
        "if percent > 0.4 { finish() } else { cancel() }", "completionSpeed = 0.8",
        "timingCurve = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.3, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1))",
    ]
    missing = [e for e in expected if e not in source]
    assert not missing, missing
