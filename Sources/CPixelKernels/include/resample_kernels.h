// The fixed-point resize: a horizontal pass from RGBA8 into rows of 16-bit
// samples, a vertical pass from those rows into RGBA8. Three paths, the
// same integer arithmetic in each, so they give the same bytes: scalar,
// SSE2 (every x86-64) and AVX2 (chosen at run time where the CPU has it).
#ifndef RESAMPLE_KERNELS_H
#define RESAMPLE_KERNELS_H
#include <stdint.h>

/// Which code a kernel runs: the best the CPU has, or one named (a test
/// holding the paths against each other). A path the CPU lacks falls
/// back to the next one down.
typedef enum {
    PK_PATH_BEST = 0,
    PK_PATH_SCALAR = 1,
    PK_PATH_SSE2 = 2,
    PK_PATH_AVX2 = 3,
} pk_path;

/// The path `PK_PATH_BEST` means on this CPU.
pk_path pk_best_path(void);

/// Fractional bits of the 16-bit samples between the passes: a sample is
/// its 8-bit value times 64 (room for a Lanczos lobe's overshoot).
#define PK_MID_BITS 6
/// Fractional bits of the weights.
#define PK_WEIGHT_BITS 14

/// One output's weights for the horizontal pass, laid out for the
/// kernels: for each pair of taps (a, b), the 32-bit word (a | b << 16)
/// four times (16 bytes), so a 16-bit multiply-add weighs each channel of
/// two pixels at once. `pairs` pairs an output, zero weights past its
/// window; `pairs` is a multiple of four, so AVX2 takes eight taps a step,
/// and within each four the pairs are stored in the order 0 2 1 3
/// (`pk_pair_slot`): taps 0-1 beside 4-5 in one register, 2-3 beside 6-7.
typedef struct {
    /// First tap of each output, in pixels from the start of the row given.
    const int32_t *starts;
    /// Taps of each output (its window, without padding).
    const int32_t *counts;
    /// `outputs * pairs * 4` words.
    const uint32_t *weights;
    int32_t outputs;
    int32_t pairs;
    /// The outputs before the first whose padded window (`pairs` * 2
    /// taps, what the vector paths read) would run past the row: the
    /// vector paths take those, and the rest (a few at the right edge)
    /// are done tap by tap. Set by `pk_horizontal_steps`.
    int32_t whole;
} pk_horizontal;

/// Where pair `p` of an output's weights is stored.
static inline int32_t pk_pair_slot(int32_t p) {
    static const int32_t order[4] = {0, 2, 1, 3};
    return (p & ~3) | order[p & 3];
}

/// Sets `whole` of `h` for rows `width` pixels wide.
void pk_horizontal_steps(pk_horizontal *h, int32_t width);

/// Whether every pixel of `row` (`width` RGBA8 pixels) has alpha 255.
int pk_row_is_opaque(const uint8_t *row, int32_t width);

/// Filters one row of opaque or premultiplied RGBA8 pixels (`row`,
/// `width` of them) into `out` (`h->outputs` pixels of four 16-bit
/// samples). Every window must lie inside the row.
void pk_resample_row(const uint8_t *row, int32_t width, const pk_horizontal *h, int16_t *out, pk_path path);

/// Rows are kept between the passes in pairs: two consecutive rows of
/// samples interleaved channel by channel (for each pixel, r of the first
/// row, r of the second, then g, b and a: eight samples), so that one
/// 16-bit multiply-add weighs both rows of a pair at once.
///
/// `pk_resample_row` for `count` rows (1 to 4) with the same weights:
/// rows 0 and 1 into the pair `pairs[0]`, rows 2 and 3 into `pairs[1]`.
/// On AVX2 four rows are filtered at once; otherwise each goes through
/// `scratch` (`h->outputs * 4` samples) into its place. `overrun`: each
/// row is followed in memory by at least `2 * h->pairs` more pixels (the
/// next row of the image), so a padded window may read past the row's
/// end (with zero weights) and no output needs the tap-by-tap path.
void pk_resample_pairs(const uint8_t *const *rows, int32_t count, int32_t width, const pk_horizontal *h,
                       int16_t *const *pairs, int16_t *scratch, int overrun, pk_path path);

/// Combines `count` pairs of rows (`pairs`, `width` pixels each) into one
/// row of premultiplied RGBA8 (`out`), pair k weighed by `weights[k]` (its
/// first row's 14-bit weight in the low 16 bits, its second's in the
/// high): rounded, clamped to 0...255, colour to at most alpha. Returns
/// whether any pixel's alpha is below 255.
int pk_combine_pairs(const int16_t *const *pairs, const uint32_t *weights, int32_t count, int32_t width, uint32_t *out,
                     pk_path path);

#endif
