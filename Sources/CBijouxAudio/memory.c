// The helper's allocator: blocks of 1 MiB and more mapped on their own, so a freed one
// goes back to the system (glibc keeps freed blocks under its mmap threshold, which it
// raises to the largest block freed). A no-op where glibc is not the allocator.
#include "bijoux_audio.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

void bx_audio_return_large_blocks(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
}
