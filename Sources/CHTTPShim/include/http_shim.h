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

/// Opens libmicrohttpd (once; later calls return the first outcome): 0 on
/// success, else -1 with `*error` saying why (dlopen's or dlsym's words).
int pr_http_load(const char **error);

/// Starts a daemon with a thread per connection, polling with poll(),
/// listening on `config`, with the URL and arguments left as sent (no
/// unescaping: the caller decodes, so that an encoded slash stays
/// visible). `*bound_port` gets the port listened on. NULL when it cannot
/// start (errno says why). MHD_start_daemon is variadic, which Swift
/// cannot call; hence this function. pr_http_load must have succeeded.
struct MHD_Daemon *pr_http_start(const pr_http_config *config, MHD_AccessHandlerCallback handler, void *handler_cls,
                                 uint16_t *bound_port);
void pr_http_quiesce(struct MHD_Daemon *daemon);
void pr_http_stop(struct MHD_Daemon *daemon);
/// A header (`kind` MHD_HEADER_KIND) or query argument (MHD_GET_ARGUMENT_KIND), NULL when absent.
const char *pr_http_lookup(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
/// Queues an answer: `status`, `header_count` name/value pairs in
/// `headers` (name, value, name, value...), the body copied.
enum MHD_Result pr_http_respond(struct MHD_Connection *connection, unsigned status, const void *body, size_t size,
                                const char *const *headers, size_t header_count);

#endif
