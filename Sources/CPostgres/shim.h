#ifndef ANIMATIC_CPOSTGRES_SHIM_H
#define ANIMATIC_CPOSTGRES_SHIM_H

// libpq 15's declarations (Debian libpq-dev; PostgreSQL licence) for the shared asset store,
// `--store postgres://…` (docs/DEPLOY.md, "The asset store"). Types only: the library is not
// linked but loaded when a store is opened (AnimaticStore/LibPQ.swift), so no `link` here
// and no pkg-config in Package.swift, whose `-lpq` would link it. The header's own includes
// are quoted, so they are found beside it.
#include <postgresql/libpq-fe.h>

#endif
