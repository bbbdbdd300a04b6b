#!/usr/bin/env python3
"""The server and engine benchmarks behind `make bench` (scripts/bench.sh builds first).

Starts one server at a time on loopback — `animatic serve`, the Hummingbird 2 peer
(Benchmarks/Sources/HummingbirdPeer: the same AnimaticAPI behind SwiftNIO), nginx serving
a static file of the same bytes — and runs wrk against each route at 1, 64 and 256
connections. Records req/s, p50/p99 latency and the server's peak RSS (VmHWM, reset
before each cell through /proc/PID/clear_refs), idle RSS and RSS with 1,000 open
keep-alive connections. Runs the engine benchmark and callgrind. Prints everything and
rewrites the opening tables of docs/BENCHMARKS.md (above its marker; the
write-ups below it are kept).

Environment: BENCH_DURATION (seconds per cell, default 5), BENCH_WARMUP (default 1),
BENCH_CONNECTIONS (default "1,64,256"), BENCH_SKIP_ENGINE=1, BENCH_SKIP_SERVERS=1,
BENCH_SKIP_MIXED=1, BENCH_SKIP_OVERLOAD=1, BENCH_OVERLOAD_CONNECTIONS (default
"64,256,1024"); BENCH_ONLY=mixed or BENCH_ONLY=overload runs that cell alone and rewrites
only its section of docs/BENCHMARKS.md.
"""
import datetime
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANIMATIC = os.path.join(ROOT, ".build", "release", "animatic")
BENCH_BIN = os.path.join(ROOT, "Benchmarks", ".build", "release")
PEER = os.path.join(BENCH_BIN, "HummingbirdPeer")
ENGINE = os.path.join(BENCH_BIN, "EngineBenchmark")
DOC = os.path.join(ROOT, "docs", "BENCHMARKS.md")
# Where the generated opening tables end in BENCHMARKS.md; what follows is kept.
KEPT_BELOW = "<!-- make bench rewrites what is above this line and keeps what is below -->"

DURATION = int(os.environ.get("BENCH_DURATION", "5"))
WARMUP = int(os.environ.get("BENCH_WARMUP", "1"))
CONNECTIONS = [int(c) for c in os.environ.get("BENCH_CONNECTIONS", "1,64,256").split(",")]

POST_PATH = "/v1/timeline?frames=true"
POST_BODY = '{"preset":"fold"}'
GET_PATH = "/v1/presets/fold/timeline?frames=true"


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port, path="/healthz", timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1) as r:
                r.read()
                return
        except Exception:
            time.sleep(0.1)
    raise RuntimeError(f"server on port {port} did not answer {path}")


def proc_status(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])  # kB
    except FileNotFoundError:
        pass
    return 0


def children(pid):
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]
    except FileNotFoundError:
        return []


class Server:
    """One server process (nginx: its master and workers, whose RSS is summed)."""

    def __init__(self, name, argv, port, ready_path="/healthz", multi=False):
        self.name, self.argv, self.port, self.ready_path, self.multi = name, argv, port, ready_path, multi
        self.proc = None

    def __enter__(self):
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        try:
            wait_ready(self.port, self.ready_path)
        except Exception:
            self.__exit__(None, None, None)  # no server left behind
            raise
        time.sleep(0.3)
        return self

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def pids(self):
        return [self.proc.pid] + (children(self.proc.pid) if self.multi else [])

    def reset_peak(self):
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/clear_refs", "w") as f:
                    f.write("5")
            except OSError:
                pass

    def rss_mb(self):
        return sum(proc_status(p, "VmRSS") for p in self.pids()) / 1024

    def peak_mb(self):
        return sum(proc_status(p, "VmHWM") for p in self.pids()) / 1024


def parse_duration_ms(text):
    m = re.match(r"([\d.]+)(us|ms|s|m)", text)
    if not m:
        return float("nan")
    value, unit = float(m.group(1)), m.group(2)
    return value * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]


def wrk(url, connections, duration, script=None):
    argv = ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--latency", "--timeout", "10s"]
    if script:
        argv += ["-s", script]
    argv.append(url)
    out = subprocess.run(argv, capture_output=True, text=True).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return {
        "rps": float(rps.group(1)) if rps else 0.0,
        "p50": parse_duration_ms(p50.group(1)) if p50 else float("nan"),
        "p99": parse_duration_ms(p99.group(1)) if p99 else float("nan"),
        "non2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1).strip() if socket_errors else "",
        "raw": out,
    }


