"""Containerised deployment (issue 8), checked without a container engine.

- The Dockerfile lints clean with hadolint and keeps the shape docs/DEPLOY.md promises:
  its build stage runs scripts/build-release.sh (the script `make release` runs), the
  runtime stage is ubuntu:noble with a numeric non-root user, a HEALTHCHECK that uses the
  binary itself, SIGTERM as the stop signal and OCI labels.
- .dockerignore keeps build products, the virtualenv and .git out of the context.
- Every Kubernetes manifest validates offline (kubernetes-validate --strict), and the
  Deployment keeps the promises about probes, draining and least privilege.
- `animatic healthcheck` answers 0 / 1 against small servers started here.
- The release binary, built by the same script as the image, links only libraries the
  runtime image installs, and — once `animatic serve` exists — starts on 0.0.0.0, answers
  /healthz and exits 0 on SIGTERM within the drain grace period.
"""
import http.server
import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(sys.executable).parent  # the project's .venv/bin
HADOLINT = BIN / "hadolint"
# The raster formats' runtime libraries (issue 27; docs/DEPLOY.md, "The image"): the noble
# packages the Dockerfile installs, the shared objects the binary links from them, and what
# libcairo2 itself links (fonts, X11 surfaces, compression), which apt installs with it.
RASTER_RUNTIME_PACKAGES = {"libcairo2", "libpixman-1-0", "fonts-dejavu-core", "libpng16-16t64", "libgif7",
                           "libwebp7", "libwebpmux3", "libwebpdemux2", "libvpx9", "libopenh264-7"}
RASTER_LIBRARIES = {"libcairo", "libpixman-1", "libpng16", "libgif", "libwebp", "libwebpmux", "libsharpyuv",
                    "libvpx", "libwebpdemux", "libopenh264"}
# Uploaded images and their store (issue 29; docs/DEPLOY.md, "The asset store").
ASSET_RUNTIME_PACKAGES = {"libjpeg-turbo8", "liblcms2-2", "libsqlite3-0", "libpq5"}
ASSET_LIBRARIES = {"libjpeg", "liblcms2", "libsqlite3", "libpq"}
# What libpq itself links (Kerberos, LDAP, SASL, GnuTLS), which apt installs with libpq5;
# LDAP's names carry their version on Debian (libldap-2.5.so.0), not on Ubuntu (libldap.so.2).
# The binary links none of them: libpq is loaded when a PostgreSQL store opens
# (AnimaticStore/LibPQ.swift), so the image installs libpq5 but no start loads it.
LIBPQ_DEPENDENCIES = {"libgssapi_krb5", "libkrb5", "libk5crypto", "libcom_err", "libkrb5support", "libkeyutils",
                      "libresolv", "libldap", "libldap-2.5", "liblber", "liblber-2.5", "libsasl2", "libgnutls",
                      "libp11-kit", "libidn2", "libunistring", "libtasn1", "libnettle", "libhogweed", "libgmp",
                      "libffi"}
CAIRO_DEPENDENCIES = {"libfontconfig", "libfreetype", "libexpat", "libuuid", "libbrotlicommon", "libbrotlidec",
                      "libbz2", "libX11", "libxcb", "libxcb-render", "libxcb-shm", "libXau", "libXdmcp", "libXext",
                      "libXrender", "libbsd", "libmd"}
KUBERNETES_VALIDATE = BIN / "kubernetes-validate"
DEBUG_ANIMATIC = ROOT / ".build" / "debug" / "animatic"
DOCKERFILE = ROOT / "Dockerfile"
K8S = ROOT / "deploy" / "kubernetes"
MANIFESTS = ["deployment.yaml", "service.yaml", "hpa.yaml", "pdb.yaml"]
# The oldest release whose preStop `sleep` action is on by default, and the newest the
# installed kubernetes-validate ships schemas for.
KUBERNETES_VERSIONS = ["1.30.0", "1.37.0"]
PRESTOP_SECONDS = 5
DRAIN_GRACE_SECONDS = 10  # the server's default drain grace on SIGTERM


# --------------------------------------------------------------------------------------------
# Dockerfile


