// Entry points into libjpeg and libpng that Swift can call safely.
//
// Both libraries report fatal errors by longjmp, which Swift cannot
// express, so every function here sets its own setjmp, never lets a
// longjmp cross into Swift, and returns a status code plus a message.
// Nothing here calls exit() or abort().
#ifndef PHOTICASE_SHIMS_H
#define PHOTICASE_SHIMS_H

#include <stddef.h>
#include <stdint.h>

#define PR_MESSAGE_MAX 240

/// Outcome of a shim call.
typedef enum {
    PR_OK = 0,
    PR_ERR_CORRUPT = 1,      // the library rejected the data
    PR_ERR_TRUNCATED = 2,    // the data ended early
    PR_ERR_UNSUPPORTED = 3,  // valid, but a variant this build cannot read
    PR_ERR_LIMIT = 4,        // a safety limit (scan count, sizes) was hit
    PR_ERR_MEMORY = 5,       // an allocation failed
    PR_ERR_ARGUMENT = 6,     // the caller's buffer or sizes do not match
    PR_STOPPED = 7,          // the caller's pr_stop asked the decode to stop
} pr_status;

/// Asked between rows of a long decode (PNG: every 16 rows; JPEG: every
/// call into libjpeg's progress monitor, a few rows or one iMCU row of a
/// progressive scan): nonzero stops it with PR_STOPPED and frees what it
/// held. Lets a cancelled render give its thread back within a band of
/// rows rather than after a 40-megapixel decode. NULL: never stop.
typedef struct {
    int (*requested)(void *context);
    void *context;
} pr_stop;

/// Messages travel back in this fixed buffer; no allocation is involved.
typedef struct {
    char message[PR_MESSAGE_MAX];
    int warnings;                       // recoverable problems seen
    char warning[PR_MESSAGE_MAX];       // the first of them
    size_t consumed;                    // bytes of input read (for truncation)
} pr_report;

// ---- JPEG ---------------------------------------------------------------

typedef enum {
    PR_JCS_UNKNOWN = 0,
    PR_JCS_GRAY = 1,
    PR_JCS_RGB = 2,
    PR_JCS_YCBCR = 3,
    PR_JCS_CMYK = 4,
    PR_JCS_YCCK = 5,
} pr_jpeg_colorspace;

typedef struct {
    int width, height;           // as stored
    int components;
    int colorspace;              // pr_jpeg_colorspace
    int precision;               // bits per sample
    int progressive;
    int arithmetic;
    int adobe_marker;            // an Adobe APP14 segment was seen
    int adobe_transform;
    int output_width, output_height;  // after DCT scaling by 1/scale_denom
} pr_jpeg_info;

/// Reads the header; fills `info`, including the output size for
/// `scale_denom` (1, 2, 4 or 8).
pr_status pr_jpeg_read_header(const uint8_t *data, size_t size, int scale_denom,
                              pr_jpeg_info *info, pr_report *report);

/// Decodes to RGBA (alpha 255) into `out`, which holds
/// `out_width * out_height * 4` bytes and must match the output size that
/// pr_jpeg_read_header reported for the same `scale_denom`.
/// `max_scans` bounds the number of progressive scans (hostile files).
/// With `raw_cmyk`, CMYK and YCCK files come out as their four CMYK
/// samples (as stored, Adobe-inverted or not) for a CMYK profile to convert.
pr_status pr_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int max_scans,
                         uint8_t *out, int out_width, int out_height, pr_report *report,
                         int raw_cmyk, const pr_stop *stop);

/// Decodes only the rectangle `x, y, width, height` of the image decoded
/// at `1/scale_denom` (in those output pixels, stored axes) into `out`,
/// which holds `width * height * 4` bytes; the same pixels as the full
/// decode has there. Columns outside it (beyond three iMCUs of context) are
/// not inverse-transformed or colour-converted (jpeg_crop_scanline) when
/// the sampling factors are ordinary; every row is decoded to the end of
/// the image, so damaged or truncated data is found wherever it lies, as
/// in pr_jpeg_decode.
pr_status pr_jpeg_decode_region(const uint8_t *data, size_t size, int scale_denom, int max_scans,
                                int x, int y, int width, int height,
                                uint8_t *out, pr_report *report, int raw_cmyk, const pr_stop *stop);

