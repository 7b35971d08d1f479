// libpng behind setjmp, reading from and writing to memory.
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <setjmp.h>
#include <pthread.h>
#include <png.h>
#include <libdeflate.h>
#include <isa-l/igzip_lib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include "shims.h"

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    pr_report *report;
    pr_status status;
    int rows_done;          // every pixel row has been decoded
    const pr_stop *stop;    // asked every 16 rows; NULL: never
} pr_png_reader;

static void pr_png_message(char *dst, const char *src) {
    strncpy(dst, src, PR_MESSAGE_MAX - 1);
    dst[PR_MESSAGE_MAX - 1] = 0;
}

static void pr_png_error(png_structp png, png_const_charp message) {
    pr_png_reader *r = (pr_png_reader *)png_get_error_ptr(png);
    if (r->status == PR_ERR_CORRUPT) pr_png_message(r->report->message, message);
    png_longjmp(png, 1);
}

static void pr_png_warning(png_structp png, png_const_charp message) {
    pr_png_reader *r = (pr_png_reader *)png_get_error_ptr(png);
    if (r->report->warnings == 0) pr_png_message(r->report->warning, message);
    r->report->warnings++;
}

static void pr_png_read(png_structp png, png_bytep out, size_t length) {
    pr_png_reader *r = (pr_png_reader *)png_get_io_ptr(png);
    if (length > r->size - r->offset) {
        r->status = PR_ERR_TRUNCATED;
        snprintf(r->report->message, PR_MESSAGE_MAX, "PNG data ends after %zu bytes", r->size);
        png_error(png, "truncated");
    }
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

// Creates the read struct with our error handlers, memory input and the
// limits that keep hostile files cheap.
static png_structp pr_png_open(pr_png_reader *r, png_infop *info) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, pr_png_error, pr_png_warning);
    if (png) {
        *info = png_create_info_struct(png);
        if (!*info) png_destroy_read_struct(&png, NULL, NULL);  // sets png to NULL
    }
    if (!png) {
        pr_png_message(r->report->message, "out of memory");
        return NULL;
    }
    png_set_read_fn(png, r, pr_png_read);
    // Text, ICC and other metadata are not used; skipping them also means
    // a compressed-text bomb is never inflated.
    static const png_byte skipped[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0hIST\0tIME\0pCAL\0sCAL\0";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, 9);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);  // our own pixel limit applies
    return png;
}

static void pr_png_reader_init(pr_png_reader *r, const uint8_t *data, size_t size, pr_report *report) {
    memset(report, 0, sizeof(*report));
    r->data = data;
    r->size = size;
    r->offset = 0;
    r->report = report;
    r->status = PR_ERR_CORRUPT;
    r->rows_done = 0;
    r->stop = NULL;
}

// libpng's row callback (after each row of each pass): asks the caller's
// pr_stop every 16 rows and fails the decode as stopped.
static void pr_png_row_read(png_structp png, png_uint_32 row, int pass) {
    (void)pass;
    pr_png_reader *r = (pr_png_reader *)png_get_io_ptr(png);
    if ((row & 15) != 0 || !r->stop || !r->stop->requested(r->stop->context)) return;
    r->status = PR_STOPPED;
    pr_png_message(r->report->message, "stopped");
    png_longjmp(png, 1);
}

pr_status pr_png_read_header(const uint8_t *data, size_t size, pr_png_info *info, pr_report *report) {
    pr_png_reader r;
    pr_png_reader_init(&r, data, size, report);
    memset(info, 0, sizeof(*info));
    png_infop pinfo = NULL;
    png_structp png = pr_png_open(&r, &pinfo);
    if (!png) return PR_ERR_MEMORY;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return r.status;
    }
    png_read_info(png, pinfo);
    info->width = (int)png_get_image_width(png, pinfo);
    info->height = (int)png_get_image_height(png, pinfo);
    info->bit_depth = png_get_bit_depth(png, pinfo);
    info->color_type = png_get_color_type(png, pinfo);
    info->interlaced = png_get_interlace_type(png, pinfo) != PNG_INTERLACE_NONE;
    info->has_trns = png_get_valid(png, pinfo, PNG_INFO_tRNS) != 0;
    png_destroy_read_struct(&png, &pinfo, NULL);
    return PR_OK;
}

