#!/usr/bin/env bash
# Installs what building and testing animatic needs and is missing on a Debian/Ubuntu
# machine. Called by `make` (build, test) and by the Dockerfile's build stage.
#   scripts/install-deps.sh build   — C libraries the Swift targets link (libssl, zlib, the
#                                      raster libraries: Cairo, libpng, giflib, libwebp, …, and
#                                      the assets': libjpeg-turbo, LittleCMS, SQLite)
#   scripts/install-deps.sh test    — plus the tools the tests drive (curl, openssl,
#                                      chromium + chromedriver, Python test packages) and
#                                      what `make lint` checks the page's JavaScript with
#                                      (node; Biome comes with the Python packages)
#   scripts/install-deps.sh bench   — plus what `make bench` drives (wrk, nginx, valgrind)
set -euo pipefail
mode="${1:-build}"

packages=(libssl-dev zlib1g-dev pkg-config)
# The raster formats (docs/FORMATS.md): Cairo + a font for drawing, then the encoders' libraries.
packages+=(libcairo2-dev fonts-dejavu-core libpng-dev libgif-dev libwebp-dev libvpx-dev libwebm-dev libopenh264-dev)
# Uploaded images (docs/API.md, "Assets"): libjpeg-turbo (libjpeg-dev is Debian's and Ubuntu's
# name for it: libjpeg62-turbo-dev on Debian, libjpeg-turbo8-dev on Ubuntu), LittleCMS for
# colour profiles; the asset store's SQLite and PostgreSQL client (libpq).
packages+=(libjpeg-dev liblcms2-dev libsqlite3-dev libpq-dev)
if [ "$mode" = "test" ]; then
  # ffmpeg/ffprobe only check the videos in the tests (never linked: Debian builds them GPL).
  packages+=(curl openssl chromium chromium-driver python3-venv ffmpeg)
  # A real PostgreSQL 15 for the shared-store tests, started by them in a scratch folder
  # on loopback (Tests/python/test_assets_postgres.py); the package's own cluster is unused.
  packages+=(postgresql)
  # GNU time: the raster benchmark's peak memory of one process (scripts/bench_raster.py).
  packages+=(time)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "$mode" = "test" ]; then
  # By command: any Node.js will do for `node --check` (a newer one from NodeSource too).
  command -v node >/dev/null || missing+=(nodejs)
fi
if [ "$mode" = "bench" ]; then
  # By command: any nginx build will do, so an installed `nginx` is not replaced.
  command -v wrk >/dev/null || missing+=(wrk)
  command -v nginx >/dev/null || missing+=(nginx-light)
  command -v valgrind >/dev/null || missing+=(valgrind)
  command -v pgrep >/dev/null || missing+=(procps)
  command -v python3 >/dev/null || missing+=(python3)
fi

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "install-deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "install-deps: missing Debian packages: ${missing[*]}" >&2
    echo "install-deps: run 'sudo apt-get install ${missing[*]}' (or make as root), then retry." >&2
    exit 1
  fi
fi

if [ "$mode" = "test" ]; then
  # A project-local virtualenv keeps the Python test tools off the system Python.
  venv=".venv"
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || { echo "install-deps: python3 -m venv failed" >&2; exit 1; }
  fi
  # Both requirement files decide whether to install again (their hash, kept in the venv).
  hash="import hashlib; print(hashlib.sha256(open('requirements-test.txt','rb').read() + open('requirements-test-nodeps.txt','rb').read()).hexdigest())"
  if [ "$("$venv/bin/python" -c "$hash" 2>/dev/null)" != "$(cat "$venv/.requirements-hash" 2>/dev/null)" ]; then
    echo "install-deps: installing Python test packages into $venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r requirements-test.txt
    # Files only (a player page), without their packages' dependencies: see the file.
    "$venv/bin/pip" install -q --disable-pip-version-check --no-deps -r requirements-test-nodeps.txt
    "$venv/bin/python" -c "$hash" > "$venv/.requirements-hash"
  fi
fi
