"""Compare any two (issue 30): compare mode's B is another preset (B's own picker), a second
spec editor (checked by the server, problems at their JSON pointers) or a link (/s/{id});
layers only one side has are named, the rest compared; a short link and the spec-in-URL
link keep that B. Headless Chromium against a live `animatic serve` (with its SQLite store);
every number is checked against the server's own timelines."""
import json
import math
import random
from urllib.parse import quote

import pytest
from selenium.webdriver.support.ui import Select

from conftest import curl
from page_helpers import (choose_preset, driver, fetch_json, make_driver, open_page, page_with_clipboard,  # noqa: F401
                          state, wait_for, wait_loaded)
from test_page_tools import expected_differences, frame_at


def timeline(live_server, spec):
    return fetch_json(live_server.url + "/v1/timeline?frames=true&fps=60", spec)


def click_label(page, css):
    page.find_element("css selector", css).find_element("xpath", "..").click()


def compare_off(page):
    page.execute_async_script("const d = arguments[arguments.length - 1]; window.animatic.compare(false).then(() => d())")


def stage_b_left(page, layer_id):
    """Where B's stage draws a layer's left edge, in points from its screen's left."""
    return page.execute_script("""const s = document.getElementById('screen-b').getBoundingClientRect();
        const e = document.querySelector(`#screen-b > .layer[data-layer-id="${arguments[0]}"]`);
        return e ? (e.getBoundingClientRect().left - s.left) / window.animatic.state().scale : null;""", layer_id)


def make_link(live_server, state_):
    status, _, body = curl("--json", json.dumps(state_), live_server.url + "/v1/links")
    assert status in (200, 201), body
    return json.loads(body)


def test_fold_against_cube_plays_both_and_names_the_layers_only_one_has(page, live_server):
    choose_preset(page, "fold")
    page.find_element("id", "compare").click()
    Select(page.find_element("id", "compare-preset")).select_by_value("cube")
    wait_for(page, "(s => s.ready && !s.loading && s.spec && s.spec.preset === 'cube')(window.animatic.state().compare)",
             message="B = cube")
    s = state(page)
    assert s["preset"] == "fold" and s["compare"]["spec"] == {"preset": "cube", "params": {}}
    assert s["compare"]["source"] == "preset" and s["compare"]["preset"] == "cube"
    tl_a, tl_b = timeline(live_server, {"preset": "fold"}), timeline(live_server, {"preset": "cube"})
    assert s["duration"] == max(tl_a["duration"], tl_b["duration"])  # one clock, to the longer one
    # Each stage draws its own transition's layers.
    ids_b = page.execute_script("return [...document.querySelectorAll('#screen-b > .layer')].map(e => e.dataset.layerId)")
    assert sorted(ids_b) == sorted(l["id"] for l in tl_b["layers"])
    # Both play on the clock: at two times, B's stage is where cube's timeline puts it.
    for t in (0.2, 0.45):
        page.execute_script("window.animatic.seek(arguments[0])", t)
        for layer in ("from", "to"):
            expected = next(l for l in frame_at(tl_b, t)["layers"] if l["id"] == layer)
            left = stage_b_left(page, layer)
            xs = [p[0] for p in expected["quad"]]
            if expected["visible"] and expected["opacity"] > 0:
                assert left == pytest.approx(min(xs), abs=1.5), (t, layer)
    page.execute_script("window.animatic.play(0)")
    wait_for(page, "window.animatic.state().t > 0.1 && window.animatic.state().playing", message="both to play")
    page.execute_script("window.animatic.pause()")
    # The table: only the ids both have, each as recomputed from the server's frames.
    s = state(page)
    expected = expected_differences(tl_a, tl_b)
    rows = {r["id"]: r for r in s["compare"]["rows"]}
    assert set(rows) == set(expected) == {"from", "to"}
    for i, (dp, do, dr) in expected.items():
        assert rows[i]["position"]["max"] == pytest.approx(dp, abs=1e-6)
        assert rows[i]["opacity"]["max"] == pytest.approx(do, abs=1e-9)
        assert rows[i]["rotation"]["max"] == pytest.approx(dr, abs=1e-6)
    assert max(v for e in expected.values() for v in e) > 1  # cube and fold do differ
    # The others are named, each on its side, none compared.
    only_a = [l["id"] for l in tl_a["layers"] if l["id"] not in {m["id"] for m in tl_b["layers"]}]
    only_b = [l["id"] for l in tl_b["layers"] if l["id"] not in {m["id"] for m in tl_a["layers"]}]
    assert s["compare"]["only"] == {"a": only_a, "b": only_b}
    assert len(only_a) == 16 and only_b == ["fromCover", "toCover"]
    text = page.find_element("id", "compare-only").text
    assert "Only in A (16 layers, not compared): fromFold0L" in text and "Only in B (2 layers, not compared): fromCover, toCover." in text
    table = page.find_element("id", "compare-table").text
    assert "NaN" not in table and "undefined" not in table
    assert [r.get_attribute("data-layer-id") for r in page.find_elements("css selector", "#compare-table tbody tr")] \
        == [r["id"] for r in s["compare"]["rows"]]
    caption = page.find_element("id", "caption-b").text
    assert caption == "B: cube (defaults)", caption
    # Back to A's preset: B follows A again, nothing only on one side.
    Select(page.find_element("id", "compare-preset")).select_by_value("")
    wait_for(page, "(s => s.ready && !s.loading && s.spec.preset === 'fold')(window.animatic.state().compare)", message="B = fold")
    wait_for(page, "document.getElementById('compare-only').hidden", message="no layer only on one side")
    compare_off(page)