pr_status pr_png_read_color(const uint8_t *data, size_t size, size_t max_icc,
                            uint8_t **icc, size_t *icc_size, int *has_srgb, pr_report *report) {
    pr_png_reader r;
    pr_png_reader_init(&r, data, size, report);
    *icc = NULL;
    *icc_size = 0;
    *has_srgb = 0;
    png_infop pinfo = NULL;
    png_structp png = pr_png_open(&r, &pinfo);
    if (!png) return PR_ERR_MEMORY;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        return r.status;
    }
    // Here, unlike in decoding, iCCP is read; its inflated size is bounded
    // so a compressed profile bomb costs at most max_icc bytes.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, (png_const_bytep)"iCCP", 1);
    png_set_chunk_malloc_max(png, max_icc);
    png_read_info(png, pinfo);
    int intent = 0;
    *has_srgb = png_get_sRGB(png, pinfo, &intent) != 0;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    if (png_get_iCCP(png, pinfo, &name, &compression, &profile, &length) && profile && length > 0) {
        uint8_t *copy = malloc(length);
        if (copy) {
            memcpy(copy, profile, length);
            *icc = copy;
            *icc_size = length;
        }
    }
    png_destroy_read_struct(&png, &pinfo, NULL);
    return PR_OK;
}

// Shrink-on-load for PNG: rows are read one at a time and averaged in
// shrink x shrink blocks (premultiplied, so transparent pixels lend no
// colour), so a large PNG never needs a full-size buffer.
static void pr_png_emit_block_row(const uint32_t *acc, uint8_t *out, int out_width, int width,
                                  int shrink, int rows_in_block) {
    for (int ox = 0; ox < out_width; ox++) {
        int cols = width - ox * shrink < shrink ? width - ox * shrink : shrink;
        uint32_t n = (uint32_t)(cols * rows_in_block);
        const uint32_t *a = acc + 4 * ox;
        uint8_t *o = out + 4 * (size_t)ox;
        uint32_t alpha = a[3];
        if (alpha == 0) { o[0] = o[1] = o[2] = o[3] = 0; continue; }
        o[0] = (uint8_t)((a[0] + alpha / 2) / alpha);
        o[1] = (uint8_t)((a[1] + alpha / 2) / alpha);
        o[2] = (uint8_t)((a[2] + alpha / 2) / alpha);
        o[3] = (uint8_t)((alpha + n / 2) / n);
    }
}

pr_status pr_png_decode(const uint8_t *data, size_t size, int shrink,
                        uint8_t *out, int out_width, int out_height, pr_report *report,
                        const pr_stop *stop) {
    pr_png_reader r;
    pr_png_reader_init(&r, data, size, report);
    r.stop = stop;
    if (out == NULL || out_width <= 0 || out_height <= 0 || shrink < 1 || shrink > 64) {
        pr_png_message(report->message, "invalid arguments");
        return PR_ERR_ARGUMENT;
    }
    png_bytep *volatile rows = NULL;
    uint8_t *volatile row = NULL;
    uint32_t *volatile acc = NULL;
    png_infop pinfo = NULL;
    png_structp png = pr_png_open(&r, &pinfo);
    if (!png) return PR_ERR_MEMORY;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &pinfo, NULL);
        free(rows);
        free(row);
        free(acc);
        if (r.rows_done) {
            // Damage after the last pixel row (a missing IEND, a bad CRC in
            // a trailing chunk) does not change the image.
            if (report->warnings == 0) pr_png_message(report->warning, report->message);
            report->warnings++;
            report->message[0] = 0;
            return PR_OK;
        }
        return r.status;
    }
    png_read_info(png, pinfo);
    int width = (int)png_get_image_width(png, pinfo), height = (int)png_get_image_height(png, pinfo);
    int interlaced = png_get_interlace_type(png, pinfo) != PNG_INTERLACE_NONE;
    if ((width + shrink - 1) / shrink != out_width || (height + shrink - 1) / shrink != out_height
        || (interlaced && shrink > 1)) {
        pr_png_message(report->message, "output size does not match the header");
        r.status = PR_ERR_ARGUMENT;
        png_longjmp(png, 1);
    }
    int color = png_get_color_type(png, pinfo);
    int depth = png_get_bit_depth(png, pinfo);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, pinfo, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    // Rounds (v * 255 + 32767) / 65535 rather than dropping the low byte.
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, pinfo, PNG_INFO_tRNS))
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    if (stop) png_set_read_status_fn(png, pr_png_row_read);
    png_read_update_info(png, pinfo);
    if (png_get_rowbytes(png, pinfo) != (size_t)width * 4) {
        pr_png_message(report->message, "unexpected row layout after conversion");
        r.status = PR_ERR_UNSUPPORTED;
        png_longjmp(png, 1);
    }
    if (shrink == 1) {
        rows = malloc(sizeof(png_bytep) * (size_t)out_height);
        if (!rows) {
            pr_png_message(report->message, "out of memory");
            r.status = PR_ERR_MEMORY;
            png_longjmp(png, 1);
        }
        for (int y = 0; y < out_height; y++) rows[y] = out + (size_t)y * (size_t)out_width * 4;
        png_read_image(png, rows);
    } else {
        row = malloc((size_t)width * 4);
        acc = calloc((size_t)out_width * 4, sizeof(uint32_t));
        if (!row || !acc) {
            pr_png_message(report->message, "out of memory");
            r.status = PR_ERR_MEMORY;
            png_longjmp(png, 1);
        }
        for (int y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            for (int x = 0; x < width; x++) {
                const uint8_t *p = row + 4 * (size_t)x;
                uint32_t *a = acc + 4 * (size_t)(x / shrink);
                uint32_t alpha = p[3];
                a[0] += p[0] * alpha;
                a[1] += p[1] * alpha;
                a[2] += p[2] * alpha;
                a[3] += alpha;
            }
            int in_block = y % shrink + 1;
            if (in_block == shrink || y == height - 1) {
                pr_png_emit_block_row(acc, out + (size_t)(y / shrink) * (size_t)out_width * 4, out_width, width,
                                      shrink, in_block);
                memset(acc, 0, (size_t)out_width * 4 * sizeof(uint32_t));
            }
        }
    }
    r.rows_done = 1;
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &pinfo, NULL);
    free(rows);
    free(row);
    free(acc);
    return PR_OK;
}

