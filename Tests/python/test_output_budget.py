"""Issue 26 through the real `animatic serve` and `animatic render`: an output is priced
before any work and budgeted while it is encoded, so the deep clipped tree of the issue
(64 chains of 16 nested clipping layers with perspective, shadows and borders, as Lottie
at 10 fps: 968 MB before) is refused before its output exceeds the response limit, peak
memory stays bounded, the CLI refuses what the server refuses with the same estimate, and
memory is given back after large renders."""
import http.client
import json
import re
import subprocess
import time

from conftest import CLI, LiveServer


def deep_clipped_tree(chains, depth=16, duration=1.0):
    """`chains` chains of `depth` nested clipping layers, rounded, bordered, shadowed, turning in perspective."""
    layers, blocks = [], []
    for c in range(chains):
        changes = {}  # a block per chain: a block holds at most 1,000 changes
        blocks.append({"duration": duration, "changes": changes})
        for d in range(depth):
            lid = f"c{c}d{d}"
            layer = {"id": lid, "frame": [d * 2, d * 2, 300 - 4 * d, 500 - 4 * d], "clips": True, "cornerRadius": 14,
                     "fill": "#34c759", "border": {"width": 2, "color": "#000000"},
                     "shadow": {"opacity": 0.4, "radius": 6, "offset": [0, 3]}}
            if d:
                layer["parent"] = f"c{c}d{d - 1}"
            layers.append(layer)
            changes[lid] = {"transform": [{"rotateY": 20 + d}, {"rotate": d * 3}], "alpha": 0.8}
    return json.dumps({"container": {"width": 390, "height": 844, "perspective": 700}, "layers": layers,
                       "animations": blocks}).encode()


def wide_tree(n, seed=0):
    """`n` gradient layers turning in perspective on a bouncy spring: large outputs, no clipping."""
    layers = [{"id": f"w{seed}-{i}", "frame": [i % 10 * 30, i // 10 * 20, 120, 80], "fill": "#007aff", "cornerRadius": 8,
               "gradient": {"colors": ["#ffffff00", "#5856d6", "#ff9500"], "start": [0, 0], "end": [1, 1]}}
              for i in range(n)]
    changes = {layer["id"]: {"transform": [{"rotateX": 70}, {"rotateY": 33}], "frame": [100, 60, 180, 120],
                             "alpha": 0.3, "fill": "#af52de"} for layer in layers}
    return json.dumps({"container": {"width": 320, "height": 480, "perspective": 800}, "layers": layers,
                       "animations": [{"duration": 1.5, "timing": {"spring": {"dampingRatio": 0.3}},
                                       "changes": changes}]}).encode()


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(rf"{field}:\s+(\d+)", f.read()).group(1))


def post(server, body, target):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    connection.request("POST", target, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def test_the_issues_deep_clipped_tree_is_refused_before_any_work():
    server = LiveServer("--workers", "1")
    try:
        start = time.monotonic()
        status, body = post(server, deep_clipped_tree(64), "/v1/timeline?format=lottie&fps=10")
        problem = json.loads(body)
        assert status == 422 and problem["type"].endswith("/too-much-work"), body[:300]
        assert problem["limit"] == 64 << 20 and problem["estimate"] > 968_000_000, problem["detail"]
        assert "would be about" in problem["detail"], "refused by the estimate, before any work"
        assert time.monotonic() - start < 5
        # SVG and CSS of the same tree at 5 fps built 121–130 MB before.
        for fmt in ("svg", "css"):
            status, body = post(server, deep_clipped_tree(64), f"/v1/timeline?format={fmt}&fps=5")
            assert status == 422 and json.loads(body)["estimate"] > 121_000_000, body[:300]
        assert status_kb(server.process.pid, "VmHWM") < 200 * 1024, "nothing large was built"
    finally:
        assert server.stop() == 0


def test_a_deep_clipped_tree_is_refused_within_the_limit():
    """Scaled down: a 1 MiB response limit; the tree that fits is served within it, the
    ones that do not are refused, and the server's peak RSS stays within limit + 64 MB."""
    server = LiveServer("--workers", "1", "--max-response-mb", "1")
    try:
        pid = server.process.pid
        before = status_kb(pid, "VmHWM")
        refused = 0
        for chains, fps in ((1, 5), (2, 10), (4, 10), (8, 30)):
            status, body = post(server, deep_clipped_tree(chains, duration=0.5), f"/v1/timeline?format=lottie&fps={fps}")
            if status == 200:
                assert len(body) <= 1 << 20, f"{chains} chains at {fps} fps: {len(body)} bytes served over the limit"
            else:
                problem = json.loads(body)
                assert status == 422 and problem["type"].endswith("/too-much-work"), body[:300]
                assert problem["limit"] == 1 << 20
                refused += 1
        assert refused >= 2, "the larger trees are refused"
        grown = (status_kb(pid, "VmHWM") - before) * 1024
        assert grown < (1 << 20) + (64 << 20), f"peak RSS grew by {grown >> 20} MiB"
    finally:
        assert server.stop() == 0


def test_the_cli_prices_like_the_server():
    spec = deep_clipped_tree(64)
    server = LiveServer("--workers", "1")
    try:
        status, body = post(server, spec, "/v1/timeline?format=lottie&fps=10")
        estimate = json.loads(body)["estimate"]
    finally:
        assert server.stop() == 0
    proc = subprocess.run([str(CLI), "render", "-", "--format", "lottie", "--fps", "10"], input=spec,
                          capture_output=True, timeout=60)
    message = proc.stderr.decode()
    assert proc.returncode == 65 and proc.stdout == b"", message
    assert f"({estimate} bytes:" in message and "more than the limit of 64 MiB; lower --fps" in message, message
    # Frame samples over 250,000: the same rule as the server's (21 layers × 14,161 frames).
    layers = [{"id": f"l{i}", "frame": [0, 0, 1, 1]} for i in range(21)]
    many = json.dumps({"layers": layers, "animations": [{"duration": 59, "changes": {"l0": {"alpha": 0}}}]}).encode()
    proc = subprocess.run([str(CLI), "render", "-", "--frames", "--fps", "240"], input=many, capture_output=True,
                          timeout=60)
    assert proc.returncode == 65 and "frame samples" in proc.stderr.decode() and "lower --fps" in proc.stderr.decode()
    # A spec within both limits renders as before.
    proc = subprocess.run([str(CLI), "render", "-", "--format", "lottie", "--fps", "10"],
                          input=deep_clipped_tree(1, duration=0.5), capture_output=True, timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["fr"] == 10, proc.stderr.decode()


def test_memory_is_given_back_after_large_renders():
    """Renders of ~10 MB outputs, read in full: afterwards the server's RSS is within
    100 MB of where it started (the freed samples and buffers are trimmed back)."""
    server = LiveServer("--workers", "1", "--cache-mb", "8")
    try:
        pid = server.process.pid
        start = status_kb(pid, "VmRSS")
        for seed in range(4):
            status, body = post(server, wide_tree(200, seed), "/v1/timeline?format=svg&fps=30")
            assert status == 200 and len(body) > 1 << 20, (status, len(body))
        time.sleep(0.3)
        after = status_kb(pid, "VmRSS")
        assert after - start < 100 * 1024, f"RSS {start >> 10} MiB → {after >> 10} MiB"
    finally:
        assert server.stop() == 0
