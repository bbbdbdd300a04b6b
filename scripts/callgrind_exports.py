#!/usr/bin/env python3
"""Instructions (callgrind's Ir, the same from run to run on a busy machine) of one
`animatic render` per benchmark spec and export, for one or two builds side by side —
the check that a change which should not change speed stays within 2 % (issue 25).

    python3 scripts/callgrind_exports.py NEW_BINARY [OLD_BINARY]

The specs are scripts/bench_exports.py's (200 underdamped springs, the fold preset, the
20-layer spec); the exports JSON with frames, CSS, SVG, Lottie and filmstrip at 60 fps.
A whole process is counted (start, decode, compile, encode, write), so the figure is what
`animatic render` costs; the binaries are copied without debug info first, since
valgrind 3.19 cannot read the DWARF 5 that swiftc writes.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench_exports import springs, twenty_layers  # noqa: E402

FORMATS = [("json+frames", ["--frames"]), ("css", ["--format", "css"]), ("svg", ["--format", "svg"]),
           ("lottie", ["--format", "lottie"]), ("filmstrip", ["--format", "filmstrip"])]


def instructions(binary, spec_path, flags, tmp):
    out = os.path.join(tmp, "callgrind.out")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "render",
                          spec_path, "--fps", "60", *flags, "--out", os.path.join(tmp, "out")],
                         capture_output=True, text=True)
    match = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not match:
        raise RuntimeError(run.stderr[-2000:])
    return int(match.group(1))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        binaries = []
        for k, path in enumerate(sys.argv[1:]):
            copy = os.path.join(tmp, f"animatic{k}")
            shutil.copy(path, copy)
            subprocess.run(["strip", "--strip-debug", copy], check=True)
            binaries.append(copy)
        specs = [("springs", springs()), ("fold", {"preset": "fold"}), ("20 layers", twenty_layers())]
        header = "| spec | export | new |" + (" old | new ÷ old |" if len(binaries) == 2 else "")
        print(header)
        print("|---|---|---:|" + ("---:|---:|" if len(binaries) == 2 else ""))
        for name, spec in specs:
            spec_path = os.path.join(tmp, "spec.json")
            with open(spec_path, "w") as f:
                json.dump(spec, f)
            for fmt, flags in FORMATS:
                counts = [instructions(b, spec_path, flags, tmp) for b in binaries]
                row = f"| {name} | {fmt} | {counts[0] / 1e6:.2f} M |"
                if len(counts) == 2:
                    row += f" {counts[1] / 1e6:.2f} M | {counts[0] / counts[1]:.4f} |"
                print(row, flush=True)


if __name__ == "__main__":
    main()
