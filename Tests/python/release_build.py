"""The static release build that test_deploy.py checks (scripts/build-release.sh with the
static Swift stdlib, as the image's build stage runs it), started in the background.

The build is most of a CPU-bound quarter hour (swift-syntax's optimised build); the rest of the
suite mostly waits on servers, Chromium and decoders. So conftest.py starts the build, niced,
as soon as the tests are collected, moves the tests that need it (fixture `staged`) to the end
of the run, and `result()` waits for it there: the build overlaps the suite instead of adding
to it. Niced, it takes only what the tests leave idle."""
import os
import signal
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NICENESS = 10

_build = None


class _Build:
    def __init__(self):
        self.staging = Path(tempfile.mkdtemp(prefix="animatic-staging-"))
        logs = Path(tempfile.mkdtemp(prefix="animatic-release-build-"))
        self.stdout_path, self.stderr_path = logs / "stdout", logs / "stderr"
        environment = dict(os.environ, ANIMATIC_STATIC_STDLIB="1", ANIMATIC_STAGING_DIR=str(self.staging))
        with self.stdout_path.open("wb") as out, self.stderr_path.open("wb") as err:
            self.process = subprocess.Popen(["nice", "-n", str(NICENESS), "scripts/build-release.sh"], cwd=ROOT,
                                            env=environment, stdout=out, stderr=err, start_new_session=True)

    def wait(self, timeout):
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise
        return code, self.stdout_path.read_text(errors="replace"), self.stderr_path.read_text(errors="replace")

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


def start():
    """Starts the build once; later calls do nothing."""
    global _build
    if _build is None:
        _build = _Build()


def result(timeout):
    """(exit code, stdout, stderr, staging folder) of the build, started now if it was not."""
    start()
    code, out, err = _build.wait(timeout)
    return code, out, err, _build.staging


def stop():
    """Stops a build still running (the session ended or was interrupted)."""
    if _build is not None:
        _build.stop()
