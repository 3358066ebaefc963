#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
