// Thin C shims for what Swift cannot do directly: libpng reports errors by
// longjmp (which must not cross Swift frames), zlib's init calls are macros, and
// dladdr, pipe2, accept4 and mkostemp are behind _GNU_SOURCE in glibc's headers.
#ifndef BIJOUX_SHIMS_H
#define BIJOUX_SHIMS_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

#include "bijoux_descriptors.h"
#include "bijoux_exchange.h"

/// Outcome of a decode: OK, a libpng error (message filled in), an image over the
/// size limits (width/height filled in, nothing allocated), or out of memory.
typedef enum {
    BX_PNG_OK = 0,
    BX_PNG_ERROR = 1,
    BX_PNG_TOO_LARGE = 2,
    BX_PNG_NO_MEMORY = 3,
} bx_png_status;

/// What a PNG's header says, and how it will be decoded: always expanded to RGBA,
/// 8 bits per sample for sources of 8 bits or fewer, 16 bits (native endian) for
/// 16-bit sources. No gamma or colour transform is applied here: the colour chunks
/// are reported for the caller to apply (ColourSpace.swift).
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;          // 8 or 16: bits per sample of the decoded pixels
    size_t row_bytes;       // width * 4 * bit_depth / 8
    // What the source file was, for policies and reports.
    int source_color_type;  // PNG colour type 0, 2, 3, 4 or 6
    int source_bit_depth;   // 1, 2, 4, 8 or 16
    int source_has_alpha;   // an alpha channel or a tRNS chunk
    int interlaced;
    int has_gamma;          // gAMA present; gamma holds its value
    double gamma;
    int has_srgb;           // sRGB chunk present
    int has_chrm;           // cHRM present; chrm holds white x, y, red x, y, green x, y, blue x, y
    double chrm[8];
    int has_iccp;           // iCCP chunk present; iccp_name holds its name
    char iccp_name[80];
    const uint8_t *iccp_profile;  // the inflated profile (NULL if it cannot be), alive until bx_png_end
    uint32_t iccp_length;
    char message[256];      // the error, when a call does not return OK
    char warnings[512];     // libpng warnings, '\n'-separated
} bx_png_info;

typedef struct bx_png_reader bx_png_reader;

/// The most memory libpng may allocate for one chunk it keeps, and the largest iCCP
/// profile inflated: real profiles are a few kilobytes to a few hundred.
#define BX_PNG_CHUNK_MALLOC_MAX (1u << 20)
/// The most ancillary chunks libpng keeps from one file.
#define BX_PNG_CHUNK_CACHE_MAX 32u

/// Reads a PNG held in memory up to its first image data. Refuses images wider or
/// taller than max_side, or with more than max_pixels pixels, before any pixel memory
/// is allocated. On OK, *reader must be passed to bx_png_finish (or bx_png_read_rows
/// and bx_png_read_end) and then bx_png_end.
/// The data must stay alive until bx_png_end.
bx_png_status bx_png_begin(const uint8_t *data, size_t size, uint32_t max_side,
                           uint64_t max_pixels, bx_png_info *info, bx_png_reader **reader);
/// Decodes all rows into pixels (info->row_bytes * info->height bytes, caller-owned)
/// and checks the rest of the file through IEND.
bx_png_status bx_png_finish(bx_png_reader *reader, void *pixels);
/// For a file that is not interlaced: decodes its next `count` rows into pixels
/// (info->row_bytes each, consecutive), so a caller can work on the first rows while
/// later ones are decoded. After the last row, bx_png_read_end checks the rest of the
/// file through IEND.
bx_png_status bx_png_read_rows(bx_png_reader *reader, void *pixels, uint32_t count);
bx_png_status bx_png_read_end(bx_png_reader *reader);
void bx_png_end(bx_png_reader *reader);

/// deflateInit2 for a raw deflate stream (no zlib header), so independently
/// compressed pieces can be joined into one stream.
int bx_deflate_init_raw(z_stream *stream, int level, int strategy);

/// The path of the shared library (or executable) whose code holds `symbol`, as the
/// dynamic loader loaded it (`dladdr`), or NULL; the string lives as long as the library.
const char *bx_library_file(const void *symbol);

/// Has glibc map each block of 1 MiB or more on its own and unmap it when it is freed (a
/// fixed M_MMAP_THRESHOLD, which malloc.h alone declares). By default glibc raises that
/// threshold to the largest block freed, up to 32 MiB, and freed blocks below it stay in
/// the heap: a build that frees many blocks of a few megabytes then holds them all.
/// Nothing elsewhere (macOS returns large blocks on its own).
void bx_return_large_blocks(void);

#endif
