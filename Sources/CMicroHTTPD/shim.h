#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/socket.h>
// Headers only: libmicrohttpd is opened when `serve` starts (CHTTPShim,
// dlopen), not linked, so every other command (and --version) starts
// without it and the TLS libraries it pulls in (gnutls, nettle, p11-kit).
#include <microhttpd.h>
