#define _GNU_SOURCE  // POLLRDHUP
#include <malloc.h>
#include "http_shim.h"
#include "http_deadlines.h"
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libmicrohttpd's functions, looked up when `serve` first needs them.
#define PR_MHD_FUNCTIONS(X) \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_quiesce_daemon) X(MHD_get_daemon_info) \
    X(MHD_get_connection_info) X(MHD_lookup_connection_value) X(MHD_create_response_from_buffer) \
    X(MHD_create_response_from_callback) X(MHD_set_response_options) X(MHD_add_response_header) \
    X(MHD_queue_response) X(MHD_destroy_response)
#define PR_MHD_POINTER(name) static __typeof__(&name) p_##name;
PR_MHD_FUNCTIONS(PR_MHD_POINTER)

static pthread_once_t pr_mhd_once = PTHREAD_ONCE_INIT;
static const char *pr_mhd_error;

static void pr_mhd_open(void) {
    // Debian's soname (0.9.x); the unversioned name only comes with -dev.
    void *lib = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libmicrohttpd.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        pr_mhd_error = dlerror();
        return;
    }
#define PR_MHD_LOOKUP(name) \
    if (!(p_##name = (__typeof__(&name))dlsym(lib, #name))) { pr_mhd_error = "libmicrohttpd lacks " #name; return; }
    PR_MHD_FUNCTIONS(PR_MHD_LOOKUP)
}

int pr_http_load(const char **error) {
    pthread_once(&pr_mhd_once, pr_mhd_open);
    if (pr_mhd_error) {
        *error = pr_mhd_error;
        return -1;
    }
    return 0;
}

struct pr_http_server {
    struct MHD_Daemon *daemon;
    pr_deadlines *deadlines;
    pr_http_config config;
};

// Leaves percent-escapes as they are: the Swift side decodes each path
// segment itself and refuses an encoded slash or NUL.
static size_t pr_keep_escapes(void *cls, struct MHD_Connection *c, char *s) {
    (void)cls; (void)c;
    return strlen(s);
}

static pr_watched *pr_watched_of(struct MHD_Connection *c) {
    const union MHD_ConnectionInfo *info = p_MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

// Called once the headers are read, for each part of a body, and once at
// its end: only then is the request the handler's.
static enum MHD_Result pr_access(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                 const char *version, const char *upload, size_t *upload_size, void **request) {
    (void)version; (void)upload;
    pr_http_server *s = cls;
    if (!*request) {
        // The headers: a non-null request marks them seen. The body still
        // comes under the deadline.
        *request = s;
        return MHD_YES;
    }
    if (*upload_size > 0) {
        *upload_size = 0;  // a body is read and dropped: every route is GET
        return MHD_YES;
    }
    pr_watched *w = pr_watched_of(c);
    // Answering is the handler's time, bounded by its own request timeout;
    // then the client has the deadline again to take the answer.
    pr_deadlines_pause(s->deadlines, w);
    enum MHD_Result queued = s->config.on_request(s->config.cls, c, url, method);
    pr_deadlines_restart(s->deadlines, w);
    return queued;
}

// Every connection is watched from its accept to its close; both calls
// come from the daemon's listening thread, the close before its socket is.
static void pr_connection(void *cls, struct MHD_Connection *c, void **context, enum MHD_ConnectionNotificationCode code) {
    pr_http_server *s = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = p_MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        *context = info ? pr_deadlines_watch(s->deadlines, info->connect_fd) : NULL;
    } else {
        pr_deadlines_forget(s->deadlines, *context);
        *context = NULL;
    }
}

// A request is over (answered, or failed): the next one on the connection
// has the whole deadline from now.
static void pr_completed(void *cls, struct MHD_Connection *c, void **request, enum MHD_RequestTerminationCode code) {
    (void)request; (void)code;
    pr_http_server *s = cls;
    pr_deadlines_restart(s->deadlines, pr_watched_of(c));
}

static void pr_deadline_passed(void *cls) {
    pr_http_server *s = cls;
    s->config.on_event(s->config.cls, PR_HTTP_DEADLINE_PASSED, 0);
}

// libmicrohttpd 0.9.75 tells of the answers it makes itself (a request it
// cannot parse, a header or URI too long) and of the connections it
// refuses at its limits only in these two messages of its log; everything
// else it logs is dropped, as before there was a logger.
#define PR_MHD_ANSWERED "Error processing request (HTTP response code is %u"
#define PR_MHD_REFUSED "Server reached connection limit"

static void pr_log(void *cls, const char *format, va_list ap) {
    pr_http_server *s = cls;
    if (strncmp(format, PR_MHD_ANSWERED, strlen(PR_MHD_ANSWERED)) == 0) {
        va_list copy;
        va_copy(copy, ap);
        unsigned status = va_arg(copy, unsigned);
        va_end(copy);
        s->config.on_event(s->config.cls, PR_HTTP_LIBRARY_ANSWERED, status);
    } else if (strncmp(format, PR_MHD_REFUSED, strlen(PR_MHD_REFUSED)) == 0) {
        s->config.on_event(s->config.cls, PR_HTTP_REFUSED, 0);
    }
}

pr_http_server *pr_http_start(const pr_http_config *config, uint16_t *bound_port) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_ITC
                     | MHD_USE_ERROR_LOG;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, config->host, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(config->port);
        addr = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, config->host, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(config->port);
        addr = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        errno = EINVAL;
        return NULL;
    }
    pr_http_server *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->config = *config;
    s->config.host = NULL;  // not kept: the caller's string
    if (!(s->deadlines = pr_deadlines_start(config->deadline_seconds, pr_deadline_passed, s))) {
        free(s);
        return NULL;
    }
    s->daemon = p_MHD_start_daemon(
        flags, config->port, NULL, NULL, pr_access, s,
        // First, so that nothing it logs while starting reaches stderr.
        MHD_OPTION_EXTERNAL_LOGGER, pr_log, s,
        MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, config->per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, config->idle_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->memory_limit,
        MHD_OPTION_NOTIFY_CONNECTION, pr_connection, s,
        MHD_OPTION_NOTIFY_COMPLETED, pr_completed, s,
        MHD_OPTION_UNESCAPE_CALLBACK, pr_keep_escapes, NULL,
        MHD_OPTION_END);
    if (!s->daemon) {
        int error = errno;
        pr_deadlines_stop(s->deadlines);
        free(s);
        errno = error;
        return NULL;
    }
    const union MHD_DaemonInfo *info = p_MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    *bound_port = info ? info->port : config->port;
    return s;
}