def test_b_from_a_second_editor_shows_its_problems_at_their_pointers(page, live_server):
    choose_preset(page, "tabSlide")
    page.execute_async_script("const d = arguments[arguments.length - 1]; window.animatic.compare(true).then(() => d())")
    click_label(page, 'input[name="compare-source"][value="spec"]')
    # B's editor starts as A's spec: nothing differs.
    wait_for(page, "(s => s.ready && !s.loading && s.source === 'spec' && !s.spec.preset)(window.animatic.state().compare)",
             message="B from B's editor")
    s = state(page)
    expanded = page.execute_script("return window.animatic.expanded")
    assert s["compare"]["spec"] == expanded
    assert s["compare"]["rows"] and all(r[k]["max"] == 0 for r in s["compare"]["rows"] for k in ("position", "opacity", "rotation"))
    spec = json.loads(page.find_element("id", "compare-spec").get_attribute("value"))
    assert spec == expanded
    # An error: listed under B's editor at its pointer and line; B stays the last valid spec.
    bad = json.loads(json.dumps(spec))
    bad["animations"][0]["duration"] = -1
    text = json.dumps(bad, indent=2)
    page.execute_script("""const ta = document.getElementById('compare-spec'); ta.value = arguments[0];
                           ta.dispatchEvent(new Event('input', {bubbles: true}));""", text)
    wait_for(page, "window.animatic.state().compare.problems.length > 0", message="B's problems")
    problems = state(page)["compare"]["problems"]
    assert [p["pointer"] for p in problems] == ["/animations/0/duration"], problems
    line = next(n for n, l in enumerate(text.splitlines(), 1) if '"duration": -1' in l)
    assert problems[0]["line"] == line
    listed = page.find_element("css selector", "#compare-problems li").text
    assert "/animations/0/duration" in listed and f"line {line}" in listed
    assert "B's spec has 1 problem" in page.find_element("id", "compare-status").text
    assert state(page)["compare"]["spec"] == spec  # still the last valid one
    assert state(page)["error"] is None  # A is untouched
    # A valid edit: B plays it, and the table says what changed.
    good = json.loads(json.dumps(spec))
    good["animations"][0]["duration"] = spec["animations"][0]["duration"] * 2
    page.execute_script("""const ta = document.getElementById('compare-spec'); ta.value = arguments[0];
                           ta.dispatchEvent(new Event('input', {bubbles: true}));""", json.dumps(good, indent=2))
    wait_for(page, "(s => s.ready && !s.loading && s.spec.animations[0].duration === arguments[0])(window.animatic.state().compare)"
             .replace("arguments[0]", str(good["animations"][0]["duration"])), message="B's edit to play")
    s = state(page)
    assert s["compare"]["problems"] == [] and not page.find_element("id", "compare-problems").is_displayed()
    expected = expected_differences(timeline(live_server, {"preset": "tabSlide"}), timeline(live_server, good))
    rows = {r["id"]: r for r in s["compare"]["rows"]}
    assert set(rows) == set(expected)
    for i, (dp, _, _) in expected.items():
        assert rows[i]["position"]["max"] == pytest.approx(dp, abs=1e-6)
    assert max(e[0] for e in expected.values()) > 10
    compare_off(page)


