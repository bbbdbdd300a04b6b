#!/usr/bin/env python3
"""`make bench-raster` (and the last step of `make bench`): animatic's raster formats side by
side with the two routes users take today (issue 27; ../shared/research/raster.md), on one
core (`taskset -c 0`):

  animatic   `animatic render SPEC --format F --fps 30 --scale S --out …`, the whole process:
             start, parse, compile, draw every frame, encode. The binary is $ANIMATIC_BINARY,
             else .build/release/animatic; `make bench-raster` passes the image's build (the
             Swift runtime linked statically), which starts sooner;
  rlottie    rlottie-python renders animatic's own Lottie export of the spec frame by frame,
             and Pillow writes the same format (MP4: Pillow has none, so the frames are piped
             to Debian's ffmpeg with its H.264 encoder — a checker's tool, timed the same way);
  Chromium   headless Chromium opens animatic's SVG, and for each frame `pauseAnimations()`,
             `setCurrentTime(t)` and a screenshot, then Pillow (ffmpeg for MP4) writes it;
             the browser's start is not counted.

Each comparator draws the frames once per spec and scale (that time is added to each format's
encode); each timing is the median of ROUNDS runs. A round runs rlottie, then animatic for
each format, back to back, and ÷ rlottie is the median of the rounds' own ratios: the load of
this shared machine moves within a minute, and a ratio of runs minutes apart moved with it.
Specs: the fold preset (1 s, 30 fps = 31 frames) at @1x and @2x, and scripts/bench_exports.py's
20-layer, 1 s spec at @1x. For each, wall seconds, megapixels per second (frames × pixels /
wall), peak RSS (animatic's process; rlottie's Python process) and the output's bytes; the
ratios animatic ÷ rlottie (target ≤ 0.5) and animatic ÷ Chromium (target ≤ 0.05).

  scripts/bench_raster.py [--write] [--rounds N] [--case NAME] [--format F] [--no-chromium]

--case (repeatable: "fold@1x", "fold@2x", "20 layers@1x") and --format (repeatable) run
single rows; --no-chromium leaves the browser out (its columns then read "—"). Only a full
run (every case and format, with Chromium) may --write.

--write replaces the section between `<!-- raster: begin -->` and `<!-- raster: end -->` in
docs/BENCHMARKS.md (appended when absent). Run it under `nice -n -5` on a quiet machine: the
section records `uptime` before and after.
"""
import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from bench_exports import twenty_layers  # noqa: E402
from run_bench import replace_section, uptime  # noqa: E402

BINARY = os.environ.get("ANIMATIC_BINARY", os.path.join(ROOT, ".build", "release", "animatic"))
BEGIN = "<!-- raster: begin -->"
END = "<!-- raster: end -->"
FPS = 30
FORMATS = ["gif", "apng", "webp", "mp4"]
CASES = [("fold", {"preset": "fold"}, 1), ("fold", {"preset": "fold"}, 2), ("20 layers", None, 1)]


def one_core(args):
    return ["taskset", "-c", "0", *args]


def run_measured(args):
    """Runs a process on core 0; its stdout (a failure raises with its stderr)."""
    process = subprocess.run(one_core(args), capture_output=True)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {process.stderr.decode()[-2000:]}")
    return process.stdout


def run_with_rss(args):
    """Runs a process on core 0 and returns (wall, peak RSS KiB), the peak as GNU time reports
    it. Not this process's wait4: Linux carries a forked child's high-water mark over its exec
    (`exec_mmap` keeps the old mm's in the child's maxrss), so a child of this process, which
    holds the comparators' frames, reported this process's size (228-232 MiB @2x where
    animatic uses a third of it); GNU time forks the command from its own small image."""
    with tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        process = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, *one_core(args)])
        wall = time.perf_counter() - start
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} exited {process.returncode}")
        return wall, int(report.read().split()[-1])


def animatic(spec_path, fmt, scale, out):
    loop = [] if fmt == "mp4" else ["--loop"]
    return run_with_rss([BINARY, "render", spec_path, "--format", fmt, "--fps", str(FPS), "--scale", str(scale),
                         *loop, "--out", out])


def pillow_save(frames, fmt, out, duration_ms):
    """Pillow writes the frames as a looping animation; MP4 through ffmpeg (Pillow has no MP4)."""
    if fmt == "mp4":
        w, h = frames[0].size
        ff = subprocess.Popen(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{w}x{h}",
                               "-r", str(FPS), "-i", "-", "-pix_fmt", "yuv420p", out], stdin=subprocess.PIPE)
        for f in frames:
            ff.stdin.write(f.convert("RGB").tobytes())
        ff.stdin.close()
        ff.wait()
        return
    first, rest = frames[0], frames[1:]
    kinds = {"gif": "GIF", "apng": "PNG", "webp": "WEBP"}
    first.save(out, format=kinds[fmt], save_all=True, append_images=rest, duration=duration_ms, loop=0)


