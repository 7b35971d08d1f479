#ifndef PR_HTTP_SHIM_H
#define PR_HTTP_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <microhttpd.h>

/// How `pr_http_start` starts libmicrohttpd's daemon.
typedef struct {
    const char *host;            // an IPv4 or IPv6 address, numeric
    uint16_t port;               // 0: any free port
    unsigned connection_limit;   // connections at once, beyond them refused
    unsigned timeout_seconds;    // an idle or slow connection is closed after it
    size_t memory_limit;         // per connection: the request line and headers must fit
} pr_http_config;

/// MHD_start_daemon is variadic, which Swift cannot call: this starts a
/// daemon with a thread per connection, polling with poll(), listening on
/// `config`, with the URL and arguments left as sent (no unescaping: the
/// caller decodes, so that an encoded slash stays visible). `*bound_port`
/// gets the port listened on. NULL when it cannot start (errno says why).
struct MHD_Daemon *pr_http_start(const pr_http_config *config, MHD_AccessHandlerCallback handler, void *handler_cls,
                                 MHD_RequestCompletedCallback completed, void *completed_cls, uint16_t *bound_port);

#endif
