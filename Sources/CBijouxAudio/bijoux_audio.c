#include "bijoux_audio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>

// A growable, seekable memory file for libavformat's callbacks.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    size_t position;
} memory_file;

static void set_message(char *message, size_t size, const char *what, int error) {
    char reason[AV_ERROR_MAX_STRING_SIZE] = {0};
    av_strerror(error, reason, sizeof reason);
    snprintf(message, size, "%s: %s", what, reason);
}

#if LIBAVFORMAT_VERSION_MAJOR >= 61
static int memory_write(void *opaque, const uint8_t *buffer, int count) {
#else
static int memory_write(void *opaque, uint8_t *buffer, int count) {
#endif
    memory_file *file = opaque;
    size_t end = file->position + (size_t)count;
    if (end > file->capacity) {
        size_t capacity = file->capacity ? file->capacity : 65536;
        while (capacity < end) capacity *= 2;
        uint8_t *grown = realloc(file->data, capacity);
        if (!grown) return AVERROR(ENOMEM);
        file->data = grown;
        file->capacity = capacity;
    }
    if (file->position > file->size) memset(file->data + file->size, 0, file->position - file->size);
    memcpy(file->data + file->position, buffer, (size_t)count);
    file->position = end;
    if (end > file->size) file->size = end;
    return count;
}

static int memory_read(void *opaque, uint8_t *buffer, int count) {
    memory_file *file = opaque;
    if (file->position >= file->size) return AVERROR_EOF;
    size_t available = file->size - file->position;
    size_t taken = available < (size_t)count ? available : (size_t)count;
    memcpy(buffer, file->data + file->position, taken);
    file->position += taken;
    return (int)taken;
}

static int64_t memory_seek(void *opaque, int64_t offset, int whence) {
    memory_file *file = opaque;
    int64_t base;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return (int64_t)file->size;
    case SEEK_SET: base = 0; break;
    case SEEK_CUR: base = (int64_t)file->position; break;
    case SEEK_END: base = (int64_t)file->size; break;
    default: return AVERROR(EINVAL);
    }
    if (base + offset < 0) return AVERROR(EINVAL);
    file->position = (size_t)(base + offset);
    return (int64_t)file->position;
}

static AVIOContext *memory_context(memory_file *file, int writable) {
    const int buffer_size = 65536;
    uint8_t *buffer = av_malloc(buffer_size);
    if (!buffer) return NULL;
    AVIOContext *context = avio_alloc_context(buffer, buffer_size, writable, file,
                                              writable ? NULL : memory_read,
                                              writable ? memory_write : NULL, memory_seek);
    if (!context) av_free(buffer);
    return context;
}

static void free_memory_context(AVIOContext **context) {
    if (*context) av_freep(&(*context)->buffer);
    avio_context_free(context);
}

struct bx_aac_encoder {
    AVCodecContext *codec;
    AVFrame *frame;
    AVPacket *packet;
    AVPacket **packets;
    int count;
    int capacity;
};

void bx_aac_encoder_free(bx_aac_encoder *e) {
    if (!e) return;
    for (int i = 0; i < e->count; i++) av_packet_free(&e->packets[i]);
    free(e->packets);
    av_packet_free(&e->packet);
    av_frame_free(&e->frame);
    avcodec_free_context(&e->codec);
    free(e);
}

int bx_aac_encoder_open(int sample_rate, bx_aac_settings settings, bx_aac_encoder **out, char *message, size_t message_size) {
    // Failures come back as return codes and messages; nothing goes to stderr.
    av_log_set_level(AV_LOG_QUIET);
    *out = NULL;
    const char *step = "finding the encoder";
    int status = AVERROR_ENCODER_NOT_FOUND;
    AVDictionary *options = NULL;
    bx_aac_encoder *e = calloc(1, sizeof *e);
    const AVCodec *encoder = avcodec_find_encoder_by_name(settings.encoder);
    if (!e || !encoder) goto done;
    step = "allocating the encoder";
    status = AVERROR(ENOMEM);
    e->codec = avcodec_alloc_context3(encoder);
    e->frame = av_frame_alloc();
    e->packet = av_packet_alloc();
    if (!e->codec || !e->frame || !e->packet) goto done;

    AVCodecContext *codec = e->codec;
    codec->sample_fmt = AV_SAMPLE_FMT_FLTP;
    codec->sample_rate = sample_rate;
    codec->bit_rate = settings.bit_rate;
#ifdef AV_PROFILE_AAC_LOW
    codec->profile = AV_PROFILE_AAC_LOW;  // FFmpeg 7 and later
#else
    codec->profile = FF_PROFILE_AAC_LOW;
#endif
    codec->time_base = (AVRational){1, sample_rate};
    av_channel_layout_default(&codec->ch_layout, 2);
    if (settings.bit_exact) codec->flags |= AV_CODEC_FLAG_BITEXACT;
    // MP4 keeps the decoder's configuration in its header, not in the stream.
    codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    step = "setting the coder";
    status = settings.coder ? av_dict_set(&options, "aac_coder", settings.coder, 0) : 0;
    if (status < 0) goto done;
    step = "opening the encoder";
    status = avcodec_open2(codec, encoder, &options);
    // An option the encoder did not take is left in the dictionary: a mistake.
    if (status >= 0 && av_dict_count(options) > 0) status = AVERROR_OPTION_NOT_FOUND;

done:
    av_dict_free(&options);
    if (status < 0) {
        set_message(message, message_size, step, status);
        bx_aac_encoder_free(e);
        return status;
    }
    *out = e;
    return 0;
}

