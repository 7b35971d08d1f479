// The fixed-point resize's kernels (see resample_kernels.h). Every path
// computes the same integers: 16-bit samples times 14-bit weights summed
// in 32 bits (no sum can overflow: a sample is at most 255 times 64 and a
// Lanczos lobe's overshoot, and a window's weights add up to at most about
// 1.7 in absolute value), then
// rounded half up by an arithmetic shift and saturated to the type
// stored. So the AVX2, SSE2 and scalar paths give the same bytes, and a
// test holds them to each other as well as to the float reference.
#include "resample_kernels.h"
#include <pthread.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#define PK_X86 1
#include <immintrin.h>
#endif

// Rounding of the passes: a row of 8-bit samples (weights 2^14) is shifted
// by 14 - 6 into samples of 2^6; the vertical pass by 14 + 6 back to 8 bits.
#define SHIFT_ROW (PK_WEIGHT_BITS - PK_MID_BITS)
#define SHIFT_COMBINE (PK_WEIGHT_BITS + PK_MID_BITS)

#if PK_X86
// The CPU is asked once, under pthread_once: render threads call in at
// the same moment, and a plain static written by whichever comes first
// is a data race (ThreadSanitizer reports it) even though every thread
// would write the same value.
static pthread_once_t best_once = PTHREAD_ONCE_INIT;
static int best_path = PK_PATH_SSE2;

static void find_best_path(void) {
    __builtin_cpu_init();
    best_path = __builtin_cpu_supports("avx2") ? PK_PATH_AVX2 : PK_PATH_SSE2;
}
#endif

pk_path pk_best_path(void) {
#if PK_X86
    pthread_once(&best_once, find_best_path);
    return (pk_path)best_path;
#else
    return PK_PATH_SCALAR;
#endif
}

static pk_path resolve(pk_path path) {
    pk_path best = pk_best_path();
    return path == PK_PATH_BEST || path > best ? best : path;
}

static inline int16_t saturate16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : (int16_t)v; }
static inline uint8_t saturate8(int32_t v) { return v > 255 ? 255 : v < 0 ? 0 : (uint8_t)v; }

static inline int16_t weight_of(const pk_horizontal *h, int32_t i, int32_t tap) {
    uint32_t word = h->weights[((size_t)i * h->pairs + pk_pair_slot(tap / 2)) * 4];
    return (int16_t)(tap & 1 ? word >> 16 : word & 0xFFFF);
}

// ---------------------------------------------------------------------------
// Horizontal pass

/// One output of the horizontal pass, tap by tap: the reference for the
/// others, and the path for the outputs whose padded window would read
/// past the row.
static inline void row_pixel_scalar(const uint8_t *row, const pk_horizontal *h, int32_t i, int16_t *out,
                                    int step) {
    const uint8_t *p = row + (size_t)h->starts[i] * 4;
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int32_t t = 0; t < h->counts[i]; t++) {
        int32_t w = weight_of(h, i, t);
        s0 += w * p[4 * t];
        s1 += w * p[4 * t + 1];
        s2 += w * p[4 * t + 2];
        s3 += w * p[4 * t + 3];
    }
    const int32_t half = 1 << (SHIFT_ROW - 1);
    out[0] = saturate16((s0 + half) >> SHIFT_ROW);
    out[step] = saturate16((s1 + half) >> SHIFT_ROW);
    out[2 * step] = saturate16((s2 + half) >> SHIFT_ROW);
    out[3 * step] = saturate16((s3 + half) >> SHIFT_ROW);
}

#if PK_X86
/// Two taps a step: two pixels widened to 16 bits and interleaved channel
/// by channel (r0 r1 g0 g1 b0 b1 a0 a1), times the pair's weights.
static void row_sse2(const uint8_t *row, const pk_horizontal *h, int32_t from, int32_t to, int16_t *out) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi32(1 << (SHIFT_ROW - 1));
    for (int32_t i = from; i < to; i++) {
        const uint8_t *p = row + (size_t)h->starts[i] * 4;
        const __m128i *w = (const __m128i *)(h->weights + (size_t)i * h->pairs * 4);
        __m128i sum = zero;
        for (int32_t k = 0; k < h->pairs; k++) {
            __m128i two = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(p + 8 * k)), zero);
            __m128i mixed = _mm_unpacklo_epi16(two, _mm_srli_si128(two, 8));
            sum = _mm_add_epi32(sum, _mm_madd_epi16(mixed, _mm_loadu_si128(w + pk_pair_slot(k))));
        }
        sum = _mm_srai_epi32(_mm_add_epi32(sum, half), SHIFT_ROW);
        _mm_storel_epi64((__m128i *)(out + 4 * (size_t)i), _mm_packs_epi32(sum, sum));
    }
}

