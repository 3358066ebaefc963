#include "bijoux_shims.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bx_png_reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
    bx_png_info *info;
    png_structp png;
    png_infop png_info;
    jmp_buf jump;
    uint8_t *profile;  // the iCCP chunk's profile, inflated here (libpng does not check it)
};

static void on_error(png_structp png, png_const_charp message) {
    bx_png_reader *reader = png_get_error_ptr(png);
    snprintf(reader->info->message, sizeof reader->info->message, "%s", message);
    longjmp(reader->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    bx_png_reader *reader = png_get_error_ptr(png);
    char *warnings = reader->info->warnings;
    size_t used = strlen(warnings);
    if (used + 2 < sizeof reader->info->warnings) {
        snprintf(warnings + used, sizeof reader->info->warnings - used, "%s%s",
                 used ? "\n" : "", message);
    }
}

static void on_read(png_structp png, png_bytep into, png_size_t length) {
    bx_png_reader *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->offset) png_error(png, "file is truncated");
    memcpy(into, reader->data + reader->offset, length);
    reader->offset += length;
}

static uint32_t big_endian_u32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

void bx_png_end(bx_png_reader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, &reader->png_info, NULL);
    free(reader->profile);
    free(reader);
}

/// The iCCP chunk libpng kept unread: its name, then compression method 0 and the
/// profile deflated. The profile is inflated to at most BX_PNG_CHUNK_MALLOC_MAX bytes;
/// one that is corrupt or larger is reported present with no bytes.
static void read_iccp(bx_png_reader *reader) {
    png_unknown_chunkp chunks;
    int count = png_get_unknown_chunks(reader->png, reader->png_info, &chunks);
    for (int i = 0; i < count; i++) {
        if (memcmp(chunks[i].name, "iCCP", 4) != 0) continue;
        bx_png_info *info = reader->info;
        const uint8_t *data = chunks[i].data;
        size_t size = chunks[i].size, name = 0;
        while (name < size && name < 79 && data[name] != 0) name++;
        info->has_iccp = 1;
        snprintf(info->iccp_name, sizeof info->iccp_name, "%.*s", (int)name, (const char *)data);
        if (name + 2 > size || data[name] != 0 || data[name + 1] != 0) return;
        uint8_t *profile = malloc(BX_PNG_CHUNK_MALLOC_MAX);
        if (!profile) return;
        z_stream stream = {0};
        stream.next_in = (Bytef *)(data + name + 2);
        stream.avail_in = (uInt)(size - name - 2);
        stream.next_out = profile;
        stream.avail_out = BX_PNG_CHUNK_MALLOC_MAX;
        int status = inflateInit(&stream) == Z_OK ? inflate(&stream, Z_FINISH) : Z_DATA_ERROR;
        uLong length = stream.total_out;
        inflateEnd(&stream);
        if (status != Z_STREAM_END) {
            free(profile);
            return;
        }
        reader->profile = profile;
        info->iccp_profile = profile;
        info->iccp_length = (uint32_t)length;
        return;
    }
}

bx_png_status bx_png_begin(const uint8_t *data, size_t size, uint32_t max_side,
                           uint64_t max_pixels, bx_png_info *info, bx_png_reader **out) {
    memset(info, 0, sizeof *info);
    *out = NULL;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(info->message, sizeof info->message, "not a PNG file (bad signature)");
        return BX_PNG_ERROR;
    }
    bx_png_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return BX_PNG_NO_MEMORY;
    reader->data = data;
    reader->size = size;
    reader->info = info;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning);
    if (reader->png) reader->png_info = png_create_info_struct(reader->png);
    if (!reader->png || !reader->png_info) {
        bx_png_end(reader);
        return BX_PNG_NO_MEMORY;
    }
    png_structp png = reader->png;
    png_infop png_info = reader->png_info;
    if (setjmp(reader->jump)) {
        bx_png_status status = BX_PNG_ERROR;
        if ((strstr(info->message, "exceeds user limit") || strstr(info->warnings, "exceeds user limit")) && size >= 24) {
            // libpng refused the IHDR itself; report the claimed size from its bytes.
            status = BX_PNG_TOO_LARGE;
            info->width = big_endian_u32(data + 16);
            info->height = big_endian_u32(data + 20);
        }
        bx_png_end(reader);
        return status;
    }
    png_set_read_fn(png, reader, on_read);
    // libpng's own guard: it rejects an oversized IHDR before any row memory exists.
    png_set_user_limits(png, max_side, max_side);
    // Memory beyond the pixels stays bounded whatever the chunks claim. Chunks the
    // decoder has no use for (text, unknown and private chunks, palettes of
    // suggestions, Exif) are skipped through a fixed buffer without being stored, so a
    // tEXt claiming 2 GB costs nothing; any chunk libpng does keep (iCCP, whose
    // profile it inflates to check) is refused past BX_PNG_CHUNK_MALLOC_MAX, and at
    // most BX_PNG_CHUNK_CACHE_MAX ancillary chunks are kept.
    static const png_byte skipped[] = {
        't', 'E', 'X', 't', '\0', 'z', 'T', 'X', 't', '\0', 'i', 'T', 'X', 't', '\0',
        's', 'P', 'L', 'T', '\0', 'e', 'X', 'I', 'f', '\0', 'p', 'C', 'A', 'L', '\0',
        's', 'C', 'A', 'L', '\0', 't', 'I', 'M', 'E', '\0',
    };
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, (int)(sizeof skipped / 5));
    // iCCP is kept as it is and inflated here: libpng would drop a profile it dislikes
    // (a grey one on an RGB image) with only a warning, and Little CMS is the judge.
    static const png_byte kept[] = {'i', 'C', 'C', 'P', '\0'};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, kept, 1);
    png_set_chunk_malloc_max(png, BX_PNG_CHUNK_MALLOC_MAX);
    png_set_chunk_cache_max(png, BX_PNG_CHUNK_CACHE_MAX);
