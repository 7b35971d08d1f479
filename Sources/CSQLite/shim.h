#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: bind through
// these, so SQLite copies the bytes before the call returns.
static inline int pr_sqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

static inline int pr_sqlite_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(stmt, index, bytes, length, SQLITE_TRANSIENT);
}
