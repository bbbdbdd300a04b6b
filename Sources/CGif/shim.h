#ifndef ANIMATIC_CGIF_SHIM_H
#define ANIMATIC_CGIF_SHIM_H

// giflib 5.2 (Debian libgif-dev; MIT): GIF89a writing (EGif*) for the GIF encoder and reading
// (DGif*) for its tests. Debian ships no giflib.pc, so the module map links -lgif directly.
#include <gif_lib.h>

#endif
