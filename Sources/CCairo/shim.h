#ifndef ANIMATIC_CCAIRO_SHIM_H
#define ANIMATIC_CCAIRO_SHIM_H

// Cairo 1.16 (Debian libcairo2-dev; LGPL-2.1 or MPL-1.1, linked dynamically): antialiased
// paths, clips and text for the rasteriser (docs/FORMATS.md, "Raster formats").
#include <cairo.h>
#include <cairo-ft.h>

#endif
