#!/usr/bin/env bash
# Builds the libFuzzer target for AnimaticHTTP's request parser into .build-fuzz and
# runs it.   scripts/fuzz-http.sh [RUNS] [extra libFuzzer flags...]
# RUNS defaults to 1000000. The corpus lives in fuzz-corpus/http (git-ignored), seeded
# from scripts/fuzz-seeds/http; crashes are written to fuzz-corpus/http-crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000000}"
shift || true

swift build --scratch-path .build-fuzz --product AnimaticHTTPFuzz \
  -Xswiftc -sanitize=fuzzer -Xswiftc -DANIMATIC_FUZZ 1>&2

bin="$(swift build --scratch-path .build-fuzz --show-bin-path)/AnimaticHTTPFuzz"
mkdir -p fuzz-corpus/http fuzz-corpus/http-crashes
if [ -d scripts/fuzz-seeds/http ]; then
  cp -n scripts/fuzz-seeds/http/* fuzz-corpus/http/ 2>/dev/null || true
fi
# Let libFuzzer, not the Swift runtime backtracer, handle crashes so it saves the input.
export SWIFT_BACKTRACE=enable=no
exec "$bin" -runs="$runs" -max_len=2048 -artifact_prefix=fuzz-corpus/http-crashes/ "$@" fuzz-corpus/http
