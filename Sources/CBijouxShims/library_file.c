#define _GNU_SOURCE
#include "bijoux_shims.h"

#include <dlfcn.h>

const char *bx_library_file(const void *symbol) {
    Dl_info info;
    if (symbol == NULL || dladdr(symbol, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}
