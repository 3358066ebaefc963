#include "bijoux_shims.h"

#include <string.h>

int bx_deflate_init_raw(z_stream *stream, int level, int strategy) {
    memset(stream, 0, sizeof *stream);
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, strategy);
}