def hold_connections(port, count, path="/healthz"):
    """Opens `count` keep-alive connections, each after one request; returns the sockets."""
    sockets = []
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request)
        s.settimeout(5)
        data = b""
        while b"\r\n\r\n" not in data:
            data += s.recv(65536)
        sockets.append(s)
    return sockets


def fetch(port, method, path, body=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                 data=body.encode() if body else None,
                                 headers={"Content-Type": "application/json"} if body else {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.read()


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    mem_kb = proc_status("self", "VmRSS")  # placeholder, replaced below
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal"):
                mem_kb = int(line.split()[1])
    def version(argv):
        try:
            r = subprocess.run(argv, capture_output=True, text=True)
            return (r.stdout + r.stderr).strip().splitlines()[0]
        except Exception:
            return "?"
    return {
        "cpus": os.cpu_count(),
        "model": model,
        "memory": f"{mem_kb / 1024 / 1024:.1f} GiB",
        "kernel": platform.release(),
        "os": version(["sh", "-c", ". /etc/os-release && echo $PRETTY_NAME"]),
        "swift": version(["swift", "--version"]),
        "wrk": version(["wrk", "-v"]),
        "nginx": version(["nginx", "-v"]),
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M %Z").strip(),
    }


# MARK: servers

def nginx_config(tmp, port, root):
    conf = os.path.join(tmp, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""daemon off;
master_process on;
worker_processes auto;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    keepalive_requests 10000000;
    keepalive_timeout 75s;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    types {{ application/json json; }}
    server {{
        listen 127.0.0.1:{port} backlog=1024;
        root {root};
        location / {{ }}
    }}
}}
""")
    return conf


def run_servers(tmp):
    results = []   # rows: server, route, connections, rps, p50, p99, peak
    memory = []    # rows: server, idle MB, 1000 connections MB
    post_lua = os.path.join(tmp, "post.lua")
    with open(post_lua, "w") as f:
        f.write('wrk.method = "POST"\n')
        f.write(f"wrk.body = '{POST_BODY}'\n")
        f.write('wrk.headers["Content-Type"] = "application/json"\n')

    def servers(cache_mb):
        port = free_port()
        yield Server("animatic", [ANIMATIC, "serve", "--port", str(port), "--cache-mb", str(cache_mb),
                                  "--log-level", "error", "--public", os.path.join(tmp, "no-public")], port)
        port = free_port()
        yield Server("Hummingbird 2", [PEER, "--port", str(port), "--cache-mb", str(cache_mb)], port)

    body_bytes = None
    routes = [
        # (label, cache MB, method, path)
        ("POST /v1/timeline, dynamic (cache off)", 0, "POST", POST_PATH),
        ("POST /v1/timeline, cached (LRU hit)", 64, "POST", POST_PATH),
        ("GET /v1/presets/fold/timeline, cached", 64, "GET", GET_PATH),
    ]
    for cache_mb in (0, 64):
        for server in servers(cache_mb):
            with server:
                if cache_mb == 0:
                    # Idle RSS, then RSS with 1,000 keep-alive connections open.
                    time.sleep(0.5)
                    idle = server.rss_mb()
                    held = hold_connections(server.port, 1000)
                    time.sleep(0.5)
                    with_conns = server.rss_mb()
                    for s in held:
                        s.close()
                    memory.append((server.name, idle, with_conns))
                    log(f"{server.name}: idle {idle:.1f} MB, 1,000 connections {with_conns:.1f} MB")
                    time.sleep(0.5)
                body = fetch(server.port, "POST", POST_PATH, POST_BODY)
                if body_bytes is None:
                    body_bytes = body
                elif body != body_bytes:
                    log(f"warning: {server.name} answered {len(body)} bytes, not {len(body_bytes)}")
                for label, route_cache, method, path in routes:
                    if route_cache != cache_mb:
                        continue
                    url = f"http://127.0.0.1:{server.port}{path}"
                    script = post_lua if method == "POST" else None
                    for c in CONNECTIONS:
                        wrk(url, c, WARMUP, script)
                        server.reset_peak()
                        r = wrk(url, c, DURATION, script)
                        r.update(server=server.name, route=label, connections=c, peak=server.peak_mb())
                        results.append(r)
                        log(f"{server.name:14} {label:42} c={c:<4} {r['rps']:>10.0f} req/s  p50 {r['p50']:.2f} ms"
                            f"  p99 {r['p99']:.2f} ms  peak {r['peak']:.1f} MB"
                            + (f"  non-2xx {r['non2xx']}" if r["non2xx"] else "")
                            + (f"  socket errors: {r['socket_errors']}" if r["socket_errors"] else ""))

    # nginx: a static file of the same bytes.
    root = os.path.join(tmp, "www")
    os.makedirs(root, exist_ok=True)
    # nginx's workers run as an unprivileged user when started by root: let them read the file.
    os.chmod(tmp, 0o755)
    os.chmod(root, 0o755)
    with open(os.path.join(root, "fold.json"), "wb") as f:
        f.write(body_bytes)
    os.chmod(os.path.join(root, "fold.json"), 0o644)
    port = free_port()
    conf = nginx_config(tmp, port, root)
    with Server("nginx", ["nginx", "-c", conf, "-p", tmp], port, ready_path="/fold.json", multi=True) as server:
        time.sleep(0.5)
        idle = server.rss_mb()
        held = hold_connections(server.port, 1000, "/fold.json")
        time.sleep(0.5)
        with_conns = server.rss_mb()
        for s in held:
            s.close()
        memory.append(("nginx", idle, with_conns))
        log(f"nginx: idle {idle:.1f} MB, 1,000 connections {with_conns:.1f} MB")
        url = f"http://127.0.0.1:{port}/fold.json"
        for c in CONNECTIONS:
            wrk(url, c, WARMUP)
            server.reset_peak()
            r = wrk(url, c, DURATION)
            r.update(server="nginx", route="GET static file, same bytes", connections=c, peak=server.peak_mb())
            results.append(r)
            log(f"{'nginx':14} {r['route']:42} c={c:<4} {r['rps']:>10.0f} req/s  p50 {r['p50']:.2f} ms"
                f"  p99 {r['p99']:.2f} ms  peak {r['peak']:.1f} MB")
    return results, memory, len(body_bytes)


# MARK: mixed load

MIXED_CONNECTIONS = 64
MIXED_BEGIN = "<!-- mixed-load: begin -->"
MIXED_END = "<!-- mixed-load: end -->"


def health_probe(port, stop, latencies):
    """GET /healthz on one keep-alive connection every 10 ms, as a liveness probe would."""
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        start = time.perf_counter()
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        latencies.append((time.perf_counter() - start) * 1000)
        time.sleep(0.01)
    connection.close()


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def run_mixed(tmp):
    """Renders saturating the pool (wrk, 64 connections, the dynamic route with the cache
    off) while a probe asks /healthz every 10 ms: health latency under saturation, and the
    dynamic route's throughput and tail (first come, first served) beside Hummingbird's."""
    import threading
    post_lua = os.path.join(tmp, "post-mixed.lua")
    with open(post_lua, "w") as f:
        f.write('wrk.method = "POST"\n')
        f.write(f"wrk.body = '{POST_BODY}'\n")
        f.write('wrk.headers["Content-Type"] = "application/json"\n')
    rows = []
    for name, argv_of in (
            ("animatic", lambda port: [ANIMATIC, "serve", "--port", str(port), "--cache-mb", "0", "--log-level", "error",
                                       "--public", os.path.join(tmp, "no-public")]),
            ("Hummingbird 2", lambda port: [PEER, "--port", str(port), "--cache-mb", "0"])):
        port = free_port()
        with Server(name, argv_of(port), port) as server:
            url = f"http://127.0.0.1:{port}{POST_PATH}"
            wrk(url, MIXED_CONNECTIONS, WARMUP, post_lua)
            stop, latencies = threading.Event(), []
            probe = threading.Thread(target=health_probe, args=(port, stop, latencies))
            probe.start()
            r = wrk(url, MIXED_CONNECTIONS, DURATION, post_lua)
            stop.set()
            probe.join()
            r.update(server=name, health_p50=percentile(latencies, 0.5), health_p99=percentile(latencies, 0.99),
                     probes=len(latencies))
            rows.append(r)
            log(f"{name:14} mixed: dynamic c={MIXED_CONNECTIONS} {r['rps']:.0f} req/s p50 {r['p50']:.2f} ms "
                f"p99 {r['p99']:.2f} ms (p99/p50 {r['p99'] / r['p50']:.2f}); health p50 {r['health_p50']:.2f} ms "
                f"p99 {r['health_p99']:.2f} ms over {r['probes']} probes"
                + (f"; non-2xx {r['non2xx']}" if r["non2xx"] else ""))
    return rows


def mixed_section(rows, m):
    """The mixed-load cell's part of BENCHMARKS.md, between its markers."""
    lines = [MIXED_BEGIN, "## Mixed load: renders saturating the pool, health probes beside them", ""]
    lines.append(f"`BENCH_ONLY=mixed make bench` ({m['cpus']} × {m['model']}, {m['date']}; {DURATION} s). wrk drives "
                 f"`POST {POST_PATH}` with `{POST_BODY}` and the cache off at {MIXED_CONNECTIONS} connections — every "
                 "request is a render, so the render pool is saturated — while one keep-alive client asks `GET /healthz` "
                 "every 10 ms. animatic runs renders on its render pool (`--workers`: one per core) and health on the "
                 "connection's lane; Hummingbird runs the same API code on its event loops.")
    lines.append("")
    lines.append("| server | dynamic req/s | p50 ms | p99 ms | p99/p50 | health p50 ms | health p99 ms | probes |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for r in rows:
        lines.append(f"| {r['server']} | {fmt_int(r['rps'])} | {r['p50']:.2f} | {r['p99']:.2f} | "
                     f"{r['p99'] / r['p50']:.2f} | {r['health_p50']:.2f} | {r['health_p99']:.2f} | {r['probes']} |")
    ours = next((r for r in rows if r["server"] == "animatic"), None)
    peer = next((r for r in rows if r["server"] != "animatic"), None)
    if ours and peer and peer["rps"]:
        lines.append("")
        lines.append(f"Targets (issue 12): health p99 < 20 ms under saturation — {ours['health_p99']:.2f} ms "
                     f"({'met' if ours['health_p99'] < 20 else '**missed**'}); dynamic throughput ratio to Hummingbird "
                     f"{ours['rps'] / peer['rps']:.2f}× in this run; p99/p50 at {MIXED_CONNECTIONS} connections ≤ 3 — "
                     f"{ours['p99'] / ours['p50']:.2f} ({'met' if ours['p99'] / ours['p50'] <= 3 else '**missed**'}).")
    lines.append(MIXED_END)
    return "\n".join(lines)


OVERLOAD_CONNECTIONS = [int(c) for c in os.environ.get("BENCH_OVERLOAD_CONNECTIONS", "64,256,1024").split(",")]
# Closed-loop probe clients among wrk's that time the served renders (more than one, so
# that the p99 of served renders rests on more than a handful of samples at 1,024).
OVERLOAD_PROBES = int(os.environ.get("BENCH_OVERLOAD_PROBES", "4"))
OVERLOAD_BEGIN = "<!-- overload: begin -->"
OVERLOAD_END = "<!-- overload: end -->"


def render_probe(port, stop, samples):
    """One more closed-loop client among wrk's: POSTs the same render on a keep-alive
    connection and records (status, ms) — wrk's own latencies mix served renders and 503s."""
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        start = time.perf_counter()
        try:
            connection.request("POST", POST_PATH, body=POST_BODY, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        samples.append((response.status, (time.perf_counter() - start) * 1000))
    connection.close()


def run_overload(tmp):
    """Closed-loop clients that ignore Retry-After (wrk asks again the moment it is answered)
    posting uncached renders at 64, 256 and 1,024 connections: renders served a second
    (2xx), refusals, and the p99 of served renders seen by a probe client among them.
    The connections of one cell alternate between the servers, so a neighbour's load falls
    on both."""
    import threading
    post_lua = os.path.join(tmp, "post-overload.lua")
    with open(post_lua, "w") as f:
        f.write('wrk.method = "POST"\n')
        f.write(f"wrk.body = '{POST_BODY}'\n")
        f.write('wrk.headers["Content-Type"] = "application/json"\n')
    # wrk is one address standing in for many clients: lift animatic serve's per-address
    # cap (256) and with it the address's share of silent connections (an eighth of the
    # cap) above the largest cell. With the cap at 4,096 the share is 512, and at 1,024
    # connections wrk's own lag between connect and request (it is one thread on the same
    # two cores) left more than 512 connected but not yet speaking: each new connection
    # then closed the oldest of them, whose reconnect closed the next (wrk counted up to
    # 9,225 read errors in a 4 s cell) — the slot-flood defence at work, not overload.
    per_client = str(max(4096, 16 * (max(OVERLOAD_CONNECTIONS) + OVERLOAD_PROBES)))
    servers = [
        ("animatic", lambda port: [ANIMATIC, "serve", "--port", str(port), "--cache-mb", "0", "--log-level", "error",
                                   "--public", os.path.join(tmp, "no-public"),
                                   "--max-connections-per-client", per_client]),
        ("animatic, deadline 1 s", lambda port: [
            ANIMATIC, "serve", "--port", str(port), "--cache-mb", "0", "--log-level", "error",
            "--public", os.path.join(tmp, "no-public"), "--max-connections-per-client", per_client,
            "--queue-deadline", "1"]),
        ("animatic, fixed queue of 64", lambda port: [
            ANIMATIC, "serve", "--port", str(port), "--cache-mb", "0", "--log-level", "error",
            "--public", os.path.join(tmp, "no-public"), "--max-connections-per-client", per_client,
            "--max-queue", "64"]),
    ]
    if os.path.exists(PEER):
        servers.append(("Hummingbird 2", lambda port: [PEER, "--port", str(port), "--cache-mb", "0"]))
    rows = []
    running = []
    try:
        for name, argv_of in servers:
            port = free_port()
            server = Server(name, argv_of(port), port)
            server.__enter__()
            running.append((name, server))
        for c in OVERLOAD_CONNECTIONS:
            for name, server in running:
                url = f"http://127.0.0.1:{server.port}{POST_PATH}"
                wrk(url, c, WARMUP, post_lua)
                stop, samples = threading.Event(), []
                probes = [threading.Thread(target=render_probe, args=(server.port, stop, samples))
                          for _ in range(OVERLOAD_PROBES)]
                for probe in probes:
                    probe.start()
                r = wrk(url, c, DURATION, post_lua)
                stop.set()
                for probe in probes:
                    probe.join()
                total = re.search(r"(\d+) requests in ([\d.]+)s", r["raw"])
                requests, seconds = (int(total.group(1)), float(total.group(2))) if total else (0, float(DURATION))
                served = [ms for status, ms in samples if 200 <= status < 300]
                r.update(server=name, connections=c, served=(requests - r["non2xx"]) / seconds,
                         refused=r["non2xx"] / seconds, probe_p99=percentile(served, 0.99) if served else float("nan"),
                         probe_served=len(served), probe_refused=len(samples) - len(served))
                rows.append(r)
                log(f"{name:28} overload c={c:<5} served {r['served']:7.1f}/s refused {r['refused']:7.1f}/s "
                    f"p99 all {r['p99']:.0f} ms, served (probe, {r['probe_served']}) {r['probe_p99']:.0f} ms"
                    + (f", wrk socket errors: {r['socket_errors']}" if r["socket_errors"] else ""))
    finally:
        for _, server in running:
            server.__exit__(None, None, None)
    return rows


def overload_section(rows, m):
    """The overload cell's part of BENCHMARKS.md, between its markers."""
    lines = [OVERLOAD_BEGIN, "## Overload: closed-loop clients that ignore Retry-After", ""]
    lines.append(f"`BENCH_ONLY=overload make bench` ({m['cpus']} × {m['model']}, {m['date']}, load average "
                 f"{os.getloadavg()[0]:.1f} at the end; {DURATION} s per cell after a {WARMUP} s warm-up). wrk (`-t1 -cN`) posts `POST {POST_PATH}` with `{POST_BODY}`, the cache "
                 "off, so every request is a render, and asks again the moment it is answered — 503s included, as a "
                 "load generator, a retry loop or a proxy that ignores `Retry-After` does. *Served/s* counts 2xx; "
                 f"*p99 served* is measured by {OVERLOAD_PROBES} more closed-loop clients among them (wrk's own p99 "
                 "mixes renders and refusals). wrk is one address standing in for many clients, so animatic runs "
                 "with `--max-connections-per-client` 16 × the largest cell (the per-address cap, and its eighth, the "
                 "address's share of silent connections, above the cell: at 4,096 the share of 512 closed connections "
                 "wrk had opened but not yet written to). animatic sheds a render that waited 2 s, and holds aside "
                 "one expected to wait over 1 s, queues it as the queue drains or sheds it at the same 2 s "
                 "(docs/HTTP.md, \"Admission\"); the second row is the same binary with `--queue-deadline 1` (the "
                 "deadline before 2026-11-26), the third with `--max-queue 64`, which refuses at once past 64 waiting "
                 "— the policy before issue 26. "
                 + ("Hummingbird renders on its event loops and never refuses. "
                    if any(r["server"] == "Hummingbird 2" for r in rows) else
                    "(The Hummingbird 2 peer joins when it is built, as `make bench` does; it was not for this run.) ")
                 + "The cells of one connection "
                 "count alternate between the servers, so compare within a run: on a shared machine the absolute "
                 "figures move with the neighbours' load (render threads run at nice +5). *p99 all* includes the "
                 "refusals, which animatic sends at the deadline by design, and the client's own delays (wrk is "
                 "one thread on the same cores).")
    lines.append("")
    lines.append("| server | connections | served/s | of 64's | refused/s | p99 all ms | p99 served ms (probe n) |")
    lines.append("|---|---|---|---|---|---|---|")
    base = {r["server"]: r["served"] for r in rows if r["connections"] == min(OVERLOAD_CONNECTIONS)}
    for r in rows:
        ratio = r["served"] / base[r["server"]] if base.get(r["server"]) else float("nan")
        lines.append(f"| {r['server']} | {r['connections']:,} | {fmt_int(r['served'])} | {ratio:.0%} | "
                     f"{fmt_int(r['refused'])} | {r['p99']:.0f} | {r['probe_p99']:.0f} ({r['probe_served']}) |")
    ours = [r for r in rows if r["server"] == "animatic" and r["connections"] > min(OVERLOAD_CONNECTIONS)]
    deadline_ms = 2000  # QueueAdmission.standard
    if ours and base.get("animatic"):
        worst = min(r["served"] / base["animatic"] for r in ours)
        p99 = max(r["probe_p99"] for r in ours)
        lines.append("")
        lines.append(f"Targets (issue 26): served renders/s at every count ≥ 90 % of 64's — worst {worst:.0%} "
                     f"({'met' if worst >= 0.9 else '**missed**'}); p99 of served renders within the "
                     f"{deadline_ms / 1000:g} s queue deadline — worst {p99:.0f} ms "
                     f"({'met' if p99 <= deadline_ms else '**missed**'}).")
    lines.append(OVERLOAD_END)
    return "\n".join(lines)


def replace_section(section, begin, end):
    """Rewrites only one marked section of BENCHMARKS.md (appended when absent)."""
    with open(DOC) as f:
        text = f.read()
    if begin in text and end in text:
        text = text[:text.index(begin)] + section + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(DOC, "w") as f:
        f.write(text)


def uptime():
    """`uptime`'s line: the load a section records before and after its run."""
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


# MARK: engine

def run_engine(tmp):
    out = subprocess.run([ENGINE], capture_output=True, text=True, check=True).stdout
    instructions = run_callgrind(tmp)
    return out, instructions


def run_callgrind(tmp):
    """Instruction counts of the 20-layer cases under callgrind (stable on a busy machine)."""
    if not shutil.which("valgrind"):
        return {}
    # valgrind 3.19 cannot read the DWARF 5 debug info swiftc writes: count on a copy without it.
    binary = os.path.join(tmp, "EngineBenchmark")
    subprocess.run(["strip", "--strip-debug", "-o", binary, ENGINE], check=True)
    prefix = os.path.join(tmp, "callgrind.out")
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={prefix}",
                          "--dump-after=*callgrindBoundary*", binary, "--callgrind", "--filter", "20-layer/"],
                         capture_output=True, text=True)
    names = [line.split("\t")[1] for line in run.stdout.splitlines() if line.startswith("callgrind-case\t")]
    counts = {}
    for k, name in enumerate(names):
        # Each case calls the boundary twice, around its measured run: dumps 2, 4, 6, …
        path = f"{prefix}.{2 * k + 2}"
        try:
            with open(path) as f:
                for line in f:
                    if line.startswith("summary:"):
                        counts[name] = int(line.split()[1])
                        break
        except FileNotFoundError:
            pass
    return counts


# MARK: report

def fmt_int(n):
    return f"{n:,.0f}"


def find(results, server, route, c):
    for r in results:
        if r["server"] == server and r["route"] == route and r["connections"] == c:
            return r
    return None


def main():
    tmp = tempfile.mkdtemp(prefix="animatic-bench-")
    try:
        m = machine()
        log(f"machine: {m['cpus']} × {m['model']}, {m['memory']}; {m['os']}; {m['swift']}")
        if os.environ.get("BENCH_ONLY") == "mixed":
            replace_section(mixed_section(run_mixed(tmp), m), MIXED_BEGIN, MIXED_END)
            return
        if os.environ.get("BENCH_ONLY") == "overload":
            replace_section(overload_section(run_overload(tmp), m), OVERLOAD_BEGIN, OVERLOAD_END)
            return
        engine_md, instructions = ("", {})
        if os.environ.get("BENCH_SKIP_ENGINE") != "1":
            log("engine benchmark …")
            engine_md, instructions = run_engine(tmp)
            print(engine_md)
            for k, v in instructions.items():
                print(f"callgrind {k}: {v:,} instructions")
        results, memory, size = ([], [], 0)
        if os.environ.get("BENCH_SKIP_SERVERS") != "1":
            results, memory, size = run_servers(tmp)
        write_doc(m, results, memory, size, engine_md, instructions)
        if os.environ.get("BENCH_SKIP_SERVERS") != "1" and os.environ.get("BENCH_SKIP_MIXED") != "1":
            replace_section(mixed_section(run_mixed(tmp), m), MIXED_BEGIN, MIXED_END)
        if os.environ.get("BENCH_SKIP_SERVERS") != "1" and os.environ.get("BENCH_SKIP_OVERLOAD") != "1":
            replace_section(overload_section(run_overload(tmp), m), OVERLOAD_BEGIN, OVERLOAD_END)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_doc(m, results, memory, size, engine_md, instructions):
    lines = []
    add = lines.append
    add("# Benchmarks")
    add("")
    add("Written by `make bench` (scripts/bench.sh, Benchmarks/run_bench.py); the figures below are the ones")
    add("that run printed. Compare ratios within one run, not across machines: the machine is shared")
    add("and noisy.")
    add("")
    add(f"**Machine:** {m['cpus']} × {m['model']}, {m['memory']} memory; {m['os']}, Linux {m['kernel']}.")
    add(f"**Tools:** {m['swift']}; {m['wrk']}; {m['nginx']}. **Date:** {m['date']}.")
    add("")
    add("```sh")
    add("make bench        # BENCH_DURATION=5 (s per cell), BENCH_CONNECTIONS=1,64,256")
    add("```")
    add("")
    verdicts = targets(results, memory, engine_md, instructions)
    if verdicts:
        add("## Targets (issue 9)")
        add("")
        add("| target | measured | |")
        add("|---|---|---|")
        for name, measured, ok in verdicts:
            add(f"| {name} | {measured} | {'met' if ok else '**missed**'} |")
        add("")
    if results:
        add("## Servers")
        add("")
        add(f"One server at a time on loopback; `wrk -t1 -cN -d{DURATION}s --latency` after a {WARMUP} s warm-up")
        add(f"at the same N. The response is the fold preset's JSON timeline with frames at 60 fps,")
        add(f"{size:,} bytes, identity (wrk sends no Accept-Encoding). Dynamic rows run the server with")
        add("`--cache-mb 0` (every request decodes, compiles, samples and encodes); cached rows with the")
        add("default LRU, where every request after the first is a hit (the request's bytes are hashed")
        add("to find the entry; the spec is not decoded). The Hummingbird 2 peer (Benchmarks/Sources/HummingbirdPeer) runs the")
        add("same `AnimaticAPI.handle` behind Hummingbird's router, so the difference is the HTTP layer.")
        add("nginx serves a static file of the same bytes (`worker_processes auto`). Peak RSS is VmHWM")
        add("during the cell (reset before it; nginx: master + workers summed).")
        add("")
        add("| server | route | conns | req/s | p50 ms | p99 ms | peak RSS MB |")
        add("|---|---|---:|---:|---:|---:|---:|")
        for r in results:
            note = f" ({r['non2xx']} non-2xx)" if r["non2xx"] else ""
            add(f"| {r['server']} | {r['route']} | {r['connections']} | {fmt_int(r['rps'])}{note} | "
                f"{r['p50']:.2f} | {r['p99']:.2f} | {r['peak']:.1f} |")
        add("")
    if memory:
        add("## Memory")
        add("")
        add("RSS (VmRSS) after start, and with 1,000 keep-alive connections open (each after one")
        add("request; `/healthz`, nginx: the file).")
        add("")
        add("| server | idle MB | 1,000 connections MB |")
        add("|---|---:|---:|")
        for name, idle, conns in memory:
            add(f"| {name} | {idle:.1f} | {conns:.1f} |")
        add("")
    if engine_md:
        add("## Engine")
        add("")
        add("`Benchmarks/.build/release/EngineBenchmark` (release build). The 20-layer spec")
        add("(`Benchmarks/Sources/EngineBenchmark/BenchmarkSpecs.swift`): slides with easeInEaseOut,")
        add("linear fades, UIKit springs (ζ 0.7) on the transform and cubic keyframe turns about y, under")
        add("perspective.")
        add("")
        add(engine_md.strip())
        add("")
    if instructions:
        add("### Instructions per run (callgrind)")
        add("")
        add("`valgrind --tool=callgrind`, one run of each 20-layer case after a warm run: instruction counts")
        add("are the same from run to run whatever else the machine is doing, so they are the figure to")
        add("compare across commits.")
        add("")
        add("| case | instructions |")
        add("|---|---:|")
        for k, v in instructions.items():
            add(f"| {k} | {v:,} |")
        add("")
    # Everything after the marker (the write-ups of each issue by hand, the mixed-load,
    # overload and attack sections) is kept as it is: only the opening tables are rewritten.
    add(KEPT_BELOW)
    kept = ""
    if os.path.exists(DOC):
        with open(DOC) as f:
            text = f.read()
        if KEPT_BELOW in text:
            kept = text[text.index(KEPT_BELOW) + len(KEPT_BELOW):]
    with open(DOC, "w") as f:
        f.write("\n".join(lines) + kept)
    log(f"wrote {DOC}")
    print("\n".join(lines))


def targets(results, memory, engine_md, instructions):
    out = []
    a = find(results, "animatic", "POST /v1/timeline, dynamic (cache off)", 64)
    h = find(results, "Hummingbird 2", "POST /v1/timeline, dynamic (cache off)", 64)
    if a and h and h["rps"] > 0:
        ratio = a["rps"] / h["rps"]
        out.append(("dynamic route, 64 connections: ≥ 1.2× Hummingbird's req/s",
                    f"{ratio:.2f}× ({fmt_int(a['rps'])} vs {fmt_int(h['rps'])})", ratio >= 1.2))
        out.append(("dynamic route, 64 connections: p99 < 10 ms", f"{a['p99']:.2f} ms", a["p99"] < 10))
    n = find(results, "nginx", "GET static file, same bytes", 64)
    for route in ("POST /v1/timeline, cached (LRU hit)", "GET /v1/presets/fold/timeline, cached"):
        c = find(results, "animatic", route, 64)
        if c and n and n["rps"] > 0:
            ratio = c["rps"] / n["rps"]
            out.append((f"cached ({route.split(',')[0]}), 64 connections: ≥ 60 % of nginx",
                        f"{ratio * 100:.0f} % ({fmt_int(c['rps'])} vs {fmt_int(n['rps'])})", ratio >= 0.6))
    m = re.search(r"^\| request \| ([\d.]+) \|", engine_md, re.M)
    if m:
        us = float(m.group(1))
        out.append(("engine: 20-layer compile + sample + JSON < 200 µs", f"{us:g} µs", us < 200))
    m = re.search(r"JSONWriter is ([\d.]+)× faster", engine_md)
    if m:
        out.append(("JSON writer ≥ 5× JSONEncoder", f"{m.group(1)}×", float(m.group(1)) >= 5))
    for name, idle, conns in memory:
        if name == "animatic":
            out.append(("memory: < 30 MB RSS idle", f"{idle:.1f} MB", idle < 30))
            out.append(("memory: < 100 MB with 1,000 keep-alive connections", f"{conns:.1f} MB", conns < 100))
    return out


if __name__ == "__main__":
    main()