/// What pr_jpeg_read_icc found.
typedef enum {
    PR_ICC_NONE = 0,        // no ICC_PROFILE segments
    PR_ICC_FOUND = 1,       // *out holds the assembled profile
    PR_ICC_DAMAGED = 2,     // segments missing, repeated, out of order or too large;
                            // report->warning says which
} pr_icc_result;

/// Reads the header with APP2 segments kept and joins the ICC_PROFILE
/// chunks (ICC.1 annex B.4) into one malloc'd profile of at most
/// `max_size` bytes, freed with pr_free.
pr_status pr_jpeg_read_icc(const uint8_t *data, size_t size, size_t max_size,
                           uint8_t **out, size_t *out_size, pr_icc_result *result, pr_report *report);

/// Encodes RGBA pixels (alpha ignored) as JPEG. On success `*out` is a
/// malloc'd buffer the caller frees with pr_free.
pr_status pr_jpeg_encode(const uint8_t *rgba, int width, int height, int quality,
                         int progressive, int subsample420,
                         uint8_t **out, size_t *out_size, pr_report *report);

// ---- PNG ----------------------------------------------------------------

typedef struct {
    int width, height;
    int bit_depth;
    int color_type;        // PNG colour type as in IHDR (0, 2, 3, 4, 6)
    int interlaced;
    int has_trns;
} pr_png_info;

pr_status pr_png_read_header(const uint8_t *data, size_t size, pr_png_info *info, pr_report *report);

/// The colour chunks before IDAT: the iCCP profile (inflated up to
/// `max_icc` bytes, malloc'd, freed with pr_free) and whether an sRGB chunk
/// is present. libpng checks the profile and drops a bad one with a
/// warning (in report->warning).
pr_status pr_png_read_color(const uint8_t *data, size_t size, size_t max_icc,
                            uint8_t **icc, size_t *icc_size, int *has_srgb, pr_report *report);

/// Decodes to straight-alpha RGBA8 (16-bit samples rounded to 8 bits,
/// palettes and low bit depths expanded, tRNS turned into alpha). With
/// `shrink` > 1 (non-interlaced files only) each output pixel is the
/// average of a shrink x shrink block, read row by row; the output is then
/// ceil(width / shrink) x ceil(height / shrink).
pr_status pr_png_decode(const uint8_t *data, size_t size, int shrink,
                        uint8_t *out, int out_width, int out_height, pr_report *report,
                        const pr_stop *stop);

/// Which writer deflates a PNG's rows (images up to 16 megapixels; larger
/// ones always stream through libpng and zlib).
typedef enum {
    /// Paeth rows: level 1 through ISA-L's igzip, 2-9 through libdeflate.
    PR_PNG_FAST = 0,
    /// Paeth rows through libdeflate at every level 1-9 (level 1's writer
    /// before igzip; a benchmark switch).
    PR_PNG_LIBDEFLATE = 1,
    /// libpng and zlib (a benchmark switch).
    PR_PNG_ZLIB = 2,
} pr_png_writer_kind;

/// Encodes straight-alpha RGBA8; `with_alpha` 0 writes RGB, through
/// `writer` at levels 1-9, libpng and zlib otherwise. Level 1's segments
/// are deflated on up to `threads` threads (the same bytes for any count).
pr_status pr_png_encode(const uint8_t *rgba, int width, int height, int with_alpha,
                        int compression_level, pr_png_writer_kind writer, int threads, uint8_t **out,
                        size_t *out_size, pr_report *report);

/// Whether PNG rows are filtered with AVX2 where the CPU has it (the
/// default); off, the portable SSE2 filter, for tests that hold the two to
/// the same bytes and for benchmarks. Set before encoding, not during.
void pr_png_use_simd(int on);

/// Frees a buffer returned by an encoder.
void pr_free(void *p);

// ---- fuzzing --------------------------------------------------------------

/// libFuzzer's driver for programs with their own main (declared here so
/// the fuzz targets can call it; only they link libFuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
