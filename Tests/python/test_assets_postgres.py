"""The shared asset store (issue 29; docs/DEPLOY.md, "The asset store"): a real PostgreSQL 15
from Debian, started in a scratch folder on loopback (as root: the cluster belongs to the
`postgres` user; `make test` installs the package). Two servers on one database share an
asset; PostgreSQL stopped mid-run gives 503 with Retry-After, and the same server serves
again once it is back."""
import hashlib
import io
import json
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from conftest import LiveServer, curl
from scratch_postgres import ScratchPostgres


@pytest.fixture(scope="module")
def postgres():
    pg = ScratchPostgres()
    yield pg
    try:
        pg.stop()
    finally:
        pg.remove()


@pytest.fixture
def two_servers(postgres):
    """Two servers on the one database, as two replicas behind a balancer; both must exit 0."""
    first = LiveServer("--store", postgres.uri)
    second = LiveServer("--store", postgres.uri)
    try:
        yield first, second
    finally:
        codes = first.stop(), second.stop()
    assert codes == (0, 0), "".join(first.log[-10:] + second.log[-10:])


def png(color):
    out = io.BytesIO()
    Image.new("RGB", (24, 16), color).save(out, format="PNG")
    return out.getvalue()


def test_two_servers_on_one_postgresql_share_an_asset(two_servers):
    first, second = two_servers
    data = png((12, 34, 56))
    status, _, body = curl("--data-binary", "@-", first.url + "/v1/assets", data=data)
    assert status == 201, body
    record = json.loads(body)
    assert record["id"] == "sha256-" + hashlib.sha256(data).hexdigest()
    status, headers, served = curl(second.url + "/v1/assets/" + record["id"])
    assert status == 200 and served == data and headers["content-type"] == "image/png"
    # The same bytes uploaded to the other server: stored once, by either.
    status, _, again = curl("--data-binary", "@-", second.url + "/v1/assets", data=data)
    assert status == 200 and json.loads(again) == record
    assert any("asset store: postgresql 127.0.0.1" in line for line in first.log), first.log[-5:]


def test_postgresql_down_is_503_and_back_serves_without_a_restart(postgres):
    # Without the memory cache every read goes to PostgreSQL (the cache's own case is below).
    server = LiveServer("--store", postgres.uri, "--asset-cache-mb", "0")
    try:
        data = png((200, 100, 0))
        status, _, body = curl("--data-binary", "@-", server.url + "/v1/assets", data=data)
        assert status == 201, body
        asset = server.url + "/v1/assets/" + json.loads(body)["id"]
        postgres.stop(mode="immediate")
        try:
            for request in ([asset], ["--data-binary", "@-", server.url + "/v1/assets"]):
                status, headers, body = curl(*request, data=png((1, 1, 1)) if len(request) > 1 else None)
                assert status == 503, body
                assert headers["retry-after"] == "5"
                assert json.loads(body)["type"].endswith("/store-unavailable")
        finally:
            postgres.start()
        status, _, served = curl(asset)
        assert status == 200 and served == data
        assert server.process.poll() is None, "the server kept running"
    finally:
        assert server.stop() == 0


def test_assets_held_in_memory_are_served_while_postgresql_is_down(postgres, two_servers):
    """An asset never changes, so the copy a server holds (--asset-cache-mb, 64 by default) is
    served through an outage; what only the store can answer is 503: an upload, and an asset
    this server never read."""
    first, second = two_servers
    data = png((30, 60, 90))
    status, _, body = curl("--data-binary", "@-", first.url + "/v1/assets", data=data)
    assert status == 201, body
    asset_id = json.loads(body)["id"]
    postgres.stop(mode="immediate")
    try:
        status, headers, served = curl(first.url + "/v1/assets/" + asset_id)
        assert status == 200 and served == data and headers["content-type"] == "image/png"
        status, _, body = curl(second.url + "/v1/assets/" + asset_id)
        assert status == 503 and json.loads(body)["type"].endswith("/store-unavailable")
        status, _, body = curl("--data-binary", "@-", first.url + "/v1/assets", data=png((1, 2, 3)))
        assert status == 503, body
    finally:
        postgres.start()


def test_a_link_made_on_one_server_opens_on_the_other(two_servers):
    """Short links (issue 30) live in the same PostgreSQL: made on one replica, read on another."""
    first, second = two_servers
    state = {"spec": {"preset": "fold"}, "speed": 0.5, "t": 0.1}
    status, _, body = curl("--json", json.dumps(state), first.url + "/v1/links")
    assert status == 201, body
    link_id = json.loads(body)["id"]
    status, _, stored = curl(f"{second.url}/v1/links/{link_id}")
    assert status == 200 and json.loads(stored) == state
    status, _, again = curl("--json", json.dumps(state), second.url + "/v1/links")
    assert status == 200 and json.loads(again)["id"] == link_id
    assert curl(f"{second.url}/v1/links/{link_id}/poster.png")[1]["content-type"] == "image/png"


def test_requests_share_a_bounded_pool_of_connections(postgres):
    """A server with --workers 2 keeps up to 4 connections (both lanes' workers): with the
    assets table locked from another session, 6 reads at once wait inside PostgreSQL on 4
    connections — more than one at a time, never more than the pool — and all are served
    once the lock goes."""
    server = LiveServer("--store", postgres.uri, "--workers", "2", "--asset-cache-mb", "0")
    holder = None
    try:
        data = png((90, 180, 20))
        status, _, body = curl("--data-binary", "@-", server.url + "/v1/assets", data=data)
        assert status == 201, body
        asset = server.url + "/v1/assets/" + json.loads(body)["id"]
        holder = postgres.session()
        holder.stdin.write("BEGIN; LOCK TABLE assets IN ACCESS EXCLUSIVE MODE; SELECT 'locked';\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "locked"
        with ThreadPoolExecutor(max_workers=6) as pool:
            reads = [pool.submit(curl, asset) for _ in range(6)]
            waiting = 0
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                waiting = int(postgres.query(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"))
                if waiting >= 4:
                    break
                time.sleep(0.05)
            time.sleep(0.3)
            waiting = int(postgres.query("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"))
            assert waiting == 4, waiting
            holder.stdin.write("COMMIT;\n")
            holder.stdin.flush()
            for read in reads:
                status, _, served = read.result(timeout=30)
                assert status == 200 and served == data
    finally:
        if holder:
            holder.stdin.close()
            holder.wait(timeout=10)
        assert server.stop() == 0
