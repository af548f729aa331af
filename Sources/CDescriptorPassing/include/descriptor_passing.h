#ifndef GALLERY_DESCRIPTOR_PASSING_H
#define GALLERY_DESCRIPTOR_PASSING_H

#include <stddef.h>
#include <sys/types.h>

// One message on a Unix socket with at most one descriptor beside it (SCM_RIGHTS), whose CMSG macros Swift cannot
// import.

/// Sends `length` bytes of `bytes` as one message, with `descriptor` (-1: none); the bytes sent, or -1 and errno.
ssize_t gallery_send_message(int socket, const void *bytes, size_t length, int descriptor);

/// Receives one message of at most `capacity` bytes into `bytes`; a descriptor sent with it (close-on-exec) goes to
/// `*descriptor`, else -1. The bytes received (0 at the end), or -1 and errno.
ssize_t gallery_receive_message(int socket, void *bytes, size_t capacity, int *descriptor);

#endif
