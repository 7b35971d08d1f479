// libpng behind setjmp, reading from and writing to memory.
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <setjmp.h>
#include <png.h>
#include <libdeflate.h>
#include <isa-l/igzip_lib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "shims.h"

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    pr_report *report;
    pr_status status;
    int rows_done;          // every pixel row has been decoded
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
                        uint8_t *out, int out_width, int out_height, pr_report *report) {
    pr_png_reader r;
    pr_png_reader_init(&r, data, size, report);
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

// PR_OK with the file in *out, or PR_ERR_MEMORY; -1 when the data is too
// large for one IDAT chunk (the caller then writes through libpng).
static int pr_png_encode_deflate(const uint8_t *rgba, int width, int height, int with_alpha, int level,
                                 uint8_t **out, size_t *out_size) {
    int bpp = with_alpha ? 4 : 3;
    size_t n = (size_t)width * (size_t)bpp, row = n + 1;
    size_t filtered_size = row * (size_t)height;
    uint8_t *filtered = malloc(filtered_size);
    uint8_t *rows = calloc(2, row);  // the previous and the current raw row
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    uint8_t *file = NULL;
    int status = PR_ERR_MEMORY;
    if (!filtered || !rows || !compressor) goto done;
    for (int y = 0; y < height; y++) {
        // calloc'ed: the row above the first is zeros.
        uint8_t *up = rows + (size_t)(y & 1) * row, *raw = rows + (size_t)((y + 1) & 1) * row;
        uint8_t *dst = filtered + (size_t)y * row;
        pr_raw_row(rgba + (size_t)y * (size_t)width * 4, width, bpp, raw);
        pr_paeth_row(raw, up, n, bpp, dst);
    }
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
    free(rows);
    free(filtered);
    return status;
}

// ---- level 1: filtered bands, ISA-L's igzip ------------------------------------
//
// Level 1 is the level for speed (`render`, `share`, `serve`), and there
// Intel's ISA-L igzip deflates a share image 4.6x faster than libdeflate's
// level 1 (4.4 against 15.0 ms for a 1360x1072 card) for files 7% larger
// (docs/PERFORMANCE.md, "PNG: igzip at level 1"). It streams, so the rows
// are filtered a band at a time into a buffer that stays in the cache,
// instead of a whole filtered copy of the image: the encode touches the
// image, one band and the file.

enum { PR_IGZIP_BAND_ROWS = 16 };

// Room for the deflate data in `*file` (capacity bytes) after `used` bytes
// of it: the IDAT chunk's CRC and the IEND chunk come after it.
static uint32_t pr_igzip_room(size_t capacity, size_t used) {
    size_t room = capacity - used - 12 - 12;
    return room > 0xFFFFFFF0u ? 0xFFFFFFF0u : (uint32_t)room;
}

static int pr_png_encode_igzip(const uint8_t *rgba, int width, int height, int with_alpha,
                               uint8_t **out, size_t *out_size) {
    int bpp = with_alpha ? 4 : 3;
    size_t n = (size_t)width * (size_t)bpp, row = n + 1;
    size_t filtered_size = row * (size_t)height;
    size_t band_rows = PR_IGZIP_BAND_ROWS;
    uint8_t *band = malloc(row * band_rows);
    uint8_t *rows = calloc(2, row);  // the previous and the current raw row
    uint8_t *level_buf = malloc(ISAL_DEF_LVL1_DEFAULT);
    // Photos and cards deflate to a fifth to a half of their filtered
    // bytes; the file grows when the data does not.
    const size_t head = 8 + 25 + 8;  // signature, IHDR, IDAT's length and type
    size_t capacity = head + filtered_size / 2 + 4096 + 24;
    uint8_t *file = malloc(capacity);
    struct isal_zstream *stream = malloc(sizeof(struct isal_zstream));
    int status = PR_ERR_MEMORY;
    if (!band || !rows || !level_buf || !file || !stream) goto done;
    isal_deflate_init(stream);
    stream->level = 1;
    stream->level_buf = level_buf;
    stream->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    stream->gzip_flag = IGZIP_ZLIB;
    stream->flush = NO_FLUSH;
    stream->next_out = file + head;
    stream->avail_out = pr_igzip_room(capacity, head);
    for (int y0 = 0; y0 < height; y0 += (int)band_rows) {
        int y1 = y0 + (int)band_rows < height ? y0 + (int)band_rows : height;
        for (int y = y0; y < y1; y++) {
            // calloc'ed: the row above the first is zeros.
            uint8_t *up = rows + (size_t)(y & 1) * row, *raw = rows + (size_t)((y + 1) & 1) * row;
            pr_raw_row(rgba + (size_t)y * (size_t)width * 4, width, bpp, raw);
            pr_paeth_row(raw, up, n, bpp, band + (size_t)(y - y0) * row);
        }
        stream->next_in = band;
        stream->avail_in = (uint32_t)((size_t)(y1 - y0) * row);
        stream->end_of_stream = y1 == height;
        for (int stalled = 0;;) {
            uint32_t before_in = stream->avail_in, before_out = stream->total_out;
            if (isal_deflate(stream) != COMP_OK) { status = PR_ERR_CORRUPT; goto done; }
            if (stream->avail_in == 0 && (!stream->end_of_stream || stream->internal_state.state == ZSTATE_END)) break;
            if (stream->avail_out == 0) {
                size_t used = head + stream->total_out;
                if (capacity > ((size_t)1 << 31)) { status = -1; goto done; }
                uint8_t *grown = realloc(file, capacity * 2);
                if (!grown) goto done;
                file = grown;
                capacity *= 2;
                stream->next_out = file + used;
                stream->avail_out = pr_igzip_room(capacity, used);
            }
            // A call that took nothing and gave nothing would never end.
            stalled = stream->avail_in == before_in && stream->total_out == before_out ? stalled + 1 : 0;
            if (stalled > 2) { status = PR_ERR_CORRUPT; goto done; }
        }
    }
    size_t compressed = stream->total_out;
    if (compressed > 0x7FFFFFFF) { status = -1; goto done; }
    status = pr_png_finish(&file, pr_png_head(file, width, height, with_alpha), compressed, out, out_size);
done:
    free(stream);
    free(file);
    free(level_buf);
    free(rows);
    free(band);
    return status;
}

pr_status pr_png_encode(const uint8_t *rgba, int width, int height, int with_alpha,
                        int compression_level, pr_png_writer_kind writer, uint8_t **out, size_t *out_size,
                        pr_report *report) {
    memset(report, 0, sizeof(*report));
    *out = NULL;
    *out_size = 0;
    // The fast path holds the filtered image and the compressed file whole
    // (about twice the image's bytes), where libpng streams rows: so only
    // images up to 16 megapixels take it (render's largest is a few).
    int fits = width > 0 && height > 0 && (uint64_t)width * (uint64_t)height <= ((uint64_t)1 << 24);
    if (writer == PR_PNG_FAST && compression_level == 1 && fits) {
        int status = pr_png_encode_igzip(rgba, width, height, with_alpha, out, out_size);
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
