"""Short links (issue 30; docs/API.md, "Links"): made and read through the real server and the
real curl, kept in the real SQLite store. The id is the hash of the canonical state; a state's
spec is checked like any spec (422 at its pointer); /s/{id} is parsed as a link-preview bot
parses it (Open Graph tags, their pictures fetched and decoded); nothing in a link's names and
labels becomes markup; /embed/{id} may be framed anywhere; /oembed answers oEmbed 1.0 JSON."""
import hashlib
import io
import json
import urllib.parse
from html.parser import HTMLParser

import pytest
from PIL import Image

from conftest import ROOT, LiveServer, curl

BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
HOSTILE_NAME = "</title><script>alert('name')</script>\"'&amp;"
HOSTILE_LABEL = "</script><img src=x onerror=alert(1)><!--"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    live = LiveServer("--data-dir", tmp_path_factory.mktemp("links-data"), public=ROOT / "public")
    yield live
    assert live.stop() == 0, "".join(live.log[-20:])


def post_link(url, state, *extra):
    return curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-", *extra,
                url + "/v1/links", data=json.dumps(state).encode())


def expected_id(canonical, length=10):
    """SHA-256 of the canonical bytes as a base-62 number, least significant digit first."""
    n = int.from_bytes(hashlib.sha256(canonical).digest(), "big")
    digits = []
    for _ in range(length):
        n, r = divmod(n, 62)
        digits.append(BASE62[r])
    return "".join(digits)


def hostile_spec():
    spec = json.loads((ROOT / "examples" / "card-flip.json").read_text())
    spec["name"] = HOSTILE_NAME
    spec["layers"][0]["label"] = HOSTILE_LABEL
    return spec


class Page(HTMLParser):
    """Every start tag with its attributes, and the text of each <script> and of <title>."""

    def __init__(self):
        super().__init__()
        self.tags, self.scripts, self.title, self._in = [], [], "", None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in = tag if tag in ("script", "title") else None
        if tag == "script":
            self.scripts.append([dict(attrs), ""])

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in == "script":
            self.scripts[-1][1] += data
        elif self._in == "title":
            self.title += data

    def meta(self, key):
        return [a.get("content") for t, a in self.tags if t == "meta" and (a.get("property") == key or a.get("name") == key)]


def parse(body):
    page = Page()
    page.feed(body.decode())
    return page


def test_round_trip_dedupe_and_canonical_id(server):
    state = {"spec": {"preset": "fold"}, "speed": 0.5, "loop": True, "t": 0.25}
    status, headers, body = post_link(server.url, state)
    assert status == 201, body
    made = json.loads(body)
    link_id = made["id"]
    assert len(link_id) == 10 and all(c in BASE62 for c in link_id)
    assert made["url"] == f"/s/{link_id}" and headers["location"] == f"/v1/links/{link_id}"

    status, headers, stored = curl(f"{server.url}/v1/links/{link_id}")
    assert status == 200 and headers["content-type"] == "application/json"
    assert json.loads(stored) == state
    # Stored canonical: members sorted, no spaces; the id is the hash of exactly those bytes.
    assert stored == json.dumps(state, sort_keys=True, separators=(",", ":")).encode()
    assert link_id == expected_id(stored)
    assert "immutable" in headers["cache-control"]

    # The same state with its members in another order: the same link, 200 not 201.
    reordered = {"t": 0.25, "loop": True, "speed": 0.5, "spec": {"preset": "fold"}}
    status, _, again = post_link(server.url, reordered)
    assert status == 200 and json.loads(again)["id"] == link_id
    # Another state: another id.
    status, _, other = post_link(server.url, {**state, "t": 0.3})
    assert status == 201 and json.loads(other)["id"] != link_id


@pytest.mark.parametrize("state, pointer", [
    ({"spec": {"layers": "none"}}, "/spec/layers"),
    ({"spec": {"preset": "no-such-preset"}}, "/spec/preset"),
    ({"spec": {"preset": "fold"}, "compare": {"view": "side", "spec": {"preset": "no-such-preset"}}},
     "/compare/spec/preset"),
    ({"spec": {"preset": "fold"}, "compare": {"view": "sideways", "spec": {"preset": "fold"}}}, "/compare/view"),
    ({"spec": {"preset": "fold"}, "speed": 3}, "/speed"),
    ({"spec": {"preset": "fold"}, "t": 99}, "/t"),
    ({"spec": {"preset": "fold"}, "colour": "red"}, "/colour"),
    ({"speed": 1}, "/spec"),
])
def test_bad_state_is_422_at_its_pointer(server, state, pointer):
    status, headers, body = post_link(server.url, state)
    assert status == 422, body
    problem = json.loads(body)
    assert headers["content-type"] == "application/problem+json"
    assert pointer in [e["pointer"] for e in problem["errors"]], problem


