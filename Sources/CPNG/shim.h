#ifndef ANIMATIC_CPNG_SHIM_H
#define ANIMATIC_CPNG_SHIM_H

// libpng 1.6 (Debian libpng-dev; libpng licence, linked dynamically): the PNG encoder
// (docs/FORMATS.md, "PNG").
#include <png.h>

// png.h's format macros are expressions Swift does not import; the same values as constants.
static const png_uint_32 animatic_png_format_rgb = PNG_FORMAT_RGB;
static const png_uint_32 animatic_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 animatic_png_image_version = PNG_IMAGE_VERSION;

#endif
