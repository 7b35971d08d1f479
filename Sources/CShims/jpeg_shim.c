// libjpeg-turbo behind setjmp. Every entry point owns its jmp_buf; the
// error manager formats the library's message into the caller's report
// and jumps back, so no longjmp ever crosses a Swift frame.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include "shims.h"

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    pr_report *report;
    pr_status status;       // what error_exit decided the failure is
    int truncated;          // libjpeg hit the end of the data
    int damaged;            // entropy-coded data was cut or garbled
    int max_scans;
    const pr_stop *stop;    // asked in the progress monitor; NULL: never
} pr_jpeg_error;

static void pr_copy_message(char *dst, const char *src) {
    strncpy(dst, src, PR_MESSAGE_MAX - 1);
    dst[PR_MESSAGE_MAX - 1] = 0;
}

static pr_status pr_jpeg_classify(int code) {
    switch (code) {
    case JERR_BAD_PRECISION:      // 12- and 16-bit samples
    case JERR_SOF_UNSUPPORTED:    // lossless and hierarchical processes
    case JERR_NOT_COMPILED:
    case JERR_ARITH_NOTIMPL:
        return PR_ERR_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
        return PR_ERR_MEMORY;
    case JERR_INPUT_EMPTY:
        return PR_ERR_TRUNCATED;
    default:
        return PR_ERR_CORRUPT;
    }
}

static void pr_jpeg_error_exit(j_common_ptr cinfo) {
    pr_jpeg_error *err = (pr_jpeg_error *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    pr_copy_message(err->report->message, buffer);
    err->status = pr_jpeg_classify(err->base.msg_code);
    // Say what the unsupported variants are in words users know.
    if (err->base.msg_code == JERR_BAD_PRECISION)
        snprintf(err->report->message, PR_MESSAGE_MAX, "%d-bit samples (only 8-bit JPEG is supported)",
                 err->base.msg_parm.i[0]);
    else if (err->base.msg_code == JERR_SOF_UNSUPPORTED)
        snprintf(err->report->message, PR_MESSAGE_MAX, "%s (SOF marker 0x%02x)",
                 err->base.msg_parm.i[0] == 0xc3 || err->base.msg_parm.i[0] == 0xc7
                     || err->base.msg_parm.i[0] == 0xcb || err->base.msg_parm.i[0] == 0xcf
                     ? "lossless JPEG" : "hierarchical JPEG", err->base.msg_parm.i[0]);
    // A structural error after the data ran out is really a truncation.
    if (err->truncated && err->status == PR_ERR_CORRUPT) err->status = PR_ERR_TRUNCATED;
    longjmp(err->jump, 1);
}

static void pr_jpeg_emit_message(j_common_ptr cinfo, int level) {
    pr_jpeg_error *err = (pr_jpeg_error *)cinfo->err;
    if (level >= 0) return;  // trace messages
    if (err->base.msg_code == JWRN_JPEG_EOF) err->truncated = 1;
    // A marker in the middle of scan data (a file cut short and closed
    // with an EOI, a lost resync, a bad Huffman code) leaves grey or
    // garbled bands: the image is damaged, not merely unusual. Extraneous
    // bytes between markers, common in camera files, stay a warning.
    if (err->base.msg_code == JWRN_HIT_MARKER || err->base.msg_code == JWRN_MUST_RESYNC
        || err->base.msg_code == JWRN_HUFF_BAD_CODE) {
        if (!err->damaged) {
            char buffer[JMSG_LENGTH_MAX];
            (*cinfo->err->format_message)(cinfo, buffer);
            pr_copy_message(err->report->message, buffer);
        }
        err->damaged = 1;
    }
    if (err->report->warnings == 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        pr_copy_message(err->report->warning, buffer);
    }
    err->report->warnings++;
    err->base.num_warnings++;
}

static void pr_jpeg_output_message(j_common_ptr cinfo) {
    (void)cinfo;  // never print to stderr from a library
}

// Called between passes; a progressive file with thousands of tiny scans
// would otherwise cost unbounded time.
static void pr_jpeg_progress(j_common_ptr cinfo) {
    pr_jpeg_error *err = (pr_jpeg_error *)cinfo->err;
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (err->max_scans > 0 && d->input_scan_number > err->max_scans) {
        snprintf(err->report->message, PR_MESSAGE_MAX,
                 "more than %d progressive scans", err->max_scans);
        err->status = PR_ERR_LIMIT;
        longjmp(err->jump, 1);
    }
    if (err->stop && err->stop->requested(err->stop->context)) {
        pr_copy_message(err->report->message, "stopped");
        err->status = PR_STOPPED;
        longjmp(err->jump, 1);
    }
}

static void pr_jpeg_setup_errors(pr_jpeg_error *err, pr_report *report, int max_scans) {
    memset(report, 0, sizeof(*report));
    jpeg_std_error(&err->base);
    err->base.error_exit = pr_jpeg_error_exit;
    err->base.emit_message = pr_jpeg_emit_message;
    err->base.output_message = pr_jpeg_output_message;
    err->report = report;
    err->status = PR_ERR_CORRUPT;
    err->truncated = 0;
    err->damaged = 0;
    err->max_scans = max_scans;
    err->stop = NULL;
}

static int pr_jpeg_valid_denom(int d) { return d == 1 || d == 2 || d == 4 || d == 8; }

static void pr_jpeg_fill_info(j_decompress_ptr cinfo, pr_jpeg_info *info) {
    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->components = cinfo->num_components;
    info->precision = cinfo->data_precision;
    info->progressive = cinfo->progressive_mode;
    info->arithmetic = cinfo->arith_code;
    info->adobe_marker = cinfo->saw_Adobe_marker;
    info->adobe_transform = cinfo->Adobe_transform;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: info->colorspace = PR_JCS_GRAY; break;
    case JCS_RGB: info->colorspace = PR_JCS_RGB; break;
    case JCS_YCbCr: info->colorspace = PR_JCS_YCBCR; break;
    case JCS_CMYK: info->colorspace = PR_JCS_CMYK; break;
    case JCS_YCCK: info->colorspace = PR_JCS_YCCK; break;
    default: info->colorspace = PR_JCS_UNKNOWN; break;
    }
}