def test_b_from_a_link(page, live_server):
    linked = {"spec": {"preset": "cube", "params": {"duration": 0.5}}, "speed": 0.5}
    made = make_link(live_server, linked)
    choose_preset(page, "fold")
    page.execute_async_script("const d = arguments[arguments.length - 1]; window.animatic.compare(true).then(() => d())")
    click_label(page, 'input[name="compare-source"][value="link"]')
    field = page.find_element("id", "compare-link")
    # Not this server's link: says so, and B waits for one.
    field.send_keys("ZZZZZZZZZZ\n")
    wait_for(page, "document.getElementById('compare-status').textContent.includes('No link ZZZZZZZZZZ')",
             message="an unknown link to be refused")
    field.clear()
    field.send_keys(live_server.url + made["url"] + "\n")
    wait_for(page, "(s => s.ready && !s.loading && s.link === arguments[0])(window.animatic.state().compare)"
             .replace("arguments[0]", json.dumps(made["id"])), message="B from the link")
    s = state(page)
    assert s["compare"]["spec"] == linked["spec"] and s["compare"]["source"] == "link"
    assert s["compare"]["duration"] == 0.5 and s["speed"] == 1  # B's spec only, not the link's speed
    assert page.find_element("id", "caption-b").text == f"B: link {made['id']}: cube duration=0.5"
    tl_b = timeline(live_server, linked["spec"])
    assert s["compare"]["only"]["b"] == ["fromCover", "toCover"]
    rows = {r["id"]: r for r in s["compare"]["rows"]}
    expected = expected_differences(timeline(live_server, {"preset": "fold"}), tl_b)
    assert rows["to"]["position"]["max"] == pytest.approx(expected["to"][0], abs=1e-6)
    # The bare id works too (another link: an inline spec as B).
    inline = fetch_json(live_server.url + "/v1/presets/scaleFade")
    other = make_link(live_server, {"spec": inline})
    field.clear()
    field.send_keys(other["id"] + "\n")
    wait_for(page, "(s => s.ready && !s.loading && s.link === arguments[0])(window.animatic.state().compare)"
             .replace("arguments[0]", json.dumps(other["id"])), message="B from the bare id")
    assert state(page)["compare"]["spec"] == inline
    compare_off(page)


def test_a_short_link_keeps_another_preset_as_b_in_a_fresh_profile(page, live_server):
    choose_preset(page, "fold")
    page.execute_async_script("""const d = arguments[arguments.length - 1];
        window.animatic.compare(true, {view: 'onion', with: {preset: 'cube', params: {duration: 0.4}}}).then(() => d())""")
    wait_for(page, "(s => s.ready && !s.loading)(window.animatic.state().compare)", message="B = cube")
    assert state(page)["compare"]["spec"] == {"preset": "cube", "params": {"duration": 0.4}}
    # The address bar's link carries B as a preset reference (`with`).
    fallback = wait_for(page, "location.hash.includes('&compare=onion&with=') && location.href", message="B in the URL")
    page.find_element("id", "copy-link").click()
    link = wait_for(page, "(v => v.includes('/s/') && v)(document.getElementById('share-link').value)",
                    message="the short link")
    stored = fetch_json(live_server.url + "/v1/links/" + link.rsplit("/", 1)[1])
    assert stored["compare"] == {"view": "onion", "spec": {"preset": "cube", "params": {"duration": 0.4}}}
    fresh = make_driver()
    try:
        for url in (link, fallback):
            open_page(fresh, url)
            wait_for(fresh, "(s => s.ready && !s.loading)(window.animatic.state().compare)", message=f"B from {url}")
            s = state(fresh)
            assert s["spec"] == {"preset": "fold"} and s["error"] is None and s["notice"] is None, url
            c = s["compare"]
            assert c["on"] and c["view"] == "onion" and c["source"] == "preset" and c["preset"] == "cube", url
            assert c["spec"] == {"preset": "cube", "params": {"duration": 0.4}} and c["duration"] == 0.4, url
            assert fresh.find_element("css selector", 'input[name="compare-view"][value="onion"]').is_selected()
            assert Select(fresh.find_element("id", "compare-preset")).first_selected_option.get_attribute("value") == "cube"
            assert c["only"]["b"] == ["fromCover", "toCover"]
            fresh.get("about:blank")
    finally:
        fresh.quit()
    compare_off(page)


