#ifndef PR_HTTP_SHIM_H
#define PR_HTTP_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <microhttpd.h>

/// What happened on a connection that no request handler saw.
typedef enum {
    /// libmicrohttpd answered by itself (`status`: 400, 414, 431, 505...)
    /// and closed the connection.
    PR_HTTP_LIBRARY_ANSWERED = 1,
    /// Refused at accept, over the connection limit or the limit of its
    /// address: closed without an answer.
    PR_HTTP_REFUSED = 2,
    /// Shut down at its deadline, its request (or the taking of its
    /// answer) unfinished: closed without an answer.
    PR_HTTP_DEADLINE_PASSED = 3,
} pr_http_event;

/// Answers one request whose headers (and body, dropped) are read:
/// queues the answer with pr_http_respond, returns what it returned.
typedef enum MHD_Result (*pr_http_request_handler)(void *cls, struct MHD_Connection *connection, const char *url,
                                                   const char *method);
/// Told of each `pr_http_event`; `status` only for PR_HTTP_LIBRARY_ANSWERED
/// (else 0). Called from libmicrohttpd's threads and the watchdog's.
typedef void (*pr_http_event_handler)(void *cls, pr_http_event event, unsigned status);

/// How `pr_http_start` starts libmicrohttpd's daemon.
typedef struct {
    const char *host;            // an IPv4 or IPv6 address, numeric
    uint16_t port;               // 0: any free port
    unsigned connection_limit;   // connections at once, beyond them refused
    unsigned per_address_limit;  // connections at once from one IP address, beyond them refused
    unsigned idle_seconds;       // a connection silent this long is closed
    unsigned deadline_seconds;   // a request not read (or an answer not taken) this long after it began is cut off
    size_t memory_limit;         // per connection: the request line and headers must fit
    pr_http_request_handler on_request;
    pr_http_event_handler on_event;
    void *cls;                   // given to both handlers; must outlive pr_http_stop
} pr_http_config;

/// A running daemon and its deadline watchdog.
typedef struct pr_http_server pr_http_server;

/// Opens libmicrohttpd (once; later calls return the first outcome): 0 on
/// success, else -1 with `*error` saying why (dlopen's or dlsym's words).
int pr_http_load(const char **error);

/// Starts a daemon with a thread per connection, polling with poll(),
/// listening on `config`, with the URL and arguments left as sent (no
/// unescaping: the caller decodes, so that an encoded slash stays
/// visible). `*bound_port` gets the port listened on. NULL when it cannot
/// start (errno says why). MHD_start_daemon is variadic, which Swift
/// cannot call; hence this function. pr_http_load must have succeeded.
pr_http_server *pr_http_start(const pr_http_config *config, uint16_t *bound_port);
/// Stops accepting; the connections open go on.
void pr_http_quiesce(pr_http_server *server);
/// Closes every connection, waits for their threads and frees `server`:
/// once it returns, no handler is called again.
void pr_http_stop(pr_http_server *server);
/// The socket of `connection`, -1 when unknown: to see whether its client
/// has gone while its answer is made.
int pr_http_connection_fd(struct MHD_Connection *connection);
/// 1 when the client of socket `fd` has closed it (hung up, an error, or
/// the end of its stream: POLLRDHUP), polled without waiting; bytes it
/// sent ahead (a pipelined request) do not count. 0 otherwise.
int pr_http_client_gone(int fd);
/// A header (`kind` MHD_HEADER_KIND) or query argument (MHD_GET_ARGUMENT_KIND), NULL when absent.
const char *pr_http_lookup(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
/// Queues an answer: `status`, `header_count` name/value pairs in
/// `headers` (name, value, name, value...), the body copied. The
/// Content-Length is the body's (libmicrohttpd's own, as for any answer).
enum MHD_Result pr_http_respond(struct MHD_Connection *connection, unsigned status, const void *body, size_t size,
                                const char *const *headers, size_t header_count);
/// Queues an answer that has no body (a 304) whose Content-Length is
/// `length`, the length of the representation it stands for (RFC 9110
/// §8.6), or, when `length` is PR_HTTP_NO_LENGTH, that has no
/// Content-Length at all (the connection is then closed after it, as
/// libmicrohttpd 0.9.75 would otherwise send `Content-Length: 0` or chunk
/// an empty body).
enum MHD_Result pr_http_respond_headers(struct MHD_Connection *connection, unsigned status, uint64_t length,
                                        const char *const *headers, size_t header_count);
#define PR_HTTP_NO_LENGTH 0xFFFFFFFFFFFFFFFFull  // MHD_SIZE_UNKNOWN

/// Keeps the memory a render frees for the next one, process-wide: blocks
/// up to 32 MiB come from malloc's heaps rather than their own mappings,
/// and a heap is not given back to the system while it holds less than
/// 256 MiB free. A server renders the same sizes over and over; given back
/// and mapped again, every render's pixels (some 30 MB for a 12 MP story)
/// were new zeroed pages, a fault each 4 KiB (about 8 ms a story). The
/// peak is the same; the resident size stays near it between requests.
void pr_serve_keep_freed_memory(void);

#endif
