// Pixel kernels Swift cannot write as fast: the SSE2 conversions and
// clamps its generic SIMD types leave as calls. Header-only, `static
// inline`, so each is compiled into its caller and inlined there.
#ifndef PIXEL_KERNELS_H
#define PIXEL_KERNELS_H
#include <stdint.h>
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

#endif