// Chooses the output colour space: libjpeg-turbo writes RGBA directly for
// gray, RGB and YCbCr; four-channel files come out as CMYK and are
// converted by us.
static int pr_jpeg_set_output(j_decompress_ptr cinfo) {
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        cinfo->out_color_space = JCS_CMYK;
        return 1;
    }
    cinfo->out_color_space = JCS_EXT_RGBA;
    return 0;
}

pr_status pr_jpeg_read_header(const uint8_t *data, size_t size, int scale_denom,
                              pr_jpeg_info *info, pr_report *report) {
    struct jpeg_decompress_struct cinfo;
    pr_jpeg_error err;
    pr_jpeg_setup_errors(&err, report, 0);
    memset(info, 0, sizeof(*info));
    if (!pr_jpeg_valid_denom(scale_denom)) {
        pr_copy_message(report->message, "invalid scale denominator");
        return PR_ERR_ARGUMENT;
    }
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    pr_jpeg_fill_info(&cinfo, info);
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned)scale_denom;
    pr_jpeg_set_output(&cinfo);
    jpeg_calc_output_dimensions(&cinfo);
    info->output_width = (int)cinfo.output_width;
    info->output_height = (int)cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    return PR_OK;
}

// In-place CMYK to RGBA. Adobe applications write CMYK (and YCCK, which
// libjpeg turns into CMYK) inverted, 255 meaning no ink; other writers do
// not, so the inversion follows the APP14 marker.
static void pr_cmyk_row_to_rgba(uint8_t *row, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        uint8_t *p = row + 4 * x;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        // Now 255 means no ink: channel = (1 - C)(1 - K) scaled to 0...255.
        unsigned t;
        t = c * k + 128; p[0] = (uint8_t)((t + (t >> 8)) >> 8);
        t = m * k + 128; p[1] = (uint8_t)((t + (t >> 8)) >> 8);
        t = y * k + 128; p[2] = (uint8_t)((t + (t >> 8)) >> 8);
        p[3] = 255;
    }
}

