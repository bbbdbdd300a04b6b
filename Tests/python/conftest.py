"""Shared helpers for the export tests: the built CLI, the specs to try, frames, Chromium."""
import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / ".build" / "debug" / "animatic"
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
# Specs that exercise what the examples do not (perspective strips with snapshots,
# gradients, images, hidden, springs on 2-D transforms, steps, an interaction).
TEST_SPECS = sorted((Path(__file__).resolve().parent / "specs").glob("*.json"))
# Frames per second used by the export tests: enough frames to catch mistakes, few
# enough to keep the whole suite fast.
FPS = 30


def run_cli(*args, stdin=None):
    """Runs the CLI; returns stdout bytes, raising with stderr on failure."""
    proc = subprocess.run([str(CLI), *map(str, args)], input=stdin, capture_output=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"animatic {' '.join(map(str, args))} failed ({proc.returncode}): {proc.stderr.decode()}")
    return proc.stdout


def preset_names():
    """Names from `animatic presets --json`; a failing command fails the tests that use it."""
    proc = subprocess.run([str(CLI), "presets", "--json"], capture_output=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"animatic presets --json failed: {proc.stderr.decode()}")
    names = [item["name"] for item in json.loads(proc.stdout)]
    if not names:
        raise RuntimeError("animatic presets --json listed no presets")
    return names


_PRESET_DIR = Path(tempfile.mkdtemp(prefix="animatic-presets-"))


def spec_cases():
    """(test id, spec path) for every example and every preset."""
    cases = [pytest.param(p, id=p.stem) for p in EXAMPLES + TEST_SPECS]
    # More specs to try, e.g. expanded presets: ANIMATIC_EXTRA_SPECS=dir1:dir2
    for folder in filter(None, os.environ.get("ANIMATIC_EXTRA_SPECS", "").split(":")):
        cases += [pytest.param(p, id=f"extra-{p.stem}") for p in sorted(Path(folder).glob("*.json"))]
    for name in preset_names():
        path = _PRESET_DIR / f"{name}.json"
        path.write_text(json.dumps({"preset": name}))
        cases.append(pytest.param(path, id=f"preset-{name}"))
    return cases


def render(spec, fmt, *extra):
    return run_cli("render", spec, "--format", fmt, "--fps", FPS, *extra)


def frames(spec, fps=FPS):
    """The JSON timeline with frames."""
    return json.loads(run_cli("render", spec, "--frames", "--fps", fps))


def sample_indices(count, n=6):
    """n frame indices spread over 0…count−1, both ends included."""
    if count <= n:
        return list(range(count))
    return sorted({round(k * (count - 1) / (n - 1)) for k in range(n)} | {1, count - 2})


def quad_bounds(quad):
    xs = [p[0] for p in quad]
    ys = [p[1] for p in quad]
    return min(xs), min(ys), max(xs), max(ys)


def headless_chromium(*extra_args):
    """Headless Chromium through selenium with `extra_args` after the usual ones; the test is
    skipped when selenium, Chromium or chromedriver is missing."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    driver_path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    if not (Path(binary).exists() and Path(driver_path).exists()):
        pytest.skip("chromium/chromedriver not installed (scripts/install-deps.sh test)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
              *extra_args):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(driver_path), options=opts)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session (selenium)."""
    drv = headless_chromium()
    try:
        yield drv
    finally:
        drv.quit()


def set_viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": int(round(width)), "height": int(round(height)), "deviceScaleFactor": 1, "mobile": False})


@pytest.fixture
def workdir(tmp_path):
    return tmp_path


