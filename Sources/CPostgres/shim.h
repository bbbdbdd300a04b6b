#ifndef ANIMATIC_CPOSTGRES_SHIM_H
#define ANIMATIC_CPOSTGRES_SHIM_H

// libpq 15 (Debian libpq-dev; PostgreSQL licence): the shared asset store, `--store
// postgres://…` (docs/DEPLOY.md, "The asset store").
#include <libpq-fe.h>

#endif
