#ifndef ANIMATIC_COPENH264_SHIM_H
#define ANIMATIC_COPENH264_SHIM_H

// OpenH264 2.3 (Debian libopenh264-dev; BSD-2-Clause source). Cisco's patent licence covers
// only Cisco's own binaries: ANIMATIC_NO_MP4=1 at build time leaves this target out
// (Package.swift; DEPLOY.md).
#include <stdbool.h>
#include <wels/codec_api.h>

// The encoder is a C++ object seen from C as a pointer to a table of function pointers;
// these call through the table, which Swift reaches only awkwardly.
static inline int animatic_h264_get_default_params(ISVCEncoder *encoder, SEncParamExt *params) {
    return (*encoder)->GetDefaultParams(encoder, params);
}
static inline int animatic_h264_quiet(ISVCEncoder *encoder) {
    int level = WELS_LOG_QUIET;
    return (*encoder)->SetOption(encoder, ENCODER_OPTION_TRACE_LEVEL, &level);
}
static inline int animatic_h264_initialize(ISVCEncoder *encoder, const SEncParamExt *params) {
    return (*encoder)->InitializeExt(encoder, params);
}
static inline int animatic_h264_set_data_format_i420(ISVCEncoder *encoder) {
    int format = videoFormatI420;
    return (*encoder)->SetOption(encoder, ENCODER_OPTION_DATAFORMAT, &format);
}
static inline int animatic_h264_encode(ISVCEncoder *encoder, const SSourcePicture *picture, SFrameBSInfo *info) {
    return (*encoder)->EncodeFrame(encoder, picture, info);
}
static inline void animatic_h264_close(ISVCEncoder *encoder) {
    (*encoder)->Uninitialize(encoder);
    WelsDestroySVCEncoder(encoder);
}

#endif