// Eight taps a step: eight pixels in one load, shuffled twice within each
// half: pixels 0-1 (low) and 4-5 (high), then 2-3 and 6-7, each two
// widened and interleaved channel by channel (r0 r1 g0 g1 b0 b1 a0 a1),
// times their pairs' weights (stored in that order: `pk_pair_slot`).
// Plain loads and in-half shuffles only: a broadcast load costs a shuffle
// of its own, and shuffles are what this pass runs short of.
#define PK_SPREAD_A _mm256_setr_epi8(0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1, \
                                     0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1)
#define PK_SPREAD_B _mm256_setr_epi8(8, -1, 12, -1, 9, -1, 13, -1, 10, -1, 14, -1, 11, -1, 15, -1, \
                                     8, -1, 12, -1, 9, -1, 13, -1, 10, -1, 14, -1, 11, -1, 15, -1)

/// One output of one row: its sum (two taps' channels in each half).
__attribute__((target("avx2")))
static inline __m256i output_sum_avx2(const uint8_t *p, const __m256i *w, int32_t octets, __m256i spreadA,
                                      __m256i spreadB) {
    __m256i sum = _mm256_setzero_si256(), other = _mm256_setzero_si256();
    for (int32_t k = 0; k < octets; k++) {
        __m256i px = _mm256_loadu_si256((const __m256i *)(p + 32 * (size_t)k));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_shuffle_epi8(px, spreadA), _mm256_loadu_si256(w + 2 * k)));
        other = _mm256_add_epi32(other, _mm256_madd_epi16(_mm256_shuffle_epi8(px, spreadB),
                                                          _mm256_loadu_si256(w + 2 * k + 1)));
    }
    return _mm256_add_epi32(sum, other);
}

/// One row, output by output.
__attribute__((target("avx2")))
static void row_avx2(const uint8_t *row, const pk_horizontal *h, int32_t from, int32_t to, int16_t *out) {
    const __m256i spreadA = PK_SPREAD_A, spreadB = PK_SPREAD_B;
    const __m128i half = _mm_set1_epi32(1 << (SHIFT_ROW - 1));
    const int32_t octets = h->pairs / 4;
    const size_t perOutput = (size_t)h->pairs * 4;
    for (int32_t i = from; i < to; i++) {
        __m256i sum = output_sum_avx2(row + (size_t)h->starts[i] * 4,
                                      (const __m256i *)(h->weights + (size_t)i * perOutput), octets, spreadA, spreadB);
        __m128i four = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
        four = _mm_srai_epi32(_mm_add_epi32(four, half), SHIFT_ROW);
        _mm_storel_epi64((__m128i *)(out + 4 * (size_t)i), _mm_packs_epi32(four, four));
    }
}

/// Four rows at once, one output at a time: each step's weights loaded
/// once for the four rows (a row's weights are more than the first-level
/// cache holds), the four rows' sums finished together and written as two
/// pairs of rows, interleaved (`pk_resample_pairs`).
__attribute__((target("avx2")))
static void rows4_avx2(const uint8_t *const *rows, const pk_horizontal *h, int32_t to, int16_t *const *pairs) {
    const __m256i spreadA = PK_SPREAD_A, spreadB = PK_SPREAD_B;
    const __m256i half = _mm256_set1_epi32(1 << (SHIFT_ROW - 1));
    const int32_t octets = h->pairs / 4;
    const size_t perOutput = (size_t)h->pairs * 4;
    const uint8_t *r0 = rows[0], *r1 = rows[1], *r2 = rows[2], *r3 = rows[3];
    int16_t *p01 = pairs[0], *p23 = pairs[1];
    // The four rows' sums of output i, rounded, packed, and stored as two
    // pairs of rows (packed within halves: rows 0 2 | 1 3, so the low and
    // high halves interleaved give rows 0 and 1, then 2 and 3).
#define PK_FINISH(i, s0, s1, s2, s3) do { \
        __m256i s01 = _mm256_add_epi32(_mm256_permute2x128_si256(s0, s1, 0x20), _mm256_permute2x128_si256(s0, s1, 0x31)); \
        __m256i s23 = _mm256_add_epi32(_mm256_permute2x128_si256(s2, s3, 0x20), _mm256_permute2x128_si256(s2, s3, 0x31)); \
        s01 = _mm256_srai_epi32(_mm256_add_epi32(s01, half), SHIFT_ROW); \
        s23 = _mm256_srai_epi32(_mm256_add_epi32(s23, half), SHIFT_ROW); \
        __m256i packed = _mm256_packs_epi32(s01, s23); \
        __m128i lo = _mm256_castsi256_si128(packed), hi = _mm256_extracti128_si256(packed, 1); \
        _mm_storeu_si128((__m128i *)(p01 + 8 * (size_t)(i)), _mm_unpacklo_epi16(lo, hi)); \
        _mm_storeu_si128((__m128i *)(p23 + 8 * (size_t)(i)), _mm_unpackhi_epi16(lo, hi)); \
    } while (0)