RLOTTIE_SCRIPT = r"""
import json, sys, time
sys.path.insert(0, sys.argv[5])
from bench_raster import pillow_save
from rlottie_python import LottieAnimation
path, width, height, out_dir = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
start = time.perf_counter()
animation = LottieAnimation.from_file(path)
frames = [animation.render_pillow_frame(frame_num=i, width=width, height=height)
          for i in range(animation.lottie_animation_get_totalframe())]
draw = time.perf_counter() - start
result = {"draw": draw, "frames": len(frames), "encode": {}, "bytes": {}}
import os
for fmt in sys.argv[6].split(","):
    out = os.path.join(out_dir, "rlottie." + fmt)
    t = time.perf_counter()
    pillow_save(frames, fmt, out, round(1000 / 30))
    result["encode"][fmt] = time.perf_counter() - t
    result["bytes"][fmt] = os.path.getsize(out)
print(json.dumps(result))
"""


def rlottie(lottie_path, width, height, tmp, formats):
    script = os.path.join(tmp, "rlottie_bench.py")
    with open(script, "w") as f:
        f.write(RLOTTIE_SCRIPT)
    # Its peak memory as GNU time reports it, as for animatic (`run_with_rss`).
    with tempfile.NamedTemporaryFile("r") as report:
        out = run_measured(["/usr/bin/time", "-f", "%M", "-o", report.name, sys.executable, script, lottie_path,
                            str(width), str(height), tmp, os.path.join(ROOT, "scripts"), ",".join(formats)])
        result = json.loads(out)
        result["rss"] = int(report.read().split()[-1])
    return result