#ifdef PNG_IGNORE_ADLER32
    // The image data's bytes are checked by each chunk's CRC-32; zlib's Adler-32 over
    // the inflated rows adds nothing to it and costs a pass over every byte.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, png_info);

    png_uint_32 width, height;
    int bit_depth, color_type, interlace;
    png_get_IHDR(png, png_info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    info->width = width;
    info->height = height;
    info->source_color_type = color_type;
    info->source_bit_depth = bit_depth;
    info->interlaced = interlace != PNG_INTERLACE_NONE;
    info->source_has_alpha =
        (color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, png_info, PNG_INFO_tRNS);
    if ((uint64_t)width * height > max_pixels) {
        bx_png_end(reader);
        return BX_PNG_TOO_LARGE;
    }
    double gamma;
    if (png_get_gAMA(png, png_info, &gamma)) {
        info->has_gamma = 1;
        info->gamma = gamma;
    }
    double *c = info->chrm;
    info->has_chrm = png_get_cHRM(png, png_info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) != 0;
    int intent;
    info->has_srgb = png_get_sRGB(png, png_info, &intent) != 0;
    read_iccp(reader);

    // Everything becomes RGBA at 8 or 16 bits; no gamma or colour transform is applied.
    png_set_expand(png);
    if (!(color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    int depth = bit_depth == 16 ? 16 : 8;
    png_set_add_alpha(png, depth == 16 ? 0xffff : 0xff, PNG_FILLER_AFTER);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (depth == 16) png_set_swap(png);
#endif
    png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    info->bit_depth = depth;
    info->row_bytes = png_get_rowbytes(png, png_info);
    if (info->row_bytes != (size_t)width * 4 * depth / 8) png_error(png, "unexpected row layout");
    *out = reader;
    return BX_PNG_OK;
}

bx_png_status bx_png_read_rows(bx_png_reader *reader, void *pixels, uint32_t count) {
    if (setjmp(reader->jump)) return BX_PNG_ERROR;
    for (uint32_t y = 0; y < count; y++) {
        png_read_row(reader->png, (png_bytep)pixels + (size_t)y * reader->info->row_bytes, NULL);
    }
    return BX_PNG_OK;
}

bx_png_status bx_png_read_end(bx_png_reader *reader) {
    if (setjmp(reader->jump)) return BX_PNG_ERROR;
    png_read_end(reader->png, NULL);
    return BX_PNG_OK;
}

bx_png_status bx_png_finish(bx_png_reader *reader, void *pixels) {
    bx_png_info *info = reader->info;
    png_bytepp rows = malloc(sizeof(png_bytep) * info->height);
    if (!rows) return BX_PNG_NO_MEMORY;
    if (setjmp(reader->jump)) {
        free(rows);
        return BX_PNG_ERROR;
    }
    for (png_uint_32 y = 0; y < info->height; y++) {
        rows[y] = (png_bytep)pixels + (size_t)y * info->row_bytes;
    }
    png_read_image(reader->png, rows);
    png_read_end(reader->png, NULL);
    free(rows);
    return BX_PNG_OK;
}
