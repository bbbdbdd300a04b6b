"""Assets (issue 29; docs/API.md, "Assets"): uploads through the real server and the real curl,
the store on a real SQLite file. Each bad image gets its own 4xx; the store survives a restart
and a kill -9 mid-upload leaves no partial asset."""
import hashlib
import io
import json
import os
import pathlib
import signal
import socket
import sqlite3
import struct
import subprocess
import threading
import time
import zlib

import pytest
from PIL import Image

from conftest import LiveServer, curl

TOKEN = "test-write-token-29"
AUTH = ["-H", f"Authorization: Bearer {TOKEN}"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module: a write token, a 1 MiB image limit (so the over-limit body
    stays small), its own data folder."""
    data = tmp_path_factory.mktemp("assets-data")
    live = LiveServer("--write-token", TOKEN, "--max-image-mb", "1", "--data-dir", data)
    yield live
    assert live.stop() == 0, "".join(live.log[-20:])


def image_bytes(fmt, size=(40, 30), color=(200, 40, 90), **save):
    out = io.BytesIO()
    mode = "RGBA" if fmt in ("PNG", "WEBP") else "RGB"
    Image.new(mode, size, color).save(out, format=fmt, **save)
    return out.getvalue()


def upload(url, body, *extra):
    return curl("-X", "POST", *AUTH, "-H", "Content-Type: application/octet-stream", "--data-binary", "@-",
                *extra, url + "/v1/assets", data=body)


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def huge_header_png():
    """A 30,000 × 30,000 RGBA IHDR (3.6 GB decoded) padded to 1,024 bytes."""
    head = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 30000, 30000, 8, 6, 0, 0, 0))
    tail = png_chunk(b"IEND", b"")
    return head + png_chunk(b"IDAT", bytes(1024 - len(head) - len(tail) - 12)) + tail


def gif_with_frames(count):
    """A 1 × 1 GIF89a of `count` frames, each a minimal LZW stream (GIF89a §20–§22)."""
    frame = b"\x2c" + struct.pack("<HHHH", 0, 0, 1, 1) + b"\x00" + b"\x02\x02\x44\x01\x00"
    return b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x80\x00\x00" + b"\xff\x00\x00\x00\x00\xff" + frame * count + b";"


def test_upload_get_dedupe_and_etag(server):
    png = image_bytes("PNG")
    status, headers, body = upload(server.url, png)
    assert status == 201, body
    created = json.loads(body)
    digest = hashlib.sha256(png).hexdigest()
    assert created == {"id": "sha256-" + digest, "width": 40, "height": 30, "bytes": len(png), "type": "png"}
    assert headers["location"] == "/v1/assets/sha256-" + digest
    # The same bytes again: stored once, the same record, 200 rather than 201.
    status, _, again = upload(server.url, png)
    assert status == 200 and json.loads(again) == created

    status, headers, served = curl(server.url + created["id"].join(["/v1/assets/", ""]))
    assert status == 200 and served == png
    assert headers["content-type"] == "image/png"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["etag"] == f'"{digest}"', "a strong tag: the hash of the bytes"
    assert "immutable" in headers["cache-control"] and "max-age=31536000" in headers["cache-control"]
    status, _, empty = curl("-H", f'If-None-Match: "{digest}"', server.url + "/v1/assets/" + created["id"])
    assert status == 304 and empty == b""


@pytest.mark.parametrize("fmt,save,expected", [
    # EXIF orientation 6 (turn 90° clockwise): a 40 × 30 stored picture is shown 30 × 40.
    ("JPEG", {"exif": (lambda e: (e.__setitem__(0x0112, 6), e.tobytes())[1])(Image.Exif())}, ("jpeg", 30, 40)),
    ("WEBP", {"lossless": True}, ("webp", 40, 30)),
    ("GIF", {}, ("gif", 40, 30)),
])
def test_each_type_is_taken_from_its_bytes(server, fmt, save, expected):
    data = image_bytes(fmt, **save)
    # A misleading Content-Type changes nothing: the type comes from the magic bytes.
    status, _, body = upload(server.url, data, "-H", "Content-Type: text/html")
    assert status == 201, body
    record = json.loads(body)
    assert (record["type"], record["width"], record["height"]) == expected
    status, headers, served = curl(server.url + "/v1/assets/" + record["id"])
    assert status == 200 and served == data and headers["content-type"] == "image/" + expected[0]


BAD_IMAGES = {
    "truncated PNG": (lambda: image_bytes("PNG", size=(64, 64))[:-40], 422, "truncated"),
    "30,000 × 30,000 header on 1 KB": (huge_header_png, 422, "30000 × 30000 = 900000000 pixels"),
    "HTML named .png": (lambda: b"<!DOCTYPE html><html><script>alert(1)</script></html>", 415, "markup"),
    "SVG": (lambda: b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415, "markup"),
    "zero bytes": (lambda: b"", 422, "empty"),
    "5,000-frame GIF": (lambda: gif_with_frames(5000), 422, "more than 1000 frames"),
}


@pytest.mark.parametrize("name", list(BAD_IMAGES))
def test_each_bad_image_gets_its_4xx(server, name):
    make, status_expected, words = BAD_IMAGES[name]
    status, headers, body = upload(server.url, make(), "-H", "Content-Type: image/png")
    assert status == status_expected, body
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status_expected and problem["parameter"] == "body"
    assert words in problem["detail"], problem


def test_over_the_byte_limit_is_413_before_the_body_is_read(server):
    body = b"\x89PNG\r\n\x1a\n" + bytes((1 << 20) + 1)
    status, _, answer = upload(server.url, body)
    assert status == 413 and json.loads(answer)["type"].endswith("/body-too-large")


def test_uploads_need_the_write_token(server):
    png = image_bytes("PNG", color=(1, 2, 3))
    for auth in ([], ["-H", "Authorization: Bearer wrong"]):
        status, headers, body = curl("-X", "POST", *auth, "--data-binary", "@-", server.url + "/v1/assets", data=png)
        assert status == 401 and json.loads(body)["parameter"] == "Authorization"
        assert headers["www-authenticate"].startswith("Bearer")
    # Reads stay open (specs and links name assets by id), and nothing was stored.
    status, _, _ = curl(server.url + "/v1/assets/sha256-" + hashlib.sha256(png).hexdigest())
    assert status == 404


def test_unknown_and_malformed_ids_are_404_and_nothing_lists_assets(server):
    assert curl(server.url + "/v1/assets/sha256-" + "0" * 64)[0] == 404
    assert curl(server.url + "/v1/assets/../etc/passwd")[0] == 404
    assert curl(server.url + "/v1/assets/sha256-ABC")[0] == 404
    assert curl(server.url + "/v1/assets")[0] == 405


def test_uploads_and_refusals_are_in_the_metrics_and_the_access_log(server):
    upload(server.url, b"<html></html>")
    upload(server.url, image_bytes("PNG", color=(9, 9, 9)))
    _, _, metrics = curl(server.url + "/metrics")
    text = metrics.decode()
    values = {line.split()[0]: float(line.split()[1]) for line in text.splitlines() if line.startswith("animatic_asset")}
    assert values["animatic_asset_uploads_refused_total"] >= 1
    assert values["animatic_asset_uploads_created_total"] >= 1
    assert 'route="/v1/assets",method="POST",status="415"' in text
    log = "".join(server.log)
    assert "POST /v1/assets 415" in log and "POST /v1/assets 201" in log


def test_sqlite_keeps_its_assets_across_a_restart(tmp_path):
    data = tmp_path / "data"
    png = image_bytes("PNG", color=(10, 200, 30))
    first = LiveServer("--write-token", TOKEN, "--data-dir", data)
    try:
        status, _, body = upload(first.url, png)
        assert status == 201, body
    finally:
        assert first.stop() == 0
    second = LiveServer("--data-dir", data)
    try:
        status, _, served = curl(second.url + "/v1/assets/" + json.loads(body)["id"])
        assert status == 200 and served == png
    finally:
        assert second.stop() == 0


def test_a_server_killed_during_uploads_leaves_no_partial_asset(tmp_path):
    """Four clients upload distinct 200 KB images as fast as they can; the server gets SIGKILL
    in the middle. Every asset left in the SQLite file is whole: its bytes hash to its id and
    have its recorded length; the one cut off mid-body is not there."""
    data = tmp_path / "data"
    server = LiveServer("--data-dir", data)
    stop = threading.Event()
    stored = []

    def client(seed):
        while not stop.is_set():
            pixels = os.urandom(256 * 200 * 3)  # incompressible: a PNG of about 150 KB
            png = io.BytesIO()
            Image.frombytes("RGB", (256, 200), pixels).save(png, format="PNG", compress_level=1)
            answer = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--data-binary", "@-",
                                     server.url + "/v1/assets"], input=png.getvalue(), capture_output=True, timeout=30)
            if answer.stdout == b"201":
                stored.append(1)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    # A body cut off for certain: half of a declared 400,000 bytes, then the kill.
    cut = socket.create_connection(("127.0.0.1", server.port))
    cut.sendall(b"POST /v1/assets HTTP/1.1\r\nHost: x\r\nContent-Length: 400000\r\n\r\n" + b"\x89PNG\r\n\x1a\n" + bytes(200000))
    # Killed once a few uploads are in (so there is something to check), with more in flight.
    deadline = time.monotonic() + 60
    while len(stored) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    server.process.send_signal(signal.SIGKILL)
    server.process.wait(timeout=10)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    cut.close()

    db = sqlite3.connect(data / "animatic.sqlite")
    assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    rows = db.execute("SELECT a.id, a.byte_count, b.bytes FROM assets a LEFT JOIN asset_bytes b ON a.id = b.id").fetchall()
    db.close()
    assert len(rows) >= 1, "some uploads finished before the kill"
    for asset_id, count, stored in rows:
        assert stored is not None and len(stored) == count
        assert asset_id == "sha256-" + hashlib.sha256(stored).hexdigest()
    # The restarted server serves what was stored, and never the cut-off body.
    again = LiveServer("--data-dir", data)
    try:
        status, _, served = curl(again.url + "/v1/assets/" + rows[0][0])
        assert status == 200 and len(served) == rows[0][1]
        cut_id = "sha256-" + hashlib.sha256(b"\x89PNG\r\n\x1a\n" + bytes(400000 - 8)).hexdigest()
        assert curl(again.url + "/v1/assets/" + cut_id)[0] == 404
    finally:
        assert again.stop() == 0


def test_a_locked_store_answers_503_with_retry_after(tmp_path):
    """Another process holds SQLite's write lock past the busy timeout: the upload gets 503
    with Retry-After, and succeeds once the lock is gone — no restart."""
    data = tmp_path / "data"
    server = LiveServer("--data-dir", data)
    try:
        png = image_bytes("PNG", color=(70, 80, 90))
        locker = sqlite3.connect(data / "animatic.sqlite", isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")
        status, headers, body = curl("--data-binary", "@-", server.url + "/v1/assets", data=png)
        assert status == 503, body
        assert headers["retry-after"] == "5"
        assert json.loads(body)["type"].endswith("/store-unavailable")
        locker.execute("ROLLBACK")
        locker.close()
        status, _, body = curl("--data-binary", "@-", server.url + "/v1/assets", data=png)
        assert status == 201, body
    finally:
        assert server.stop() == 0


def truncated_large_png():
    """A 4,000 × 4,000 PNG (16 Mpx, under the 25 Mpx limit: 64 MB decoded) cut after 60 % of
    its bytes: the decoder works through most of it before it finds the end missing."""
    out = io.BytesIO()
    Image.linear_gradient("L").resize((4000, 4000)).convert("RGB").save(out, format="PNG", compress_level=1)
    data = out.getvalue()
    return data[: len(data) * 6 // 10]


def test_bad_images_from_20_clients_keep_rss_under_200_mb(tmp_path):
    """Issue 29: every bad image of `BAD_IMAGES`, and a large truncated PNG, sent by 20
    clients at once, three rounds each, against the default limits (10 MiB, 25 Mpx): each gets
    its 4xx (after any 503s with Retry-After) and the server's RSS, sampled every 10 ms, stays
    under 200 MB."""
    from test_memory_after_bursts import PeakSampler

    live = LiveServer("--write-token", TOKEN, "--data-dir", tmp_path)
    try:
        bodies = [(name, make(), status) for name, (make, status, _) in BAD_IMAGES.items()]
        bodies.append(("truncated 16 Mpx PNG", truncated_large_png(), 422))
        sampler = PeakSampler(live.process.pid)
        failures = []

        def client():
            for _ in range(3):
                for name, body, expected in bodies:
                    # A client that keeps to Retry-After: 20 of them outrun the render lane
                    # (2 workers, a debug build), which sheds a job that waited its 2 s deadline with a 503
                    # (docs/HTTP.md, "Admission"); then it asks again after the delay.
                    for _ in range(60):
                        status, headers, answer = upload(live.url, body)
                        if status != 503:
                            break
                        time.sleep(float(headers["retry-after"]))
                    if status != expected:
                        failures.append((name, status, answer[:200]))

        clients = [threading.Thread(target=client) for _ in range(20)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join()
        peak_kb = sampler.stop()
        print(f"peak RSS {peak_kb / 1024:.0f} MB")
        assert not failures, failures[:5]
        assert peak_kb < 200 * 1024, f"peak RSS {peak_kb / 1024:.0f} MB"
        # Nothing of them was stored, and the server still answers.
        assert curl(live.url + "/healthz")[0] == 200
    finally:
        assert live.stop() == 0, "".join(live.log[-20:])


def test_uploads_run_on_their_own_threads_that_yield_to_renders():
    """docs/HTTP.md, "Lanes": with a store the server has an upload lane beside the render
    lane — half as many threads (at least one), at nice +10 against the render threads' +5."""
    server = LiveServer("--workers", "4")
    try:
        def threads_by_name():
            threads = {}
            for task in pathlib.Path(f"/proc/{server.process.pid}/task").iterdir():
                name = (task / "comm").read_text().strip()
                # /proc/PID/task/TID/stat: the 19th field is the nice value (proc(5)); the name in
                # parentheses may hold spaces, so count from its closing parenthesis.
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                threads.setdefault(name, []).append(int(fields[16]))
            return threads

        # Each worker names itself and sets its nice value once it runs, which on a loaded
        # machine can be after the server says it is listening: read until all six have.
        deadline = time.monotonic() + 10
        threads = threads_by_name()
        while time.monotonic() < deadline and not {"render.0", "render.3", "upload.0", "upload.1"} <= threads.keys():
            time.sleep(0.05)
            threads = threads_by_name()
        assert threads.get("render.0") == [5] and threads.get("render.3") == [5], threads
        assert threads.get("upload.0") == [10] and threads.get("upload.1") == [10], threads
        assert "upload.2" not in threads and "render.4" not in threads
        # And the upload lane answers: an image stored while the render lane is idle.
        status, _, body = upload(server.url, image_bytes("PNG"))
        assert status == 201, body
    finally:
        assert server.stop() == 0
