#!/usr/bin/env python3
"""Issue 26's attacks re-measured at full size against the release `animatic serve`
(`make bench-attacks`; docs/BENCHMARKS.md, "Attacks, re-measured (issue 26)").

Each case starts its own server on 127.0.0.1 (a free port), sends only to loopback
addresses and stops by itself:

- **flood** — the slot flood: 17 source addresses (127.0.1.1–17) × 245 connections that
  send nothing or half a header, each re-opened as soon as the server closes it (at most
  FLOOD_RATE opens a second), for FLOOD_SECONDS; meanwhile a victim on 127.0.0.1 opens a
  new connection every 100 ms and asks `GET /healthz`. The victim's successes and p50/p99
  latency (connect to the end of the response), the flood's opens and what it was answered,
  the server's peak and final RSS.
- **flood-cap** — the same with `--max-connections-per-client 2048` (a silent share of 256
  per address, above the flood's 245): the flood reaches 7/8 of the 4,096-connection cap,
  where each new connection closes the connection silent longest.
- **uploads** — 2,000 held uploads from 8 addresses (127.0.2.1–8), each declaring 1 MiB and
  sending it slowly, 64 KiB to each in turn, all but its last byte; held 2 s, then closed.
  How many got 503, the server's peak RSS, and its RSS 5 s after they closed.
- **deep** — the deep clipped tree (64 chains of 16 nested clipping layers with perspective,
  shadows and borders, 303 KB of JSON), 8 requests at once with `--workers 2`: as Lottie at
  10 fps, then as SVG and as CSS at 5 fps; then the Lottie burst again with `--workers 8`.
  Status codes, the server's CPU seconds, peak RSS, and RSS 3 s after the burst.
- **served** — bursts of the heaviest renders the estimate lets through, 8 at once on 8
  workers: the deep tree with 2 chains as Lottie at 10 fps, and 8 different 200-layer
  gradient trees as SVG at 30 fps, with the response cache off. Peak RSS and RSS 3 s
  after: memory given back after renders that are served.
- **refused** — a fresh server, then a series of heavy renders refused for size one after
  another (the deep tree in each format, twice); idle RSS before and 3 s after.

Peak RSS is VmHWM, reset before each part through /proc/PID/clear_refs. CPU seconds are
the server's user + system time (/proc/PID/stat) over the part.

    python3 scripts/bench_attacks.py [CASE ...] [--workers N] [--markdown] [--write]

CASE is any of flood, flood-cap, uploads, deep, served, refused (default: all). --write replaces the section
between the markers in docs/BENCHMARKS.md (appended when absent). Environment:
FLOOD_SECONDS (default 20), FLOOD_RATE (default 2000), ANIMATIC (the binary; default
.build/release/animatic).
"""
import collections
import datetime
import http.client
import json
import multiprocessing
import os
import re
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANIMATIC = os.environ.get("ANIMATIC", os.path.join(ROOT, ".build", "release", "animatic"))
DOC = os.path.join(ROOT, "docs", "BENCHMARKS.md")
BEGIN = "<!-- attacks: begin -->"
END = "<!-- attacks: end -->"
FLOOD_SECONDS = float(os.environ.get("FLOOD_SECONDS", "20"))
FLOOD_RATE = float(os.environ.get("FLOOD_RATE", "2000"))
TICK = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024
MB = 1e6


def log(*args):
    print(*args, file=sys.stderr, flush=True)


# MARK: the server


