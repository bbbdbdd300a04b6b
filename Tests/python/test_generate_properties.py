"""The property table's generator (scripts/generate_properties.py, docs/ARCHITECTURE.md,
"Adding an animatable property"): the checked-in files are what the table gives; a row added
to the table reaches every generated list and `--check` names the files it leaves stale; a
row that lacks what its group needs is refused with the property's name."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "generate_properties.py"
TABLE = Path("Sources/AnimaticCore/Spec/PropertyTable.toml")
GENERATED = [
    "Sources/AnimaticCore/Spec/AnimatableProperty+Generated.swift",
    "Sources/AnimaticCore/Spec/DecorationSpecs+Generated.swift",
    "Sources/AnimaticCore/Engine/LayerTracks+Generated.swift",
    "Sources/AnimaticCore/Engine/CompiledLayer+Values+Generated.swift",
    "Sources/AnimaticCore/Engine/LayerState+Generated.swift",
    "Sources/AnimaticRender/JSON/TimelineJSONEncoder+Decorations+Generated.swift",
]

BORDER_OPACITY = """
[[property]]
name = "borderOpacity"
kind = "number"
group = "decoration"
clamp = "nonNegative"
spec_range = ".unit"
decoration = "border"
member = "opacity"
default = "1"
"""


def generate(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def copy_tree(tmp_path):
    for path in [str(TABLE)] + GENERATED:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, tmp_path / path)
    return tmp_path


def with_row(tmp_path, row, before='[[decoration]]\nname = "shadow"'):
    table = (tmp_path / TABLE).read_text(encoding="utf-8")
    assert before in table
    (tmp_path / TABLE).write_text(table.replace(before, row.strip() + "\n\n" + before, 1), encoding="utf-8")


def test_the_checked_in_files_are_the_tables():
    run = generate("--check")
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_new_decoration_reaches_every_list_and_check_names_the_stale_files(tmp_path):
    root = copy_tree(tmp_path)
    with_row(root, BORDER_OPACITY)
    stale = generate("--check", "--root", str(root))
    assert stale.returncode == 1
    # The row changes every generated file but the state's writers (a decoration's struct is
    # written there whole).
    assert [p for p in GENERATED if p in stale.stderr] == [p for p in GENERATED if "LayerState" not in p]
    assert generate("--root", str(root)).returncode == 0
    text = {p: (root / p).read_text(encoding="utf-8") for p in GENERATED}
    enum, specs, tracks, values, _, json = (text[p] for p in GENERATED)
    assert "borderWidth, borderColor, borderOpacity\n" in enum
    assert "case .borderOpacity:\n            return D(kind: .number, group: .decoration, clamp: .nonNegative" in enum
    assert "public var opacity: Double" in specs.split("public struct BorderSpec")[1]
    assert "public init(width: Double = 0, color: Color = .black, opacity: Double = 1)" in specs
    assert 'if let m = json["opacity"] { s.opacity = number(m, at: at("opacity"), range: .unit) ?? s.opacity }' in (
        specs.split("mutating func border")[1])
    assert '("opacity", .number(s.opacity))' in specs.split("static func border")[1]
    for line in ["var borderOpacity: Track<Double>", "borderOpacity = Track(initial: spec.border.opacity)",
                 "case .borderOpacity: return visitor.visit(borderOpacity)",
                 "case .borderOpacity: borderOpacity.append(.init(segment))",
                 "v.border.opacity = max(v.border.opacity, 0)",
                 "if borderOpacity.isAnimated { v.border.opacity = max(borderOpacity.value(at: t), 0) }"]:
        assert tracks.count(line) == 1, line
    assert "case .borderOpacity: border.opacity = max(Self.typed(value), 0)" in values
    assert 'w.raw(","); w.key("opacity"); w.number(border.opacity); w.raw("}")' in json
    assert generate("--check", "--root", str(root)).returncode == 0


def test_a_layer_field_without_its_initial_value_is_refused(tmp_path):
    root = copy_tree(tmp_path)
    with_row(root, """
[[property]]
name = "blur"
kind = "number"
group = "appearance"
clamp = "none"
spec_range = ".nonNegative"
state = "blur = v.blur"
""")
    run = generate("--root", str(root))
    assert run.returncode == 1 and "blur: a layer field has `initial` and `state`" in run.stderr
    assert (root / GENERATED[0]).read_text(encoding="utf-8") == (ROOT / GENERATED[0]).read_text(encoding="utf-8")
