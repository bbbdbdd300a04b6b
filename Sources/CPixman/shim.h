#ifndef ANIMATIC_CPIXMAN_SHIM_H
#define ANIMATIC_CPIXMAN_SHIM_H

// pixman 0.42 (Debian libpixman-1-dev, MIT; Cairo's own compositor): its 3 × 3 projective
// transform draws a layer's content under perspective (docs/FORMATS.md, "Raster drawing").
#include <pixman.h>

#endif
