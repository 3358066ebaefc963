#include "bijoux_shims.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

void bx_return_large_blocks(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}
