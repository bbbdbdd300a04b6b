#ifndef ANIMATIC_CLCMS2_SHIM_H
#define ANIMATIC_CLCMS2_SHIM_H

// LittleCMS 2 (Debian liblcms2-dev; MIT): an image's embedded ICC profile (Display P3 for
// iPhone screenshots) converted to sRGB before its pixels are drawn (docs/API.md, "Assets").
#include <lcms2.h>

// The pixel-format macros are built from shifts Swift does not import; the values as constants.
static const cmsUInt32Number animatic_lcms_type_rgba_8 = TYPE_RGBA_8;
static const cmsUInt32Number animatic_lcms_flags_copy_alpha = cmsFLAGS_COPY_ALPHA;

#endif