int bx_aac_encoder_frame_size(const bx_aac_encoder *encoder) { return encoder->codec->frame_size; }

// Sends `frame` (NULL: flush) and keeps every packet the encoder has ready.
static int encode_and_keep(bx_aac_encoder *e, AVFrame *frame) {
    int status = avcodec_send_frame(e->codec, frame);
    if (status < 0) return status;
    for (;;) {
        status = avcodec_receive_packet(e->codec, e->packet);
        if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return 0;
        if (status < 0) return status;
        if (e->count == e->capacity) {
            int capacity = e->capacity ? e->capacity * 2 : 256;
            AVPacket **grown = realloc(e->packets, (size_t)capacity * sizeof *grown);
            if (!grown) return AVERROR(ENOMEM);
            e->packets = grown;
            e->capacity = capacity;
        }
        e->packets[e->count] = av_packet_alloc();
        if (!e->packets[e->count]) return AVERROR(ENOMEM);
        av_packet_move_ref(e->packets[e->count++], e->packet);
    }
}

int bx_aac_encoder_write(bx_aac_encoder *e, const float *left, const float *right, int count, int64_t pts, char *message,
                         size_t message_size) {
    AVFrame *frame = e->frame;
    av_frame_unref(frame);
    frame->nb_samples = count;
    frame->format = e->codec->sample_fmt;
    frame->sample_rate = e->codec->sample_rate;
    int status = av_channel_layout_copy(&frame->ch_layout, &e->codec->ch_layout);
    if (status >= 0) status = av_frame_get_buffer(frame, 0);
    if (status >= 0) {
        memcpy(frame->data[0], left, (size_t)count * sizeof(float));
        memcpy(frame->data[1], right, (size_t)count * sizeof(float));
        frame->pts = pts;
        status = encode_and_keep(e, frame);
    }
    if (status < 0) set_message(message, message_size, "encoding", status);
    return status < 0 ? status : 0;
}

int bx_aac_encoder_flush(bx_aac_encoder *e, char *message, size_t message_size) {
    int status = encode_and_keep(e, NULL);
    if (status < 0) set_message(message, message_size, "encoding", status);
    return status < 0 ? status : 0;
}

int bx_aac_encoder_packet_count(const bx_aac_encoder *e) { return e->count; }

bx_aac_packet bx_aac_encoder_packet(const bx_aac_encoder *e, int index) {
    const AVPacket *packet = e->packets[index];
    return (bx_aac_packet){.data = packet->data, .size = packet->size, .pts = packet->pts, .duration = packet->duration};
}

struct bx_aac_muxer {
    memory_file file;
    AVFormatContext *format;
    AVIOContext *io;
    AVStream *stream;
    AVRational time_base;
    AVPacket *packet;
};

void bx_aac_muxer_free(bx_aac_muxer *m) {
    if (!m) return;
    free(m->file.data);
    av_packet_free(&m->packet);
    avformat_free_context(m->format);
    free_memory_context(&m->io);
    free(m);
}

int bx_aac_muxer_open(const bx_aac_encoder *encoder, bx_aac_settings settings, bx_aac_muxer **out, char *message, size_t message_size) {
    av_log_set_level(AV_LOG_QUIET);
    *out = NULL;
    const char *step = "allocating the muxer";
    int status = AVERROR(ENOMEM);
    bx_aac_muxer *m = calloc(1, sizeof *m);
    if (!m) goto done;
    status = avformat_alloc_output_context2(&m->format, NULL, settings.muxer, NULL);
    if (status < 0) goto done;
    status = AVERROR(ENOMEM);
    m->io = memory_context(&m->file, 1);
    m->packet = av_packet_alloc();
    if (!m->io || !m->packet) goto done;
    if (settings.bit_exact) m->format->flags |= AVFMT_FLAG_BITEXACT;

    step = "adding the stream";
    m->stream = avformat_new_stream(m->format, NULL);
    if (!m->stream) goto done;
    m->time_base = encoder->codec->time_base;
    m->stream->time_base = m->time_base;
    status = avcodec_parameters_from_context(m->stream->codecpar, encoder->codec);
    if (status < 0) goto done;

    m->format->pb = m->io;
    m->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    step = "writing the header";
    status = avformat_write_header(m->format, NULL);

done:
    if (status < 0) {
        set_message(message, message_size, step, status);
        bx_aac_muxer_free(m);
        return status;
    }
    *out = m;
    return 0;
}

