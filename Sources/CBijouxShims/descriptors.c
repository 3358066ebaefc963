#define _GNU_SOURCE
#include "bijoux_descriptors.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#if !defined(__linux__)
// Sets close-on-exec and, when asked, non-blocking on `fd`; closes it on failure.
static int bx_flag(int fd, int nonblocking) {
    if (fd < 0) return fd;
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 || (nonblocking && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0)) {
        close(fd);
        return -1;
    }
    return fd;
}
#endif

int bx_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) < 0) return -1;
    if (bx_flag(fds[0], 0) < 0) {
        close(fds[1]);
        return -1;
    }
    if (bx_flag(fds[1], 0) < 0) {
        close(fds[0]);
        return -1;
    }
    return 0;
#endif
}

int bx_socket_cloexec(int domain, int type, int protocol) {
#if defined(__linux__)
    return socket(domain, type | SOCK_CLOEXEC | SOCK_NONBLOCK, protocol);
#else
    return bx_flag(socket(domain, type, protocol), 1);
#endif
}

int bx_accept_cloexec(int listener) {
#if defined(__linux__)
    return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
#else
    return bx_flag(accept(listener, NULL, NULL), 1);
#endif
}

int bx_mkstemp_cloexec(char *template_) {
    return mkostemp(template_, O_CLOEXEC);
}
