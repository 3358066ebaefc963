// Thin C shims over FFmpeg for the audio stage: libavformat writes and reads through
// callbacks on a memory buffer (seekable, which the MP4 muxer needs to write its
// index), and its error codes are function-like macros Swift cannot import. What
// is encoded, how and with which flags is decided by the Swift caller.
#ifndef BIJOUX_AUDIO_H
#define BIJOUX_AUDIO_H

#include <stddef.h>
#include <stdint.h>

/// Bytes allocated by these functions; free with `bx_audio_free`.
typedef struct {
    uint8_t *data;
    size_t size;
} bx_audio_bytes;

/// Planar float samples allocated by `bx_aac_decode`; free with `bx_audio_free`.
typedef struct {
    float *left;
    float *right;
    int64_t frames;
    int sample_rate;
    int channels;
} bx_audio_pcm;

/// How to encode: the libavformat muxer's short name ("ipod" writes .m4a), the
/// libavcodec encoder's name ("aac", FFmpeg's native AAC-LC), the bit rate, and
/// whether to set AVFMT_FLAG_BITEXACT / AV_CODEC_FLAG_BITEXACT (no library version
/// string in the file or the bitstream).
typedef struct {
    const char *muxer;
    const char *encoder;
    int64_t bit_rate;
    int bit_exact;
} bx_aac_settings;

/// Encodes two channels of `frames` samples at `sample_rate` into a container held
/// in memory. Returns 0, or a negative FFmpeg error with `message` filled in.
int bx_aac_encode(const float *left, const float *right, int64_t frames, int sample_rate,
                  bx_aac_settings settings, bx_audio_bytes *out, char *message, size_t message_size);

/// Decodes the first audio stream of a container in memory to planar float (a mono
/// stream fills both channels). Returns 0, or a negative FFmpeg error with `message`.
int bx_aac_decode(const uint8_t *data, size_t size, bx_audio_pcm *out, char *message, size_t message_size);

void bx_audio_free(void *pointer);

#endif
