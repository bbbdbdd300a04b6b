#!/usr/bin/env bash
# `make bench`: builds animatic and the benchmarks in release, installs wrk, nginx and
# valgrind when missing (Debian packages), then runs Benchmarks/run_bench.py, which
# starts one server at a time on loopback, drives it with wrk, runs the engine
# benchmark and callgrind, prints the tables and rewrites the opening tables of docs/BENCHMARKS.md;
# then the raster formats against rlottie and Chromium (scripts/bench_raster.py, its own section).
# Not part of `make test`. Options through the environment: see Benchmarks/run_bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh bench

swift build -c release --product animatic
swift build -c release --package-path Benchmarks

# 1,000 held connections plus wrk's 256 need more descriptors than some defaults.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
python3 Benchmarks/run_bench.py
exec make bench-raster
