#ifndef ANIMATIC_CWEBP_SHIM_H
#define ANIMATIC_CWEBP_SHIM_H

// libwebp 1.2 (Debian libwebp-dev; BSD-3-Clause): WebPAnimEncoder (libwebpmux) writes the
// animated WebP; WebPAnimDecoder (libwebpdemux) reads it back in the tests.
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// The *Init functions are macros or inline wrappers passing the ABI version, which Swift
// does not import as such; these wrap them.
static inline int animatic_WebPAnimEncoderOptionsInit(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *animatic_WebPAnimEncoderNew(int width, int height,
                                                           const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline int animatic_WebPConfigInit(WebPConfig *config) { return WebPConfigInit(config); }
static inline int animatic_WebPPictureInit(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline int animatic_WebPAnimDecoderOptionsInit(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *animatic_WebPAnimDecoderNew(const WebPData *data,
                                                           const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
static inline WebPDemuxer *animatic_WebPDemux(const WebPData *data) { return WebPDemux(data); }

#endif
