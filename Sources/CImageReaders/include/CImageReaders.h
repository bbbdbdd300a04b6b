#ifndef ANIMATIC_CIMAGEREADERS_H
#define ANIMATIC_CIMAGEREADERS_H

// Calls into libpng and libjpeg-turbo for AnimaticImages. These two libraries report errors
// by longjmp out of an error callback, which Swift cannot catch; this glue sets the jump
// point, turns every error into a return code and a message, and decodes nothing by hand.

#include <stddef.h>
#include <stdint.h>

/// What a reader found. Every pointer is malloc'd (or NULL) and freed by animatic_image_read_free.
typedef struct {
    /// As stored in the file, before any EXIF orientation.
    int width;
    int height;
    /// RGBA8, straight (not premultiplied) alpha, width * height * 4 bytes; NULL when only the
    /// header was asked for.
    uint8_t *pixels;
    /// The embedded ICC profile (PNG iCCP, JPEG APP2 ICC_PROFILE), or NULL.
    uint8_t *icc;
    size_t icc_length;
    /// The Exif payload, a TIFF header first, or NULL: a JPEG's APP1 "Exif\0\0" segment (after
    /// those six bytes) or a PNG's eXIf chunk placed before IDAT.
    uint8_t *exif;
    size_t exif_length;
    /// Why reading failed, from the library's own message.
    char message[200];
} animatic_image_read;

enum {
    animatic_image_read_ok = 0,
    /// Corrupt or truncated: `message` says what the library found wrong.
    animatic_image_read_corrupt = 1,
    /// width * height is over the caller's limit; width and height are set, nothing was decoded.
    animatic_image_read_too_many_pixels = 2,
    /// A valid file this reader does not draw (a CMYK JPEG): `message` says which.
    animatic_image_read_unsupported = 3,
};

/// Reads a PNG from memory: the header (IHDR, iCCP, an eXIf before IDAT) always, the pixels unless header_only.
int animatic_png_read(const uint8_t *data, size_t size, long long max_pixels, int header_only,
                      animatic_image_read *out);

/// Reads a JPEG from memory: the header and the APP1/APP2 markers always, the pixels unless
/// header_only.
int animatic_jpeg_read(const uint8_t *data, size_t size, long long max_pixels, int header_only,
                       animatic_image_read *out);

void animatic_image_read_free(animatic_image_read *read);

#endif
