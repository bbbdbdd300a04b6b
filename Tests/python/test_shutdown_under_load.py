"""SIGTERM during a load run: every request that got a response got a complete one, and
`animatic serve` exits 0 (issue 4's drain check, through the real binary)."""
import http.client
import json
import threading
import time

from conftest import LiveServer

PATH = "/v1/presets/fold/timeline?frames=true&fps=60"


def client(port, stop, results):
    connection = None
    while not stop.is_set():
        try:
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", PATH)
            response = connection.getresponse()
            body = response.read()  # raises IncompleteRead if the body is cut short
            declared = int(response.getheader("Content-Length"))
            complete = declared == len(body)
            if response.status == 200:
                complete = complete and json.loads(body)["duration"] > 0
            else:
                # A refusal (queue wait, drain) is a whole response too, with its Retry-After.
                complete = complete and response.getheader("Retry-After") is not None
            results.append(("ok", response.status, complete))
            if response.getheader("Connection") == "close":
                connection.close()
                connection = None
        except http.client.IncompleteRead as error:
            results.append(("incomplete", repr(error), False))
            connection = None
        except (ConnectionError, OSError, http.client.RemoteDisconnected, http.client.BadStatusLine):
            # No response started: refused or closed between requests — allowed while draining.
            results.append(("refused", None, True))
            connection = None
            time.sleep(0.01)


def test_sigterm_during_load_completes_every_started_response():
    server = LiveServer()
    # One render first, so the load is the cache's lane and gets going at once even on a slow
    # machine: sixteen first requests at once would all render, and past the queue's 2 s wait
    # (docs/HTTP.md, "Admission") the last of them are refused rather than served.
    warm = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    warm.request("GET", PATH)
    warmed = warm.getresponse()
    assert warmed.status == 200 and json.loads(warmed.read())["duration"] > 0
    warm.close()
    stop = threading.Event()
    results = []
    threads = [threading.Thread(target=client, args=(server.port, stop, results)) for _ in range(16)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    answered_before = sum(1 for r in results if r[0] == "ok")
    code = server.stop(timeout=20)
    stop.set()
    for t in threads:
        t.join(timeout=20)
    assert code == 0, "".join(server.log[-20:])
    assert answered_before > 20, f"the load did not get going: {answered_before} responses"
    incomplete = [r for r in results if r[0] == "incomplete" or (r[0] == "ok" and not r[2])]
    assert not incomplete, incomplete[:5]
    assert all(r[1] in (200, 503) for r in results if r[0] == "ok")
    assert sum(1 for r in results if r[0] == "ok" and r[1] == 200) > 20
