#define _GNU_SOURCE
#include "descriptor_passing.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

ssize_t gallery_send_message(int socket, const void *bytes, size_t length, int first, int second) {
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = length};
    union {
        char buffer[CMSG_SPACE(2 * sizeof(int))];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
    int descriptors[2] = {first, second};
    size_t count = first < 0 ? 0 : second < 0 ? 1 : 2;
    if (count > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(count * sizeof(int));
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(count * sizeof(int));
        memcpy(CMSG_DATA(header), descriptors, count * sizeof(int));
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t gallery_receive_message(int socket, void *bytes, size_t capacity, int *first, int *second) {
    *first = -1;
    *second = -1;
    struct iovec vector = {.iov_base = bytes, .iov_len = capacity};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * 4)];
        struct cmsghdr align;
    } control;
    struct msghdr message = {
        .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof control.buffer};
    ssize_t received;
    do {
        received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return received;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < count; index++) {
            int received_descriptor;
            memcpy(&received_descriptor, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            // The first two are kept; any more a peer sent are closed, never leaked.
            if (*first < 0) {
                *first = received_descriptor;
            } else if (*second < 0) {
                *second = received_descriptor;
            } else {
                close(received_descriptor);
            }
        }
    }
    if (message.msg_flags & MSG_TRUNC) {
        if (*first >= 0) close(*first);
        if (*second >= 0) close(*second);
        *first = -1;
        *second = -1;
        errno = EMSGSIZE;
        return -1;
    }
    return received;
}
