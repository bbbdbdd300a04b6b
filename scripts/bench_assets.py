#!/usr/bin/env python3
"""`make bench-assets`: the asset store under load (issue 29, "Load"), against each store —
SQLite (the default, a file under `--data-dir`) and PostgreSQL 15 (Debian's, started in a
scratch folder on loopback, Tests/python/scratch_postgres.py).

For each store, one `animatic serve` (release build, the cache off so every render is one),
two iPhone-sized screenshots uploaded first (a 1170 × 2532 PNG and JPEG), then two phases of
DURATION seconds each, with UPLOADERS clients uploading new images (a 256 × 256 PNG each,
every one different) throughout:

  with images     RENDERERS clients POST the fold preset with `fromImage` and `toImage`
  without images  the same clients POST the same request without them

Every client is closed-loop on its own keep-alive connection. Counted: requests and errors
(anything but 201 for an upload, 200 for a render), the renders' p50/p99, and at the end every
uploaded id is fetched and re-hashed (none lost, none corrupted). Target: no error, nothing
lost, p99 with images ≤ 1.5 × p99 without.

  scripts/bench_assets.py [--write] [--duration S] [--format svg|png|json] [--images link|embed]

--write replaces the section between `<!-- assets: begin -->` and `<!-- assets: end -->` in
docs/BENCHMARKS.md.
"""
import argparse
import hashlib
import http.client
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "python"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from PIL import Image  # noqa: E402

from scratch_postgres import ScratchPostgres, free_port  # noqa: E402
from run_bench import replace_section, uptime  # noqa: E402

BINARY = os.environ.get("ANIMATIC_BINARY", os.path.join(ROOT, ".build", "release", "animatic"))
BEGIN = "<!-- assets: begin -->"
END = "<!-- assets: end -->"
UPLOADERS = 20
RENDERERS = 50


def screenshot(fmt, colour):
    """A 1170 × 2532 screen: a gradient band over a flat colour, so it compresses as screens do."""
    image = Image.new("RGB", (1170, 2532), colour)
    band = Image.linear_gradient("L").resize((1170, 600)).convert("RGB")
    image.paste(band, (0, 900))
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


