"""Tests/python/serial.txt: the tests `make test` runs alone, after the ones it runs on several
pytest-xdist workers at once (CONTRIBUTING.md, "Tests"). The skip policy under xdist is
test_skip_policy.py's."""
import subprocess
import sys

from conftest import ROOT, SERIAL_FILE, allowed_skips


def collected(*args):
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return {line for line in run.stdout.splitlines() if "::" in line}


def test_every_serial_entry_has_a_reason_and_names_a_test_that_exists():
    listed = allowed_skips(SERIAL_FILE)
    assert listed
    for pattern, reason in listed:
        assert len(reason.split()) >= 4, (pattern, reason)
        path, _, name = pattern.partition("::")
        assert (ROOT / path).exists(), pattern
        stem = name.split("[")[0].rstrip("*")
        assert not stem or f"def {stem}" in (ROOT / path).read_text(), pattern


def test_listed_tests_are_marked_serial_and_only_they():
    files = ["Tests/python/test_bounded_work.py", "Tests/python/test_page.py"]
    serial = collected("-m", "serial", *files)
    bounded = {node.split("::")[1] for node in serial if node.startswith(files[0])}
    defined = {line[4:].split("(")[0] for line in (ROOT / files[0]).read_text().splitlines()
               if line.startswith("def test_")}
    assert len(defined) >= 5 and bounded == defined, "a whole file listed as file.py::* is serial"
    assert {node.split("::")[1] for node in serial if node.startswith(files[1])} == {
        "test_quarter_speed_takes_four_times_as_long"}, "the rest of test_page.py is not"

