// Swapping two paths in one step, for AtomicFile (RecoilSnapshot's FileReplacement).
//
// Linux's renameat2 with RENAME_EXCHANGE is not declared by the headers Swift imports (glibc
// declares it only under _GNU_SOURCE, and older C libraries not at all), so it is called here
// through the system call, which every kernel since 3.15 has. Header only: nothing to build
// or link, and on other systems nothing is declared.
#ifndef RECOIL_FILE_EXCHANGE_H
#define RECOIL_FILE_EXCHANGE_H

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Swaps the files at `first` and `second` atomically: 0 when done, else -1 with errno set
/// (ENOENT when either is missing, EINVAL where the file system cannot swap, ENOSYS where the
/// kernel has no renameat2).
static inline int recoil_exchange_paths(const char *first, const char *second) {
#if defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 2u /* RENAME_EXCHANGE */);
#else
  errno = ENOSYS;
  return -1;
#endif
}
#endif

#endif