def test_an_inline_b_goes_in_both_links_and_a_too_long_one_only_in_the_short_link(page, live_server):
    choose_preset(page, "tabSlide")
    inline = fetch_json(live_server.url + "/v1/presets/tabSlide?params=" + quote(json.dumps({"duration": 0.6})))
    page.execute_async_script("""const d = arguments[arguments.length - 1];
        window.animatic.compare(true, {view: 'side', with: arguments[0]}).then(() => d())""", inline)
    wait_for(page, "(s => s.ready && !s.loading)(window.animatic.state().compare)", message="the inline B")
    s = state(page)
    assert s["compare"]["source"] == "spec" and s["compare"]["spec"] == inline and s["compare"]["duration"] == 0.6
    assert json.loads(page.find_element("id", "compare-spec").get_attribute("value")) == inline
    url = wait_for(page, "location.hash.includes('&compare=side&with=') && location.href", message="B in the URL")
    page.get("about:blank")
    open_page(page, url)
    wait_for(page, "(s => s.ready && !s.loading)(window.animatic.state().compare)", message="the inline B from the URL")
    assert state(page)["compare"]["spec"] == inline and state(page)["compare"]["source"] == "spec"
    # An inline B whose encoding passes 4,000 characters (random ids do not deflate) stays
    # out of the spec-in-URL link; the short link keeps it.
    rng = random.Random(30)
    big = {"layers": [{"id": "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(24)),
                       "frame": [rng.randint(0, 300), rng.randint(0, 700), 40, 40], "backgroundColor": "#336699"}
                      for _ in range(200)],
           "animations": []}
    big["animations"] = [{"duration": 0.3, "changes": {big["layers"][0]["id"]: {"opacity": 0}}}]
    page.execute_async_script("""const d = arguments[arguments.length - 1];
        window.animatic.compare(true, {view: 'side', with: arguments[0]}).then(() => d())""", big)
    wait_for(page, "(s => s.ready && !s.loading && s.spec.layers && s.spec.layers.length === 200)(window.animatic.state().compare)",
             message="the big B")
    s = state(page)
    assert s["compare"]["error"] is None and s["compare"]["rows"] == []
    assert len(s["compare"]["only"]["b"]) == 200 and s["compare"]["only"]["a"] == ["from", "to"]
    assert "No layer ids in common." in page.find_element("id", "compare-table").text
    wait_for(page, "location.hash.includes('#spec=') && !location.hash.includes('&compare=')",
             message="the URL without B")
    page.find_element("id", "copy-link").click()
    link = wait_for(page, "(v => v.includes('/s/') && v)(document.getElementById('share-link').value)",
                    message="the short link")
    stored = fetch_json(live_server.url + "/v1/links/" + link.rsplit("/", 1)[1])
    assert stored["compare"]["spec"] == big
    compare_off(page)


@pytest.mark.parametrize("a,b", [({"preset": "explode"}, {"preset": "fade"}), ({"preset": "zoom"}, {"preset": "heroPush"})])
def test_differences_of_other_presets_are_numbers(page, live_server, a, b):
    before = state(page)["loads"]
    page.execute_script("window.animatic.load(arguments[0])", a)
    wait_loaded(page, before)
    page.execute_async_script("""const d = arguments[arguments.length - 1];
        window.animatic.compare(true, {with: arguments[0]}).then(() => d())""", b)
    wait_for(page, "(s => s.ready && !s.loading && s.spec.preset === arguments[0])(window.animatic.state().compare)"
             .replace("arguments[0]", json.dumps(b["preset"])), message="B")
    s = state(page)
    for row in s["compare"]["rows"]:
        for key in ("position", "opacity", "rotation"):
            assert math.isfinite(row[key]["max"]) and math.isfinite(row[key]["t"]), row
    table = page.find_element("id", "compare-table").text
    assert "NaN" not in table and "undefined" not in table
    ids_a = [l["id"] for l in timeline(live_server, a)["layers"]]
    ids_b = [l["id"] for l in timeline(live_server, b)["layers"]]
    assert s["compare"]["only"] == {"a": [i for i in ids_a if i not in ids_b], "b": [i for i in ids_b if i not in ids_a]}
    compare_off(page)


def test_a_link_paused_past_as_end_within_b_opens_there(page, live_server):
    """The one clock runs to the longer of A and B: a short link keeps a playhead past A's end."""
    made = make_link(live_server, {"spec": {"preset": "tabSlide"}, "t": 0.5,
                                   "compare": {"view": "side", "spec": {"preset": "tabSlide", "params": {"duration": 0.6}}}})
    page.get("about:blank")
    open_page(page, live_server.url + made["url"])
    wait_for(page, "(s => s.ready && !s.loading)(window.animatic.state().compare)", message="B from the link")
    s = state(page)
    assert timeline(live_server, {"preset": "tabSlide"})["duration"] < 0.5
    assert s["t"] == pytest.approx(0.5, abs=1e-3) and not s["playing"] and s["duration"] == 0.6
    assert s["compare"]["with"] == {"duration": 0.6} and s["compare"]["preset"] is None and s["notice"] is None
    compare_off(page)
