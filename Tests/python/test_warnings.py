"""Warnings in one place (docs/API.md, "Warnings"): what UIKit code cannot express exactly
is computed once from the compiled spec and returned with every format — a `warnings` array
in JSON bodies, one `Animatic-Warning` header each, the CLI's standard error — and a spec
without any gets none of them (its outputs are unchanged)."""
import json
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import CLI, ROOT

FORMATS = ["json", "svg", "filmstrip", "lottie", "css", "swift"]
WARNED = {"layers": [{"id": "to", "frame": [0, 0, 100, 100]}, {"id": "card", "frame": [10, 10, 50, 50],
                                                                 "clips": True, "shadow": {"opacity": 0.3}}],
          "animations": [{"duration": 1, "timing": {"steps": 4}, "changes": {"to": {"alpha": 0}}},
                         {"duration": 0.5, "timing": {"spring": {"duration": 1, "bounce": 0.3}},
                          "changes": {"to": {"position": [80, 50]}}}]}
EXPECTED = [
    "/layers/1/clips: clipsToBounds (masksToBounds) cuts the layer's own shadow off in UIKit",
    "/animations/0/timing: steps(4) has no UIKit curve; written as a linear block",
    "/animations/1/duration: UIKit runs a duration/bounce spring until it settles",
]
QUIET = {"layers": [{"id": "to", "frame": [0, 0, 100, 100]}],
         "animations": [{"duration": 1, "changes": {"to": {"alpha": 0}}}]}


def render(doc, fmt, tmp_path):
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(doc))
    proc = subprocess.run([str(CLI), "render", str(path), "--format", fmt], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, proc.stderr


def warning_lines(text):
    return [line.split("not expressible in Swift: ", 1)[1] for line in text.splitlines()
            if "not expressible in Swift: " in line]


def starts(got, expected):
    return len(got) == len(expected) and all(g.startswith(e) for g, e in zip(got, expected))


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_cli_prints_the_same_warnings_for_every_format(fmt, tmp_path):
    _, err = render(WARNED, fmt, tmp_path)
    assert starts(warning_lines(err), EXPECTED), err
    _, quiet = render(QUIET, fmt, tmp_path)
    assert warning_lines(quiet) == []


def test_the_json_timeline_carries_a_warnings_array_only_when_there_are_some(tmp_path):
    out, _ = render(WARNED, "json", tmp_path)
    warnings = json.loads(out)["warnings"]
    assert [w["pointer"] for w in warnings] == ["/layers/1/clips", "/animations/0/timing", "/animations/1/duration"]
    assert starts([f"{w['pointer']}: {w['message']}" for w in warnings], EXPECTED)
    quiet, _ = render(QUIET, "json", tmp_path)
    assert "warnings" not in json.loads(quiet)


def curl_all(url, data=None, method="GET"):
    """(status, [(name, value)] in order, body) with every header line kept."""
    with tempfile.NamedTemporaryFile() as head:
        cmd = ["curl", "-sS", "-D", head.name, "-o", "-", "-X", method]
        if data is not None:
            cmd += ["-H", "Content-Type: application/json", "--data-binary", "@-"]
        proc = subprocess.run(cmd + [url], input=data, capture_output=True, timeout=60)
        assert proc.returncode == 0, proc.stderr.decode()
        lines = Path(head.name).read_bytes().decode().split("\r\n")
    status = int(lines[0].split()[1])
    fields = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
    return status, fields, proc.stdout


def test_every_format_and_validate_send_one_header_per_warning(live_server):
    data = json.dumps(WARNED).encode()
    for fmt in FORMATS:
        for attempt in ("miss", "hit"):  # a cached repeat sends them too
            status, fields, _ = curl_all(f"{live_server.url}/v1/timeline?format={fmt}", data, "POST")
            assert status == 200, (fmt, attempt)
            sent = [v for k, v in fields if k.lower() == "animatic-warning"]
            assert starts(sent, EXPECTED), (fmt, attempt, sent)
    status, fields, body = curl_all(f"{live_server.url}/v1/validate", data, "POST")
    assert status == 200
    answer = json.loads(body)
    assert answer["valid"] is True and [w["pointer"] for w in answer["warnings"]][0] == "/layers/1/clips"
    assert len([v for k, v in fields if k.lower() == "animatic-warning"]) == 3
    status, fields, body = curl_all(f"{live_server.url}/v1/validate", json.dumps(QUIET).encode(), "POST")
    assert status == 200 and json.loads(body) == {"valid": True}
    assert not [v for k, v in fields if k.lower() == "animatic-warning"]


def test_api_md_documents_the_header_and_the_array():
    api = (ROOT / "docs" / "API.md").read_text()
    assert "## Warnings" in api and "Animatic-Warning" in api and '"warnings"' in api


def test_many_warnings_fit_a_response_head_and_the_bodies_keep_them_all(live_server):
    """120 clipped layers with shadows make 120 warnings: the headers carry the first ones
    and a last line counting the rest, within 2,048 bytes of field lines (docs/API.md,
    "Warnings"), so Python's own client, which refuses more than 100 header lines, reads the
    response; the JSON timeline and /v1/validate list all 120."""
    import http.client
    layers = [{"id": f"l{i}", "frame": [0, i, 50, 1], "clips": True, "shadow": {"opacity": 0.3}} for i in range(120)]
    spec = json.dumps({"layers": layers, "animations": [{"duration": 1, "changes": {"l0": {"alpha": 0}}}]})
    host, port = live_server.url.split("//")[1].split(":")

    def post(target):
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        conn.request("POST", target, body=spec, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        body = response.read()
        values = [v for k, v in response.getheaders() if k.lower() == "animatic-warning"]
        conn.close()
        return response.status, values, body

    status, _, body = post("/v1/timeline")
    assert status == 200
    every = [f"{w['pointer']}: {w['message']}" for w in json.loads(body)["warnings"]]
    assert len(every) == 120 and every[0].startswith("/layers/0/clips: clipsToBounds")
    for target in ("/v1/timeline?format=svg", "/v1/timeline?format=lottie", "/v1/validate"):
        status, values, body = post(target)
        assert status == 200, target
        sent = len(values) - 1
        assert 0 < sent < 120 and values[:sent] == every[:sent], target
        assert values[-1].startswith(f"/: {120 - sent} more warnings not sent as headers (2048-byte limit)")
        assert sum(len("Animatic-Warning: ") + len(v) + 2 for v in values) <= 2048
    assert len(json.loads(body)["warnings"]) == 120
