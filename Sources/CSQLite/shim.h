#ifndef ANIMATIC_CSQLITE_SHIM_H
#define ANIMATIC_CSQLITE_SHIM_H

// SQLite 3 (Debian libsqlite3-dev; public domain): the embedded asset store
// (docs/DEPLOY.md, "The asset store").
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a destructor pointer, which Swift does not import:
// binding with it makes SQLite copy the bytes before the call returns.
static inline int animatic_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}
static inline int animatic_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *text) {
    return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}

#endif