// ---- writing --------------------------------------------------------------

typedef struct {
    uint8_t *data;
    size_t size, capacity;
    pr_report *report;
    int failed;
} pr_png_writer;

static void pr_png_write(png_structp png, png_bytep bytes, size_t length) {
    pr_png_writer *w = (pr_png_writer *)png_get_io_ptr(png);
    if (length > w->capacity - w->size) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity - w->size < length) capacity *= 2;
        uint8_t *grown = realloc(w->data, capacity);
        if (!grown) {
            w->failed = 1;
            png_error(png, "out of memory");
        }
        w->data = grown;
        w->capacity = capacity;
    }
    memcpy(w->data + w->size, bytes, length);
    w->size += length;
}

static void pr_png_flush(png_structp png) { (void)png; }

static void pr_png_write_error(png_structp png, png_const_charp message) {
    pr_png_writer *w = (pr_png_writer *)png_get_error_ptr(png);
    pr_png_message(w->report->message, message);
    png_longjmp(png, 1);
}

static void pr_png_write_warning(png_structp png, png_const_charp message) {
    (void)png; (void)message;
}

// ---- the fast path: filtered rows, libdeflate -------------------------------
//
// Every level from 2 to 9 writes the image data through libdeflate (level
// 1 through igzip, below), which at the same level is smaller and several
// times faster than libpng's zlib: with each row filtered with Paeth, a
// `--format png` ticket run of 12 MP photos was 1.17x faster than through
// zlib level 1 and its files 6.6% smaller (scripts/bench-png.py;
// docs/PERFORMANCE.md, "PNG: zlib or libdeflate"). Paeth stays the filter
// at every level: libpng's adaptive choice (each row's smallest sum of
// absolute differences over the five filters) made `share` images 0.1-0.4%
// and a diagram 1.2% smaller at level 6, for five filters tried on every
// row, and a paletted image 10% larger. libpng cannot take another compressor, so the three
// chunks around the data (IHDR, IDAT, IEND) are written here; decoding
// stays with libpng.

static void pr_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

// A chunk whose `length` data bytes are already at p + 8: writes its
// length, type and CRC (over type and data); returns the end.
static uint8_t *pr_png_chunk(uint8_t *p, const char *type, size_t length) {
    pr_put32(p, (uint32_t)length);
    memcpy(p + 4, type, 4);
    pr_put32(p + 8 + length, (uint32_t)libdeflate_crc32(0, p + 4, length + 4));
    return p + 12 + length;
}

