"""The skip policy of conftest.py: a skipped test fails the run unless Tests/python/skips.txt
lists it with its reason (CONTRIBUTING.md, "Tests")."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SKIPS_FILE, allowed_skips, unlisted_skips

HERE = Path(__file__).resolve().parent


def test_every_listed_skip_has_a_reason_and_names_a_test_that_exists():
    allowed = allowed_skips()
    assert allowed, "skips.txt lists nothing: then it should say so in a comment, not be empty"
    swift_sources = "\n".join(p.read_text() for p in (ROOT / "Tests").rglob("*.swift"))
    for pattern, reason in allowed:
        assert len(reason.split()) >= 4, (pattern, reason)
        if pattern.startswith("swift:"):
            function = pattern.rsplit(".", 1)[-1].removesuffix("()")
            assert f"func {function}(" in swift_sources, pattern
        else:
            assert (ROOT / pattern.split("::")[0]).exists(), pattern
            assert f"def {pattern.split('::')[1].split('[')[0]}(" in (ROOT / pattern.split("::")[0]).read_text()


def test_a_line_without_a_reason_is_refused(tmp_path):
    listed = tmp_path / "skips.txt"
    listed.write_text("# a comment\n\nTests/python/test_a.py::test_x  the reason for it\nTests/python/test_b.py\n")
    with pytest.raises(pytest.UsageError, match=r"skips.txt:4: a skip needs its reason"):
        allowed_skips(listed)


def test_patterns_cover_exactly_what_they_name(tmp_path):
    listed = tmp_path / "skips.txt"
    listed.write_text("Tests/python/test_a.py::test_fps*  timing, runs when asked\n")
    allowed = allowed_skips(listed)
    skipped = [("Tests/python/test_a.py::test_fps_throttled", "asked"),
               ("Tests/python/test_a.py::test_layout[390-844]", "chromium missing"),
               ("Tests/python/test_b.py::test_fps_throttled", "asked")]
    assert unlisted_skips(skipped, allowed) == skipped[1:]


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_an_unlisted_skip_fails_the_run_and_is_named(tmp_path, workers):
    """Also on pytest-xdist workers (make test's parallel pass): their reports reach the
    controller, which applies skips.txt once."""
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n\ndef test_runs():\n    assert True\n\n"
        "def test_skips():\n    pytest.skip('not on this machine')\n")
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", *workers, "-p", "conftest", "-p", "no:cacheprovider",
                          "-c", str(ROOT / "pytest.ini"),
                          "--rootdir", str(tmp_path), str(tmp_path / "test_sample.py")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "skipped but not listed in Tests/python/skips.txt" in run.stdout
    assert "test_sample.py::test_skips: not on this machine" in run.stdout
    assert "1 passed, 1 skipped" in run.stdout


def test_the_skips_file_is_the_one_beside_conftest():
    assert SKIPS_FILE == HERE / "skips.txt"


JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="TestResults" tests="3" skipped="2">
  <testcase classname="AnimaticHTTPTests.ServerSuites.Basics" name="getOverIPv4()" time="0.1" />
  <testcase classname="AnimaticHTTPTests.ServerSuites.Basics" name="getOverIPv6()">
    <skipped>this machine has no IPv6 loopback</skipped></testcase>
  <testcase classname="AnimaticCoreTests.Springs" name="settles()"><skipped>flaky</skipped></testcase>
</testsuite></testsuites>
"""


def test_the_swift_check_lets_a_listed_skip_through_and_fails_on_another(tmp_path):
    """scripts/check_swift_skips.py on the JUnit file Swift Testing writes (its format as
    `swift test --xunit-output` produced it for a skipped test)."""
    script = ROOT / "scripts" / "check_swift_skips.py"
    results = tmp_path / "swift-tests-swift-testing.xml"
    results.write_text(JUNIT)
    run = subprocess.run([sys.executable, str(script), str(results), str(tmp_path / "absent.xml")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "skipped, listed: swift:AnimaticHTTPTests.ServerSuites.Basics.getOverIPv6()" in run.stdout
    assert "swift:AnimaticCoreTests.Springs.settles(): flaky" in run.stderr
    assert "getOverIPv6" not in run.stderr
    results.write_text(JUNIT.replace('<testcase classname="AnimaticCoreTests.Springs" name="settles()">'
                                     "<skipped>flaky</skipped></testcase>", ""))
    run = subprocess.run([sys.executable, str(script), str(results)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
