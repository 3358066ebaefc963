// Swapping two paths in one atomic step, which neither Glibc's nor Darwin's Swift
// module exposes: renameat2(RENAME_EXCHANGE) on Linux, renamex_np(RENAME_SWAP) on macOS.
#ifndef BIJOUX_EXCHANGE_H
#define BIJOUX_EXCHANGE_H

/// Exchanges the directory entries `a` and `b` (both must exist) atomically: at every
/// instant each name refers to one of the two. 0 on success, -1 with errno set
/// (EINVAL or ENOTSUP: the file system cannot exchange).
int bx_exchange(const char *a, const char *b);

#endif
