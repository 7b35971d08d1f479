// The kernels are `static inline` in the header, compiled into each
// caller; this file only makes the target a C library SwiftPM builds.
#include "pixel_kernels.h"