#define PK_STEP(sum, row, o, wa, wb) do { \
        __m256i px = _mm256_loadu_si256((const __m256i *)((row) + (o))); \
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_shuffle_epi8(px, spreadA), wa)); \
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_shuffle_epi8(px, spreadB), wb)); \
    } while (0)
    int32_t i = 0;
    // Two outputs a turn: eight sums side by side.
    for (; i + 2 <= to; i += 2) {
        const size_t at = (size_t)h->starts[i] * 4, bt = (size_t)h->starts[i + 1] * 4;
        const __m256i *w = (const __m256i *)(h->weights + (size_t)i * perOutput);
        const __m256i *v = (const __m256i *)(h->weights + (size_t)(i + 1) * perOutput);
        __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0, t0 = s0, t1 = s0, t2 = s0, t3 = s0;
        for (int32_t k = 0; k < octets; k++) {
            const __m256i wa = _mm256_loadu_si256(w + 2 * k), wb = _mm256_loadu_si256(w + 2 * k + 1);
            const size_t o = at + 32 * (size_t)k;
            PK_STEP(s0, r0, o, wa, wb);
            PK_STEP(s1, r1, o, wa, wb);
            PK_STEP(s2, r2, o, wa, wb);
            PK_STEP(s3, r3, o, wa, wb);
            const __m256i va = _mm256_loadu_si256(v + 2 * k), vb = _mm256_loadu_si256(v + 2 * k + 1);
            const size_t q = bt + 32 * (size_t)k;
            PK_STEP(t0, r0, q, va, vb);
            PK_STEP(t1, r1, q, va, vb);
            PK_STEP(t2, r2, q, va, vb);
            PK_STEP(t3, r3, q, va, vb);
        }
        PK_FINISH(i, s0, s1, s2, s3);
        PK_FINISH(i + 1, t0, t1, t2, t3);
    }
    for (; i < to; i++) {
        const size_t at = (size_t)h->starts[i] * 4;
        const __m256i *w = (const __m256i *)(h->weights + (size_t)i * perOutput);
        __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
        for (int32_t k = 0; k < octets; k++) {
            const __m256i wa = _mm256_loadu_si256(w + 2 * k), wb = _mm256_loadu_si256(w + 2 * k + 1);
            const size_t o = at + 32 * (size_t)k;
            PK_STEP(s0, r0, o, wa, wb);
            PK_STEP(s1, r1, o, wa, wb);
            PK_STEP(s2, r2, o, wa, wb);
            PK_STEP(s3, r3, o, wa, wb);
        }
        PK_FINISH(i, s0, s1, s2, s3);
    }
#undef PK_STEP
#undef PK_FINISH
}

#endif

void pk_horizontal_steps(pk_horizontal *h, int32_t width) {
    // Both vector paths read every tap of the padded window (`pairs` * 2).
    int32_t whole = h->outputs;
    for (int32_t i = 0; i < h->outputs; i++) {
        if (h->starts[i] + 2 * h->pairs > width) {
            whole = i;
            break;
        }
    }
    h->whole = whole;
}

#if PK_X86
/// Eight pixels a load, four loads a step, all ANDed: the loads are what
/// costs, and the core takes two a cycle.
__attribute__((target("avx2")))
static uint32_t and_avx2(const uint8_t *row, int32_t width, int32_t *done) {
    __m256i a = _mm256_set1_epi8(-1), b = a, c = a, d = a;
    int32_t x = 0;
    for (; x + 32 <= width; x += 32) {
        const __m256i *p = (const __m256i *)(row + 4 * (size_t)x);
        a = _mm256_and_si256(a, _mm256_loadu_si256(p));
        b = _mm256_and_si256(b, _mm256_loadu_si256(p + 1));
        c = _mm256_and_si256(c, _mm256_loadu_si256(p + 2));
        d = _mm256_and_si256(d, _mm256_loadu_si256(p + 3));
    }
    a = _mm256_and_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, d));
    __m128i q = _mm_and_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    q = _mm_and_si128(q, _mm_srli_si128(q, 8));
    q = _mm_and_si128(q, _mm_srli_si128(q, 4));
    *done = x;
    return (uint32_t)_mm_cvtsi128_si32(q);
}
#endif