def chromium_frames(svg_path, width, height, scale, duration):
    """Screenshots of the SVG at each frame time; (seconds, frames). The browser (started on
    core 0 like everything here) is started before the clock starts."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from PIL import Image
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        opts.add_argument(a)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=opts)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})
        driver.get("file://" + svg_path)
        times = [min(k / FPS, duration) for k in range(int(duration * FPS - 1e-9) + 2)]
        start = time.perf_counter()
        frames = []
        for t in times:
            driver.execute_script(f"document.documentElement.pauseAnimations();"
                                  f"document.documentElement.setCurrentTime({t});")
            frames.append(Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGBA"))
        return time.perf_counter() - start, frames
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--case", action="append", help='a row group: "fold@1x", "fold@2x", "20 layers@1x"')
    parser.add_argument("--format", action="append", choices=FORMATS)
    parser.add_argument("--no-chromium", action="store_true")
    options = parser.parse_args()
    cases = [c for c in CASES if not options.case or f"{c[0]}@{c[2]}x" in options.case]
    formats = options.format or FORMATS
    if options.write and (options.case or options.format or options.no_chromium):
        sys.exit("bench_raster: --write needs the full run (no --case, --format or --no-chromium)")
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"bench_raster: {BINARY} missing: swift build -c release --product animatic")
    # Everything below, the browser included, runs on core 0.
    os.sched_setaffinity(0, {0})
    before = uptime()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-raster-") as tmp:
        for name, doc, scale in cases:
            doc = doc or twenty_layers()
            spec = os.path.join(tmp, f"{name.replace(' ', '-')}.json")
            with open(spec, "w") as f:
                json.dump(doc, f)
            timeline = json.loads(subprocess.run([BINARY, "render", spec], capture_output=True, check=True).stdout)
            duration = timeline["duration"]
            points = (timeline["container"]["width"], timeline["container"]["height"])
            width, height = points[0] * scale, points[1] * scale
            frames = int(duration * FPS - 1e-9) + 2
            lottie = os.path.join(tmp, "spec.lottie.json")
            subprocess.run([BINARY, "render", spec, "--format", "lottie", "--fps", str(FPS), "--out", lottie], check=True)
            svg = os.path.join(tmp, "spec.svg")
            subprocess.run([BINARY, "render", spec, "--format", "svg", "--fps", str(FPS), "--out", svg], check=True)
            # Each round runs rlottie (drawing once, then writing every format) and then
            # animatic for every format, back to back, so that a round's ratio compares runs
            # under the same load (this machine's load moves within a minute).
            rl, runs = [], {fmt: [] for fmt in formats}
            for _ in range(options.rounds):
                rl.append(rlottie(lottie, width, height, tmp, formats))
                for fmt in formats:
                    runs[fmt].append(animatic(spec, fmt, scale, os.path.join(tmp, f"animatic.{fmt}")))
            if not options.no_chromium:
                chrome_seconds, chrome_frames = chromium_frames(svg, points[0], points[1], scale, duration)
            for fmt in formats:
                out = os.path.join(tmp, f"animatic.{fmt}")
                wall = statistics.median(w for w, _ in runs[fmt])
                rss = max(r for _, r in runs[fmt])
                size = os.path.getsize(out)
                rl_walls = [r["draw"] + r["encode"][fmt] for r in rl]
                rl_wall = statistics.median(rl_walls)
                ratio = statistics.median(w / b for (w, _), b in zip(runs[fmt], rl_walls))
                chrome_wall = None
                if not options.no_chromium:
                    encode_start = time.perf_counter()
                    pillow_save(chrome_frames, fmt, os.path.join(tmp, f"chromium.{fmt}"), round(1000 / FPS))
                    chrome_wall = chrome_seconds + time.perf_counter() - encode_start
                megapixels = frames * width * height / 1e6
                rows.append({
                    "spec": name, "scale": scale, "format": fmt, "frames": frames, "size": f"{width}×{height}",
                    "animatic": wall, "mpps": megapixels / wall, "rss": rss / 1024, "bytes": size,
                    "rlottie": rl_wall, "rlottie_ratio": ratio, "rlottie_bytes": rl[0]["bytes"][fmt],
                    "rlottie_rss": max(r["rss"] for r in rl) / 1024,
                    "chromium": chrome_wall,
                })
                print(json.dumps(rows[-1]), flush=True)
    after = uptime()
    section = markdown(rows, before, after, options.rounds)
    print(section)
    if options.write:
        replace_section(section, BEGIN, END)


def binary_kind():
    """How BINARY was linked, for the table's heading: the image's build has no libswiftCore.so."""
    linked = subprocess.run(["ldd", BINARY], capture_output=True, text=True).stdout
    runtime = "shared" if "libswiftCore" in linked else "static, as the image ships it"
    return f"`{os.path.relpath(BINARY, ROOT)}` (Swift runtime {runtime})"


def markdown(rows, before, after, rounds):
    mark = lambda ok: "✓" if ok else "✗"  # noqa: E731
    lines = [BEGIN, "## Raster formats against rlottie and Chromium (issue 27)", "",
             f"`make bench-raster` (scripts/bench_raster.py; also the last step of `make bench`), release build "
             f"{binary_kind()}, "
             f"everything on one core (`taskset -c 0`), {FPS} fps, median of {rounds} runs. Each round runs "
             "rlottie and then animatic, back to back; ÷ rlottie is the median of the rounds' own ratios, so "
             "it can differ from the ratio of the two medians. animatic: the whole "
             "`animatic render --format F` process. rlottie: rlottie-python drawing animatic's Lottie export, "
             "Pillow writing the format (MP4: ffmpeg, Pillow has none). Chromium: headless screenshots of "
             "animatic's SVG frame by frame (browser start not counted), then the same writer. Targets: "
             "animatic ≤ 0.5 × rlottie and ≤ 0.05 × Chromium.", "",
             f"Load: before `{before}`; after `{after}`.", "",
             "| spec | pixels | frames | format | animatic s | Mpx/s | peak RSS MiB | bytes | rlottie s | ÷ rlottie | "
             "rlottie bytes | Chromium s | ÷ Chromium |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        a = r["rlottie_ratio"]
        chromium = "— | —"
        if r["chromium"] is not None:
            b = r["animatic"] / r["chromium"]
            chromium = f"{r['chromium']:.2f} | {b:.3f} {mark(b <= 0.05)}"
        lines.append(f"| {r['spec']} @{r['scale']}x | {r['size']} | {r['frames']} | {r['format']} | {r['animatic']:.3f} | "
                     f"{r['mpps']:.1f} | {r['rss']:.0f} | {r['bytes']:,} | {r['rlottie']:.3f} | {a:.2f} {mark(a <= 0.5)} | "
                     f"{r['rlottie_bytes']:,} | {chromium} |")
    lines += ["", "rlottie's peak RSS (its Python process, all formats' frames held, as Pillow's writer needs): "
              + ", ".join(sorted({f"{r['spec']} @{r['scale']}x {r['rlottie_rss']:.0f} MiB" for r in rows})) + ".",
              END]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
