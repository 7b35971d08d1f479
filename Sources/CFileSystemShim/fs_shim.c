#define _GNU_SOURCE
#include "fs_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int pr_open_beneath(int dirfd, const char *path, int extra_flags, int no_links) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | extra_flags);
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (no_links ? RESOLVE_NO_SYMLINKS : 0);
    for (;;) {
        long fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how);
        if (fd >= 0) return (int)fd;
        // EAGAIN: RESOLVE_CACHED is not asked for, but a rename racing the
        // lookup may still ask for a retry.
        if (errno != EINTR && errno != EAGAIN) return -errno;
    }
}
