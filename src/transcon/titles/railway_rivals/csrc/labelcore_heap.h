/* The label searches' heaps: ``core/csrc/costheap.h`` over entries ordered by (cost, used,
 * label index) as Python's heapq orders such tuples (the index is unique, so nothing after
 * it is ever compared), with (used, index) packed into the heap's one key. Shared by the
 * route search's run (labelcore_run.c) and the walk within the caps (labelcore_capwalk.c). */
#ifndef TRANSCON_LABELCORE_HEAP_H
#define TRANSCON_LABELCORE_HEAP_H

#include "costheap.h"

#define LC_IDX_BITS 40
#define LC_IDX_MASK ((1L << LC_IDX_BITS) - 1)
#define LC_USED_LIMIT (1LL << 22) /* used << LC_IDX_BITS stays within 63 bits */
_Static_assert(sizeof(long) >= 8, "a heap key packs (used, idx) into a 64-bit long");

/* Whether (used, idx) fits a key. */
static inline int lc_key_fits(long long used, long long idx) {
    return used >= 0 && used < LC_USED_LIMIT && idx >= 0 && idx < (1LL << LC_IDX_BITS);
}

/* The heap entry of (cost, used, idx) (both fitting: ``lc_key_fits``) with its node. */
static inline Entry lc_entry(long long cost, long long used, long long idx, PyObject *node) {
    Entry e = {(long)cost, (long)((used << LC_IDX_BITS) | idx), node};
    return e;
}

static inline long long lc_entry_used(const Entry *e) { return e->key >> LC_IDX_BITS; }
static inline long long lc_entry_idx(const Entry *e) { return e->key & LC_IDX_MASK; }

#endif