// The start every pixel decode shares, called after its setjmp (a jump
// from in here lands there): source, header, DCT scale and output colour
// space, and the output size computed. Returns whether the file is CMYK.
static int pr_jpeg_open(j_decompress_ptr cinfo, struct jpeg_progress_mgr *progress,
                        const uint8_t *data, size_t size, int scale_denom) {
    jpeg_create_decompress(cinfo);
    cinfo->progress = progress;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned)scale_denom;
    int cmyk = pr_jpeg_set_output(cinfo);
    jpeg_calc_output_dimensions(cinfo);
    return cmyk;
}

// The end every pixel decode shares, once all rows are read: what was
// consumed, and whether the data ran out or was damaged on the way.
static pr_status pr_jpeg_close(j_decompress_ptr cinfo, pr_jpeg_error *err, size_t size) {
    err->report->consumed = size - cinfo->src->bytes_in_buffer;
    jpeg_destroy_decompress(cinfo);
    if (err->truncated) {
        snprintf(err->report->message, PR_MESSAGE_MAX, "JPEG data ends after %zu bytes", size);
        return PR_ERR_TRUNCATED;
    }
    if (err->damaged) return PR_ERR_CORRUPT;  // report->message holds libjpeg's words
    return PR_OK;
}

pr_status pr_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int max_scans,
                         uint8_t *out, int out_width, int out_height, pr_report *report,
                         int raw_cmyk, const pr_stop *stop) {
    struct jpeg_decompress_struct cinfo;
    pr_jpeg_error err;
    pr_jpeg_setup_errors(&err, report, max_scans);
    err.stop = stop;
    if (!pr_jpeg_valid_denom(scale_denom) || out == NULL) {
        pr_copy_message(report->message, "invalid arguments");
        return PR_ERR_ARGUMENT;
    }
    struct jpeg_progress_mgr progress;
    progress.progress_monitor = pr_jpeg_progress;
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.status;
    }
    int cmyk = pr_jpeg_open(&cinfo, &progress, data, size, scale_denom);
    int inverted = cinfo.saw_Adobe_marker;
    if ((int)cinfo.output_width != out_width || (int)cinfo.output_height != out_height
        || cinfo.output_components != 4) {
        pr_copy_message(report->message, "output size does not match the header");
        jpeg_destroy_decompress(&cinfo);
        return PR_ERR_ARGUMENT;
    }
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)out_width * 4;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[4];
        int n = 0;
        for (; n < 4 && cinfo.output_scanline + (unsigned)n < cinfo.output_height; n++)
            rows[n] = out + (size_t)(cinfo.output_scanline + (unsigned)n) * stride;
        JDIMENSION first = cinfo.output_scanline;
        JDIMENSION got = jpeg_read_scanlines(&cinfo, rows, (JDIMENSION)n);
        if (cmyk && !raw_cmyk)
            for (JDIMENSION r = 0; r < got; r++)
                pr_cmyk_row_to_rgba(out + (size_t)(first + r) * stride, out_width, inverted);
        if (got == 0) break;  // suspension cannot happen with a memory source
    }
    // jpeg_finish_decompress would parse the rest of the file looking for
    // EOI and fail on harmless trailing garbage; the pixels are complete.
    return pr_jpeg_close(&cinfo, &err, size);
}

// Whether the sampling factors are the ones cameras and editors write
// (4:4:4, 4:2:2, 4:4:0, 4:2:0, grey: the first component 1 or 2 each way,
// every other 1x1). Only those are cropped: jpeg_crop_scanline is a
// less-travelled path of libjpeg-turbo, and a hostile file with unusual
// factors decodes whole instead (the same pixels, found the usual way).
static int pr_jpeg_ordinary_sampling(j_decompress_ptr cinfo) {
    jpeg_component_info *c = cinfo->comp_info;
    if (c[0].h_samp_factor > 2 || c[0].v_samp_factor > 2) return 0;
    for (int i = 1; i < cinfo->num_components; i++)
        if (c[i].h_samp_factor != 1 || c[i].v_samp_factor != 1) return 0;
    return 1;
}

