#define _GNU_SOURCE
#include "bijoux_exchange.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int bx_exchange(const char *a, const char *b) {
#if defined(__APPLE__)
    return renamex_np(a, b, RENAME_SWAP);
#elif defined(__linux__)
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
    errno = ENOTSUP;
    return -1;
#endif
}