// The signature and IHDR of an 8-bit RGB or RGBA image at the start of
// `file`; returns where the IDAT chunk goes (its data at + 8).
static uint8_t *pr_png_head(uint8_t *file, int width, int height, int with_alpha) {
    static const uint8_t signature[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    memcpy(file, signature, 8);
    uint8_t *ihdr = file + 8;
    pr_put32(ihdr + 8, (uint32_t)width);
    pr_put32(ihdr + 12, (uint32_t)height);
    ihdr[16] = 8;                      // bit depth
    ihdr[17] = with_alpha ? 6 : 2;     // colour type: RGBA or RGB
    ihdr[18] = 0; ihdr[19] = 0; ihdr[20] = 0;  // deflate, adaptive filtering, no interlace
    return pr_png_chunk(ihdr, "IHDR", 13);
}

// Closes the IDAT chunk at `idat` around its `compressed` data bytes,
// writes IEND after it and hands the file (`*file`, then NULL) to the
// caller's `*out`; PR_OK.
static int pr_png_finish(uint8_t **file, uint8_t *idat, size_t compressed, uint8_t **out, size_t *out_size) {
    uint8_t *iend = pr_png_chunk(idat, "IDAT", compressed);
    *out_size = (size_t)(pr_png_chunk(iend, "IEND", 0) - *file);
    *out = *file;
    *file = NULL;
    return PR_OK;
}

// Row y of `rgba` (RGBA8) as raw bytes, `bpp` bytes a pixel (3 drops alpha).
static void pr_raw_row(const uint8_t *rgba, int width, int bpp, uint8_t *raw) {
    if (bpp == 4) {
        memcpy(raw, rgba, (size_t)width * 4);
    } else {
        for (int x = 0; x < width; x++) {
            raw[3 * x] = rgba[4 * x]; raw[3 * x + 1] = rgba[4 * x + 1]; raw[3 * x + 2] = rgba[4 * x + 2];
        }
    }
}

// `raw` (n bytes, `bpp` a pixel) as PNG filter type 4 (Paeth) against
// `up`, the previous row's raw bytes (zeros for the first row).
static void pr_paeth_row(const uint8_t *raw, const uint8_t *up, size_t n, int bpp, uint8_t *out) {
    out[0] = 4;
    // The first pixel has no left neighbour (a = c = 0): Paeth picks the
    // byte above. The rest runs without a branch on the position.
    for (int i = 0; i < bpp; i++) out[1 + i] = (uint8_t)(raw[i] - up[i]);
    size_t i = (size_t)bpp;
#if defined(__SSE2__)
    // Eight bytes at a time in 16-bit lanes, the same choice as below:
    // half the instructions of what the compiler makes of the loop (the
    // filter was a fifth of a share image's encode at level 3).
    const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi16(0xFF);
    for (; i + 8 <= n; i += 8) {
        __m128i a = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(raw + i - bpp)), zero);
        __m128i b = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(up + i)), zero);
        __m128i c = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(up + i - bpp)), zero);
        __m128i x = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(raw + i)), zero);
        __m128i p = _mm_sub_epi16(b, c), q = _mm_sub_epi16(a, c), r = _mm_add_epi16(p, q);
        __m128i pa = _mm_max_epi16(p, _mm_sub_epi16(zero, p));   // |b - c|
        __m128i pb = _mm_max_epi16(q, _mm_sub_epi16(zero, q));   // |a - c|
        __m128i pc = _mm_max_epi16(r, _mm_sub_epi16(zero, r));   // |a + b - 2c|
        // a where pa <= pb and pa <= pc; else b where pb <= pc; else c.
        __m128i not_a = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
        __m128i not_b = _mm_cmpgt_epi16(pb, pc);
        __m128i bc = _mm_or_si128(_mm_andnot_si128(not_b, b), _mm_and_si128(not_b, c));
        __m128i predictor = _mm_or_si128(_mm_andnot_si128(not_a, a), _mm_and_si128(not_a, bc));
        __m128i d = _mm_and_si128(_mm_sub_epi16(x, predictor), low);
        _mm_storel_epi64((__m128i *)(out + 1 + i), _mm_packus_epi16(d, zero));
    }
#endif
    for (; i < n; i++) {
        int a = raw[i - bpp], b = up[i], c = up[i - bpp];
        // p = a + b - c; the predictor is whichever of a, b, c is nearest p.
        int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
        int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        out[1 + i] = (uint8_t)(raw[i] - predictor);
    }
}

