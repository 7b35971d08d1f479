#ifndef PR_HTTP_DEADLINES_H
#define PR_HTTP_DEADLINES_H
// The request deadline libmicrohttpd 0.9.75 lacks (its connection timeout
// is an idle timer that every byte restarts, so a client sending a byte a
// second is never closed). Private to CHTTPShim: no libmicrohttpd here,
// only sockets, a list and a thread.

/// The watchdog of one daemon: its connections and the thread that closes
/// those past their deadline.
typedef struct pr_deadlines pr_deadlines;
/// One connection under the watchdog.
typedef struct pr_watched pr_watched;

/// Starts the watchdog thread: a connection whose clock runs for
/// `seconds` is shut down (shutdown(2), both ways), and `expired(cls)`
/// is called once for it, outside the watchdog's lock. NULL when it
/// cannot start (errno says why).
pr_deadlines *pr_deadlines_start(unsigned seconds, void (*expired)(void *cls), void *cls);
/// Stops and joins the thread, then frees the watchdog and any
/// connection still on it. Call after no callback can reach it.
void pr_deadlines_stop(pr_deadlines *deadlines);

/// Watches socket `fd` with its clock started. NULL when out of memory
/// (the connection then has no deadline, only the idle timeout).
pr_watched *pr_deadlines_watch(pr_deadlines *deadlines, int fd);
/// Stops the clock of `watched` (NULL: nothing to do).
void pr_deadlines_pause(pr_deadlines *deadlines, pr_watched *watched);
/// Starts the clock of `watched` again from now (NULL: nothing to do).
void pr_deadlines_restart(pr_deadlines *deadlines, pr_watched *watched);
/// Takes `watched` off the watchdog and frees it; its socket must still
/// be open (the watchdog may be shutting it down at this moment).
void pr_deadlines_forget(pr_deadlines *deadlines, pr_watched *watched);

#endif
