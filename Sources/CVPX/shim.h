#ifndef ANIMATIC_CVPX_SHIM_H
#define ANIMATIC_CVPX_SHIM_H

// libvpx 1.12 (Debian libvpx-dev; BSD-3-Clause): the VP9 encoder for WebM, and its decoder
// for the tests.
#include <vpx/vpx_encoder.h>
#include <vpx/vpx_decoder.h>
#include <vpx/vp8cx.h>
#include <vpx/vp8dx.h>

// vpx_codec_enc_init / vpx_codec_dec_init and vpx_codec_control are macros; these wrap them.
static inline vpx_codec_err_t animatic_vpx_enc_init(vpx_codec_ctx_t *ctx, const vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_init(ctx, vpx_codec_vp9_cx(), cfg, 0);
}
static inline vpx_codec_err_t animatic_vpx_dec_init(vpx_codec_ctx_t *ctx) {
    return vpx_codec_dec_init(ctx, vpx_codec_vp9_dx(), NULL, 0);
}
static inline vpx_codec_err_t animatic_vpx_enc_config_default(vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_config_default(vpx_codec_vp9_cx(), cfg, 0);
}
static inline vpx_codec_err_t animatic_vpx_control_int(vpx_codec_ctx_t *ctx, int id, int value) {
    return vpx_codec_control_(ctx, id, value);
}

#endif
