"""Issue 26, "RSS returns after a burst; the body budget holds", through the real
`animatic serve`: idle RSS is recorded after start, then

- a burst of heavy renders at once (deep clipped trees and wide gradient trees as Lottie
  and SVG against an 8 MiB response limit, half refused for size, half served), and
- held uploads: 240 bodies of 512 KiB sent slowly from 8 loopback addresses (127.0.1.x)
  against a 64 MiB body budget (`--max-buffered-body-mb 64`),

and after each the idle RSS must come back within 100 MB of its start (a few seconds are
allowed for `malloc_trim`), and while the uploads are held the server's peak RSS must grow
by less than the budget + `UPLOAD_MARGIN`. The full-size figures are in docs/BENCHMARKS.md,
"Attacks, re-measured (issue 26)" (`make bench-attacks`)."""
import http.client
import json
import re
import socket
import threading
import time

import pytest

from conftest import LiveServer
from test_output_budget import deep_clipped_tree, wide_tree

MiB = 1 << 20
# Idle RSS after a test may exceed the RSS at start by less than this (issue 26).
IDLE_BOUND_KB = 100 * 1024
BUDGET_MB = 64
RESPONSE_MB = 8
# Peak RSS while uploads are held may exceed the RSS before them by less than the budget
# plus this: the connections and their buffers, the 503s. Measured: +68 MiB with the
# budget, +126 MiB without one (240 × 512 KiB are 120 MiB).
UPLOAD_MARGIN = 24 * MiB


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(rf"{field}:\s+(\d+)", f.read()).group(1))


