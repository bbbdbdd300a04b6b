"""The skip policy of conftest.py: a skipped test fails the run unless Tests/python/skips.txt
lists it with its reason (CONTRIBUTING.md, "Tests")."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SKIPS_FILE, allowed_skips, unlisted_skips

HERE = Path(__file__).resolve().parent


def test_every_listed_skip_has_a_reason_and_names_a_test_file_that_exists():
    allowed = allowed_skips()
    assert allowed, "skips.txt lists nothing: then it should say so in a comment, not be empty"
    for pattern, reason in allowed:
        assert len(reason.split()) >= 4, (pattern, reason)
        assert (ROOT / pattern.split("::")[0]).exists(), pattern


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


def test_an_unlisted_skip_fails_the_run_and_is_named(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n\ndef test_runs():\n    assert True\n\n"
        "def test_skips():\n    pytest.skip('not on this machine')\n")
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "conftest", "-p", "no:cacheprovider",
                          "--rootdir", str(tmp_path), str(tmp_path / "test_sample.py")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "skipped but not listed in Tests/python/skips.txt" in run.stdout
    assert "test_sample.py::test_skips: not on this machine" in run.stdout
    assert "1 passed, 1 skipped" in run.stdout


def test_the_skips_file_is_the_one_beside_conftest():
    assert SKIPS_FILE == HERE / "skips.txt"