int pk_row_is_opaque(const uint8_t *row, int32_t width) {
    // Every pixel ANDed together: its alpha byte is 255 only if all were.
    uint32_t all = 0xFFFFFFFFu;
    int32_t x = 0;
#if PK_X86
    if (pk_best_path() == PK_PATH_AVX2) all = and_avx2(row, width, &x);
#endif
    for (; x < width; x++) {
        uint32_t word;
        memcpy(&word, row + 4 * (size_t)x, 4);
        all &= word;
    }
    return all >> 24 == 255;
}

void pk_resample_row(const uint8_t *row, int32_t width, const pk_horizontal *h, int16_t *out, pk_path path) {
    path = resolve(path);
    int32_t safe = h->whole;
#if PK_X86
    if (path == PK_PATH_AVX2) {
        row_avx2(row, h, 0, safe, out);
    } else if (path == PK_PATH_SSE2) {
        row_sse2(row, h, 0, safe, out);
    } else
#endif
    {
        safe = 0;
    }
    for (int32_t i = safe; i < h->outputs; i++) row_pixel_scalar(row, h, i, out + 4 * (size_t)i, 1);
}

void pk_resample_pairs(const uint8_t *const *rows, int32_t count, int32_t width, const pk_horizontal *h,
                       int16_t *const *pairs, int16_t *scratch, int overrun, pk_path path) {
#if PK_X86
    if (count == 4 && resolve(path) == PK_PATH_AVX2) {
        // Past a row's end lies the next row: read there with zero
        // weights, every output takes the vector path.
        const int32_t whole = overrun ? h->outputs : h->whole;
        rows4_avx2(rows, h, whole, pairs);
        for (int r = 0; r < 4; r++) {
            for (int32_t i = whole; i < h->outputs; i++) {
                row_pixel_scalar(rows[r], h, i, pairs[r / 2] + 8 * (size_t)i + (r & 1), 2);
            }
        }
        return;
    }
#endif
    // Row by row into `scratch`, then into its place in its pair.
    for (int32_t r = 0; r < count; r++) {
        pk_resample_row(rows[r], width, h, scratch, path);
        int16_t *pair = pairs[r / 2] + (r & 1);
        for (int32_t k = 0; k < 4 * h->outputs; k++) pair[2 * k] = scratch[k];
    }
}


// ---------------------------------------------------------------------------
// Vertical pass

/// The sums of pixel `x` over the pairs of rows, before rounding.
static inline void column_sums(const int16_t *const *pairs, const uint32_t *weights, int32_t count, int32_t x,
                               int32_t s[4]) {
    s[0] = s[1] = s[2] = s[3] = 0;
    for (int32_t k = 0; k < count; k++) {
        const int16_t *p = pairs[k] + 8 * (size_t)x;
        int32_t lo = (int16_t)(weights[k] & 0xFFFF), hi = (int16_t)(weights[k] >> 16);
        for (int c = 0; c < 4; c++) s[c] += lo * p[2 * c] + hi * p[2 * c + 1];
    }
}

/// One pixel, rounded, saturated, colour at most alpha: the bytes of the
/// vector paths' saturating packs and unsigned minimum.
static inline uint32_t combine_pixel(const int16_t *const *pairs, const uint32_t *weights, int32_t count, int32_t x) {
    int32_t s[4];
    column_sums(pairs, weights, count, x, s);
    const int32_t half = 1 << (SHIFT_COMBINE - 1);
    uint8_t v[4];
    for (int c = 0; c < 4; c++) v[c] = saturate8(saturate16((s[c] + half) >> SHIFT_COMBINE));
    for (int c = 0; c < 3; c++) v[c] = v[c] < v[3] ? v[c] : v[3];
    return (uint32_t)v[0] | (uint32_t)v[1] << 8 | (uint32_t)v[2] << 16 | (uint32_t)v[3] << 24;
}

