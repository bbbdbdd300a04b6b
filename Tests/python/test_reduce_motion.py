"""Reduce Motion through the HTTP option and the CLI flag (docs/SPEC.md, "Reduce Motion")."""
import json
import subprocess

from conftest import CLI, curl


def layer(frame, layer_id):
    return next(l for l in frame["layers"] if l["id"] == layer_id)


def test_the_option_cross_fades_and_is_its_own_representation(live_server):
    url = live_server.url + "/v1/presets/pan/timeline?frames=true&fps=10"
    status, headers, body = curl(url + "&reduceMotion=true")
    assert status == 200
    reduced = json.loads(body)
    ids = [l["id"] for l in reduced["layers"]]
    assert ids == ["from", "from~end", "to", "to~end"]
    # Nothing moves: the from-view stays at x = 0 while it fades; its copy waits at −160.
    middle = reduced["frames"][2]
    assert layer(middle, "from")["quad"][0][0] == 0 and 0 < layer(middle, "from")["opacity"] < 1
    assert layer(middle, "from~end")["quad"][0][0] == -160
    _, plain_headers, plain = curl(url)
    assert [l["id"] for l in json.loads(plain)["layers"]] == ["from", "to"]
    assert headers.get("etag") != plain_headers.get("etag")
    status, _, body = curl(url + "&reduceMotion=maybe")
    assert status == 400 and "reduceMotion" in json.loads(body)["detail"]


def test_the_cli_flag():
    out = subprocess.run([str(CLI), "render", "-", "--reduce-motion", "--frames", "--fps", "10"],
                         input=json.dumps({"preset": "heroPush"}), capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    timeline = json.loads(out.stdout)
    assert "toSnapshot~end" in [l["id"] for l in timeline["layers"]]
    # The to-view's snapshot never moves from its start at +W.
    assert {layer(f, "toSnapshot")["quad"][0][0] for f in timeline["frames"][:-1]} == {390}
