// openat2(2) for FileSystem: glibc 2.36 has no wrapper for it, and
// syscall(2) is variadic, which Swift cannot call.
#ifndef PHOTICASE_FS_SHIM_H
#define PHOTICASE_FS_SHIM_H

/// Opens `path` below the folder `dirfd` read-only (O_RDONLY | O_NONBLOCK
/// | O_CLOEXEC | O_NOCTTY, plus `extra_flags`), resolving every component
/// as the kernel sees it at this moment and never outside `dirfd`: a link
/// that stays inside is followed, one that leads out (an absolute target,
/// `..` above the folder) fails with EXDEV, and /proc's magic links fail
/// with ELOOP. With `no_links`, no link at all is followed (ELOOP).
/// Returns the descriptor, or -errno (ENOSYS on a kernel before 5.6).
int pr_open_beneath(int dirfd, const char *path, int extra_flags, int no_links);

#endif