def small_png(n):
    """A 256 × 256 PNG whose bytes depend on `n`: each upload a new asset."""
    image = Image.new("RGB", (256, 256), (n % 251, (n // 251) % 251, (n * 7) % 251))
    image.putpixel((n % 256, (n // 256) % 256), (255, 255, 255))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


class Server:
    def __init__(self, args):
        self.port = free_port()
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", str(self.port), "--cache-mb", "0", "--log-level", "error", *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("animatic serve did not start")

    def request(self, method, path, body=None, headers=None, connection=None):
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        if own:
            connection.close()
        return response.status, data

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def run_phase(server, seconds, render_body, render_path, counter):
    """UPLOADERS and RENDERERS closed-loop clients for `seconds`; render latencies, errors and
    the uploaded ids with their bytes' hashes."""
    stop = time.monotonic() + seconds
    latencies, errors, uploaded = [], [], {}
    lock = threading.Lock()

    def uploader():
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        while time.monotonic() < stop:
            with lock:
                counter[0] += 1
                n = counter[0]
            body = small_png(n)
            status, data = server.request("POST", "/v1/assets", body, {"Content-Type": "image/png"}, connection)
            if status != 201:
                errors.append(("upload", status, data[:120]))
                continue
            with lock:
                uploaded[json.loads(data)["id"]] = hashlib.sha256(body).hexdigest()

    def renderer():
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        while time.monotonic() < stop:
            start = time.perf_counter()
            status, data = server.request("POST", render_path, render_body, {"Content-Type": "application/json"},
                                          connection)
            elapsed = (time.perf_counter() - start) * 1000
            if status != 200:
                errors.append(("render", status, data[:120]))
            else:
                latencies.append(elapsed)

    threads = [threading.Thread(target=uploader) for _ in range(UPLOADERS)]
    threads += [threading.Thread(target=renderer) for _ in range(RENDERERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors, uploaded


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def measure(store_name, store_args, options):
    server = Server(store_args)
    try:
        screens = {}
        for key, fmt, colour in (("from", "PNG", (40, 90, 200)), ("to", "JPEG", (220, 120, 40))):
            status, data = server.request("POST", "/v1/assets", screenshot(fmt, colour))
            assert status == 201, data
            screens[key] = json.loads(data)["id"]
        path = f"/v1/timeline?format={options.format}&images={options.images}"
        if options.format == "png":
            path = f"/v1/timeline?format=png&t=0.5"
        with_images = json.dumps({"preset": "fold", "params": {"fromImage": screens["from"],
                                                               "toImage": screens["to"]}}).encode()
        without = json.dumps({"preset": "fold"}).encode()
        counter = [0]
        rows = []
        all_uploaded = {}
        for phase, body in (("with images", with_images), ("without images", without)):
            latencies, errors, uploaded = run_phase(server, options.duration, body, path, counter)
            all_uploaded.update(uploaded)
            rows.append({"store": store_name, "phase": phase, "renders": len(latencies),
                         "renders_per_s": len(latencies) / options.duration, "uploads": len(uploaded),
                         "errors": len(errors), "first_errors": errors[:3],
                         "p50": statistics.median(latencies) if latencies else float("nan"),
                         "p99": percentile(latencies, 0.99)})
            print(json.dumps(rows[-1], default=str), flush=True)
        # Every upload fetched back and re-hashed.
        lost = corrupt = 0
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        for asset_id, digest in all_uploaded.items():
            status, data = server.request("GET", f"/v1/assets/{asset_id}", connection=connection)
            if status != 200:
                lost += 1
            elif hashlib.sha256(data).hexdigest() != digest:
                corrupt += 1
        for row in rows:
            row.update(checked=len(all_uploaded), lost=lost, corrupt=corrupt)
        return rows
    finally:
        server.stop()


def markdown(rows, options, before, after):
    lines = [BEGIN, "## Assets under load (issue 29)", ""]
    lines.append(
        f"`make bench-assets` (scripts/bench_assets.py; {options.duration} s a phase, release build, cache off). "
        f"Two screenshots uploaded first (1170 × 2532, a PNG and a JPEG); then {UPLOADERS} clients upload new "
        f"256 × 256 PNGs while {RENDERERS} clients POST `{{\"preset\":\"fold\"}}` as `{options.format}`"
        + (f" (`images={options.images}`)" if options.format != "png" else " (`t=0.5`)")
        + " with `fromImage`/`toImage`, then the same without; every client closed-loop on its own keep-alive "
        "connection (Python threads on the same 2 cores). Errors: any upload not 201, any render not 200. "
        "At the end every uploaded id is fetched and re-hashed. Target: no error, nothing lost, p99 with "
        "images ≤ 1.5 × without.")
    lines.append("")
    lines.append(f"Load: before `{before}`; after `{after}`.")
    lines.append("")
    lines.append("| store | renders | renders/s | p50 ms | p99 ms | uploads | errors | ids re-hashed | lost | corrupt |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    verdicts = []
    for row in rows:
        lines.append(
            f"| {row['store']}, {row['phase']} | {row['renders']:,} | {row['renders_per_s']:.0f} | {row['p50']:.0f} | "
            f"{row['p99']:.0f} | {row['uploads']:,} | {row['errors']} | {row['checked']:,} | {row['lost']} | "
            f"{row['corrupt']} |")
    for store in dict.fromkeys(r["store"] for r in rows):
        pair = {r["phase"]: r for r in rows if r["store"] == store}
        ratio = pair["with images"]["p99"] / pair["without images"]["p99"]
        errors = sum(r["errors"] for r in pair.values())
        kinds = sorted({f"{kind} {status}" for r in pair.values() for kind, status, _ in r["first_errors"]})
        lost = pair["with images"]["lost"] + pair["with images"]["corrupt"]
        verdicts.append(
            f"{store}: p99 with ÷ without {ratio:.2f} ({'met' if ratio <= 1.5 else '**missed**'}); "
            f"lost or corrupt {lost} ({'met' if lost == 0 else '**missed**'}); errors {errors}"
            + (f" (**missed**: {', '.join(kinds)} among them)" if errors else " (met)"))
    lines.append("")
    lines.append("Targets: " + "; ".join(verdicts) + ".")
    lines.append(END)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--format", default="svg", choices=["svg", "png", "json"])
    parser.add_argument("--images", default="link", choices=["link", "embed"])
    options = parser.parse_args()
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"bench_assets: {BINARY} missing: swift build -c release --product animatic")
    before = uptime()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-assets-") as data:
        rows += measure("SQLite", ["--data-dir", data], options)
    postgres = ScratchPostgres()
    try:
        rows += measure("PostgreSQL 15", ["--store", postgres.uri], options)
    finally:
        try:
            postgres.stop()
        finally:
            postgres.remove()
    section = markdown(rows, options, before, uptime())
    print(section)
    if options.write:
        replace_section(section, BEGIN, END)


if __name__ == "__main__":
    main()