def reset_peak(pid):
    """Resets VmHWM to the current RSS (Linux ≥ 4.0: clear_refs 5); False if not allowed."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


class PeakSampler:
    """VmRSS sampled every 10 ms on a thread: the peak when VmHWM cannot be reset."""

    def __init__(self, pid):
        self.pid, self.peak, self.running = pid, 0, True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            self.peak = max(self.peak, status_kb(self.pid, "VmRSS"))
            time.sleep(0.01)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak


def settle(pid, start_kb, timeout=8.0):
    """Idle RSS once it is within the bound of `start_kb`, or the last one read at the timeout."""
    end = time.monotonic() + timeout
    while True:
        rss = status_kb(pid, "VmRSS")
        if rss - start_kb < IDLE_BOUND_KB or time.monotonic() > end:
            return rss
        time.sleep(0.2)


def post(port, body, target):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    connection.request("POST", target, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def idle_rss(server):
    """RSS after one small request, once the start-up has settled."""
    assert post(server.port, b'{"preset":"fade"}', "/v1/timeline?format=svg")[0] == 200
    time.sleep(0.3)
    return status_kb(server.process.pid, "VmRSS")


@pytest.fixture(scope="module")
def server():
    # A worker for each render of the burst: none waits in the queue, where a render that
    # waits 2 s is shed (docs/HTTP.md, "Admission"), and a deadline long enough for a slow
    # debug build on a busy runner.
    server = LiveServer("--workers", "16", "--render-timeout", "120",
                        "--max-response-mb", RESPONSE_MB, "--cache-mb", "8", "--max-buffered-body-mb", BUDGET_MB)
    server.start_kb = idle_rss(server)
    yield server
    assert server.stop() == 0, "".join(server.log[-20:])


def test_idle_rss_returns_after_a_burst_of_heavy_renders(server):
    pid = server.process.pid
    # 16 at once on 16 workers, against an 8 MiB response limit: deep clipped trees and wide
    # trees over it (refused), wide trees within it (served, 1–2 MB each).
    jobs = [(deep_clipped_tree(1), "/v1/timeline?format=lottie&fps=10") for _ in range(4)]
    jobs += [(wide_tree(40, seed), "/v1/timeline?format=lottie&fps=30") for seed in range(4)]
    jobs += [(wide_tree(20, seed), "/v1/timeline?format=svg&fps=30") for seed in range(4, 8)]
    jobs += [(wide_tree(20, seed), "/v1/timeline?format=lottie&fps=30") for seed in range(8, 12)]
    results = [None] * len(jobs)

    def run(i):
        results[i] = post(server.port, *jobs[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    statuses = [r[0] for r in results]
    expected = [422] * 8 + [200] * 8
    unexpected = [(i, status, body[:300]) for i, ((status, body), want) in enumerate(zip(results, expected))
                  if status != want]
    assert statuses == expected, (statuses, unexpected, "".join(server.log[-20:]))
    for status, body in results:
        if status == 200:
            assert len(body) <= RESPONSE_MB * MiB
        else:
            assert json.loads(body)["type"].endswith("/too-much-work"), body[:300]
    after = settle(pid, server.start_kb)
    assert after - server.start_kb < IDLE_BOUND_KB, f"idle RSS {server.start_kb >> 10} MiB → {after >> 10} MiB"


def open_upload(address, port, length):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((address, 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    s.sendall(f"POST /v1/timeline?format=json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              f"Content-Length: {length}\r\n\r\n".encode())
    return s


def answered_status(s):
    """The status of a response already sent on `s`, or None if nothing came yet."""
    s.setblocking(False)
    try:
        data = s.recv(64)
    except (BlockingIOError, InterruptedError):
        return None
    except OSError:
        return "reset"
    finally:
        s.setblocking(True)
    if not data:
        return "closed"
    return int(data.split(b" ", 2)[1])


def test_held_uploads_stay_within_the_body_budget_and_rss_returns(server):
    pid = server.process.pid
    count, length, piece = 240, 512 * 1024, 64 * 1024
    # A valid spec padded with spaces to 512 KiB: an upload that completes is served 200.
    spec = b'{"preset":"fade"}'
    body = spec + b" " * (length - len(spec))
    addresses = [f"127.0.1.{i + 1}" for i in range(8)]
    before = status_kb(pid, "VmRSS")
    exact = reset_peak(pid)
    sampler = None if exact else PeakSampler(pid)
    uploads = [open_upload(addresses[i % len(addresses)], server.port, length) for i in range(count)]
    # Past the budget the head is refused at once (503), before any of the body is sent.
    time.sleep(0.3)
    statuses = {i: answered_status(s) for i, s in enumerate(uploads)}
    refused = {i for i, st in statuses.items() if st is not None}
    # Slowly: 64 KiB to each in turn, all but the last byte, so every admitted body is held.
    for offset in range(0, length - 1, piece):
        for i, s in enumerate(uploads):
            if i in refused:
                continue
            end = min(offset + piece, length - 1)
            try:
                s.sendall(body[offset:end])
            except OSError:
                refused.add(i)
        time.sleep(0.02)
    time.sleep(0.5)
    for i, s in enumerate(uploads):
        if i not in refused:
            statuses[i] = answered_status(s)
    refused |= {i for i, st in statuses.items() if st is not None}
    metrics = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    metrics.request("GET", "/metrics")
    text = metrics.getresponse().read().decode()
    metrics.close()
    held_metric = int(re.search(r"^animatic_request_body_bytes (\d+)$", text, re.M).group(1))
    shed_metric = int(re.search(r"^animatic_body_budget_shed_total (\d+)$", text, re.M).group(1))
    peak = status_kb(pid, "VmHWM") if exact else sampler.stop()
    grown = (peak - before) * 1024
    # 64 MiB holds 128 bodies of 512 KiB: the rest were refused with 503.
    assert len(refused) >= count - BUDGET_MB * MiB // length, f"only {len(refused)} refused"
    assert all(statuses[i] in (503, "closed", "reset") for i in refused if statuses[i] is not None), statuses
    assert BUDGET_MB * MiB - length < held_metric <= BUDGET_MB * MiB, held_metric
    assert shed_metric == len(refused), (shed_metric, len(refused))
    assert grown < BUDGET_MB * MiB + UPLOAD_MARGIN, f"peak RSS grew by {grown / MiB:.0f} MiB holding uploads"
    # The admitted ones complete and are served: the first renders, the others are the
    # same request, answered from the cache (so the render queue does not shed them).
    admitted = [s for i, s in enumerate(uploads) if i not in refused]
    served = 0
    for k, s in enumerate(admitted):
        s.sendall(body[-1:])
        if k == 0:
            s.settimeout(30)
            served += s.recv(16).startswith(b"HTTP/1.1 200")
    for s in admitted[1:]:
        s.settimeout(30)
        served += s.recv(16).startswith(b"HTTP/1.1 200")
    for s in uploads:
        s.close()
    assert served == count - len(refused), f"{served} of {count - len(refused)} admitted uploads served"
    after = settle(pid, server.start_kb)
    assert after - server.start_kb < IDLE_BOUND_KB, f"idle RSS {server.start_kb >> 10} MiB → {after >> 10} MiB"
