#include "http_shim.h"
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>

// libmicrohttpd's functions, looked up when `serve` first needs them.
#define PR_MHD_FUNCTIONS(X) \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_quiesce_daemon) X(MHD_get_daemon_info) \
    X(MHD_lookup_connection_value) X(MHD_create_response_from_buffer) X(MHD_add_response_header) \
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

// Leaves percent-escapes as they are: the Swift side decodes each path
// segment itself and refuses an encoded slash or NUL.
static size_t pr_keep_escapes(void *cls, struct MHD_Connection *c, char *s) {
    (void)cls; (void)c;
    return strlen(s);
}

struct MHD_Daemon *pr_http_start(const pr_http_config *config, MHD_AccessHandlerCallback handler, void *handler_cls,
                                 uint16_t *bound_port) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_ITC;
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
    struct MHD_Daemon *d = p_MHD_start_daemon(
        flags, config->port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, config->timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->memory_limit,
        MHD_OPTION_UNESCAPE_CALLBACK, pr_keep_escapes, NULL,
        MHD_OPTION_END);
    if (!d) return NULL;
    const union MHD_DaemonInfo *info = p_MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    *bound_port = info ? info->port : config->port;
    return d;
}

void pr_http_quiesce(struct MHD_Daemon *daemon) { (void)p_MHD_quiesce_daemon(daemon); }

void pr_http_stop(struct MHD_Daemon *daemon) { p_MHD_stop_daemon(daemon); }

const char *pr_http_lookup(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
    return p_MHD_lookup_connection_value(connection, kind, key);
}

enum MHD_Result pr_http_respond(struct MHD_Connection *connection, unsigned status, const void *body, size_t size,
                                const char *const *headers, size_t header_count) {
    struct MHD_Response *response = p_MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!response) return MHD_NO;
    for (size_t i = 0; i + 1 < 2 * header_count; i += 2) (void)p_MHD_add_response_header(response, headers[i], headers[i + 1]);
    enum MHD_Result queued = p_MHD_queue_response(connection, status, response);
    p_MHD_destroy_response(response);
    return queued;
}
