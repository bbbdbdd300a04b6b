"""The CSS export, seeked in headless Chromium, puts each element on its quad."""
import html
import re

import pytest

from conftest import FPS, frames, quad_bounds, render, sample_indices, set_viewport, spec_cases

LAYER_DIV = re.compile(r'<div class="(animatic-[^"]+)" data-layer="([^"]*)">')

READ_LAYERS = """
const [ms] = arguments;
for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; }
const out = {};
for (const el of document.querySelectorAll('[data-layer]')) {
  const style = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const m = new DOMMatrixReadOnly(style.transform === 'none' ? undefined : style.transform);
  const w = parseFloat(style.width), h = parseFloat(style.height);
  const corners = [[0,0],[w,0],[w,h],[0,h]].map(([x,y]) => {
    const p = m.transformPoint(new DOMPoint(x, y, 0, 1));
    return [p.x / p.w, p.y / p.w];
  });
  out[el.dataset.layer] = {box: [r.left, r.top, r.right, r.bottom], quad: corners,
                           opacity: parseFloat(style.opacity), visible: style.visibility !== 'hidden',
                           animations: el.getAnimations().length};
}
return out;
"""


def harness(css):
    """A page with the CSS and the HTML its usage comment asks for."""
    divs = "\n".join(f'<div class="{cls}" data-layer="{layer}"></div>' for cls, layer in LAYER_DIV.findall(css))
    return (f"<!doctype html><html><head><meta charset='utf-8'><style>html,body{{margin:0}}\n{css}</style></head>"
            f"<body><div class='animatic'>\n{divs}\n</div></body></html>")


@pytest.mark.parametrize("spec", spec_cases())
def test_css_puts_elements_on_their_quads(spec, browser, tmp_path):
    css = render(spec, "css").decode()
    assert "@keyframes" in css or "animation:" not in css
    timeline = frames(spec)
    page = tmp_path / "page.html"
    page.write_text(harness(css))
    set_viewport(browser, timeline["container"]["width"], timeline["container"]["height"])
    browser.get(page.as_uri())
    ids = {html.unescape(layer) for _, layer in LAYER_DIV.findall(css)}
    assert ids == {layer["id"] for layer in timeline["layers"]}
    worst_corner, worst_box, worst_opacity = 0.0, 0.0, 0.0
    for k in sample_indices(len(timeline["frames"])):
        frame = timeline["frames"][k]
        seen = browser.execute_script(READ_LAYERS, frame["t"] * 1000)
        for layer in frame["layers"]:
            got = seen[layer["id"]]
            assert got["visible"] == layer["visible"], (frame["t"], layer["id"])
            if not layer["visible"]:
                continue
            opacity_error = abs(got["opacity"] - layer["opacity"])
            worst_opacity = max(worst_opacity, opacity_error)
            assert opacity_error <= 0.01, (frame["t"], layer["id"], got["opacity"], layer["opacity"])
            for (gx, gy), (ex, ey) in zip(got["quad"], layer["quad"]):
                err = max(abs(gx - ex), abs(gy - ey))
                worst_corner = max(worst_corner, err)
                assert err <= 0.5, (frame["t"], layer["id"], got["quad"], layer["quad"])
            box_error = max(abs(a - b) for a, b in zip(got["box"], quad_bounds(layer["quad"])))
            worst_box = max(worst_box, box_error)
            assert box_error <= 0.5, (frame["t"], layer["id"], got["box"], quad_bounds(layer["quad"]))
    print(f"{spec.name}: max corner error {worst_corner:.4f} px, max bounding-box error {worst_box:.4f} px, "
          f"max opacity error {worst_opacity:.4f}")


def test_css_spring_uses_linear_easing(tmp_path):
    spec = tmp_path / "spring.json"
    spec.write_text('{"container": {"width": 200, "height": 200}, "layers": [{"id": "a", "frame": [0, 0, 50, 50], "fill": "#000"}],'
                    ' "animations": [{"duration": 0.6, "timing": {"spring": {"dampingRatio": 0.5, "initialVelocity": 0}},'
                    ' "changes": {"a": {"position": [150, 150]}}}]}')
    css = render(spec, "css").decode()
    assert "animation-timing-function: linear(" in css
    assert css.count("% {") == 2