pr_status pr_jpeg_decode_region(const uint8_t *data, size_t size, int scale_denom, int max_scans,
                                int x, int y, int width, int height,
                                uint8_t *out, pr_report *report, int raw_cmyk, const pr_stop *stop) {
    struct jpeg_decompress_struct cinfo;
    pr_jpeg_error err;
    pr_jpeg_setup_errors(&err, report, max_scans);
    err.stop = stop;
    if (!pr_jpeg_valid_denom(scale_denom) || out == NULL || x < 0 || y < 0 || width <= 0 || height <= 0) {
        pr_copy_message(report->message, "invalid arguments");
        return PR_ERR_ARGUMENT;
    }
    struct jpeg_progress_mgr progress;
    progress.progress_monitor = pr_jpeg_progress;
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);  // also frees the row buffer (JPOOL_IMAGE)
        return err.status;
    }
    int cmyk = pr_jpeg_open(&cinfo, &progress, data, size, scale_denom);
    int inverted = cinfo.saw_Adobe_marker;
    JDIMENSION full_width = cinfo.output_width, full_height = cinfo.output_height;
    if ((JDIMENSION)x + (JDIMENSION)width > full_width || (JDIMENSION)y + (JDIMENSION)height > full_height
        || cinfo.output_components != 4) {
        pr_copy_message(report->message, "region outside the image");
        jpeg_destroy_decompress(&cinfo);
        return PR_ERR_ARGUMENT;
    }
    jpeg_start_decompress(&cinfo);
    // Three iMCUs of context on each side that is not the image's edge: the
    // crop starts on an iMCU boundary, which block smoothing (of a
    // progressive file whose scans leave coefficients imprecise) takes for
    // an image edge, so the crop's first two block columns differ from the
    // whole decode's; fancy upsampling then reaches one chroma sample into
    // them. Past three iMCUs the pixels are the whole decode's, bit for bit.
    JDIMENSION crop_x = 0, crop_width = full_width;
    if (pr_jpeg_ordinary_sampling(&cinfo)) {
        JDIMENSION context = 3 * (JDIMENSION)(cinfo.max_h_samp_factor * cinfo.min_DCT_scaled_size);
        JDIMENSION left = (JDIMENSION)x > context ? (JDIMENSION)x - context : 0;
        JDIMENSION right = (JDIMENSION)(x + width) + context < full_width ? (JDIMENSION)(x + width) + context
                                                                          : full_width;
        crop_x = left;
        crop_width = right - left;
        if (crop_x > 0 || crop_width < full_width)
            jpeg_crop_scanline(&cinfo, &crop_x, &crop_width);  // widens to iMCU boundaries
    }
    // Every row is read, those outside the region into scratch rows:
    // jpeg_skip_scanlines loops for ever on some hostile files (libjpeg-turbo
    // 2.1.5; a progressive file with 2x1 and 1x4 sampling in the corpus),
    // and at a reduced scale a row's inverse DCT is cheap next to the
    // entropy decoding a skip must do all the same. Reading to the end also
    // means that a file damaged or cut short anywhere fails as it does in
    // pr_jpeg_decode.
    JSAMPARRAY rows = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, crop_width * 4, 4);
    size_t stride = (size_t)width * 4;
    size_t skip_bytes = (size_t)((JDIMENSION)x - crop_x) * 4;
    JDIMENSION top = (JDIMENSION)y, bottom = (JDIMENSION)(y + height);
    while (cinfo.output_scanline < full_height) {
        JDIMENSION first = cinfo.output_scanline;
        JDIMENSION want = full_height - first < 4 ? full_height - first : 4;
        JDIMENSION got = jpeg_read_scanlines(&cinfo, rows, want);
        for (JDIMENSION r = 0; r < got; r++) {
            if (first + r < top || first + r >= bottom) continue;
            uint8_t *dst = out + (size_t)(first + r - top) * stride;
            memcpy(dst, rows[r] + skip_bytes, stride);
            if (cmyk && !raw_cmyk) pr_cmyk_row_to_rgba(dst, width, inverted);
        }
        if (got == 0) break;  // suspension cannot happen with a memory source
    }
    return pr_jpeg_close(&cinfo, &err, size);
}

