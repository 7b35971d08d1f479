#include <libheif/heif.h>
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