class Server:
    def __init__(self, *args):
        self.process = subprocess.Popen([ANIMATIC, "serve", "--port", "0", "--log-level", "warning", *map(str, args)],
                                        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        # The port is logged at info; with warning, find it from the socket table.
        self.port = None
        deadline = time.time() + 20
        while self.port is None and time.time() < deadline:
            self.port = listening_port(self.process.pid)
            time.sleep(0.05)
        if self.port is None:
            raise RuntimeError("animatic serve did not start")
        self.lines = collections.deque(maxlen=50)
        threading.Thread(target=lambda: [self.lines.append(line) for line in self.process.stderr],
                         daemon=True).start()
        self.pid = self.process.pid

    def rss(self):
        return status_kb(self.pid, "VmRSS") * 1024

    def peak(self):
        return status_kb(self.pid, "VmHWM") * 1024

    def reset_peak(self):
        with open(f"/proc/{self.pid}/clear_refs", "w") as f:
            f.write("5")

    def cpu_seconds(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def stop(self):
        self.process.terminate()
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()


def listening_port(pid):
    """The TCP port the process listens on, from its socket inodes and /proc/net/tcp."""
    try:
        inodes = set()
        for fd in os.listdir(f"/proc/{pid}/fd"):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
        with open(f"/proc/{pid}/net/tcp") as f:
            for line in f.readlines()[1:]:
                parts = line.split()
                if parts[3] == "0A" and parts[9] in inodes:
                    return int(parts[1].split(":")[1], 16)
    except OSError:
        return None
    return None


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(rf"{field}:\s+(\d+)", f.read()).group(1))


def post(port, body, target, timeout=300):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", target, body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        return response.status, data
    except OSError as error:
        return type(error).__name__, b""
    finally:
        connection.close()


def settle_rss(server, seconds):
    time.sleep(seconds)
    return server.rss()


def idle_rss(server):
    assert post(server.port, b'{"preset":"fade"}', "/v1/timeline?format=svg")[0] == 200
    return settle_rss(server, 0.5)


# MARK: specs


def deep_clipped_tree(chains=64, depth=16, duration=1.0, seed=None):
    """`chains` chains of `depth` nested clipping layers, rounded, bordered, shadowed, turning in
    perspective (issue 26's tree: 64 chains; 303 KB as written here, the issue gives ≈410 KB)."""
    layers, blocks = [], []
    for c in range(chains):
        changes = {}  # a block per chain: a block holds at most 1,000 changes
        blocks.append({"duration": duration, "changes": changes})
        for d in range(depth):
            lid = f"c{c}d{d}" if seed is None else f"s{seed}c{c}d{d}"
            layer = {"id": lid, "frame": [d * 2, d * 2, 300 - 4 * d, 500 - 4 * d], "clips": True, "cornerRadius": 14,
                     "fill": "#34c759", "border": {"width": 2, "color": "#000000"},
                     "shadow": {"opacity": 0.4, "radius": 6, "offset": [0, 3]}}
            if d:
                layer["parent"] = layers[-1]["id"]
            layers.append(layer)
            changes[lid] = {"transform": [{"rotateY": 20 + d}, {"rotate": d * 3}], "alpha": 0.8}
    return json.dumps({"container": {"width": 390, "height": 844, "perspective": 700}, "layers": layers,
                       "animations": blocks}).encode()


def wide_tree(n, seed=0):
    """`n` gradient layers turning in perspective on a bouncy spring: large outputs, no clipping."""
    layers = [{"id": f"w{seed}-{i}", "frame": [i % 10 * 30, i // 10 * 20, 120, 80], "fill": "#007aff",
               "cornerRadius": 8, "gradient": {"colors": ["#ffffff00", "#5856d6", "#ff9500"],
                                               "start": [0, 0], "end": [1, 1]}}
              for i in range(n)]
    changes = {layer["id"]: {"transform": [{"rotateX": 70}, {"rotateY": 33}], "frame": [100, 60, 180, 120],
                             "alpha": 0.3, "fill": "#af52de"} for layer in layers}
    return json.dumps({"container": {"width": 320, "height": 480, "perspective": 800}, "layers": layers,
                       "animations": [{"duration": 1.5, "timing": {"spring": {"dampingRatio": 0.3}},
                                       "changes": changes}]}).encode()


# MARK: (i) the slot flood


def victim(port, seconds, results):
    """A request every 100 ms on a new connection from 127.0.0.1: (status or error, seconds)."""
    out = []
    start = time.monotonic()
    next_at = start
    request = b"GET /healthz HTTP/1.1\r\nHost: victim\r\nConnection: close\r\n\r\n"
    while time.monotonic() - start < seconds:
        t0 = time.monotonic()
        status = None
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(request)
                data = b""
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
                status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else "empty"
        except OSError as error:
            status = type(error).__name__
        out.append((status, time.monotonic() - t0))
        next_at += 0.1
        time.sleep(max(0.0, next_at - time.monotonic()))
    results.put(out)


HALF_HEADER = b"GET /healthz HTTP/1.1\r\nHost: flood\r\nX-Padding: "


def flood(port, addresses, per_address, seconds, rate, server):
    """Holds `per_address` connections from each address, re-opening each as it is closed."""
    selector = selectors.DefaultSelector()
    counts = collections.Counter()
    pending = collections.deque((address, k % 2 == 1) for address in addresses for k in range(per_address))
    tokens, last = 0.0, time.monotonic()
    end = last + seconds
    open_now = 0
    samples = []
    next_sample = last

    def close(s):
        nonlocal open_now
        selector.unregister(s)
        s.close()
        open_now -= 1

    while time.monotonic() < end:
        now = time.monotonic()
        tokens = min(tokens + (now - last) * rate, rate / 10)
        last = now
        while pending and tokens >= 1:
            address, half = pending.popleft()
            tokens -= 1
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.bind((address, 0))
                s.connect_ex(("127.0.0.1", port))
            except OSError:
                counts["open failed"] += 1
                s.close()
                pending.append((address, half))
                continue
            counts["opened"] += 1
            open_now += 1
            selector.register(s, selectors.EVENT_WRITE, (address, half, "connecting"))
        for key, mask in selector.select(timeout=0.01):
            s = key.fileobj
            address, half, phase = key.data
            if phase == "connecting":
                if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                    counts["connect failed"] += 1
                    close(s)
                    pending.append((address, half))
                    continue
                if half:
                    try:
                        s.send(HALF_HEADER)
                    except OSError:
                        pass
                selector.modify(s, selectors.EVENT_READ, (address, half, "held"))
                continue
            try:
                data = s.recv(64)
            except OSError:
                data = b""
            if data.startswith(b"HTTP/1.1 "):
                counts[f"answered {data[9:12].decode()}"] += 1
            else:
                counts["closed silently"] += 1
            close(s)
            pending.append((address, half))
        if now >= next_sample:
            samples.append(server.rss())
            next_sample = now + 1
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    selector.close()
    counts["held at the end"] = open_now
    return counts, samples


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run_flood(workers, *extra):
    server = Server("--workers", workers, *extra)
    try:
        start_rss = idle_rss(server)
        # The victim alone first: its latency without the flood.
        queue = multiprocessing.Queue()
        alone = multiprocessing.Process(target=victim, args=(server.port, 3, queue))
        alone.start()
        quiet = queue.get()
        alone.join()
        server.reset_peak()
        addresses = [f"127.0.1.{i}" for i in range(1, 18)]
        attacked = multiprocessing.Process(target=victim, args=(server.port, FLOOD_SECONDS, queue))
        attacked.start()
        counts, samples = flood(server.port, addresses, 245, FLOOD_SECONDS, FLOOD_RATE, server)
        under = queue.get()
        attacked.join()
        peak = server.peak()
        end_rss = settle_rss(server, 1)

        def summary(results):
            ok = [t for status, t in results if status == 200]
            statuses = collections.Counter(str(status) for status, _ in results)
            return {"requests": len(results), "ok": len(ok), "statuses": dict(statuses),
                    "p50_ms": percentile(ok, 50) * 1000, "p99_ms": percentile(ok, 99) * 1000}

        result = {"server_args": list(extra), "victim_alone": summary(quiet), "victim": summary(under), "flood": dict(counts),
                  "seconds": FLOOD_SECONDS, "rate_cap": FLOOD_RATE, "idle_rss": start_rss, "peak_rss": peak,
                  "rss_during_max": max(samples) if samples else None, "end_rss": end_rss}
        log("flood:", json.dumps(result))
        return result
    finally:
        server.stop()


# MARK: (ii) held uploads


def run_uploads(workers, count=2000, length=1 << 20, piece=64 << 10):
    server = Server("--workers", workers)
    selector = selectors.DefaultSelector()
    try:
        start_rss = idle_rss(server)
        server.reset_peak()
        addresses = [f"127.0.2.{i}" for i in range(1, 9)]
        head = (f"POST /v1/timeline HTTP/1.1\r\nHost: upload\r\nContent-Type: application/json\r\n"
                f"Content-Length: {length}\r\n\r\n").encode()
        uploads = []
        t0 = time.monotonic()
        for i in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((addresses[i % len(addresses)], 0))
            s.settimeout(10)
            s.connect(("127.0.0.1", server.port))
            s.sendall(head)
            uploads.append(s)
            selector.register(s, selectors.EVENT_READ, i)
        answered = {}

        def collect():
            for key, _ in selector.select(timeout=0):
                i = key.data
                try:
                    data = key.fileobj.recv(64)
                except OSError:
                    data = b""
                answered[i] = int(data[9:12]) if data.startswith(b"HTTP/1.1 ") else "closed unanswered"
                selector.unregister(key.fileobj)

        time.sleep(0.2)
        collect()
        body = b" " * piece
        sent = 0
        for offset in range(0, length - 1, piece):
            for i, s in enumerate(uploads):
                if i in answered:
                    continue
                size = min(piece, length - 1 - offset)
                try:
                    s.sendall(body[:size])
                    sent += size
                except OSError:
                    answered.setdefault(i, "send failed")
            time.sleep(0.05)
            collect()
        send_seconds = time.monotonic() - t0
        time.sleep(2)
        collect()
        held_rss = server.rss()
        peak = server.peak()
        for s in uploads:
            s.close()
        after = [settle_rss(server, 1), settle_rss(server, 4)]
        statuses = collections.Counter(str(v) for v in answered.values())
        result = {"uploads": count, "declared": length, "answered": dict(statuses),
                  "held": count - len(answered), "bytes_sent": sent, "send_seconds": send_seconds,
                  "idle_rss": start_rss, "held_rss": held_rss, "peak_rss": peak, "after_1s": after[0],
                  "after_5s": after[1]}
        log("uploads:", json.dumps(result))
        return result
    finally:
        selector.close()
        server.stop()


# MARK: (iii) the deep clipped tree, (iv) refused renders


def burst(server, body, target, n):
    return burst_of(server, [body] * n, target)


def burst_of(server, bodies, target):
    n = len(bodies)
    results = [None] * n

    def run(i):
        t = time.monotonic()
        status, data = post(server.port, bodies[i], target)
        detail = ""
        if status != 200 and data:
            try:
                problem = json.loads(data)
                detail = problem.get("type", "").rsplit("/", 1)[-1]
            except ValueError:
                pass
        results[i] = (status, len(data), detail, time.monotonic() - t)

    server.reset_peak()
    cpu0, t0 = server.cpu_seconds(), time.monotonic()
    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    cpu = server.cpu_seconds() - cpu0
    peak = server.peak()
    after = settle_rss(server, 3)
    statuses = collections.Counter(f"{s}{' ' + d if d else ''}" for s, _, d, _ in results)
    return {"target": target, "n": n, "statuses": dict(statuses), "wall": wall, "cpu": cpu, "peak_rss": peak,
            "after_rss": after, "largest_body": max(size for _, size, _, _ in results),
            "slowest": max(t for _, _, _, t in results)}


def run_deep(workers):
    spec = deep_clipped_tree()
    server = Server("--workers", workers)
    try:
        start_rss = idle_rss(server)
        rows = []
        for target in ("/v1/timeline?format=lottie&fps=10", "/v1/timeline?format=svg&fps=5",
                       "/v1/timeline?format=css&fps=5"):
            row = burst(server, spec, target, 8)
            row["workers"] = workers
            log("deep:", json.dumps(row))
            rows.append(row)
    finally:
        server.stop()
    # The worst: the same Lottie burst with --workers 8 (8.5 GB before).
    server = Server("--workers", "8")
    try:
        idle = idle_rss(server)
        row = burst(server, spec, "/v1/timeline?format=lottie&fps=10", 8)
        row["workers"], row["idle_rss"] = "8", idle
        log("deep:", json.dumps(row))
        rows.append(row)
        return {"spec_bytes": len(spec), "workers": workers, "idle_rss": start_rss, "rows": rows}
    finally:
        server.stop()


def run_served(workers):
    """Bursts of the heaviest renders the estimate admits, served: memory given back after."""
    # No response cache: what stays is the allocator's, not cached responses. A worker for
    # each render, so none is shed for waiting (docs/HTTP.md, "Admission").
    workers = "8"
    server = Server("--workers", workers, "--cache-mb", "0")
    try:
        start_rss = idle_rss(server)
        rows = []
        for label, body, target in (
                ("deep clipped tree, 2 chains, lottie at 10 fps",
                 [deep_clipped_tree(2, seed=seed) for seed in range(8)], "/v1/timeline?format=lottie&fps=10"),
                ("200 wide gradient layers, svg at 30 fps", [wide_tree(200, seed) for seed in range(8)],
                 "/v1/timeline?format=svg&fps=30")):
            # Different specs, so no response comes from the cache.
            row = burst_of(server, body, target)
            row["label"] = label
            log("served:", json.dumps(row))
            rows.append(row)
        return {"workers": workers, "idle_rss": start_rss, "rows": rows}
    finally:
        server.stop()


def run_refused(workers):
    spec = deep_clipped_tree()
    server = Server("--workers", workers)
    try:
        start_rss = idle_rss(server)
        server.reset_peak()
        statuses = collections.Counter()
        cpu0 = server.cpu_seconds()
        for _ in range(2):
            for target in ("/v1/timeline?format=lottie&fps=10", "/v1/timeline?format=svg&fps=5",
                           "/v1/timeline?format=css&fps=5"):
                statuses[str(post(server.port, spec, target)[0])] += 1
        cpu = server.cpu_seconds() - cpu0
        peak = server.peak()
        after = settle_rss(server, 3)
        result = {"renders": sum(statuses.values()), "statuses": dict(statuses), "cpu": cpu, "idle_rss": start_rss,
                  "peak_rss": peak, "after_rss": after}
        log("refused:", json.dumps(result))
        return result
    finally:
        server.stop()


# MARK: report


def mb(value):
    return f"{value / MB:,.0f} MB" if value is not None else "—"


def statuses_text(statuses):
    return ", ".join(f"{count} × {status}" for status, count in sorted(statuses.items(), key=lambda kv: -kv[1]))


def markdown(results, workers, label):
    lines = [BEGIN, "## Attacks, re-measured (issue 26)", ""]
    machine = f"{os.cpu_count()} cores, {os.uname().release}"
    lines.append(f"`make bench-attacks` (scripts/bench_attacks.py: the release `animatic serve`, defaults but "
                 f"`--workers {workers}`; {machine}; {datetime.datetime.now():%Y-%m-%d %H:%M}; {label}). Every case "
                 "is its own server on loopback; peak RSS is VmHWM reset before the part. \"Before\" is the issue's "
                 "text (its figures were taken the same way, before the fixes of issue 26).")
    lines.append("")
    lines.append("| case | before (issue 26) | now |")
    lines.append("|---|---|---|")
    for case in ("flood", "flood-cap"):
        if case not in results:
            continue
        r = results[case]
        v, q, f = r["victim"], r["victim_alone"], r["flood"]
        refused = sum(n for k, n in f.items() if k.startswith("answered"))
        share = ("per-address silent share 32 (the default)" if case == "flood"
                 else "`--max-connections-per-client 2048` (silent share 256 > 245): the flood reaches 7/8 of the "
                 "4,096 cap, where each new connection closes the one silent longest")
        lines.append(
            f"| (i) slot flood, {share}: 17 × 245 connections from 127.0.1.x sending nothing or half a header, "
            f"re-opened as closed ({r['seconds']:.0f} s, ≤ {r['rate_cap']:,.0f} opens/s); a victim asks `GET /healthz` "
            f"on a new connection every 100 ms | the slots full: every other client 503 | victim {v['ok']} of "
            f"{v['requests']} served ({statuses_text(v['statuses'])}), p50 {v['p50_ms']:.1f} ms, p99 "
            f"{v['p99_ms']:.1f} ms (alone: p50 {q['p50_ms']:.1f}, p99 {q['p99_ms']:.1f} ms); flood "
            f"{f.get('opened', 0):,} opens, {f.get('closed silently', 0):,} closed by the server unanswered, "
            f"{refused:,} answered ({statuses_text({k[9:]: n for k, n in f.items() if k.startswith('answered')}) or '—'}),"
            f" {f.get('held at the end', 0):,} open at the end; RSS {mb(r['idle_rss'])} idle, peak "
            f"{mb(r['peak_rss'])}, {mb(r['end_rss'])} after |")
    if "uploads" in results:
        r = results["uploads"]
        answered = statuses_text(r["answered"])
        lines.append(
            f"| (ii) {r['uploads']:,} held uploads from 8 addresses, 1 MiB declared each, sent slowly "
            f"(all but the last byte), held 2 s, closed | 2.07 GB; 2 GB stayed after they closed | "
            f"{r['held']} held, {answered}; RSS {mb(r['idle_rss'])} idle, {mb(r['held_rss'])} while held, peak "
            f"{mb(r['peak_rss'])}; after closing {mb(r['after_1s'])} (1 s), {mb(r['after_5s'])} (5 s) |")
    if "deep" in results:
        r = results["deep"]
        before = {"lottie": "968 MB built per render in 3.8 CPU-s, then 422; 2.3 GB peak for 8 at once; 1.5 GB "
                            "stayed after",
                  "lottie8": "8.5 GB peak for 8 at once",
                  "svg": "121–130 MB built per render", "css": "121–130 MB built per render"}
        for row in r["rows"]:
            fmt = re.search(r"format=(\w+)", row["target"]).group(1)
            fps = re.search(r"fps=(\d+)", row["target"]).group(1)
            key = fmt + ("8" if row["workers"] == "8" else "")
            lines.append(
                f"| (iii) deep clipped tree ({r['spec_bytes'] / 1000:.0f} KB), {fmt} at {fps} fps, 8 at once, "
                f"`--workers {row['workers']}` | {before[key]} | {statuses_text(row['statuses'])}; "
                f"{row['cpu']:.1f} CPU-s in {row['wall']:.1f} s; peak RSS {mb(row['peak_rss'])}, "
                f"{mb(row['after_rss'])} 3 s after (idle {mb(row.get('idle_rss', r['idle_rss']))}) |")
    if "served" in results:
        r = results["served"]
        for row in r["rows"]:
            lines.append(
                f"| (iii′) the heaviest the estimate admits, served: {row['label']}, 8 different at once, "
                f"`--workers {r['workers']} --cache-mb 0` | — | {statuses_text(row['statuses'])}, {row['largest_body'] / MB:.1f} MB "
                f"each at most; {row['cpu']:.1f} CPU-s in {row['wall']:.1f} s; peak RSS {mb(row['peak_rss'])}, "
                f"{mb(row['after_rss'])} 3 s after (idle {mb(r['idle_rss'])}) |")
    if "refused" in results:
        r = results["refused"]
        lines.append(
            f"| (iv) a series of {r['renders']} heavy renders refused for size, one after another (the deep tree as "
            f"Lottie, SVG, CSS, twice) | 392 MB after (from 24 MB) | {statuses_text(r['statuses'])}; "
            f"{r['cpu']:.1f} CPU-s; peak {mb(r['peak_rss'])}; idle RSS {mb(r['idle_rss'])} before, "
            f"{mb(r['after_rss'])} 3 s after |")
    lines.append(END)
    return "\n".join(lines)


def write_section(section):
    """The attacks' section of BENCHMARKS.md, through run_bench's one section writer."""
    sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
    from run_bench import replace_section

    replace_section(section, BEGIN, END)
    log(f"wrote {DOC}")


def main():
    args = sys.argv[1:]
    workers = "2"
    if "--workers" in args:
        workers = args[args.index("--workers") + 1]
        del args[args.index("--workers"):args.index("--workers") + 2]
    label = os.environ.get("BENCH_LABEL", subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h %s"],
                                                         capture_output=True, text=True).stdout.strip())
    write = "--write" in args
    cases = [a for a in args if not a.startswith("--")] or ["flood", "flood-cap", "uploads", "deep", "served", "refused"]
    if not os.access(ANIMATIC, os.X_OK):
        sys.exit(f"{ANIMATIC} missing: swift build -c release --product animatic")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))  # the server inherits it
    runs = {"served": run_served, "flood": run_flood, "flood-cap": lambda w: run_flood(w, "--max-connections-per-client", "2048"),
            "uploads": run_uploads, "deep": run_deep, "refused": run_refused}
    results = {}
    for case in cases:
        log(f"{case} …")
        results[case] = runs[case](workers)
    section = markdown(results, workers, label)
    print(json.dumps(results, indent=1))
    print(section)
    if write:
        write_section(section)


if __name__ == "__main__":
    main()
