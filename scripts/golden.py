#!/usr/bin/env python3
"""Renders every output a change must leave byte-identical, so that two builds can be
compared with `diff -r` (issue 25: "every preset with its interactive and cancelled
variants, every example, the benchmark specs, in every format, 60 and 30 fps").

    python3 scripts/golden.py BINARY OUTDIR

BINARY is an `animatic` executable (e.g. .build/debug/animatic); OUTDIR is created and
filled with one file per (spec, format, fps). Compare two builds with

    python3 scripts/golden.py OLD/animatic /tmp/before
    python3 scripts/golden.py NEW/animatic /tmp/after
    diff -r /tmp/before /tmp/after && echo bytes identical

The specs: every preset at its defaults, and with `operation: dismiss` where it has one, each
with `interactive` and `interactive` + `cancelled` where the preset has them (a refusal,
such as a presentation the document does not drive, is kept as its message); every
`examples/*.json`; the three benchmark specs of scripts/bench_exports.py. The formats:
JSON without and with frames, SVG and CSS with and without `--loop`, Lottie, filmstrip
and Swift, each at 60 and 30 fps.
"""
import concurrent.futures
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench_exports import springs, twenty_layers  # noqa: E402

FORMATS = [
    ("json", []), ("json-frames", ["--frames"]),
    ("svg", ["--format", "svg"]), ("svg-loop", ["--format", "svg", "--loop"]),
    ("css", ["--format", "css"]), ("css-loop", ["--format", "css", "--loop"]),
    ("lottie", ["--format", "lottie"]), ("filmstrip", ["--format", "filmstrip"]),
    ("swift", ["--format", "swift"]),
]


def specs(binary):
    """(name, spec document) for every spec compared."""
    listed = json.loads(subprocess.run([binary, "presets", "--json"], check=True, capture_output=True).stdout)
    out = []
    for preset in listed:
        name = preset["name"]
        params = {p["name"]: p for p in preset["parameters"]}
        bases = [("", {})]
        operation = params.get("operation")
        if operation and "dismiss" in json.dumps(operation):
            bases.append(("-dismiss", {"operation": "dismiss"}))
        for suffix, base in bases:
            out.append((name + suffix, {"preset": name, "params": base}))
            if "interactive" in params:
                interactive = dict(base, interactive=True)
                out.append((f"{name}{suffix}-interactive", {"preset": name, "params": interactive}))
                if "cancelled" in params:
                    cancelled = dict(interactive, cancelled=True)
                    out.append((f"{name}{suffix}-cancelled", {"preset": name, "params": cancelled}))
    for file in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        if file.endswith(".json"):
            with open(os.path.join(ROOT, "examples", file)) as f:
                out.append((f"example-{file[:-5]}", json.load(f)))
    out.append(("bench-springs", springs()))
    out.append(("bench-20-layers", twenty_layers()))
    out.append(("bench-fold", {"preset": "fold"}))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, outdir = os.path.abspath(sys.argv[1]), sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    jobs = []
    for name, spec in specs(binary):
        spec_path = os.path.join(outdir, f"{name}.spec.json")
        with open(spec_path, "w") as f:
            json.dump(spec, f, sort_keys=True)
        for fmt, flags in FORMATS:
            for fps in (60, 30):
                jobs.append((spec_path, os.path.join(outdir, f"{name}.{fmt}.{fps}"), flags + ["--fps", str(fps)]))

    def render(job):
        spec_path, out, flags = job
        run = subprocess.run([binary, "render", spec_path, *flags, "--out", out], capture_output=True)
        if run.returncode != 0:
            # A refusal is an output too: its message is compared like the bytes.
            with open(out + ".refused", "wb") as f:
                f.write(run.stderr.replace(spec_path.encode(), b"SPEC"))

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(render, jobs))
    print(f"{len(jobs)} outputs in {outdir}")


if __name__ == "__main__":
    main()
