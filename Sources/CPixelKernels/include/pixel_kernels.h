// Pixel kernels Swift cannot write as fast: the SSE2 conversions and
// clamps its generic SIMD types leave as calls. Header-only, `static
// inline`, so each is compiled into its caller and inlined there.
#ifndef PIXEL_KERNELS_H
#define PIXEL_KERNELS_H
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Packs four premultiplied pixels, `sums` (16 floats, RGBA each) times
/// `scale`, into four RGBA8 words at `out`: alpha clamped to 0...255, each
/// colour to 0...alpha, every channel rounded half up (truncated after
/// adding 0.5). Returns a bit for each pixel whose alpha is below 255 (bit
/// k for pixel k), for a caller that wants straight alpha to redo those.
/// The same arithmetic, step for step, as `ResampleBand.pack` in Swift.
static inline int pk_pack4(const float *sums, float scale, uint32_t *out) {
#if defined(__SSE2__)
    const __m128 k = _mm_set1_ps(scale), zero = _mm_setzero_ps(), top = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
    __m128i q[4];
    int translucent = 0;
    for (int i = 0; i < 4; i++) {
        __m128 c = _mm_mul_ps(_mm_loadu_ps(sums + 4 * i), k);
        __m128 a = _mm_shuffle_ps(c, c, _MM_SHUFFLE(3, 3, 3, 3));
        a = _mm_min_ps(_mm_max_ps(a, zero), top);
        // Colour within 0...alpha; alpha's own lane gives alpha again.
        __m128 v = _mm_min_ps(_mm_max_ps(c, zero), a);
        q[i] = _mm_cvttps_epi32(_mm_add_ps(v, half));
        if (_mm_cvtss_f32(a) < 255.0f) translucent |= 1 << i;
    }
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(q[0], q[1]), _mm_packs_epi32(q[2], q[3]));
    _mm_storeu_si128((__m128i *)out, bytes);
    return translucent;
#else
    int translucent = 0;
    for (int i = 0; i < 4; i++) {
        float c[4];
        for (int j = 0; j < 4; j++) c[j] = sums[4 * i + j] * scale;
        float a = c[3] < 0 ? 0 : c[3];
        a = a < 255 ? a : 255;
        uint32_t word = 0;
        for (int j = 0; j < 4; j++) {
            float v = j == 3 ? a : (c[j] < 0 ? 0 : c[j]);
            v = v < a ? v : a;
            word |= (uint32_t)(v + 0.5f) << (8 * j);
        }
        out[i] = word;
        if (a < 255) translucent |= 1 << i;
    }
    return translucent;
#endif
}

/// One output row of a doubling (`Raster.doubled(darkenedBy:)`): for each
/// of the `n` 16-bit samples, `(3a + b) / 16`, rounded half up, colour
/// (every sample but each fourth, alpha) then times `keep / 255` (keep
/// below 255), as `(s * 16 * factor >> 16 + 128) >> 8` with `factor` =
/// keep * 65536 / 255: within a level of the exact product.
static inline void pk_mix_darkened(const uint16_t *a, const uint16_t *b, int n, uint16_t factor, uint8_t *out) {
    int i = 0;
#if defined(__SSE2__)
    const __m128i three = _mm_set1_epi16(3), eight = _mm_set1_epi16(8), k = _mm_set1_epi16((short)factor);
    const __m128i half = _mm_set1_epi16(128);
    // Alpha is every fourth sample: kept from the plain mix.
    const __m128i alpha = _mm_setr_epi16(0, 0, 0, -1, 0, 0, 0, -1);
    for (; i + 16 <= n; i += 16) {
        __m128i v[2];
        for (int j = 0; j < 2; j++) {
            __m128i s = _mm_add_epi16(_mm_mullo_epi16(_mm_loadu_si128((const __m128i *)(a + i + 8 * j)), three),
                                      _mm_loadu_si128((const __m128i *)(b + i + 8 * j)));
            __m128i plain = _mm_srli_epi16(_mm_add_epi16(s, eight), 4);
            __m128i dark = _mm_srli_epi16(_mm_add_epi16(_mm_mulhi_epu16(_mm_slli_epi16(s, 4), k), half), 8);
            v[j] = _mm_or_si128(_mm_and_si128(alpha, plain), _mm_andnot_si128(alpha, dark));
        }
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(v[0], v[1]));
    }
#endif
    for (; i < n; i++) {
        uint32_t s = (uint32_t)a[i] * 3 + b[i];
        out[i] = (uint8_t)((i & 3) == 3 ? (s + 8) >> 4 : (((s << 4) * factor >> 16) + 128) >> 8);
    }
}

