// Descriptors that are close-on-exec from the instant they exist, so a child spawned
// on another thread at that instant inherits none of them: pipe2, accept4 and mkostemp
// are declared by glibc only under _GNU_SOURCE, which Swift's Glibc module does not set.
// macOS has neither pipe2 nor accept4: there the flag is set right after the call, and
// ChildProcess spawns with POSIX_SPAWN_CLOEXEC_DEFAULT, which closes every descriptor
// but the child's three in the child whatever its flag.
#ifndef BIJOUX_DESCRIPTORS_H
#define BIJOUX_DESCRIPTORS_H

/// A pipe, both ends close-on-exec. 0, or -1 with errno set.
int bx_pipe_cloexec(int fds[2]);

/// A socket, close-on-exec and non-blocking. The descriptor, or -1 with errno set.
int bx_socket_cloexec(int domain, int type, int protocol);

/// The next connection on a listening socket, close-on-exec and non-blocking. The
/// descriptor, or -1 with errno set (EAGAIN: none is waiting).
int bx_accept_cloexec(int listener);

/// mkstemp's file, close-on-exec: `template_` ends in XXXXXX, which becomes the name.
/// The descriptor, or -1 with errno set.
int bx_mkstemp_cloexec(char *template_);

#endif