def test_b_may_be_any_spec_and_t_runs_to_the_longer_of_a_and_b(server):
    """Compare mode's B is any spec (another preset, an inline spec); the page's one clock runs
    to the longer of A and B, so a paused playhead there is a state a link keeps."""
    def duration(spec):
        return json.loads(curl("--json", json.dumps(spec), server.url + "/v1/timeline")[2])["duration"]

    a, b = {"preset": "fold", "params": {"duration": 0.4}}, {"preset": "cube", "params": {"duration": 0.9}}
    end_a, end_b = duration(a), duration(b)
    assert end_a < 0.5 < 0.8 < end_b
    status, _, body = post_link(server.url, {"spec": a, "t": 0.8})
    assert status == 422 and "past the end of the transition" in body.decode(), body
    status, _, body = post_link(server.url, {"spec": a, "t": 0.8, "compare": {"view": "side", "spec": b}})
    assert status == 201, body
    made = json.loads(body)
    stored = json.loads(curl(server.url + f"/v1/links/{made['id']}")[2])
    assert stored["compare"] == {"view": "side", "spec": b} and stored["t"] == 0.8
    status, _, body = post_link(server.url, {"spec": a, "t": end_b + 0.01, "compare": {"view": "side", "spec": b}})
    problem = json.loads(body)
    assert status == 422 and problem["errors"] == [
        {"pointer": "/t", "message": f"t is past the end of the longer of A and B ({end_b} s)"}], problem
    inline = json.loads(curl(server.url + "/v1/presets/tabSlide")[2])
    status, _, body = post_link(server.url, {"spec": a, "compare": {"view": "onion", "spec": inline}})
    assert status == 201, body


