/* The compiled label expansion's shared parts (labelcore_expand.c: ``Expander``, the
 * expansion; labelcore_offer.c: its offer and add; labelcore_reach.c: its ``reach`` / ``loads_reach``, which the dominance test
 * calls back with the expander standing in for the search). */
#ifndef TRANSCON_LABELCORE_EXPANDER_H
#define TRANSCON_LABELCORE_EXPANDER_H

#include "labelcore.h"
#include "labelcore_heap.h"

/* Ints of fewer bits than this are summed in C (three sums and a fee below 2^20 stay far
 * within 64 bits). */
#define SMALL (1LL << 40)

typedef struct {
    PyObject_HEAD
    PyObject *search;
    PyObject *figures, *node, *pred, *move, *alternatives, *dead, *at_node, *heap;
    PyObject *dist, *forbidden, *front, *choices_cache, *near, *near_cache, *dominance;
    PyObject *loads, *step_cache, *limit;
    Guard g;
    Banned banned; /* ``forbidden`` read as bits */
    long long fee, max_total, max_length, room;
    int python_offer; /* offers always by the Python code (fee or a bound unusual) */
    int python_all;   /* every label by the Python code (room unusual) */
    unsigned long long field;
    int field_ok;
    /* reach: the search's caches (``_reach``, ``_least``), fixed bounds and the loads' */
    PyObject *hexes, *reach_cache, *least_cache, *floors;
    long long most, width;
    const struct Label *label; /* the label being expanded (its front), or NULL */
    /* During ``run``, the search's heap entries ((first, used), idx) held in C
     * (labelcore_heap.h, labelcore_run.c); ``run_heap`` says whether they are */
    Heap heap_c;
    int run_heap;
} Expander;

/* What may change between labels, read at each. */
typedef struct Label {
    PyObject *cut_dist[2], *cut_hexes[2], *dist[2]; /* borrowed from the search's tuples */
    PyObject *cut_dist_t, *cut_hexes_t, *need;      /* references */
    PyObject *front_flag;                            /* Py_True / Py_False (front_version > 0) */
    PyObject *front_version;                         /* a reference */
    long long *front;
    Py_ssize_t nfront;
    int python_offer;
    /* hopeless: per checked set, its shift, capacity and bound dicts per own-track flag */
    Py_ssize_t nneed;
    int python_hopeless;
    long long *need_shift, *need_capacity;
    PyObject **need_dict; /* 2 per set, borrowed from ``need`` */
} Label;

/* An exact int of fewer than 40 bits (either sign): 1 with *out set, else 0. */
static inline int small_int(PyObject *o, long long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int over;
    long long v = PyLong_AsLongLongAndOverflow(o, &over);
    if (over || v >= SMALL || v <= -SMALL) return 0;
    *out = v;
    return 1;
}

/* An exact int within 64 bits: 1 with *out set, else 0. */
static inline int any_ll(PyObject *o, long long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int over;
    *out = PyLong_AsLongLongAndOverflow(o, &over);
    return !over;
}


/* d[key] of an exact dict (borrowed); NULL with KeyError as Python's d[key]. */
static inline PyObject *item_of(PyObject *d, PyObject *key) {
    PyObject *v = PyDict_GetItemWithError(d, key);
    if (!v && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
    return v;
}

/* The two dicts of a per-own-track pair (a tuple of two exact dicts): 1 done, 0 other. */
static inline int own_pair(PyObject *pair, PyObject **out) {
    if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) return 0;
    out[0] = PyTuple_GET_ITEM(pair, 0);
    out[1] = PyTuple_GET_ITEM(pair, 1);
    return PyDict_CheckExact(out[0]) && PyDict_CheckExact(out[1]);
}

/* ``beaten``: whether a front point is better than (length, total). */
static inline int beaten(const Label *l, long long length, long long total) {
    for (Py_ssize_t i = 0; i < l->nfront; i++) {
        long long fl = l->front[2 * i], ft = l->front[2 * i + 1];
        if ((fl < length && ft <= total) || (ft < total && fl <= length)) return 1;
    }
    return 0;
}

/* ``offer``'s first tests, which depend on the hex, length and rival hexes alone (not on
 * the line taken): the state forbidden, or a walk found better than the label's bounds. 1
 * dropped, 2 passed, 0 not handled here (the Python ``offer`` answers: an unusual bound, or
 * the Python offer itself; without ``strict`` also a hex missing from the bounds), -1 an
 * exception (with ``strict`` a KeyError for a missing hex, as Python's ``offer``). */
static inline int lc_first_tests(Expander *x, const Label *l, PyObject *nxt, int own,
                                 long long length, long long used, int strict) {
    if (l->python_offer) return 0;
    int banned = lc_banned_has(&x->banned, x->forbidden, nxt, own);
    if (banned) return banned;
    long long cut_dist, cut_hexes;
    PyObject *v = strict ? item_of(l->cut_dist[own], nxt)
                         : PyDict_GetItemWithError(l->cut_dist[own], nxt);
    if (!v) return PyErr_Occurred() ? -1 : 0;
    if (!small_int(v, &cut_dist)) return 0;
    v = strict ? item_of(l->cut_hexes[own], nxt) : PyDict_GetItemWithError(l->cut_hexes[own], nxt);
    if (!v) return PyErr_Occurred() ? -1 : 0;
    if (!small_int(v, &cut_hexes)) return 0;
    long long low = length + cut_dist, least = (used + cut_hexes) * x->fee;
    return least > x->max_total || low > x->max_length || (l->nfront && beaten(l, low, least))
               ? 1
               : 2;
}

/* labelcore_expand.c: what may change between labels read (0, or -1 with an exception;
 * cleared in any case), one label expanded (0 done, 1 not handled here: nothing done, -1 an
 * exception), the Python expand of a label (0 done, -1 an exception) */
void lc_label_clear(Label *l);
int lc_label_read(Expander *x, Label *l);
int lc_expand_label(Expander *x, const Label *l, PyObject *idx_obj);
int lc_python_expand(Expander *x, PyObject *idx);

/* Expander.run (labelcore_run.c) */
/* The heap entry ((first, used), idx) pushed onto the run's heap: 1 done, 0 not held there
 * (no run, or a figure out of its range: the caller pushes it onto the search's heap), -1
 * an exception. */
int lc_run_push(Expander *x, long long first, long long used, Py_ssize_t idx);
PyObject *lc_expander_run(Expander *x, PyObject *const *args, Py_ssize_t nargs);
int lc_run_ready(void); /* its names made: -1 with an exception */

/* offer(pred, nxt, owner, (length, used, own, counts, loads)) (labelcore_offer.c): 0 done,
 * -1 an exception; used_obj may be NULL (made from used); checked: its first tests passed
 * already (``lc_first_tests``) */
int lc_offer(Expander *x, const Label *l, PyObject *pred, PyObject *nxt, PyObject *owner,
             long long length, long long used, PyObject *used_obj, int own, PyObject *counts,
             PyObject *loads, int checked);
int lc_offer_ready(void); /* its names made: -1 with an exception */

/* Expander.reach and Expander.loads_reach (labelcore_reach.c) */
PyObject *lc_expander_reach(Expander *x, PyObject *const *args, Py_ssize_t nargs);
PyObject *lc_expander_loads_reach(Expander *x, PyObject *const *args, Py_ssize_t nargs);
int lc_reach_ready(void); /* its names made: -1 with an exception */

#endif
