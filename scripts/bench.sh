#!/usr/bin/env bash
# `make bench`: builds animatic and the benchmarks in release, installs wrk, nginx and
# valgrind when missing (Debian packages), then runs Benchmarks/run_bench.py, which
# starts one server at a time on loopback, drives it with wrk, runs the engine
# benchmark and callgrind, prints the tables and rewrites docs/BENCHMARKS.md.
# Not part of `make test`. Options through the environment: see Benchmarks/run_bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh build

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || missing+=(nginx-light)
command -v valgrind >/dev/null || missing+=(valgrind)
command -v pgrep >/dev/null || missing+=(procps)
command -v python3 >/dev/null || missing+=(python3)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "bench: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "bench: missing ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

swift build -c release --product animatic
swift build -c release --package-path Benchmarks

# 1,000 held connections plus wrk's 256 need more descriptors than some defaults.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
exec python3 Benchmarks/run_bench.py