def test_malformed_and_too_large(server):
    status, _, body = curl("-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "{nope",
                           server.url + "/v1/links")
    assert status == 400 and json.loads(body)["type"].endswith("malformed-json")
    big = {"spec": {**hostile_spec(), "description": "x" * (300 << 10)}}
    status, _, body = post_link(server.url, big)
    assert status == 413, body
    assert json.loads(body)["limit"] == 256 << 10


def test_unknown_ids_are_404(server):
    status, headers, body = curl(server.url + "/v1/links/AAAAAAAAAA")
    assert status == 404 and headers["content-type"] == "application/problem+json"
    status, headers, body = curl(server.url + "/s/AAAAAAAAAA")
    assert status == 404 and headers["content-type"].startswith("text/html")
    assert b"No such link" in body and b"AAAAAAAAAA" in body
    # A hostile id in the path is shown escaped on the 404 page.
    status, _, body = curl(server.url + "/s/%3Cscript%3Ex%3C%2Fscript%3E")
    assert status == 404 and b"<script>" not in body and b"&lt;script&gt;" in body
    for path in ("/v1/links/AAAAAAAAAA/poster.png", "/embed/AAAAAAAAAA"):
        assert curl(server.url + path)[0] == 404


def test_hostile_names_and_labels_stay_text(server):
    state = {"spec": hostile_spec(), "t": 0.3}
    status, _, body = post_link(server.url, state)
    assert status == 201, body
    link_id = json.loads(body)["id"]
    status, headers, html = curl(f"{server.url}/s/{link_id}")
    assert status == 200 and headers["content-type"].startswith("text/html")
    page = parse(html)
    # No element came from the state: the page's own scripts only, no <img>.
    assert [t for t, _ in page.tags if t == "img"] == []
    kinds = sorted(a.get("type", "") for a, _ in page.scripts)
    assert kinds == ["application/json", "module"], kinds
    assert page.title == HOSTILE_NAME + " — animatic"
    assert page.meta("og:title") == [HOSTILE_NAME]
    linked = next(text for a, text in page.scripts if a.get("id") == "animatic-link")
    assert "</" not in linked and json.loads(linked) == state
    assert b"alert(1)><!--" not in html and b"<script>alert" not in html
    # The embed and the oEmbed iframe: the name stays an attribute's text.
    status, _, embed_html = curl(f"{server.url}/embed/{link_id}")
    assert status == 200 and [t for t, _ in parse(embed_html).tags if t == "img"] == []
    status, _, body = curl(f"{server.url}/oembed?url={urllib.parse.quote(server.url + '/s/' + link_id, safe='')}")
    embed = json.loads(body)
    tags = parse(embed["html"].encode()).tags
    assert [t for t, _ in tags] == ["iframe"] and tags[0][1]["title"] == HOSTILE_NAME == embed["title"]


def test_unfurl_like_a_preview_bot(server):
    status, _, body = post_link(server.url, {"spec": {"preset": "fold"}, "speed": 0.25})
    assert status in (200, 201)
    link_id = json.loads(body)["id"]
    status, _, html = curl(f"{server.url}/s/{link_id}")
    assert status == 200
    page = parse(html)
    assert page.meta("og:title") == ["fold"]
    assert page.meta("og:url") == [f"{server.url}/s/{link_id}"]
    assert page.meta("twitter:card") == ["summary_large_image"]
    images = page.meta("og:image")
    widths, heights = page.meta("og:image:width"), page.meta("og:image:height")
    assert images == [f"{server.url}/v1/links/{link_id}/poster.png", f"{server.url}/v1/links/{link_id}/preview.gif"]
    assert page.meta("og:image:type") == ["image/png", "image/gif"]
    for url, width, height, kind in zip(images, widths, heights, ("image/png", "image/gif")):
        status, headers, picture = curl(url)
        assert status == 200 and headers["content-type"] == kind, picture[:200]
        decoded = Image.open(io.BytesIO(picture))
        assert decoded.size == (int(width), int(height))
        # Sizes an unfurler takes: at least 200 px a side (Facebook's minimum, developers.facebook.com
        # "Sharing best practices"), at most 5 MB (Twitter's image limit).
        assert min(decoded.size) >= 200 and len(picture) < 5 << 20
        if kind == "image/gif":
            assert decoded.n_frames > 10
    # The poster is the middle frame: the same bytes as the timeline route at duration / 2.
    status, _, spec = curl(server.url + "/v1/presets/fold")
    duration = max(a.get("delay", 0) + a["duration"] for a in json.loads(spec)["animations"])
    status, _, middle = curl("-X", "POST", "--json", json.dumps({"preset": "fold"}),
                             f"{server.url}/v1/timeline?format=png&scale=2&maxWidth=1200&maxHeight=1200&t={duration / 2}")
    assert status == 200
    assert Image.open(io.BytesIO(middle)).tobytes() == Image.open(io.BytesIO(curl(images[0])[2])).tobytes()
    # The page opens in the link's state: the loader reads it from the page.
    linked = next(text for a, text in page.scripts if a.get("id") == "animatic-link")
    assert json.loads(linked) == {"spec": {"preset": "fold"}, "speed": 0.25}
    # Relative URLs of the page are made absolute from the root (the page is under /s/).
    assert ("link", {"rel": "stylesheet", "href": "/styles.css"}) in page.tags


def test_embed_and_oembed(server):
    status, _, body = post_link(server.url, {"spec": {"preset": "fold"}})
    link_id = json.loads(body)["id"]
    status, headers, html = curl(f"{server.url}/embed/{link_id}")
    assert status == 200
    assert "frame-ancestors *" in headers["content-security-policy"]
    assert ("body", {"class": "embed"}) in parse(html).tags
    # The page itself may not be framed.
    status, headers, _ = curl(f"{server.url}/s/{link_id}")
    assert "frame-ancestors 'none'" in headers["content-security-policy"]

    page_url = f"{server.url}/s/{link_id}"
    status, headers, body = curl(f"{server.url}/oembed?url={urllib.parse.quote(page_url, safe='')}&format=json")
    assert status == 200 and headers["content-type"] == "application/json"
    embed = json.loads(body)
    assert embed["version"] == "1.0" and embed["type"] == "video" and embed["title"] == "fold"
    iframe = parse(embed["html"].encode()).tags[0]
    assert iframe[0] == "iframe" and iframe[1]["src"] == f"{server.url}/embed/{link_id}"
    assert int(iframe[1]["width"]) == embed["width"] == 360
    assert int(iframe[1]["height"]) == embed["height"] == round(360 * 844 / 390) + 96
    assert embed["thumbnail_url"] == f"{server.url}/v1/links/{link_id}/poster.png"
    # maxwidth shrinks it, aspect kept (oEmbed §2.2).
    status, _, body = curl(f"{server.url}/oembed?url={urllib.parse.quote(page_url, safe='')}&maxwidth=180")
    small = json.loads(body)
    assert small["width"] == 180 and small["height"] == (embed["height"] * 180) // 360
    # Only JSON (§2.3.4: 501); a URL that is no link: 404; no url: 400.
    assert curl(f"{server.url}/oembed?url={urllib.parse.quote(page_url)}&format=xml")[0] == 501
    assert curl(f"{server.url}/oembed?url=https%3A%2F%2Fexample.com%2Fother")[0] == 404
    assert curl(f"{server.url}/oembed")[0] == 400


def test_write_token_guards_link_creation(tmp_path):
    live = LiveServer("--write-token", "t-30", "--data-dir", tmp_path)
    try:
        state = {"spec": {"preset": "fold"}}
        status, headers, _ = post_link(live.url, state)
        assert status == 401 and "bearer" in headers["www-authenticate"].lower()
        status, _, body = post_link(live.url, state, "-H", "Authorization: Bearer t-30")
        assert status == 201, body
        # Reading needs no token.
        assert curl(f"{live.url}/v1/links/{json.loads(body)['id']}")[0] == 200
    finally:
        assert live.stop() == 0


def test_openapi_documents_the_link_routes(server):
    from openapi_spec_validator import validate
    status, _, body = curl(server.url + "/openapi.json")
    document = json.loads(body)
    validate(document)
    paths = document["paths"]
    for path in ("/v1/links", "/v1/links/{id}", "/v1/links/{id}/poster.png", "/v1/links/{id}/preview.gif",
                 "/s/{id}", "/embed/{id}", "/oembed"):
        assert path in paths, path
    state = document["components"]["schemas"]["LinkState"]
    assert state["required"] == ["spec"] and state["properties"]["speed"]["enum"] == [1, 0.5, 0.25, 0.1]


def test_animatic_share_prints_the_link_the_gif_and_markdown(server):
    import subprocess
    from conftest import CLI
    spec_file = ROOT / "examples" / "card-flip.json"
    proc = subprocess.run([str(CLI), "share", str(spec_file), "--server", server.url],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = dict(line.split(": ", 1) for line in proc.stdout.strip().splitlines())
    link, gif = lines["link"].strip(), lines["gif"].strip()
    link_id = link.rsplit("/", 1)[1]
    assert link == f"{server.url}/s/{link_id}" and gif == f"{server.url}/v1/links/{link_id}/preview.gif"
    assert lines["markdown"] == f"[![card flip]({gif})]({link})"
    status, _, stored = curl(f"{server.url}/v1/links/{link_id}")
    assert status == 200 and json.loads(stored) == {"spec": json.loads(spec_file.read_text())}
    status, headers, _ = curl(gif)
    assert status == 200 and headers["content-type"] == "image/gif"
    # A spec the server refuses: exit 1 with the server's words.
    bad = subprocess.run([str(CLI), "share", "-", "--server", server.url], input='{"preset": "nope"}',
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "422" in bad.stderr and "nope" in bad.stderr


def test_animatic_share_uploads_the_screens_given_with_image(server, tmp_path):
    import subprocess
    from conftest import CLI
    files = {}
    for name, color in (("from", (10, 120, 200)), ("to", (220, 60, 40))):
        path = tmp_path / f"{name}.png"
        Image.new("RGB", (39, 84), color).save(path)
        files[name] = path
    spec_file = tmp_path / "fold.json"
    spec_file.write_text(json.dumps({"preset": "fold", "params": {"folds": 3}}))
    proc = subprocess.run([str(CLI), "share", str(spec_file), "--server", server.url,
                           "--image", f"from={files['from']}", "--image", f"to={files['to']}"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    link = proc.stdout.splitlines()[0].split(": ", 1)[1]
    status, _, stored = curl(f"{server.url}/v1/links/{link.rsplit('/', 1)[1]}")
    assert status == 200
    params = json.loads(stored)["spec"]["params"]
    assert params == {"folds": 3,
                      "fromImage": "sha256-" + hashlib.sha256(files["from"].read_bytes()).hexdigest(),
                      "toImage": "sha256-" + hashlib.sha256(files["to"].read_bytes()).hexdigest()}
    assert curl(f"{server.url}/v1/assets/{params['toImage']}")[2] == files["to"].read_bytes()
    # An inline spec names its assets itself: --image is refused before anything is sent.
    inline = subprocess.run([str(CLI), "share", str(ROOT / "examples" / "card-flip.json"), "--server", server.url,
                             "--image", f"from={files['from']}"], capture_output=True, text=True, timeout=60)
    assert inline.returncode != 0 and "preset reference" in inline.stderr