#if defined(__x86_64__)
// Row `cur` of RGBA8 (`prev` the row above, zeros above the first) filtered
// with Paeth straight from the image, 8 pixels an AVX2 step: each channel's
// left neighbour is 4 bytes back in RGBA as it is `bpp` back in the raw row,
// so no raw row is made, and RGB output drops alpha with one shuffle. The
// same bytes as pr_raw_row + pr_paeth_row (RoundTripTests encode with and
// without it); 5x faster on a share card, where the raw row's scalar
// copy and the 8-byte SSE2 steps were half of the level-1 encode.
__attribute__((target("avx2")))
static void pr_paeth_rgba_row_avx2(const uint8_t *cur, const uint8_t *prev, int width, int bpp, uint8_t *out) {
    out[0] = 4;
    uint8_t *o = out + 1;
    for (int k = 0; k < bpp; k++) o[k] = (uint8_t)(cur[k] - prev[k]);
    const __m256i low = _mm256_set1_epi16(0xFF);
    const __m256i drop_alpha = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    int x = 1;
    // RGB stores 16 bytes for 12: two pixels must follow, so the 4 extra
    // bytes land on what the next step or the tail writes.
    int stop = bpp == 4 ? width - 8 : width - 10;
    for (; x <= stop; x += 8) {
        const uint8_t *c = cur + 4 * (size_t)x, *u = prev + 4 * (size_t)x;
        __m256i r[2];
        for (int h = 0; h < 2; h++) {
            __m256i xv = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(c + 16 * h)));
            __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(c + 16 * h - 4)));
            __m256i b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(u + 16 * h)));
            __m256i cc = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(u + 16 * h - 4)));
            __m256i p = _mm256_sub_epi16(b, cc), q = _mm256_sub_epi16(a, cc);
            __m256i pa = _mm256_abs_epi16(p), pb = _mm256_abs_epi16(q), pc = _mm256_abs_epi16(_mm256_add_epi16(p, q));
            // a where pa <= pb and pa <= pc; else b where pb <= pc; else c.
            __m256i not_a = _mm256_or_si256(_mm256_cmpgt_epi16(pa, pb), _mm256_cmpgt_epi16(pa, pc));
            __m256i bc = _mm256_blendv_epi8(b, cc, _mm256_cmpgt_epi16(pb, pc));
            __m256i predictor = _mm256_blendv_epi8(a, bc, not_a);
            r[h] = _mm256_and_si256(_mm256_sub_epi16(xv, predictor), low);
        }
        // packus works within 128-bit lanes: put the quarters back in order.
        __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(r[0], r[1]), 0xD8);
        if (bpp == 4) {
            _mm256_storeu_si256((__m256i *)(o + 4 * (size_t)x), bytes);
        } else {
            __m256i rgb = _mm256_shuffle_epi8(bytes, drop_alpha);
            _mm_storeu_si128((__m128i *)(o + 3 * (size_t)x), _mm256_castsi256_si128(rgb));
            _mm_storeu_si128((__m128i *)(o + 3 * (size_t)x + 12), _mm256_extracti128_si256(rgb, 1));
        }
    }
    for (; x < width; x++) {
        for (int k = 0; k < bpp; k++) {
            int a = cur[4 * x - 4 + k], b = prev[4 * x + k], c = prev[4 * x - 4 + k];
            int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
            int predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
            o[bpp * x + k] = (uint8_t)(cur[4 * x + k] - predictor);
        }
    }
}
#endif

// -1: not yet asked; then whether the AVX2 filter runs (the CPU has it and
// pr_png_use_simd has not turned it off).
static int pr_png_simd = -1;

void pr_png_use_simd(int on) {
    // Stored atomically: the first encodes of a run may ask at once, from
    // several threads (pr_png_simd_on), each storing the same answer.
#if defined(__x86_64__)
    __atomic_store_n(&pr_png_simd, on && __builtin_cpu_supports("avx2"), __ATOMIC_RELAXED);
#else
    (void)on;
    __atomic_store_n(&pr_png_simd, 0, __ATOMIC_RELAXED);
#endif
}

static int pr_png_simd_on(void) {
    int on = __atomic_load_n(&pr_png_simd, __ATOMIC_RELAXED);
    if (on < 0) {
        pr_png_use_simd(1);
        on = __atomic_load_n(&pr_png_simd, __ATOMIC_RELAXED);
    }
    return on;
}

// Rows of an image filtered with Paeth in order, from any first row: the
// raw row above is kept between calls, so each row is converted once.
// With AVX2 the rows are filtered from the image itself, the row above
// read in place (or a row of zeros above the first).
typedef struct {
    const uint8_t *rgba;
    int width, bpp, simd;
    size_t n;           // raw bytes a row
    uint8_t *up, *raw;  // the row above and the current row, raw
    uint8_t *rows;      // their storage; with AVX2, zeros
} pr_row_filter;

// Starts at row y0 (the row above it made from the image, zeros above the
// first); 0 when memory runs out.
static int pr_row_filter_start(pr_row_filter *f, const uint8_t *rgba, int width, int bpp, int y0) {
    f->rgba = rgba; f->width = width; f->bpp = bpp;
    f->simd = pr_png_simd_on();
    f->n = (size_t)width * (size_t)bpp;
    f->rows = calloc(2, (size_t)width * 4);
    if (!f->rows) return 0;
    f->up = f->rows; f->raw = f->rows + (size_t)width * 4;
    if (y0 > 0 && !f->simd) pr_raw_row(rgba + (size_t)(y0 - 1) * (size_t)width * 4, width, bpp, f->up);
    return 1;
}

// Rows y0..<y1, following the last ones filtered, into `dst` (n + 1 bytes each).
static void pr_row_filter_rows(pr_row_filter *f, int y0, int y1, uint8_t *dst) {
    size_t stride = (size_t)f->width * 4;
    for (int y = y0; y < y1; y++) {
        uint8_t *out = dst + (size_t)(y - y0) * (f->n + 1);
#if defined(__x86_64__)
        if (f->simd) {
            pr_paeth_rgba_row_avx2(f->rgba + (size_t)y * stride, y > 0 ? f->rgba + (size_t)(y - 1) * stride : f->rows,
                                   f->width, f->bpp, out);
            continue;
        }
#endif
        pr_raw_row(f->rgba + (size_t)y * stride, f->width, f->bpp, f->raw);
        pr_paeth_row(f->raw, f->up, f->n, f->bpp, out);
        uint8_t *t = f->up; f->up = f->raw; f->raw = t;
    }
}