void pr_http_quiesce(pr_http_server *s) { (void)p_MHD_quiesce_daemon(s->daemon); }

void pr_http_stop(pr_http_server *s) {
    // The daemon first: its connections' last notifications still reach
    // the watchdog, which then has none left.
    p_MHD_stop_daemon(s->daemon);
    pr_deadlines_stop(s->deadlines);
    free(s);
}

int pr_http_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = p_MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

int pr_http_client_gone(int fd) {
    if (fd < 0) return 0;
    struct pollfd p = {.fd = fd, .events = POLLRDHUP};
    if (poll(&p, 1, 0) != 1) return 0;
    return (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

const char *pr_http_lookup(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
    return p_MHD_lookup_connection_value(connection, kind, key);
}

static enum MHD_Result pr_queue(struct MHD_Connection *connection, unsigned status, struct MHD_Response *response,
                                const char *const *headers, size_t header_count) {
    if (!response) return MHD_NO;
    for (size_t i = 0; i + 1 < 2 * header_count; i += 2) (void)p_MHD_add_response_header(response, headers[i], headers[i + 1]);
    enum MHD_Result queued = p_MHD_queue_response(connection, status, response);
    p_MHD_destroy_response(response);
    return queued;
}

enum MHD_Result pr_http_respond(struct MHD_Connection *connection, unsigned status, const void *body, size_t size,
                                const char *const *headers, size_t header_count) {
    return pr_queue(connection, status, p_MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY),
                    headers, header_count);
}

// libmicrohttpd never reads the body of an answer that has none (a 304,
// or any answer to HEAD); were it to, the connection is closed rather
// than a body made up.
static ssize_t pr_no_body(void *cls, uint64_t position, char *buffer, size_t size) {
    (void)cls; (void)position; (void)buffer; (void)size;
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

enum MHD_Result pr_http_respond_headers(struct MHD_Connection *connection, unsigned status, uint64_t length,
                                        const char *const *headers, size_t header_count) {
    // 0.9.75 gives a bodiless answer the length its response was made
    // with: the representation's, or none when that is unknown. An
    // unknown length would be chunked on a persistent connection (a body
    // a 304 must not have), so that answer closes the connection instead.
    struct MHD_Response *response = p_MHD_create_response_from_callback(length, 4096, pr_no_body, NULL, NULL);
    if (response && length == PR_HTTP_NO_LENGTH
        && p_MHD_set_response_options(response, MHD_RF_HTTP_VERSION_1_0_ONLY, MHD_RO_END) != MHD_YES) {
        p_MHD_destroy_response(response);
        return MHD_NO;
    }
    return pr_queue(connection, status, response, headers, header_count);
}

void pr_serve_keep_freed_memory(void) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
}
