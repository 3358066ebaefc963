/* The benchmark's reference: a bare libpng decode -> encode round trip with
 * libpng's defaults (zlib level 6, adaptive filters), single-threaded. Every
 * existing tool sits at or above this floor; bijoux-assets key is measured as a
 * ratio against it in the same run.
 *
 * usage: png_roundtrip IN.png OUT.png [rgba]
 *   rgba: write RGBA (expanding as libpng would for a keyed image) instead of the
 *         input's own format. With a keyed image as input this gives "libpng's
 *         level-6 encoding of the same keyed pixels", the size reference. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s IN.png OUT.png [rgba]\n", argv[0]); return 2; }
    int force_rgba = argc > 3 && strcmp(argv[3], "rgba") == 0;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) { fprintf(stderr, "%s\n", image.message); return 1; }
    image.format = force_rgba ? PNG_FORMAT_RGBA : (image.format & PNG_FORMAT_FLAG_ALPHA ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB);
    png_bytep buffer = malloc(PNG_IMAGE_SIZE(image));
    if (!buffer || !png_image_finish_read(&image, NULL, buffer, 0, NULL)) { fprintf(stderr, "%s\n", image.message); return 1; }
    /* The low-level writer, to get libpng's default compression exactly. */
    FILE *out = fopen(argv[2], "wb");
    if (!out) { perror(argv[2]); return 1; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "write failed\n"); return 1; }
    png_init_io(png, out);
    int channels = PNG_IMAGE_SAMPLE_CHANNELS(image.format);
    png_set_IHDR(png, info, image.width, image.height, 8, channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t stride = (size_t)image.width * channels;
    for (png_uint_32 y = 0; y < image.height; y++) png_write_row(png, buffer + y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    fclose(out);
    free(buffer);
    return 0;
}
