#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>

/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign in this
/// process since it started (all threads), and the bytes they asked for.
uint64_t malloc_counter_calls(void);
uint64_t malloc_counter_bytes(void);

#endif