int bx_aac_muxer_write(bx_aac_muxer *m, const bx_aac_encoder *from, int index, char *message, size_t message_size) {
    int status = av_packet_ref(m->packet, from->packets[index]);
    if (status >= 0) {
        m->packet->stream_index = m->stream->index;
        av_packet_rescale_ts(m->packet, m->time_base, m->stream->time_base);
        status = av_interleaved_write_frame(m->format, m->packet);
    }
    av_packet_unref(m->packet);
    if (status < 0) set_message(message, message_size, "writing a packet", status);
    return status < 0 ? status : 0;
}

int bx_aac_muxer_finish(bx_aac_muxer *m, bx_audio_bytes *out, char *message, size_t message_size) {
    int status = av_write_trailer(m->format);
    if (status < 0) {
        set_message(message, message_size, "writing the trailer", status);
        return status;
    }
    avio_flush(m->io);
    out->data = m->file.data;
    out->size = m->file.size;
    m->file.data = NULL;
    return 0;
}

static int append_samples(bx_audio_pcm *pcm, int64_t *capacity, int64_t max_frames, const AVFrame *frame) {
    if (frame->format != AV_SAMPLE_FMT_FLTP) return AVERROR(EINVAL);
    int64_t needed = pcm->frames + frame->nb_samples;
    if (needed > max_frames) return AVERROR(ERANGE);
    if (needed > *capacity) {
        int64_t grown = *capacity ? *capacity : 65536;
        while (grown < needed) grown *= 2;
        float *left = realloc(pcm->left, (size_t)grown * sizeof(float));
        if (!left) return AVERROR(ENOMEM);
        pcm->left = left;
        float *right = realloc(pcm->right, (size_t)grown * sizeof(float));
        if (!right) return AVERROR(ENOMEM);
        pcm->right = right;
        *capacity = grown;
    }
    int channels = frame->ch_layout.nb_channels;
    memcpy(pcm->left + pcm->frames, frame->data[0], (size_t)frame->nb_samples * sizeof(float));
    memcpy(pcm->right + pcm->frames, frame->data[channels > 1 ? 1 : 0], (size_t)frame->nb_samples * sizeof(float));
    pcm->frames = needed;
    return 0;
}

// Sends `packet` (NULL: flush) and appends every frame the decoder has ready.
static int decode_and_append(AVCodecContext *codec, const AVPacket *packet, AVFrame *frame,
                             bx_audio_pcm *pcm, int64_t *capacity, int64_t max_frames) {
    int status = avcodec_send_packet(codec, packet);
    if (status < 0) return status;
    for (;;) {
        status = avcodec_receive_frame(codec, frame);
        if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return 0;
        if (status < 0) return status;
        status = append_samples(pcm, capacity, max_frames, frame);
        av_frame_unref(frame);
        if (status < 0) return status;
    }
}

int bx_aac_decode(const uint8_t *data, size_t size, int64_t max_frames, bx_audio_pcm *out, char *message, size_t message_size) {
    memory_file file = {.data = (uint8_t *)data, .size = size, .capacity = size};
    AVFormatContext *format = avformat_alloc_context();
    AVIOContext *io = memory_context(&file, 0);
    AVCodecContext *codec = NULL;
    AVFrame *frame = av_frame_alloc();
    AVPacket *packet = av_packet_alloc();
    bx_audio_pcm pcm = {0};
    int64_t capacity = 0;
    av_log_set_level(AV_LOG_QUIET);
    const char *step = "allocating";
    int status = AVERROR(ENOMEM);
    if (!format || !io || !frame || !packet) goto done;
    format->pb = io;
    format->flags |= AVFMT_FLAG_CUSTOM_IO;
    step = "opening the container";
    status = avformat_open_input(&format, NULL, NULL, NULL);
    if (status < 0) goto done;
    step = "reading the streams";
    status = avformat_find_stream_info(format, NULL);
    if (status < 0) goto done;
    const AVCodec *decoder = NULL;
    step = "finding an audio stream";
    status = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
    if (status < 0) goto done;
    int stream = status;
    status = AVERROR(ENOMEM);
    codec = avcodec_alloc_context3(decoder);
    if (!codec) goto done;
    status = avcodec_parameters_to_context(codec, format->streams[stream]->codecpar);
    if (status < 0) goto done;
    codec->flags |= AV_CODEC_FLAG_BITEXACT;
    step = "opening the decoder";
    status = avcodec_open2(codec, decoder, NULL);
    if (status < 0) goto done;
    pcm.sample_rate = codec->sample_rate;
    pcm.channels = codec->ch_layout.nb_channels;

    step = "decoding";
    while ((status = av_read_frame(format, packet)) >= 0) {
        if (packet->stream_index == stream) status = decode_and_append(codec, packet, frame, &pcm, &capacity, max_frames);
        av_packet_unref(packet);
        if (status < 0) goto done;
    }
    if (status != AVERROR_EOF) goto done;
    status = decode_and_append(codec, NULL, frame, &pcm, &capacity, max_frames);
    if (status < 0) goto done;
    *out = pcm;
    pcm.left = pcm.right = NULL;

done:
    if (status < 0) set_message(message, message_size, step, status);
    free(pcm.left);
    free(pcm.right);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    free_memory_context(&io);
    return status < 0 ? status : 0;
}

void bx_audio_free(void *pointer) { free(pointer); }
