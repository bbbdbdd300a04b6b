"""The page's stage draws the layer tree: sublayers on their composed quads, a clipping
ancestor's polygon as the sublayer's clip-path, the shadow and a border stacked above the
sublayers. Headless Chromium against a live `animatic serve`."""
import json
import re

import pytest

from conftest import ROOT
from page_helpers import corner_errors, driver, fetch_json, measure, open_page, state, wait_loaded  # noqa: F401  (driver: the fixture)

SPEC = json.loads((ROOT / "Tests" / "python" / "specs" / "tree-three-levels.json").read_text())


@pytest.fixture(scope="module")
def page(driver, live_server):  # noqa: F811
    if not (ROOT / "public" / "index.html").exists():
        pytest.skip("no public/index.html")
    open_page(driver, live_server.url + "/")
    before = state(driver)["loads"]
    driver.execute_script("""const ta = document.getElementById('spec-editor'); ta.value = arguments[0];
                             ta.dispatchEvent(new Event('input', {bubbles: true}));""", json.dumps(SPEC))
    wait_loaded(driver, before)
    return driver


READ_TREE = """
const out = {};
for (const el of document.querySelectorAll('#screen > .layer, #screen > .layer-border')) {
  const key = el.dataset.layerId || ('border:' + el.dataset.borderOf);
  const style = getComputedStyle(el);
  out[key] = {z: parseInt(style.zIndex), clip: style.clipPath, shadow: style.boxShadow,
              border: style.borderTopWidth + ' ' + style.borderTopColor, visible: style.visibility};
}
return out;
"""


def test_the_stage_draws_the_tree(page, live_server):
    timeline = fetch_json(f"{live_server.url}/v1/timeline?frames=true&fps=60", SPEC)
    frames = timeline["frames"]
    for k in (0, len(frames) // 2, len(frames) - 1):
        page.execute_script("window.animatic.seek(arguments[0])", frames[k]["t"])
        box, corner, worst = corner_errors(measure(page), frames[k])
        assert box <= 1.0 and corner <= 1.0, f"frame {k}: {worst}"
        seen = page.execute_script(READ_TREE)
        by_id = {s["id"]: s for s in frames[k]["layers"]}
        # Depth first: root, middle, leaf, dim, badge, then the root's border above them all.
        order = sorted(seen, key=lambda key: seen[key]["z"])
        assert order == ["root", "middle", "leaf", "dim", "badge", "border:root"], order
        for layer in ("middle", "leaf", "dim", "badge"):
            assert seen[layer]["clip"].startswith("polygon("), (k, layer, seen[layer]["clip"])
        assert seen["root"]["clip"] == "none"
        # "rgba(0, 0, 0, a) dx dy blur 0px": a = opacity, blur = 2 × radius.
        shadow = by_id["root"]["shadow"]
        numbers = [float(x) for x in re.findall(r"-?[\d.]+", seen["root"]["shadow"])]
        expected = [0, 0, 0, shadow["opacity"], *shadow["offset"], 2 * shadow["radius"], 0]
        assert all(abs(a - b) <= 0.01 for a, b in zip(numbers, expected)) and len(numbers) == 8, (seen["root"], shadow)
        width = float(seen["border:root"]["border"].split("px")[0])
        assert abs(width - by_id["root"]["border"]["width"]) <= 0.01, seen["border:root"]
        assert seen["leaf"]["visible"] == ("visible" if by_id["leaf"]["visible"] else "hidden")
