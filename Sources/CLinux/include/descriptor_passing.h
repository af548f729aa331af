#ifndef GALLERY_DESCRIPTOR_PASSING_H
#define GALLERY_DESCRIPTOR_PASSING_H

#include <stddef.h>
#include <sys/types.h>

// One message on a Unix socket with at most two descriptors beside it (SCM_RIGHTS), whose CMSG macros Swift cannot
// import.

/// Sends `length` bytes of `bytes` as one message, with `first` and `second` (-1: none; `second` goes only after
/// `first`); the bytes sent, or -1 and errno.
ssize_t gallery_send_message(int socket, const void *bytes, size_t length, int first, int second);

/// Receives one message of at most `capacity` bytes into `bytes`; the first two descriptors sent with it
/// (close-on-exec) go to `*first` and `*second`, else -1 (any more are closed). The bytes received (0 at the end), or
/// -1 and errno.
ssize_t gallery_receive_message(int socket, void *bytes, size_t capacity, int *first, int *second);

#endif
