#include "http_deadlines.h"
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>

struct pr_watched {
    int fd;
    // The socket's identity when it was accepted: a descriptor number is
    // shut down only while it still names that socket.
    dev_t dev;
    ino_t ino;
    int64_t deadline;  // CLOCK_MONOTONIC nanoseconds; 0: the clock is stopped
    pr_watched *prev, *next;
};

struct pr_deadlines {
    pthread_mutex_t lock;  // guards everything below but `thread`
    pthread_cond_t wake;   // signalled only to stop
    pthread_t thread;
    int stopping;
    int64_t span;          // nanoseconds from a clock's start to its deadline
    pr_watched *head;
    void (*expired)(void *cls);
    void *cls;
};

static int64_t pr_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

// Shuts down the connections past their deadline and stops their clocks;
// returns how many, and in `*next` when the watchdog must look again.
static unsigned pr_expire(pr_deadlines *d, int64_t now, int64_t *next) {
    unsigned closed = 0;
    // Every clock starts at its start + span, so one started after this
    // scan expires no sooner than now + span: no need to wake for it.
    *next = now + d->span;
    for (pr_watched *w = d->head; w; w = w->next) {
        if (w->deadline == 0) continue;
        if (w->deadline > now) {
            if (w->deadline < *next) *next = w->deadline;
            continue;
        }
        w->deadline = 0;
        struct stat st;
        if (fstat(w->fd, &st) == 0 && st.st_dev == w->dev && st.st_ino == w->ino) {
            // The connection's own thread, blocked in poll or recv, sees
            // the end of the stream and closes it as libmicrohttpd does
            // any connection the client ends.
            (void)shutdown(w->fd, SHUT_RDWR);
            closed++;
        }
    }
    return closed;
}

static void *pr_watchdog(void *arg) {
    pr_deadlines *d = arg;
    pthread_mutex_lock(&d->lock);
    while (!d->stopping) {
        int64_t next;
        unsigned closed = pr_expire(d, pr_now(), &next);
        if (closed) {
            // Counted outside the lock: the callback takes locks of its own.
            pthread_mutex_unlock(&d->lock);
            for (unsigned i = 0; i < closed; i++) d->expired(d->cls);
            pthread_mutex_lock(&d->lock);
            continue;
        }
        struct timespec until = {.tv_sec = next / 1000000000, .tv_nsec = next % 1000000000};
        // Woken early (spuriously, or to stop): the loop looks again.
        (void)pthread_cond_timedwait(&d->wake, &d->lock, &until);
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

pr_deadlines *pr_deadlines_start(unsigned seconds, void (*expired)(void *cls), void *cls) {
    pr_deadlines *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->span = (int64_t)seconds * 1000000000;
    d->expired = expired;
    d->cls = cls;
    pthread_condattr_t attr;
    int failed = pthread_condattr_init(&attr);
    if (!failed) failed = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    if (!failed) failed = pthread_cond_init(&d->wake, &attr);
    pthread_condattr_destroy(&attr);
    if (failed) {
        free(d);
        errno = failed;
        return NULL;
    }
    pthread_mutex_init(&d->lock, NULL);
    if ((failed = pthread_create(&d->thread, NULL, pr_watchdog, d)) != 0) {
        pthread_cond_destroy(&d->wake);
        pthread_mutex_destroy(&d->lock);
        free(d);
        errno = failed;
        return NULL;
    }
    return d;
}

void pr_deadlines_stop(pr_deadlines *d) {
    pthread_mutex_lock(&d->lock);
    d->stopping = 1;
    pthread_cond_signal(&d->wake);
    pthread_mutex_unlock(&d->lock);
    pthread_join(d->thread, NULL);
    for (pr_watched *w = d->head, *next; w; w = next) {
        next = w->next;
        free(w);
    }
    pthread_cond_destroy(&d->wake);
    pthread_mutex_destroy(&d->lock);
    free(d);
}

pr_watched *pr_deadlines_watch(pr_deadlines *d, int fd) {
    struct stat st;
    if (fstat(fd, &st) != 0) return NULL;
    pr_watched *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->fd = fd;
    w->dev = st.st_dev;
    w->ino = st.st_ino;
    pthread_mutex_lock(&d->lock);
    w->deadline = pr_now() + d->span;
    w->next = d->head;
    if (d->head) d->head->prev = w;
    d->head = w;
    pthread_mutex_unlock(&d->lock);
    return w;
}

void pr_deadlines_pause(pr_deadlines *d, pr_watched *w) {
    if (!w) return;
    pthread_mutex_lock(&d->lock);
    w->deadline = 0;
    pthread_mutex_unlock(&d->lock);
}

void pr_deadlines_restart(pr_deadlines *d, pr_watched *w) {
    if (!w) return;
    pthread_mutex_lock(&d->lock);
    w->deadline = pr_now() + d->span;
    pthread_mutex_unlock(&d->lock);
}

void pr_deadlines_forget(pr_deadlines *d, pr_watched *w) {
    if (!w) return;
    pthread_mutex_lock(&d->lock);
    if (w->prev) w->prev->next = w->next;
    else d->head = w->next;
    if (w->next) w->next->prev = w->prev;
    pthread_mutex_unlock(&d->lock);
    free(w);
}
