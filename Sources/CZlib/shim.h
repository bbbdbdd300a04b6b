#ifndef ANIMATIC_CZLIB_SHIM_H
#define ANIMATIC_CZLIB_SHIM_H

#include <zlib.h>

// deflateInit2 / inflateInit2 are function-like macros (they pass ZLIB_VERSION and
// sizeof(z_stream)), which Swift does not import; these wrap them.

static inline int animatic_deflateInit2(z_streamp strm, int level, int method,
                                        int windowBits, int memLevel, int strategy) {
    return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}

static inline int animatic_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}

#endif
