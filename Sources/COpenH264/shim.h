#ifndef ANIMATIC_COPENH264_SHIM_H
#define ANIMATIC_COPENH264_SHIM_H

// OpenH264 2.3 (Debian libopenh264-dev; BSD-2-Clause source). Cisco's patent licence covers
// only Cisco's own binaries: ANIMATIC_NO_MP4=1 at build time leaves this target out
// (Package.swift; DEPLOY.md).
#include <stdbool.h>
#include <wels/codec_api.h>

#endif