class LiveServer:
    """`animatic serve` on a free port of 127.0.0.1, as users run it; stopped with SIGTERM."""

    def __init__(self, *extra_args, env=None, public=None):
        import re
        import signal  # noqa: F401  (used by stop)
        args = [str(CLI), "serve", "--port", "0", *map(str, extra_args)]
        if public is not None:
            args += ["--public", str(public)]
        # Each server its own asset store, in a scratch folder, unless the test names one.
        if "--data-dir" not in args and "ANIMATIC_DATA_DIR" not in (env or {}):
            args += ["--data-dir", tempfile.mkdtemp(prefix="animatic-data-")]
        self.process = subprocess.Popen(args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        env={**os.environ, **(env or {})}, text=True)
        self.log = []
        for line in self.process.stderr:
            self.log.append(line)
            match = re.search(r"listening on (https?)://[^ ]*:(\d+)/", line)
            if match:
                self.scheme, self.port = match.group(1), int(match.group(2))
                break
        else:
            raise RuntimeError("animatic serve did not start:\n" + "".join(self.log))
        self.url = f"{self.scheme}://127.0.0.1:{self.port}"
        # Keep draining stderr so the server never blocks on a full pipe.
        import threading
        threading.Thread(target=lambda: [self.log.append(l) for l in self.process.stderr], daemon=True).start()

    def stop(self, timeout=15):
        import signal
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    public = ROOT / "public"
    if not public.is_dir():
        public = tmp_path_factory.mktemp("public")
        (public / "index.html").write_text("<!doctype html><title>animatic</title><p>player</p>\n")
    # Eight render threads, not the cores' two: make test runs four test files at once on two
    # cores, and a page's first burst (the gallery's filmstrips) on two threads of a debug build
    # can wait past the 2 s admission rule and be shed with 503s, which the page tests count as
    # errors. Admission and shedding have their own tests (test_bounded_work.py, with one worker).
    server = LiveServer("--workers", "8", public=public)
    yield server
    assert server.stop() == 0, "".join(server.log[-20:])


def curl(*args, data=None):
    """Runs the real curl; returns (status, headers dict with lower-case names, body bytes)."""
    import tempfile as _tempfile
    with _tempfile.NamedTemporaryFile() as head:
        cmd = ["curl", "-sS", "-D", head.name, "-o", "-", *map(str, args)]
        proc = subprocess.run(cmd, input=data, capture_output=True, timeout=60)
        assert proc.returncode == 0, proc.stderr.decode()
        lines = Path(head.name).read_bytes().decode(errors="replace").split("\r\n")
    # The last response block (after any 100 Continue).
    blocks, current = [], []
    for line in lines:
        if line.startswith("HTTP/"):
            current = [line]
            blocks.append(current)
        elif line:
            current.append(line)
    status_line, *fields = blocks[-1]
    headers = {}
    for f in fields:
        name, _, value = f.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, proc.stdout


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "release_build: needs the container image's static release build (make test-release)")
    config.addinivalue_line(
        "markers", "serial: runs alone, after the tests that run in parallel (Tests/python/serial.txt)")


# ── Serial tests: those Tests/python/serial.txt lists are marked `serial`; `make test` runs the
# others on several workers at once (pytest-xdist, -m "not serial"), then these alone. ──
SERIAL_FILE = Path(__file__).resolve().parent / "serial.txt"


def pytest_collection_modifyitems(config, items):
    serial = allowed_skips(SERIAL_FILE)  # skips.txt's format: pattern, two spaces, reason
    for item in items:
        if is_listed(repository_node_id(config, item.nodeid), serial):
            item.add_marker(pytest.mark.serial)


# ── Skips: a skipped test fails the run unless Tests/python/skips.txt lists it with its reason ──
from skiplist import SKIPS_FILE, SkipListError, is_listed, unlisted_skips  # noqa: E402
from skiplist import allowed_skips as _read_skips  # noqa: E402


def allowed_skips(path=SKIPS_FILE):
    """[(node id pattern, reason)] from skips.txt; a line without a reason stops the run."""
    try:
        return _read_skips(path)
    except SkipListError as error:
        raise pytest.UsageError(str(error)) from None


_skipped = []


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.append((report.nodeid, reason.removeprefix("Skipped: ")))


def repository_node_id(config, node):
    """A node id relative to the repository, whatever folder pytest took as its root."""
    path, sep, rest = node.partition("::")
    full = (config.rootpath / path).resolve()
    return (full.relative_to(ROOT) if full.is_relative_to(ROOT) else full).as_posix() + sep + rest


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):
        return  # a pytest-xdist worker: the controller sees every report and decides
    skipped = [(repository_node_id(session.config, node), why) for node, why in _skipped]
    unlisted = unlisted_skips(skipped, allowed_skips())
    if unlisted:
        session.config._animatic_unlisted_skips = unlisted
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    unlisted = getattr(config, "_animatic_unlisted_skips", [])
    if unlisted:
        terminalreporter.section("skipped but not listed in Tests/python/skips.txt", red=True)
        for node, reason in unlisted:
            terminalreporter.line(f"{node}: {reason}")
        terminalreporter.line("A skip fails the run unless skips.txt lists it with its reason (CONTRIBUTING.md).")