// PR_OK with the file in *out, or PR_ERR_MEMORY; -1 when the data is too
// large for one IDAT chunk (the caller then writes through libpng).
static int pr_png_encode_deflate(const uint8_t *rgba, int width, int height, int with_alpha, int level,
                                 uint8_t **out, size_t *out_size) {
    int bpp = with_alpha ? 4 : 3;
    size_t row = (size_t)width * (size_t)bpp + 1;
    size_t filtered_size = row * (size_t)height;
    uint8_t *filtered = malloc(filtered_size);
    pr_row_filter filter = { 0 };
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    uint8_t *file = NULL;
    int status = PR_ERR_MEMORY;
    if (!filtered || !compressor || !pr_row_filter_start(&filter, rgba, width, bpp, 0)) goto done;
    pr_row_filter_rows(&filter, 0, height, filtered);
    size_t bound = libdeflate_zlib_compress_bound(compressor, filtered_size);
    // Signature (8), IHDR (12 + 13), IDAT (12 + data), IEND (12).
    file = malloc(8 + 25 + 12 + bound + 12);
    if (!file) goto done;
    uint8_t *idat = pr_png_head(file, width, height, with_alpha);
    size_t compressed = libdeflate_zlib_compress(compressor, filtered, filtered_size, idat + 8, bound);
    if (compressed == 0) goto done;
    if (compressed > 0x7FFFFFFF) { status = -1; goto done; }
    status = pr_png_finish(&file, idat, compressed, out, out_size);
done:
    free(file);
    libdeflate_free_compressor(compressor);
    free(filter.rows);
    free(filtered);
    return status;
}

// ---- level 1: filtered bands, ISA-L's igzip, in segments ---------------------
//
// Level 1 is the level for speed (`render`, `share`, `serve`), and there
// Intel's ISA-L igzip deflates a share image 4.6x faster than libdeflate's
// level 1 (4.4 against 15.0 ms for a 1360x1072 card) for files 7% larger
// (docs/PERFORMANCE.md, "PNG: igzip at level 1"); igzip's own level 3 is
// what runs, its levels 1 and 2 not being the same bytes in every
// process (see pr_igzip_segment_run). It streams, so the rows
// are filtered a band at a time into a buffer that stays in the cache,
// instead of a whole filtered copy of the image: the encode touches the
// image, one band and the file.
//
// The rows are cut into segments of about PR_IGZIP_SEGMENT_BYTES filtered
// bytes, each deflated on its own (as pigz cuts its input into blocks): a
// segment ends with a full flush, byte-aligned and with no history after
// it, so the next one starts a fresh raw deflate stream right behind it,
// and their Adler-32s combine into the zlib stream's. Segments can then
// run on several threads; the cut depends only on the image, so the file
// is the same bytes whatever the thread count. A share card (1360x1072,
// 4.4 MB filtered) is two segments; the flush costs a few bytes.

enum { PR_IGZIP_BAND_ROWS = 16 };
#define PR_IGZIP_SEGMENT_BYTES ((size_t)2 << 20)
enum { PR_IGZIP_MAX_SEGMENTS = 64, PR_IGZIP_MAX_THREADS = 8 };

typedef struct {
    const uint8_t *rgba;
    int width, bpp;
    int y0, y1;         // the rows
    int last;           // ends the deflate stream
    uint8_t *out;       // its deflate data, `size` bytes (malloc'ed)
    size_t size;
    uint32_t adler;     // Adler-32 of its filtered bytes
    int status;
} pr_igzip_segment;

// Room for deflate output in a buffer of `capacity` bytes after `used`,
// as igzip's 32-bit count takes it.
static uint32_t pr_igzip_room(size_t capacity, size_t used) {
    size_t room = capacity - used;
    return room > 0xFFFFFFF0u ? 0xFFFFFFF0u : (uint32_t)room;
}