/// One source row of a doubling widened (`Raster.doubled`): for each of
/// the `w` RGBA8 pixels, 3 * it + its left neighbour, then 3 * it + its
/// right one, per channel, as 16-bit samples (8 an input pixel); the edge
/// pixel is its own neighbour.
static inline void pk_widen_row(const uint8_t *s, int w, uint16_t *out) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), three = _mm_set1_epi16(3);
    // Two pixels at a time, from the second to the one before the last
    // (their neighbours lie inside the row).
    for (x = 1; x + 3 <= w; x += 2) {
        __m128i mid = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(s + 4 * (x))), zero);
        __m128i left = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(s + 4 * (x - 1))), zero);
        __m128i right = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(s + 4 * (x + 1))), zero);
        mid = _mm_mullo_epi16(mid, three);
        __m128i l = _mm_add_epi16(mid, left), r = _mm_add_epi16(mid, right);
        _mm_storeu_si128((__m128i *)(out + 8 * x), _mm_unpacklo_epi64(l, r));
        _mm_storeu_si128((__m128i *)(out + 8 * (x + 1)), _mm_unpackhi_epi64(l, r));
    }
    // The first pixel, and those the pairs did not reach, one by one.
    for (int e = 0; e < 2; e++) {
        int from = e == 0 ? 0 : x, to = e == 0 ? 1 : w;
#else
    for (int e = 0; e < 1; e++) {
        int from = 0, to = w;
#endif
        for (int p = from; p < to; p++) {
            int l = p > 0 ? p - 1 : 0, r = p + 1 < w ? p + 1 : w - 1;
            for (int c = 0; c < 4; c++) {
                uint16_t m = (uint16_t)(s[4 * p + c] * 3);
                out[8 * p + c] = (uint16_t)(m + s[4 * l + c]);
                out[8 * p + 4 + c] = (uint16_t)(m + s[4 * r + c]);
            }
        }
    }
}

/// Black at `alpha` times each pixel's `coverage` laid over `n` opaque
/// RGBA8 pixels (a shadow): each colour channel times 255 minus the
/// source alpha, rounded as `RGBA.mul255`, alpha staying 255 (the bytes
/// of the general blend there). The caller knows the pixels are opaque.
static inline void pk_darken_opaque(uint8_t *px, const uint8_t *coverage, int n, uint32_t alpha) {
    int i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), k128 = _mm_set1_epi16(128), full = _mm_set1_epi16(255);
    const __m128i a = _mm_set1_epi16((short)alpha), opaque = _mm_set1_epi32((int)0xFF000000u);
    for (; i + 4 <= n; i += 4) {
        uint32_t cov4;
        memcpy(&cov4, coverage + i, 4);
        if (cov4 == 0) continue;
        // Each pixel's coverage over its four lanes, as 16 bits: pixels 0
        // and 1 in `p0`, 2 and 3 in `p1`.
        __m128i c = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)cov4), zero);
        c = _mm_unpacklo_epi16(c, c);
        __m128i p0 = _mm_unpacklo_epi32(c, c), p1 = _mm_unpackhi_epi32(c, c);
        // sa = mul255(alpha, coverage); inv = 255 - sa.
        __m128i inv[2];
        __m128i cs[2] = {p0, p1};
        for (int j = 0; j < 2; j++) {
            __m128i t = _mm_add_epi16(_mm_mullo_epi16(cs[j], a), k128);
            __m128i sa = _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
            inv[j] = _mm_sub_epi16(full, sa);
        }
        __m128i v = _mm_loadu_si128((const __m128i *)(px + 4 * i));
        __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
        __m128i tl = _mm_add_epi16(_mm_mullo_epi16(lo, inv[0]), k128);
        __m128i th = _mm_add_epi16(_mm_mullo_epi16(hi, inv[1]), k128);
        lo = _mm_srli_epi16(_mm_add_epi16(tl, _mm_srli_epi16(tl, 8)), 8);
        hi = _mm_srli_epi16(_mm_add_epi16(th, _mm_srli_epi16(th, 8)), 8);
        _mm_storeu_si128((__m128i *)(px + 4 * i), _mm_or_si128(_mm_packus_epi16(lo, hi), opaque));
    }
#endif
    for (; i < n; i++) {
        uint32_t cov = coverage[i];
        if (cov == 0) continue;
        uint32_t t = alpha * cov + 128, sa = (t + (t >> 8)) >> 8, inv = 255 - sa;
        for (int c = 0; c < 3; c++) {
            uint32_t u = px[4 * i + c] * inv + 128;
            px[4 * i + c] = (uint8_t)((u + (u >> 8)) >> 8);
        }
    }
}

#endif
