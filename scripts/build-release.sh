#!/usr/bin/env bash
# Builds the release binary exactly as the Dockerfile's build stage does, so `make release`
# (and CI) exercise the same steps. Prints the path of the built binary.
set -euo pipefail
scripts/install-deps.sh build
swift build -c release --product animatic ${ANIMATIC_STATIC_STDLIB:+--static-swift-stdlib}
echo "$(swift build -c release --show-bin-path)/animatic"