// Deflates one segment into its own buffer, growing it as needed.
static void pr_igzip_segment_run(pr_igzip_segment *g) {
    size_t row = (size_t)g->width * (size_t)g->bpp + 1;
    size_t band_rows = PR_IGZIP_BAND_ROWS;
    uint8_t *band = calloc(band_rows, row);
    uint8_t *level_buf = calloc(1, ISAL_DEF_LVL3_DEFAULT);
    // Photos and cards deflate to a fifth to a half of their filtered
    // bytes; the buffer grows when the data does not.
    size_t capacity = row * (size_t)(g->y1 - g->y0) / 2 + 4096;
    struct isal_zstream *stream = calloc(1, sizeof(struct isal_zstream));
    pr_row_filter filter = { 0 };
    g->out = malloc(capacity);
    g->size = 0;
    g->adler = 1;
    g->status = PR_ERR_MEMORY;
    if (!band || !level_buf || !g->out || !stream || !pr_row_filter_start(&filter, g->rgba, g->width, g->bpp, g->y0))
        goto done;
    isal_deflate_init(stream);
    // igzip's level 3, not 1 or 2: those give other bytes for the same
    // input now and then, as the process's addresses fall (ISA-L 2.30 on
    // AVX-512: 11 of 20,000 processes deflating one month sheet's rows;
    // none with address randomisation off), and a cache's files must be
    // the same bytes for the same pixels. Level 3 gave one answer in
    // 20,000, 2% larger than level 1's and 3.6 times its time (5.1 against
    // 1.4 ms for 2.2 MB of rows), still faster than libdeflate's level 1.
    stream->level = 3;
    stream->level_buf = level_buf;
    stream->level_buf_size = ISAL_DEF_LVL3_DEFAULT;
    stream->gzip_flag = IGZIP_DEFLATE;
    stream->next_out = g->out;
    stream->avail_out = pr_igzip_room(capacity, 0);
    for (int y0 = g->y0; y0 < g->y1; y0 += (int)band_rows) {
        int y1 = y0 + (int)band_rows < g->y1 ? y0 + (int)band_rows : g->y1;
        size_t length = (size_t)(y1 - y0) * row;
        pr_row_filter_rows(&filter, y0, y1, band);
        g->adler = isal_adler32(g->adler, band, length);
        int end = y1 == g->y1;
        stream->next_in = band;
        stream->avail_in = (uint32_t)length;
        stream->end_of_stream = end && g->last;
        stream->flush = end && !g->last ? FULL_FLUSH : NO_FLUSH;
        for (int stalled = 0;;) {
            uint32_t before_in = stream->avail_in, before_out = stream->total_out;
            if (isal_deflate(stream) != COMP_OK) { g->status = PR_ERR_CORRUPT; goto done; }
            if (stream->avail_in == 0) {
                if (stream->end_of_stream ? stream->internal_state.state == ZSTATE_END
                    : stream->flush == NO_FLUSH || stream->avail_out > 0
                      || stream->internal_state.state == ZSTATE_NEW_HDR) break;
            }
            if (stream->avail_out == 0) {
                size_t used = stream->total_out;
                if (capacity > ((size_t)1 << 31)) { g->status = -1; goto done; }
                uint8_t *grown = realloc(g->out, capacity * 2);
                if (!grown) goto done;
                g->out = grown;
                capacity *= 2;
                stream->next_out = g->out + used;
                stream->avail_out = pr_igzip_room(capacity, used);
            }
            // A call that took nothing and gave nothing would never end.
            stalled = stream->avail_in == before_in && stream->total_out == before_out ? stalled + 1 : 0;
            if (stalled > 2) { g->status = PR_ERR_CORRUPT; goto done; }
        }
    }
    g->size = stream->total_out;
    g->status = PR_OK;
done:
    free(filter.rows);
    free(stream);
    free(level_buf);
    free(band);
}

// The Adler-32 of A followed by B, from theirs and B's length: A's sum
// carries into each of B's `length_b` running sums (mod 65521).
static uint32_t pr_adler32_join(uint32_t adler_a, uint32_t adler_b, size_t length_b) {
    const uint64_t base = 65521;
    uint64_t a1 = adler_a & 0xFFFF, a2 = adler_a >> 16, b1 = adler_b & 0xFFFF, b2 = adler_b >> 16;
    uint64_t s1 = (a1 + b1 + base - 1) % base;
    uint64_t s2 = (a2 + b2 + ((uint64_t)(length_b % base) * ((a1 + base - 1) % base))) % base;
    return (uint32_t)(s1 | (s2 << 16));
}

typedef struct {
    pr_igzip_segment *segments;
    int count, first, stride;
} pr_igzip_share;

// A thread's share of the segments: first, first + stride, ...
static void *pr_igzip_share_run(void *arg) {
    pr_igzip_share *share = arg;
    for (int i = share->first; i < share->count; i += share->stride) pr_igzip_segment_run(&share->segments[i]);
    return NULL;
}

