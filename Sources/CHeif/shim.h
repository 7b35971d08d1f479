#include <libheif/heif.h>

// libheif is opened when the first HEIF file is read (HEIFBinding.swift,
// dlopen), not linked: linking it loads its decoders (libde265, libx265,
// libaom, libdav1d) into every process and runs their set-up. These are
// the types of the calls the binding looks up; naming a function's type
// does not link it.
#define PR_HEIF_FUNCTION_TYPE(name) typedef __typeof__(&name) name##_fn;
#define PR_HEIF_FUNCTIONS(X) \
    X(heif_init) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) \
    X(heif_image_handle_release) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_is_premultiplied_alpha) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_color_profile_type) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_nclx_color_profile_free) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_decode_image) \
    X(heif_image_release) \
    X(heif_image_get_width) \
    X(heif_image_get_height) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_bits_per_pixel_range)
PR_HEIF_FUNCTIONS(PR_HEIF_FUNCTION_TYPE)

#include <stdio.h>
#include <sys/types.h>

/* glibc's fopencookie(3) and its table of functions, declared by stdio.h
   only under _GNU_SOURCE, which Swift's Glibc module is not built with:
   the same function (the asm label binds the symbol) and the same layout
   under our own names. HEIFBinding gives the decoders libheif drives
   (libde265, dav1d), which print on the C library's stderr stream and
   offer no way to stop them, a stream of its own (`DecoderOutput`). */
typedef struct {
    ssize_t (*read)(void *cookie, char *buffer, size_t size);
    ssize_t (*write)(void *cookie, const char *buffer, size_t size);
    int (*seek)(void *cookie, long long *position, int whence);
    int (*close)(void *cookie);
} photicase_cookie_functions;

FILE *photicase_fopencookie(void *cookie, const char *mode, photicase_cookie_functions functions)
    __asm__("fopencookie");

/* Sets the C library's stderr stream (a global variable Swift 6 may not
   assign: it sees shared mutable state, which it is, set once). */
static inline void photicase_set_stderr(FILE *stream) { stderr = stream; }
