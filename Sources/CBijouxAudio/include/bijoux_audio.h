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
/// libavcodec encoder's name ("aac", FFmpeg's native AAC-LC), its `aac_coder` option
/// (the quantiser search: "twoloop", FFmpeg's default, or "fast"; NULL leaves the
/// default), the bit rate, and whether to set AVFMT_FLAG_BITEXACT /
/// AV_CODEC_FLAG_BITEXACT (no library version string in the file or the bitstream).
typedef struct {
    const char *muxer;
    const char *encoder;
    const char *coder;
    int64_t bit_rate;
    int bit_exact;
} bx_aac_settings;

/// An AAC encoder of two channels (no container) that keeps the packets it makes, in
/// order: one encodes a whole track, or one stretch of it while others encode the
/// others (bijoux-aac).
typedef struct bx_aac_encoder bx_aac_encoder;

/// One packet an encoder made: its bytes (the encoder's until it is freed) and its
/// time in samples of the track (the first, priming, packet starts before 0).
typedef struct {
    const uint8_t *data;
    int size;
    int64_t pts;
    int64_t duration;
} bx_aac_packet;

/// Opens an encoder of two channels at `sample_rate`. Returns 0, or a negative FFmpeg
/// error with `message` filled in.
int bx_aac_encoder_open(int sample_rate, bx_aac_settings settings, bx_aac_encoder **out, char *message, size_t message_size);

/// The encoder's frame: how many samples per channel each `bx_aac_encoder_write` takes
/// (fewer only in the last).
int bx_aac_encoder_frame_size(const bx_aac_encoder *encoder);

/// Encodes the next `count` samples of each channel, the first being sample `pts` of
/// the track. Returns 0, or a negative FFmpeg error.
int bx_aac_encoder_write(bx_aac_encoder *encoder, const float *left, const float *right, int count, int64_t pts, char *message,
                         size_t message_size);

/// Ends the input: the packets of the last samples are made.
int bx_aac_encoder_flush(bx_aac_encoder *encoder, char *message, size_t message_size);

/// The packets made so far, in order.
int bx_aac_encoder_packet_count(const bx_aac_encoder *encoder);
bx_aac_packet bx_aac_encoder_packet(const bx_aac_encoder *encoder, int index);

void bx_aac_encoder_free(bx_aac_encoder *encoder);

/// A container held in memory (`settings.muxer`) of one stream, described by an
/// encoder's parameters, its header written.
typedef struct bx_aac_muxer bx_aac_muxer;

int bx_aac_muxer_open(const bx_aac_encoder *encoder, bx_aac_settings settings, bx_aac_muxer **out, char *message, size_t message_size);

/// Writes packet `index` of `from` (any encoder opened with the same settings).
int bx_aac_muxer_write(bx_aac_muxer *muxer, const bx_aac_encoder *from, int index, char *message, size_t message_size);

/// Writes the trailer and hands over the container's bytes.
int bx_aac_muxer_finish(bx_aac_muxer *muxer, bx_audio_bytes *out, char *message, size_t message_size);

void bx_aac_muxer_free(bx_aac_muxer *muxer);

/// Decodes the first audio stream of a container in memory to planar float (a mono
/// stream fills both channels), at most `max_frames` frames: a longer stream is an error
/// (ERANGE), since a few bytes of AAC can claim hours. Returns 0, or a negative FFmpeg
/// error with `message`.
int bx_aac_decode(const uint8_t *data, size_t size, int64_t max_frames, bx_audio_pcm *out, char *message, size_t message_size);

void bx_audio_free(void *pointer);

/// `bx_return_large_blocks` of the tool's shims, for the helper, which links neither
/// them nor libpng: each block of 1 MiB or more (a stretch's samples are 5 MB a channel)
/// mapped on its own and given back to the system when freed, on glibc.
void bx_audio_return_large_blocks(void);

#endif