static int pr_png_encode_igzip(const uint8_t *rgba, int width, int height, int with_alpha, int threads,
                               uint8_t **out, size_t *out_size) {
    int bpp = with_alpha ? 4 : 3;
    size_t row = (size_t)width * (size_t)bpp + 1;
    size_t cut = row * (size_t)height / PR_IGZIP_SEGMENT_BYTES;
    int count = cut < 1 ? 1 : cut > PR_IGZIP_MAX_SEGMENTS ? PR_IGZIP_MAX_SEGMENTS : (int)cut;
    if (count > height) count = height;
    int per = (height + count - 1) / count;
    count = (height + per - 1) / per;
    pr_igzip_segment segments[PR_IGZIP_MAX_SEGMENTS];
    for (int i = 0; i < count; i++) {
        int y1 = (i + 1) * per < height ? (i + 1) * per : height;
        segments[i] = (pr_igzip_segment){ rgba, width, bpp, i * per, y1, i == count - 1, NULL, 0, 1, PR_ERR_MEMORY };
    }
    if (threads > count) threads = count;
    if (threads > PR_IGZIP_MAX_THREADS) threads = PR_IGZIP_MAX_THREADS;
    if (threads < 1) threads = 1;
    pr_igzip_share shares[PR_IGZIP_MAX_THREADS];
    pthread_t ids[PR_IGZIP_MAX_THREADS];
    int started[PR_IGZIP_MAX_THREADS] = { 0 };
    for (int t = 0; t < threads; t++) shares[t] = (pr_igzip_share){ segments, count, t, threads };
    // This thread takes share 0, and any share no thread could be made for.
    for (int t = 1; t < threads; t++) started[t] = pthread_create(&ids[t], NULL, pr_igzip_share_run, &shares[t]) == 0;
    pr_igzip_share_run(&shares[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t]) pthread_join(ids[t], NULL); else pr_igzip_share_run(&shares[t]);
    }
    int status = PR_OK;
    size_t compressed = 2 + 4;  // the zlib header and the Adler-32
    uint32_t adler = 1;
    for (int i = 0; i < count; i++) {
        if (segments[i].status != PR_OK && status == PR_OK) status = segments[i].status;
        compressed += segments[i].size;
        adler = pr_adler32_join(adler, segments[i].adler, row * (size_t)(segments[i].y1 - segments[i].y0));
    }
    uint8_t *file = NULL;
    if (status == PR_OK && compressed > 0x7FFFFFFF) status = -1;
    if (status == PR_OK) {
        // Signature and IHDR (33), IDAT's length and type (8), its CRC and IEND (24).
        file = malloc(8 + 25 + 8 + compressed + 24);
        if (!file) status = PR_ERR_MEMORY;
    }
    if (status == PR_OK) {
        uint8_t *idat = pr_png_head(file, width, height, with_alpha);
        uint8_t *p = idat + 8;
        *p++ = 0x78; *p++ = 0x01;  // deflate, 32 KiB window, fastest
        for (int i = 0; i < count; i++) {
            memcpy(p, segments[i].out, segments[i].size);
            p += segments[i].size;
        }
        pr_put32(p, adler);
        status = pr_png_finish(&file, idat, compressed, out, out_size);
    }
    for (int i = 0; i < count; i++) free(segments[i].out);
    free(file);
    return status;
}

pr_status pr_png_encode(const uint8_t *rgba, int width, int height, int with_alpha,
                        int compression_level, pr_png_writer_kind writer, int threads, uint8_t **out,
                        size_t *out_size, pr_report *report) {
    memset(report, 0, sizeof(*report));
    *out = NULL;
    *out_size = 0;
    // The fast path holds the filtered image and the compressed file whole
    // (about twice the image's bytes), where libpng streams rows: so only
    // images up to 16 megapixels take it (render's largest is a few).
    int fits = width > 0 && height > 0 && (uint64_t)width * (uint64_t)height <= ((uint64_t)1 << 24);
    if (writer == PR_PNG_FAST && compression_level == 1 && fits) {
        int status = pr_png_encode_igzip(rgba, width, height, with_alpha, threads, out, out_size);
        if (status != -1) return (pr_status)status;
    }
    if (writer != PR_PNG_ZLIB && compression_level >= 1 && compression_level <= 9 && fits) {
        int status = pr_png_encode_deflate(rgba, width, height, with_alpha, compression_level, out, out_size);
        if (status != -1) return (pr_status)status;
    }
    pr_png_writer w = { NULL, 0, 0, report, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w, pr_png_write_error, pr_png_write_warning);
    if (!png) return PR_ERR_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return PR_ERR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(w.data);
        return w.failed ? PR_ERR_MEMORY : PR_ERR_CORRUPT;
    }
    png_set_write_fn(png, &w, pr_png_write, pr_png_flush);
    png_set_compression_level(png, compression_level);
    // Below level 4 speed is the point: one filter (Paeth predicts photos
    // and gradients well) instead of trying all five on every row, which
    // costs about as much as the deflate itself.
    if (compression_level < 4) png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_PAETH);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 with_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    // RGB output drops the fourth byte of each RGBA pixel as it goes.
    if (!with_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    size_t stride = (size_t)width * 4;
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * stride));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = w.data;
    *out_size = w.size;
    return PR_OK;
}
