"""The animated SVG, seeked in headless Chromium, shows every layer on its quad."""
import xml.dom.minidom

import pytest

from conftest import FPS, frames, render, sample_indices, set_viewport, spec_cases

READ_LAYERS = """
const [t] = arguments;
const svg = document.documentElement;
svg.pauseAnimations();
svg.setCurrentTime(t);
const out = {};
for (const el of document.querySelectorAll('[data-quad]')) {
  let pts;
  if (el.tagName === 'polygon') {
    const m = el.getScreenCTM();
    pts = Array.from(el.animatedPoints).map(p => [m.a*p.x + m.c*p.y + m.e, m.b*p.x + m.d*p.y + m.f]);
  } else {
    const m = el.getScreenCTM();
    const w = el.width.animVal.value, h = el.height.animVal.value;
    pts = [[0,0],[w,0],[w,h],[0,h]].map(([x,y]) => [m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f]);
  }
  const g = el.closest('[data-layer]');
  const style = getComputedStyle(g);
  out[g.getAttribute('data-layer')] = {quad: pts, opacity: parseFloat(style.opacity), visible: style.visibility !== 'hidden'};
}
return out;
"""


@pytest.mark.parametrize("spec", spec_cases())
def test_svg_matches_frames(spec, browser, tmp_path):
    svg = render(spec, "svg")
    xml.dom.minidom.parseString(svg)  # well-formed
    timeline = frames(spec)
    path = tmp_path / "anim.svg"
    path.write_bytes(svg)
    set_viewport(browser, timeline["container"]["width"], timeline["container"]["height"])
    browser.get(path.as_uri())
    worst_pt, worst_opacity = 0.0, 0.0
    for k in sample_indices(len(timeline["frames"])):
        frame = timeline["frames"][k]
        seen = browser.execute_script(READ_LAYERS, frame["t"])
        for layer in frame["layers"]:
            got = seen[layer["id"]]
            assert got["visible"] == layer["visible"], (frame["t"], layer["id"])
            if not layer["visible"]:
                continue
            assert abs(got["opacity"] - layer["opacity"]) <= 0.01, (frame["t"], layer["id"], got["opacity"], layer["opacity"])
            worst_opacity = max(worst_opacity, abs(got["opacity"] - layer["opacity"]))
            for (gx, gy), (ex, ey) in zip(got["quad"], layer["quad"]):
                err = max(abs(gx - ex), abs(gy - ey))
                worst_pt = max(worst_pt, err)
                assert err <= 0.5, (frame["t"], layer["id"], got["quad"], layer["quad"])
    print(f"{spec.name}: max corner error {worst_pt:.4f} pt, max opacity error {worst_opacity:.4f}")


@pytest.mark.parametrize("spec", spec_cases())
def test_svg_loop_and_freeze(spec):
    once = render(spec, "svg").decode()
    looped = render(spec, "svg", "--loop").decode()
    if "<animate" in once:
        assert 'repeatCount="indefinite"' not in once and 'fill="freeze"' in once
        assert 'repeatCount="indefinite"' in looped and 'fill="freeze"' not in looped
    assert "<script" not in once