pr_status pr_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                         int progressive, int subsample420,
                         uint8_t **out, size_t *out_size, pr_report *report) {
    struct jpeg_compress_struct cinfo;
    pr_jpeg_error err;
    pr_jpeg_setup_errors(&err, report, 0);
    *out = NULL;
    *out_size = 0;
    // Declared volatile: they change after setjmp and are read after a jump.
    unsigned char *volatile buffer = NULL;
    unsigned long volatile length = 0;
    cinfo.err = &err.base;
    if (setjmp(err.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return err.status;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    int f = subsample420 ? 2 : 1;
    cinfo.comp_info[0].h_samp_factor = f;
    cinfo.comp_info[0].v_samp_factor = f;
    cinfo.comp_info[1].h_samp_factor = 1;
    cinfo.comp_info[1].v_samp_factor = 1;
    cinfo.comp_info[2].h_samp_factor = 1;
    cinfo.comp_info[2].v_samp_factor = 1;
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * 4;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = length;
    return PR_OK;
}

// ICC profiles are split over APP2 segments: "ICC_PROFILE\0", then the
// 1-based sequence number and the segment count, then the data.
#define PR_ICC_MARKER (JPEG_APP0 + 2)
#define PR_ICC_HEADER 14

static int pr_is_icc_marker(jpeg_saved_marker_ptr m) {
    return m->marker == PR_ICC_MARKER && m->data_length >= PR_ICC_HEADER
        && memcmp(m->data, "ICC_PROFILE", 12) == 0;
}

pr_status pr_jpeg_read_icc(const uint8_t *data, size_t size, size_t max_size,
                           uint8_t **out, size_t *out_size, pr_icc_result *result, pr_report *report) {
    struct jpeg_decompress_struct cinfo;
    pr_jpeg_error err;
    pr_jpeg_setup_errors(&err, report, 0);
    *out = NULL;
    *out_size = 0;
    *result = PR_ICC_NONE;
    cinfo.err = &err.base;
    // Its own setjmp, like every entry point: the jump target must be a
    // live frame of this function, so the preamble cannot be shared.
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return err.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, PR_ICC_MARKER, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    // The segments must come in order 1...count, each once: anything else
    // means a writer or an editor lost part of the profile.
    int count = 0, seen = 0;
    size_t total = 0;
    const char *problem = NULL;
    for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next) {
        if (!pr_is_icc_marker(m)) continue;
        int seq = m->data[12], n = m->data[13];
        if (seen == 0) count = n;
        seen++;
        if (n != count || n == 0) { problem = "ICC_PROFILE segments disagree on their count"; break; }
        if (seq != seen) { problem = seq < seen ? "ICC_PROFILE segment repeated" : "ICC_PROFILE segment missing or out of order"; break; }
        total += m->data_length - PR_ICC_HEADER;
        if (total > max_size) { problem = "ICC profile larger than the limit"; break; }
    }
    if (!problem && seen > 0 && seen != count) problem = "ICC_PROFILE segment missing";
    if (seen == 0) {
        jpeg_destroy_decompress(&cinfo);
        return PR_OK;
    }
    if (problem) {
        pr_copy_message(report->warning, problem);
        report->warnings++;
        *result = PR_ICC_DAMAGED;
        jpeg_destroy_decompress(&cinfo);
        return PR_OK;
    }
    uint8_t *profile = malloc(total ? total : 1);
    if (!profile) {
        jpeg_destroy_decompress(&cinfo);
        pr_copy_message(report->message, "out of memory");
        return PR_ERR_MEMORY;
    }
    size_t at = 0;
    for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next) {
        if (!pr_is_icc_marker(m)) continue;
        memcpy(profile + at, m->data + PR_ICC_HEADER, m->data_length - PR_ICC_HEADER);
        at += m->data_length - PR_ICC_HEADER;
    }
    jpeg_destroy_decompress(&cinfo);
    *out = profile;
    *out_size = total;
    *result = PR_ICC_FOUND;
    return PR_OK;
}

void pr_free(void *p) { free(p); }
