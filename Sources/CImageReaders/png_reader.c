// libpng 1.6 reading with its setjmp error handling (see CImageReaders.h).
#include "CImageReaders.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    animatic_image_read *out;
} png_memory_reader;

static void animatic_png_read_bytes(png_structp png, png_bytep destination, size_t length) {
    png_memory_reader *reader = (png_memory_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        png_error(png, "the file ends early (truncated)");
    }
    memcpy(destination, reader->data + reader->offset, length);
    reader->offset += length;
}

static void animatic_png_error(png_structp png, png_const_charp message) {
    png_memory_reader *reader = (png_memory_reader *)png_get_io_ptr(png);
    if (reader != NULL) {
        snprintf(reader->out->message, sizeof reader->out->message, "%s", message);
    }
    png_longjmp(png, 1);
}

static void animatic_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;  // Benign (an ancillary chunk's CRC, an unknown chunk): the image still reads.
}

int animatic_png_read(const uint8_t *data, size_t size, long long max_pixels, int header_only,
                      animatic_image_read *out) {
    memset(out, 0, sizeof *out);
    png_memory_reader reader = {data, size, 0, out};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, animatic_png_error,
                                             animatic_png_warning);
    if (png == NULL) {
        snprintf(out->message, sizeof out->message, "libpng could not start");
        return animatic_image_read_corrupt;
    }
    png_infop info = png_create_info_struct(png);
    png_bytepp volatile rows = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        free((void *)rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        if (out->message[0] == 0) snprintf(out->message, sizeof out->message, "libpng failed");
        free(out->pixels);
        out->pixels = NULL;
        return animatic_image_read_corrupt;
    }
    png_set_read_fn(png, &reader, animatic_png_read_bytes);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    out->width = (int)width;
    out->height = (int)height;
    if ((long long)width * (long long)height > max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        return animatic_image_read_too_many_pixels;
    }
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) == PNG_INFO_iCCP &&
        profile_length > 0) {
        out->icc = malloc(profile_length);
        if (out->icc != NULL) {
            memcpy(out->icc, profile, profile_length);
            out->icc_length = profile_length;
        }
    }
    // The eXIf chunk (PNG Third Edition; PNG Extensions 1.5.0 before it): the Exif payload
    // itself, a TIFF header first. png_read_info stops at the first IDAT, so only an eXIf
    // placed before the image data is seen, the one Chromium honours (docs/FORMATS.md).
    png_bytep exif = NULL;
    png_uint_32 exif_length = 0;
    if (png_get_eXIf_1(png, info, &exif_length, &exif) == PNG_INFO_eXIf && exif != NULL && exif_length > 0) {
        out->exif = malloc(exif_length);
        if (out->exif != NULL) {
            memcpy(out->exif, exif, exif_length);
            out->exif_length = exif_length;
        }
    }
    if (header_only) {
        png_destroy_read_struct(&png, &info, NULL);
        return animatic_image_read_ok;
    }
    // Every colour type and depth to 8-bit RGBA: palette and low-depth grey expanded, tRNS to
    // alpha, 16-bit scaled, grey to RGB, an opaque alpha added where there is none.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row layout after conversion to RGBA");
    }
    out->pixels = malloc((size_t)width * height * 4);
    rows = malloc(sizeof(png_bytep) * height);
    if (out->pixels == NULL || rows == NULL) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = out->pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    free((void *)rows);
    png_destroy_read_struct(&png, &info, NULL);
    return animatic_image_read_ok;
}

void animatic_image_read_free(animatic_image_read *read) {
    free(read->pixels);
    free(read->icc);
    free(read->exif);
    read->pixels = NULL;
    read->icc = NULL;
    read->exif = NULL;
}
