"""A real PostgreSQL 15 (Debian's) in a scratch folder on loopback, for the asset store's
tests and its load benchmark (scripts/bench_assets.py): initdb, pg_ctl start and stop as the
`postgres` user (the process runs as root, which PostgreSQL refuses), removed afterwards."""
import shutil
import socket
import subprocess
import tempfile

PG_BIN = "/usr/lib/postgresql/15/bin"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ScratchPostgres:
    """initdb, pg_ctl start and stop, as the postgres user, in a folder removed afterwards."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="animatic-pg-")
        shutil.chown(self.dir, "postgres", "postgres")
        self.port = free_port()
        self.uri = f"postgres://animatic@127.0.0.1:{self.port}/postgres"
        self.run("initdb", "-D", f"{self.dir}/data", "-A", "trust", "-U", "animatic")
        self.start()

    def run(self, tool, *args):
        proc = subprocess.run(["runuser", "-u", "postgres", "--", f"{PG_BIN}/{tool}", *args],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"{tool}: {proc.stdout}{proc.stderr}"

    def start(self):
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-l", f"{self.dir}/log", "-w", "start",
                 "-o", f"-k {self.dir} -p {self.port} -c listen_addresses=127.0.0.1")

    def stop(self, mode="fast"):
        self.run("pg_ctl", "-D", f"{self.dir}/data", "-m", mode, "-w", "stop")

    def psql_argv(self):
        return ["runuser", "-u", "postgres", "--", f"{PG_BIN}/psql", "-X", "-q", "-t", "-A",
                "-h", self.dir, "-p", str(self.port), "-U", "animatic", "postgres"]

    def query(self, sql):
        """One statement through psql; its single value as text."""
        proc = subprocess.run(self.psql_argv() + ["-c", sql], capture_output=True, text=True, timeout=30)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()

    def session(self):
        """psql kept open on a pipe: statements written to its stdin, rows read from stdout."""
        return subprocess.Popen(self.psql_argv(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def remove(self):
        shutil.rmtree(self.dir, ignore_errors=True)
