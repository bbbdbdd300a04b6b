// libjpeg-turbo reading with its setjmp error handling (see CImageReaders.h).
#include "CImageReaders.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    animatic_image_read *out;
} jpeg_error_handler;

static void animatic_jpeg_error_exit(j_common_ptr cinfo) {
    jpeg_error_handler *handler = (jpeg_error_handler *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(handler->out->message, sizeof handler->out->message, "%s", text);
    longjmp(handler->jump, 1);
}

// Warnings the library recovers from by inventing data: a file that ends early (grey rows)
// and a segment cut short. Both mean truncation, so both are errors here; other warnings
// (extraneous bytes before a marker, common in files browsers show) are let through.
static void animatic_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level == -1 && (cinfo->err->msg_code == JWRN_JPEG_EOF || cinfo->err->msg_code == JWRN_HIT_MARKER)) {
        animatic_jpeg_error_exit(cinfo);
    }
}

int animatic_jpeg_read(const uint8_t *data, size_t size, long long max_pixels, int header_only,
                       animatic_image_read *out) {
    memset(out, 0, sizeof *out);
    struct jpeg_decompress_struct cinfo;
    jpeg_error_handler handler;
    cinfo.err = jpeg_std_error(&handler.manager);
    handler.manager.error_exit = animatic_jpeg_error_exit;
    handler.manager.emit_message = animatic_jpeg_emit_message;
    handler.out = out;
    if (setjmp(handler.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(out->pixels);
        out->pixels = NULL;
        return animatic_image_read_corrupt;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    out->width = (int)cinfo.image_width;
    out->height = (int)cinfo.image_height;
    if ((long long)cinfo.image_width * (long long)cinfo.image_height > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return animatic_image_read_too_many_pixels;
    }
    for (jpeg_saved_marker_ptr marker = cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 &&
            memcmp(marker->data, "Exif\0\0", 6) == 0 && out->exif == NULL) {
            out->exif_length = marker->data_length - 6;
            out->exif = malloc(out->exif_length);
            if (out->exif != NULL) memcpy(out->exif, marker->data + 6, out->exif_length);
            else out->exif_length = 0;
        }
    }
    JOCTET *profile = NULL;
    unsigned int profile_length = 0;
    if (jpeg_read_icc_profile(&cinfo, &profile, &profile_length) && profile != NULL) {
        out->icc = (uint8_t *)profile;  // malloc'd by libjpeg-turbo: ours to free
        out->icc_length = profile_length;
    }
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        snprintf(out->message, sizeof out->message, "a CMYK JPEG (export it as RGB)");
        jpeg_destroy_decompress(&cinfo);
        return animatic_image_read_unsupported;
    }
    if (header_only) {
        jpeg_destroy_decompress(&cinfo);
        return animatic_image_read_ok;
    }
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 4) {
        snprintf(out->message, sizeof out->message, "unexpected output layout");
        jpeg_destroy_decompress(&cinfo);
        return animatic_image_read_corrupt;
    }
    size_t stride = (size_t)cinfo.output_width * 4;
    out->pixels = malloc(stride * cinfo.output_height);
    if (out->pixels == NULL) ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out->pixels + stride * cinfo.output_scanline;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return animatic_image_read_ok;
}
