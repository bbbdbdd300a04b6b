#!/usr/bin/env python3
"""Each export's cost against the JSON export of the same spec, as ratios in one run
(issue 12, "encoders linear in their output").

Three specs — 200 layers each on an underdamped spring (dampingRatio 0.0001,
initialVelocity 1000, 0.25 s), the fold preset, and a 20-layer, 1 s spec with every kind
of track (the engine benchmark's: slides, fades, spring scales, cubic keyframe turns
under perspective) — rendered at 60 fps in every format, in rounds (one batch of every
format per round, in turn, so a drift of the machine's speed touches all alike):

- **server**: the release `animatic serve --cache-mb 0 --workers 1` on loopback, BATCH
  `POST /v1/timeline?format=F` requests per batch on one keep-alive connection; the
  server's CPU time (user + system from /proc/PID/stat) per request — decode, compile,
  encode and HTTP, without a process start.
- **cli**: `animatic render SPEC --format F`, one process per run; CPU time (user +
  system, the kernel's rusage of the child), process start included.

Each figure is divided by the same round's JSON-with-frames figure and the median of
those ratios is printed, with the median CPU time and the output's size. "json" without
frames (decode, compile, the tracks) is what every request pays before sampling.

    python3 scripts/bench_exports.py [ROUNDS [BATCH]]      (default 7 rounds, batches of 10)
"""
import http.client
import json
import os
import statistics
import subprocess
import sys
import socket
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(ROOT, ".build", "release", "animatic")
FORMATS = [("json", []), ("json+frames", ["--frames"]), ("css", ["--format", "css"]), ("svg", ["--format", "svg"]),
           ("lottie", ["--format", "lottie"]), ("filmstrip", ["--format", "filmstrip"])]
QUERIES = {"json": "", "json+frames": "frames=true", "css": "format=css", "svg": "format=svg",
           "lottie": "format=lottie", "filmstrip": "format=filmstrip"}
TICK = os.sysconf("SC_CLK_TCK")


def springs():
    layers = [{"id": f"l{i}", "frame": [0, i * 4, 20, 4], "fill": "#ff9500"} for i in range(200)]
    changes = {f"l{i}": {"position": [300, i * 4 + 2]} for i in range(200)}
    return {"container": {"width": 390, "height": 844}, "layers": layers, "animations": [
        {"duration": 0.25, "timing": {"spring": {"dampingRatio": 0.0001, "initialVelocity": 1000}},
         "changes": changes}]}


def twenty_layers():
    layers, animations = [], []
    for i in range(20):
        lid, y = f"layer{i}", i * 40
        layers.append({"id": lid, "frame": [0, y, 390, 40], "fill": "#3380cc", "label": f"Row {i}"})
        kind = i % 4
        if kind == 0:
            animations.append({"duration": 1, "changes": {lid: {"position": [585, y + 20]}}})
        elif kind == 1:
            animations.append({"delay": 0.2, "duration": 0.8, "timing": "linear", "changes": {lid: {"alpha": 0}}})
        elif kind == 2:
            animations.append({"duration": 1, "timing": {"spring": {"dampingRatio": 0.7, "initialVelocity": 0}},
                               "changes": {lid: {"transform": [{"scale": 0.5}]}}})
        else:
            animations.append({"duration": 1, "calculationMode": "cubic", "keyframes": [
                {"relativeStart": 0, "relativeDuration": 0.5, "changes": {lid: {"transform": [{"rotateY": -90}]}}},
                {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {lid: {"transform": [{"rotateY": 0}]}}}]})
    return {"container": {"width": 390, "height": 844, "perspective": 500}, "layers": layers,
            "animations": animations}


def run(argv):
    """CPU seconds (user + system) of one run and the bytes it wrote."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        if status != 0:
            raise RuntimeError(f"{' '.join(argv)} exited with {status}")
        return usage.ru_utime + usage.ru_stime, out.tell()


def server_cpu(pid):
    """The server's user + system CPU seconds so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve():
    port = free_port()
    proc = subprocess.Popen([CLI, "serve", "--host", "127.0.0.1", "--port", str(port), "--cache-mb", "0",
                             "--workers", "1", "--log-level", "error"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/healthz")
            if c.getresponse().status == 200:
                c.close()
                return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("animatic serve did not start")


def report(title, specs, measure, rounds):
    print(f"\n{title}\n")
    print("| spec | format | CPU ms (median) | bytes | ÷ JSON with frames (median of rounds) |")
    print("|---|---|---:|---:|---:|")
    for name, path in specs.items():
        times = {f: [] for f, _ in FORMATS}
        sizes = {}
        for r in range(rounds + 1):  # the first round warms up and is dropped
            for fmt, extra in FORMATS:
                cpu, size = measure(path, fmt, extra)
                if r > 0:
                    times[fmt].append(cpu)
                sizes[fmt] = size
        base = times["json+frames"]
        for fmt, _ in FORMATS:
            ratio = statistics.median(a / b for a, b in zip(times[fmt], base) if b > 0)
            print(f"| {name} | {fmt} | {1000 * statistics.median(times[fmt]):.2f} | {sizes[fmt]:,} | {ratio:.2f}× |")


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    batch = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    tmp = tempfile.mkdtemp(prefix="animatic-exports-")
    specs = {}
    for name, doc in [("200 underdamped springs", springs()), ("fold preset", {"preset": "fold"}),
                      ("20 layers, 1 s", twenty_layers())]:
        path = os.path.join(tmp, name.split()[0] + ".json")
        with open(path, "w") as f:
            json.dump(doc, f)
        specs[name] = path

    proc, port = serve()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

        def over_http(path, fmt, _):
            with open(path, "rb") as f:
                body = f.read()
            query = "&".join(filter(None, [QUERIES[fmt], "fps=60"]))
            before, size = server_cpu(proc.pid), 0
            for _ in range(batch):
                conn.request("POST", f"/v1/timeline?{query}", body, {"Content-Type": "application/json"})
                response = conn.getresponse()
                data = response.read()
                if response.status != 200:
                    raise RuntimeError(f"{fmt}: {response.status} {data[:200]!r}")
                size = len(data)
            return (server_cpu(proc.pid) - before) / batch, size
        report(f"Server: CPU per request, batches of {batch}, {rounds} rounds", specs, over_http, rounds)
    finally:
        proc.terminate()
        proc.wait()

    def cli(path, fmt, extra):
        return run([CLI, "render", path, "--fps", "60", *extra])
    report(f"CLI: CPU per process, {rounds} rounds", specs, cli, rounds)


if __name__ == "__main__":
    main()