#if PK_X86
/// A pixel of a pair (its channels of the two rows interleaved, eight
/// samples) times the pair's weights: its four sums in one multiply-add.
static int combine_sse2(const int16_t *const *pairs, const uint32_t *weights, int32_t count, int32_t width,
                        uint32_t *out) {
    const __m128i half = _mm_set1_epi32(1 << (SHIFT_COMBINE - 1));
    __m128i opaque = _mm_set1_epi8(-1);
    int32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i s[4] = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
        for (int32_t k = 0; k < count; k++) {
            const __m128i w = _mm_set1_epi32((int32_t)weights[k]);
            const int16_t *p = pairs[k] + 8 * (size_t)x;
            for (int j = 0; j < 4; j++) {
                s[j] = _mm_add_epi32(s[j], _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(p + 8 * j)), w));
            }
        }
        for (int j = 0; j < 4; j++) s[j] = _mm_srai_epi32(_mm_add_epi32(s[j], half), SHIFT_COMBINE);
        __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(s[0], s[1]), _mm_packs_epi32(s[2], s[3]));
        // Colour at most alpha: alpha copied over its pixel's four bytes
        // (shifts, as SSE2 has no byte shuffle), then an unsigned minimum.
        __m128i alpha = _mm_srli_epi32(bytes, 24);
        alpha = _mm_or_si128(alpha, _mm_slli_epi32(alpha, 8));
        alpha = _mm_or_si128(alpha, _mm_slli_epi32(alpha, 16));
        bytes = _mm_min_epu8(bytes, alpha);
        opaque = _mm_and_si128(opaque, alpha);
        _mm_storeu_si128((__m128i *)(out + x), bytes);
    }
    int translucent = _mm_movemask_epi8(_mm_cmpeq_epi8(opaque, _mm_set1_epi8(-1))) != 0xFFFF;
    for (; x < width; x++) {
        out[x] = combine_pixel(pairs, weights, count, x);
        translucent |= (out[x] >> 24) != 255;
    }
    return translucent;
}

/// Two pixels of a pair a load, eight pixels a step: no shuffle before
/// the multiply-add (the pairs are interleaved as the horizontal pass
/// wrote them), one after the packing to put the pixels back in order.
__attribute__((target("avx2")))
static int combine_avx2(const int16_t *const *pairs, const uint32_t *weights, int32_t count, int32_t width,
                        uint32_t *out) {
    const __m256i half = _mm256_set1_epi32(1 << (SHIFT_COMBINE - 1));
    // Each pixel's alpha byte over its four bytes.
    const __m256i spread = _mm256_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15,
                                            3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
    // Packed, the pixels come out as 0 2 4 6 | 1 3 5 7.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    __m256i opaque = _mm256_set1_epi8(-1);
    int32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i s[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                        _mm256_setzero_si256()};
        for (int32_t k = 0; k < count; k++) {
            const __m256i w = _mm256_set1_epi32((int32_t)weights[k]);
            const int16_t *p = pairs[k] + 8 * (size_t)x;
            for (int j = 0; j < 4; j++) {
                s[j] = _mm256_add_epi32(s[j], _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(p + 16 * j)), w));
            }
        }
        for (int j = 0; j < 4; j++) s[j] = _mm256_srai_epi32(_mm256_add_epi32(s[j], half), SHIFT_COMBINE);
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(s[0], s[1]), _mm256_packs_epi32(s[2], s[3]));
        bytes = _mm256_permutevar8x32_epi32(bytes, order);
        __m256i alpha = _mm256_shuffle_epi8(bytes, spread);
        bytes = _mm256_min_epu8(bytes, alpha);
        opaque = _mm256_and_si256(opaque, alpha);
        _mm256_storeu_si256((__m256i *)(out + x), bytes);
    }
    int translucent = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(opaque, _mm256_set1_epi8(-1))) != 0xFFFFFFFFu;
    for (; x < width; x++) {
        out[x] = combine_pixel(pairs, weights, count, x);
        translucent |= (out[x] >> 24) != 255;
    }
    return translucent;
}
#endif

int pk_combine_pairs(const int16_t *const *pairs, const uint32_t *weights, int32_t count, int32_t width, uint32_t *out,
                     pk_path path) {
    path = resolve(path);
#if PK_X86
    if (path == PK_PATH_AVX2) return combine_avx2(pairs, weights, count, width, out);
    if (path == PK_PATH_SSE2) return combine_sse2(pairs, weights, count, width, out);
#endif
    int translucent = 0;
    for (int32_t x = 0; x < width; x++) {
        out[x] = combine_pixel(pairs, weights, count, x);
        translucent |= (out[x] >> 24) != 255;
    }
    return translucent;
}
