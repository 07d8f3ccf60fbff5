/* A binary heap of (cost, key) entries, ordered as Python orders (cost, key) tuples, so a
 * Dijkstra search over it settles nodes in the order of ``heapq`` over such tuples: shared by
 * ``cheapest_over`` (pathcore.c), ``LayeredSteps.cheapest`` (layeredsteps.c) and the titles'
 * compiled label searches. */
#ifndef TRANSCON_COSTHEAP_H
#define TRANSCON_COSTHEAP_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

/* ``node``: a Python object the caller keeps alive (the node, borrowed from its starts or
 * table, or a reference the caller owns and releases), or NULL where the key says all. */
typedef struct {
    long cost, key;
    PyObject *node;
} Entry;

typedef struct {
    Entry *items;
    Py_ssize_t size, capacity;
} Heap;

static inline int entry_less(const Entry *a, const Entry *b) {
    return a->cost < b->cost || (a->cost == b->cost && a->key < b->key);
}

static inline int heap_push(Heap *h, Entry e) {
    if (h->size == h->capacity) {
        Py_ssize_t cap = h->capacity ? h->capacity * 2 : 256;
        Entry *items = realloc(h->items, (size_t)cap * sizeof(Entry));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        h->items = items;
        h->capacity = cap;
    }
    Py_ssize_t i = h->size++;
    while (i > 0) {
        Py_ssize_t up = (i - 1) / 2;
        if (!entry_less(&e, &h->items[up])) break;
        h->items[i] = h->items[up];
        i = up;
    }
    h->items[i] = e;
    return 0;
}

static inline Entry heap_pop(Heap *h) {
    Entry top = h->items[0];
    Entry last = h->items[--h->size];
    Py_ssize_t i = 0;
    for (;;) {
        Py_ssize_t child = 2 * i + 1;
        if (child >= h->size) break;
        if (child + 1 < h->size && entry_less(&h->items[child + 1], &h->items[child])) child++;
        if (!entry_less(&h->items[child], &last)) break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (h->size) h->items[i] = last;
    return top;
}

#endif
