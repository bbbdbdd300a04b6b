#!/usr/bin/env bash
# Builds the release binary exactly as the Dockerfile's build stage does, so `make release`
# (and CI) exercise the same steps. Prints the path of the built binary (last line).
#   ANIMATIC_STATIC_STDLIB=1    link the Swift runtime statically (what the image ships), so
#                               the binary needs only glibc, libstdc++, libssl and zlib
#   ANIMATIC_STAGING_DIR=DIR    also copy what the runtime image ships from the build into
#                               DIR: the binary and, with the static stdlib, Swift's
#                               crash backtracer (swift-backtrace-static)
set -euo pipefail
scripts/install-deps.sh build
swift build -c release --product animatic ${ANIMATIC_STATIC_STDLIB:+--static-swift-stdlib}
binary="$(swift build -c release --show-bin-path)/animatic"

if [ -n "${ANIMATIC_STAGING_DIR:-}" ]; then
  mkdir -p "$ANIMATIC_STAGING_DIR"
  install -m 0755 "$binary" "$ANIMATIC_STAGING_DIR/animatic"
  if [ -n "${ANIMATIC_STATIC_STDLIB:-}" ]; then
    # The toolchain's prefix is two levels above the swift driver (/usr in the official image).
    backtracer="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/libexec/swift/linux/swift-backtrace-static"
    if [ -x "$backtracer" ]; then
      install -m 0755 "$backtracer" "$ANIMATIC_STAGING_DIR/swift-backtrace-static"
    else
      echo "build-release: no swift-backtrace-static at $backtracer; crash backtraces will be off" >&2
    fi
  fi
fi
echo "$binary"