def dockerfile_stages():
    """The Dockerfile as a list of stages: {'from': 'image', 'name': alias, 'instructions':
    [(KEYWORD, arguments)]}, with continuation lines joined and comments dropped."""
    logical, current = [], ""
    for raw in DOCKERFILE.read_text().splitlines():
        line = raw.strip()
        if not current and (not line or line.startswith("#")):
            continue
        if current and line.startswith("#"):
            continue
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        logical.append(current + line)
        current = ""
    stages = []
    for line in logical:
        keyword, _, rest = line.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            words = rest.split()
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append({"from": words[0], "name": name, "instructions": []})
        elif stages:
            stages[-1]["instructions"].append((keyword, rest.strip()))
    return stages


def instructions(stage, keyword):
    return [rest for key, rest in stage["instructions"] if key == keyword]


def test_hadolint_reports_nothing():
    out = subprocess.run([str(HADOLINT), "--failure-threshold", "warning", str(DOCKERFILE)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    # Not even info or style findings.
    assert out.stdout.strip() == "", out.stdout


def test_hadolint_ignores_are_each_explained():
    """Each inline `# hadolint ignore=` names its rule in the comment just above it."""
    lines = DOCKERFILE.read_text().splitlines()
    ignores = [(i, line) for i, line in enumerate(lines) if "hadolint ignore=" in line]
    for index, line in ignores:
        rules = line.split("=", 1)[1].split(",")
        comment = "\n".join(l for l in lines[max(0, index - 8):index] if l.lstrip().startswith("#"))
        for rule in rules:
            assert rule.strip() in comment, f"no reason given above line {index + 1} for {rule}"


def test_build_stage_runs_the_release_script_with_the_static_stdlib():
    build = next(s for s in dockerfile_stages() if s["name"] == "build")
    assert build["from"] == "swift:6.3-noble"
    runs = " ".join(instructions(build, "RUN"))
    assert "scripts/build-release.sh" in runs
    assert "ANIMATIC_STATIC_STDLIB=1" in runs
    assert "scripts/install-deps.sh build" in runs


def test_make_release_runs_the_same_script():
    makefile = (ROOT / "Makefile").read_text()
    release = re.search(r"^release:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert release and "scripts/build-release.sh" in release.group(1)


def test_runtime_stage_is_slim_non_root_and_self_checking():
    runtime = dockerfile_stages()[-1]
    assert runtime["from"] == "ubuntu:noble"
    assert instructions(runtime, "USER") == ["10001:10001"]
    assert instructions(runtime, "EXPOSE") == ["8080"]
    assert instructions(runtime, "STOPSIGNAL") == ["SIGTERM"]
    env = " ".join(instructions(runtime, "ENV"))
    assert "ANIMATIC_HOST=0.0.0.0" in env
    (healthcheck,) = instructions(runtime, "HEALTHCHECK")
    exec_form = json.loads(healthcheck.split("CMD", 1)[1])
    assert exec_form == ["/app/animatic", "healthcheck"]
    assert json.loads(instructions(runtime, "ENTRYPOINT")[0]) == ["/app/animatic"]
    assert json.loads(instructions(runtime, "CMD")[0]) == ["serve"]
    runs = " ".join(instructions(runtime, "RUN"))
    installed = re.search(r"apt-get install ([^&]+)", runs).group(1).split()
    packages = {word for word in installed if not word.startswith("-")}
    assert packages == {"libssl3t64", "zlib1g", "ca-certificates", "tzdata", *RASTER_RUNTIME_PACKAGES,
                        *ASSET_RUNTIME_PACKAGES}
    assert "rm -rf /var/lib/apt/lists/*" in runs
    copies = " ".join(instructions(runtime, "COPY"))
    assert "--from=build /staging/ /app/" in copies
    assert "public/ /app/public/" in copies
    labels = " ".join(instructions(runtime, "LABEL"))
    for key in ["title", "description", "source", "licenses", "version"]:
        assert f"org.opencontainers.image.{key}=" in labels


# --------------------------------------------------------------------------------------------
# .dockerignore


def dockerignore_excludes(path, patterns):
    """Docker's rule: the last pattern matching the path or one of its parent folders
    decides; '!' re-includes. Patterns are path globs where '**' spans folders."""
    parts = path.split("/")
    prefixes = ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
    excluded = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        glob = pattern[1:] if negate else pattern
        glob = glob.strip("/")
        regex = re.compile(
            "^" + "".join(
                "(?:.*/)?" if token == "**/" else ".*" if token == "**" else
                "[^/]*" if token == "*" else "[^/]" if token == "?" else re.escape(token)
                for token in re.findall(r"\*\*/|\*\*|\*|\?|[^*?]+", glob)
            ) + "$")
        if any(regex.match(prefix) for prefix in prefixes):
            excluded = not negate
    return excluded


def dockerignore_patterns():
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.strip().startswith("#")]


@pytest.mark.parametrize("path", [
    ".build/release/animatic", ".build", ".build-linux/debug/x", ".build_asan/x",
    ".venv/bin/python", ".git/HEAD", "Benchmarks/.build/release/EngineBenchmark",
    "Benchmarks/Package.swift", "Sources/animatic/.build/x", "docs/images/x.png",
    "Tests/python/test_deploy.py", "fuzz-corpus/a", "deploy/kubernetes/deployment.yaml",
    "Sources/AnimaticCore/__pycache__/x.pyc", "default.profraw",
])
def test_dockerignore_keeps_junk_out(path):
    assert dockerignore_excludes(path, dockerignore_patterns()), path


@pytest.mark.parametrize("path", [
    "Package.swift", "Sources/animatic/AnimaticCommand.swift", "scripts/build-release.sh",
    "scripts/install-deps.sh", "public/index.html", "Tests/AnimaticCoreTests/KeyframeTests.swift",
])
def test_dockerignore_keeps_what_the_build_needs(path):
    assert not dockerignore_excludes(path, dockerignore_patterns()), path


def test_every_tracked_file_the_manifest_needs_is_in_the_context():
    """Each target folder the package manifest declares is sent to the build."""
    patterns = dockerignore_patterns()
    for folder in (ROOT / "Sources").iterdir():
        assert not dockerignore_excludes(f"Sources/{folder.name}/x.swift", patterns)
    for folder in (ROOT / "Tests").iterdir():
        if folder.name != "python":
            assert not dockerignore_excludes(f"Tests/{folder.name}/x.swift", patterns)


# --------------------------------------------------------------------------------------------
# Kubernetes


def manifest(name):
    return yaml.safe_load((K8S / name).read_text())


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("name", MANIFESTS)
def test_manifest_validates_offline(name, version):
    out = subprocess.run([str(KUBERNETES_VALIDATE), "--strict", "-k", version, str(K8S / name)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "passed" in out.stdout and "WARN" not in out.stdout + out.stderr, out.stdout + out.stderr


def test_kustomization_lists_every_manifest():
    assert sorted(manifest("kustomization.yaml")["resources"]) == sorted(MANIFESTS)


def test_deployment_probes_drain_and_least_privilege():
    deployment = manifest("deployment.yaml")
    spec = deployment["spec"]
    pod = spec["template"]["spec"]
    (container,) = pod["containers"]
    assert spec["replicas"] == 3
    assert pod["enableServiceLinks"] is False  # else ANIMATIC_PORT=tcp://… is injected
    env = {e["name"]: e.get("value") for e in container["env"]}
    # The asset store's URI and write token come from an optional Secret, never inline.
    for name in ("ANIMATIC_STORE", "ANIMATIC_WRITE_TOKEN"):
        secret = next(e for e in container["env"] if e["name"] == name)["valueFrom"]["secretKeyRef"]
        assert secret["name"] == "animatic-store" and secret["optional"] is True
    assert env["ANIMATIC_HOST"] == "0.0.0.0" and env["ANIMATIC_PORT"] == "8080"
    assert container["ports"][0]["containerPort"] == 8080
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["lifecycle"]["preStop"]["sleep"]["seconds"] == PRESTOP_SECONDS
    assert pod["terminationGracePeriodSeconds"] > PRESTOP_SECONDS + DRAIN_GRACE_SECONDS
    for kind in ["requests", "limits"]:
        assert set(container["resources"][kind]) == {"cpu", "memory"}
    security = container["securityContext"]
    assert security["runAsNonRoot"] is True and security["runAsUser"] == 10001
    assert security["readOnlyRootFilesystem"] is True
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]
    assert security["seccompProfile"]["type"] == "RuntimeDefault"
    assert pod["securityContext"]["runAsNonRoot"] is True


def test_service_hpa_and_pdb_select_the_deployment():
    labels = manifest("deployment.yaml")["spec"]["template"]["metadata"]["labels"]
    service, hpa, pdb = manifest("service.yaml"), manifest("hpa.yaml"), manifest("pdb.yaml")
    assert service["spec"]["type"] == "ClusterIP"
    (port,) = service["spec"]["ports"]
    assert port["port"] == 80 and port["targetPort"] == "http"
    for selector in [service["spec"]["selector"], pdb["spec"]["selector"]["matchLabels"]]:
        assert selector.items() <= labels.items()
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert (hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"]) == (3, 10)
    (metric,) = hpa["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    assert metric["resource"]["target"]["averageUtilization"] == 70
    assert hpa["spec"]["scaleTargetRef"]["name"] == manifest("deployment.yaml")["metadata"]["name"]
    assert pdb["spec"].get("maxUnavailable") == 1 or pdb["spec"].get("minAvailable") == 2


# --------------------------------------------------------------------------------------------
# animatic healthcheck


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HealthServer:
    """A tiny HTTP server on 127.0.0.1 answering /healthz with a chosen status."""

    def __init__(self, status=200):
        outer = self
        self.status = status

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = b'{"status":"ok"}' if self.path == "/healthz" and outer.status == 200 else b"{}"
                self.send_response(outer.status if self.path == "/healthz" else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def healthcheck(*args, env=None, binary=DEBUG_ANIMATIC):
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ANIMATIC_")}
    environment.update(env or {})
    started = time.monotonic()
    out = subprocess.run([str(binary), "healthcheck", *args], capture_output=True, text=True,
                         env=environment, timeout=30)
    return out, time.monotonic() - started


def test_healthcheck_exits_1_with_one_line_against_a_closed_port():
    out, _ = healthcheck("--url", f"http://127.0.0.1:{free_port()}/healthz")
    assert out.returncode == 1
    assert len(out.stderr.strip().splitlines()) == 1 and "refused" in out.stderr, out.stderr


def test_healthcheck_exits_0_when_healthz_answers_200():
    with HealthServer(200) as server:
        out, _ = healthcheck("--url", f"http://127.0.0.1:{server.port}/healthz")
    assert out.returncode == 0, out.stderr
    assert out.stdout == "" and out.stderr == ""


def test_healthcheck_default_url_comes_from_the_server_environment():
    with HealthServer(200) as server:
        out, _ = healthcheck(env={"ANIMATIC_PORT": str(server.port), "ANIMATIC_HOST": "0.0.0.0"})
    assert out.returncode == 0, out.stderr


def test_healthcheck_exits_1_on_any_other_status():
    with HealthServer(503) as server:
        out, _ = healthcheck("--url", f"http://127.0.0.1:{server.port}/healthz")
    assert out.returncode == 1 and "HTTP 503" in out.stderr, out.stderr


def test_healthcheck_gives_up_after_its_timeout():
    with socket.socket() as listener:  # accepts (the kernel does) but never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        out, elapsed = healthcheck("--url", f"http://127.0.0.1:{listener.getsockname()[1]}/healthz",
                                   "--timeout", "1")
    assert out.returncode == 1 and "timed out" in out.stderr, out.stderr
    assert 0.9 <= elapsed < 3.5


def test_healthcheck_refuses_https():
    out, _ = healthcheck("--url", "https://127.0.0.1:8443/healthz")
    assert out.returncode == 1 and "https is not supported" in out.stderr, out.stderr


def test_healthcheck_with_tls_configured_checks_the_port_accepts_connections():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        out, _ = healthcheck(env={"ANIMATIC_PORT": str(listener.getsockname()[1]),
                                  "ANIMATIC_TLS_CERT": "/certs/cert.pem"})
    assert out.returncode == 0, out.stderr


# --------------------------------------------------------------------------------------------
# The release binary, built by the Dockerfile's script


# The static release build (swift-syntax's optimised build is most of it) runs in the setup of
# the first test that takes `staged`: those tests have the build's own limit, not the suite's,
# and run in `make test-release` (the marker), not in `make test`.
RELEASE_BUILD_LIMIT = pytest.mark.timeout(1900)
RELEASE_BUILD = pytest.mark.release_build


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    """Runs scripts/build-release.sh as the image's build stage does; returns the staging
    folder (the binary and the crash backtracer the image ships)."""
    staging = tmp_path_factory.mktemp("staging")
    environment = dict(os.environ, ANIMATIC_STATIC_STDLIB="1", ANIMATIC_STAGING_DIR=str(staging))
    out = subprocess.run(["scripts/build-release.sh"], cwd=ROOT, env=environment,
                         capture_output=True, text=True, timeout=1800)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    binary = pathlib.Path(out.stdout.strip().splitlines()[-1])
    assert binary.is_file() and binary.name == "animatic"
    return staging


@RELEASE_BUILD
@RELEASE_BUILD_LIMIT
def test_release_script_stages_what_the_image_ships(staged):
    assert os.access(staged / "animatic", os.X_OK)
    assert os.access(staged / "swift-backtrace-static", os.X_OK)


@RELEASE_BUILD
@RELEASE_BUILD_LIMIT
def test_release_binary_links_only_what_the_runtime_image_installs(staged):
    """ubuntu:noble has glibc, libstdc++6 and libgcc-s1; the Dockerfile adds libssl3t64
    (libssl, libcrypto) and zlib1g. Nothing else may be needed: the Swift runtime and
    Foundation are linked in statically, and libcurl (FoundationNetworking) is not used.
    libpq and what it links are not linked (loaded with a PostgreSQL store)."""
    out = subprocess.run(["ldd", str(staged / "animatic")], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    names = {line.split()[0].split("/")[-1].split(".so")[0] for line in out.stdout.splitlines() if line.strip()}
    allowed = {"linux-vdso", "ld-linux-x86-64", "ld-linux-aarch64", "libc", "libm", "libdl",
               "libpthread", "librt", "libstdc++", "libgcc_s", "libssl", "libcrypto", "libz",
               *RASTER_LIBRARIES, *CAIRO_DEPENDENCIES, *(ASSET_LIBRARIES - {"libpq"})}
    assert names <= allowed, sorted(names - allowed)
    assert not names & ({"libpq"} | LIBPQ_DEPENDENCIES)


@RELEASE_BUILD
@RELEASE_BUILD_LIMIT
def test_release_binary_serves_on_all_interfaces_and_drains_on_sigterm(staged, tmp_path):
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("ANIMATIC_")}
    environment.update(ANIMATIC_HOST="0.0.0.0", ANIMATIC_PORT=str(port), ANIMATIC_DATA_DIR=str(tmp_path / "data"))
    if (ROOT / "public").is_dir():
        environment["ANIMATIC_PUBLIC"] = str(ROOT / "public")
    log = (tmp_path / "serve.log").open("w+")
    server = subprocess.Popen([str(staged / "animatic"), "serve"], cwd=ROOT, env=environment,
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            check, _ = healthcheck("--url", f"http://127.0.0.1:{port}/healthz",
                                   binary=staged / "animatic")
            if check.returncode == 0:
                break
            assert server.poll() is None, f"server exited {server.returncode}: {log_text(log)}"
            assert time.monotonic() < deadline, f"never healthy: {check.stderr} {log_text(log)}"
            time.sleep(0.2)

        curl = subprocess.run(["curl", "-fsS", f"http://127.0.0.1:{port}/healthz"],
                              capture_output=True, text=True, timeout=10)
        assert curl.returncode == 0, curl.stderr
        assert json.loads(curl.stdout) == {"status": "ok"}
        ready = subprocess.run(["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}",
                                f"http://127.0.0.1:{port}/readyz"], capture_output=True, text=True, timeout=10)
        assert ready.stdout == "200", ready.stdout + ready.stderr

        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=DRAIN_GRACE_SECONDS + 5)
        assert code == 0, f"exit {code}: {log_text(log)}"
        assert time.monotonic() - started <= DRAIN_GRACE_SECONDS + 1
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        log.close()


def log_text(log):
    log.flush()
    log.seek(0)
    return log.read()[-4000:]
