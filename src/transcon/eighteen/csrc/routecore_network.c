/* A company's network walk on a track layout's numbers: the compiled twin of
 * transcon/eighteen/network.py (_Walk, the reference; company_reach says which rules of
 * 18xx.games' Graph#compute it follows). Same order, same result: one walk per token stop,
 * each path once and each stop once per walk (the other token stops count as entered), the
 * edge counter (no path entered while the walk is out across one of its sides) and the
 * converging paths (after leaving a tile across a side where several of its paths meet, what
 * the walk takes from there is free again when it comes back).
 *
 * Places are hex numbers; a hex's paths are numbered below NW_KMAX and its path ends (sides
 * 0-5, then NODE_BASE + node index) below NW_EMAX; the Python side falls back to the
 * reference for a layout with more. */
#include "routecore.h"

#include <string.h>

#define NW_KMAX 64
#define NW_EMAX 64
#define NW_NODE_BASE 6

typedef struct {
    PyObject *ends_of;   /* list: hex number -> dict {end: ((path, other end), ...)} */
    PyObject *across;    /* list: hex number * 6 + side -> hex number, -1 none, -2 not known */
    PyObject *across_fn; /* callable (hex number, side) -> hex number (fills the list) */
    PyObject *first_stop; /* list: hex number -> id of its first stop */
    const unsigned char *no_pass; /* bitmask of stop ids the walk may not pass through */
    Py_ssize_t no_pass_len;
    Py_ssize_t nhex;
    unsigned char *reached;   /* bitmask of stop ids */
    Py_ssize_t nstops;
    unsigned char *touched;   /* nhex * 6 */
    unsigned char *walked;    /* nhex * NW_KMAX */
    unsigned char *paths_seen; /* nhex * NW_KMAX, per token walk */
    unsigned char *nodes_seen; /* nhex * NW_EMAX, per token walk */
    unsigned char *out;        /* nhex * 6, per token walk */
    Py_ssize_t budget;         /* converging steps allowed (-1: no limit) */
    Py_ssize_t steps;          /* converging steps taken */
    int cut;                   /* whether a step came past the budget */
} NetWalk;

/* Whether a converging step may still free what it takes when it returns: counts the step;
 * past the budget the walk goes on as a plain one (what it takes stays taken). */
static int still_converging(NetWalk *w, int converging) {
    if (!converging || w->budget < 0) return converging;
    if (w->steps >= w->budget) {
        w->cut = 1;
        return 0;
    }
    w->steps++;
    return 1;
}

/* The paths at end `end` of hex `i`: a borrowed tuple of (path, other end), or NULL (none;
 * with an exception set on error). */
static PyObject *ends_at(NetWalk *w, long i, long end) {
    PyObject *d = PyList_GET_ITEM(w->ends_of, i);
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, "ends_of: expected dicts");
        return NULL;
    }
    PyObject *key = PyLong_FromLong(end);
    if (!key) return NULL;
    PyObject *got = PyDict_GetItemWithError(d, key);
    Py_DECREF(key);
    if (got && !PyTuple_Check(got)) {
        PyErr_SetString(PyExc_TypeError, "ends_of: expected tuples");
        return NULL;
    }
    return got;
}

static int pair_at(PyObject *paths, Py_ssize_t n, long *k, long *other) {
    PyObject *pair = PyTuple_GET_ITEM(paths, n);
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_SetString(PyExc_TypeError, "ends_of: expected (path, other end) pairs");
        return -1;
    }
    *k = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
    *other = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
    if (PyErr_Occurred()) return -1;
    if (*k < 0 || *k >= NW_KMAX || *other < 0 || *other >= NW_EMAX) {
        PyErr_SetString(PyExc_OverflowError, "a tile with too many paths or nodes");
        return -1;
    }
    return 0;
}

/* reach_node of the reference: records the stop; 1 when the walk may go on through it. */
static int reach_node(NetWalk *w, long i, long end, int *go_on) {
    long first = PyLong_AsLong(PyList_GET_ITEM(w->first_stop, i));
    if (first == -1 && PyErr_Occurred()) return -1;
    long sid = first + end - NW_NODE_BASE;
    if (sid < 0 || sid >= w->nstops) {
        PyErr_SetString(PyExc_IndexError, "stop id out of range");
        return -1;
    }
    w->reached[sid >> 3] |= (unsigned char)(1u << (sid & 7));
    int blocked = (sid >> 3) < w->no_pass_len && ((w->no_pass[sid >> 3] >> (sid & 7)) & 1);
    *go_on = !blocked;
    return 0;
}

static long across_of(NetWalk *w, long i, long side) {
    long j = PyLong_AsLong(PyList_GET_ITEM(w->across, i * 6 + side));
    if (j == -1 && PyErr_Occurred()) return -3;
    if (j == -2) {
        PyObject *r = PyObject_CallFunction(w->across_fn, "ll", i, side);
        if (!r) return -3;
        j = PyLong_AsLong(r);
        Py_DECREF(r);
        if (j == -1 && PyErr_Occurred()) return -3;
    }
    return j;
}

static int walk_path(NetWalk *w, long i, long k, long entry, long other, int converging);

static int walk_node(NetWalk *w, long i, long end, int converging) {
    unsigned char *seen = &w->nodes_seen[i * NW_EMAX + end];
    if (*seen) return 0;
    converging = still_converging(w, converging);
    *seen = 1;
    PyObject *paths = ends_at(w, i, end);
    if (!paths && PyErr_Occurred()) return -1;
    if (paths) {
        Py_INCREF(paths); /* the dict may not change while we walk, but keep it safe */
        Py_ssize_t n = PyTuple_GET_SIZE(paths);
        for (Py_ssize_t a = 0; a < n; a++) {
            long k, other;
            if (pair_at(paths, a, &k, &other) < 0 || walk_path(w, i, k, end, other, converging) < 0) {
                Py_DECREF(paths);
                return -1;
            }
        }
        Py_DECREF(paths);
    }
    if (converging) *seen = 0;
    return 0;
}

static int walk_path(NetWalk *w, long i, long k, long entry, long other, int converging) {
    unsigned char *seen = &w->paths_seen[i * NW_KMAX + k];
    if (*seen) return 0;
    if ((entry < NW_NODE_BASE && w->out[i * 6 + entry]) ||
        (other < NW_NODE_BASE && w->out[i * 6 + other]))
        return 0;
    converging = still_converging(w, converging);
    *seen = 1;
    w->walked[i * NW_KMAX + k] = 1;
    if (other >= NW_NODE_BASE) {
        int go_on;
        if (reach_node(w, i, other, &go_on) < 0) return -1;
        if (go_on && walk_node(w, i, other, converging) < 0) return -1;
    } else {
        w->touched[i * 6 + other] = 1;
        long j = across_of(w, i, other);
        if (j == -3) return -1;
        if (j >= 0) {
            if (j >= w->nhex) {
                PyErr_SetString(PyExc_IndexError, "hex number out of range");
                return -1;
            }
            long side = (other + 3) % 6;
            int onward = converging;
            if (!onward) {
                PyObject *here = ends_at(w, i, other);
                if (!here && PyErr_Occurred()) return -1;
                onward = here && PyTuple_GET_SIZE(here) > 1;
            }
            PyObject *paths = ends_at(w, j, side);
            if (!paths && PyErr_Occurred()) return -1;
            if (paths) {
                w->out[i * 6 + other] = 1;
                Py_INCREF(paths);
                Py_ssize_t n = PyTuple_GET_SIZE(paths);
                for (Py_ssize_t a = 0; a < n; a++) {
                    long k2, other2;
                    if (pair_at(paths, a, &k2, &other2) < 0 ||
                        walk_path(w, j, k2, side, other2, onward) < 0) {
                        Py_DECREF(paths);
                        return -1;
                    }
                }
                Py_DECREF(paths);
                w->out[i * 6 + other] = 0;
            }
        }
    }
    if (converging) *seen = 0;
    return 0;
}

/* network_walk(ends_of, across, across_fn, first_stop, nstops, no_pass, starts[, walks,
 *              budget]) -> (reached bytes, touched [hex * 6 + side], walked [hex << 8 | path],
 *                           converging steps taken past the budget: 0 or 1)
 * walks: how many of the starts' walks to make (default all; the other starts still count
 * as entered), so that the paths the n-th walk adds are walked(n) - walked(n - 1).
 * budget: converging steps allowed in all (default -1: no limit); past it the walk goes on
 * without freeing what it takes (a plain walk: linear time, a subset of the full answer). */
PyObject *rc_network_walk(PyObject *self, PyObject *args) {
    (void)self;
    NetWalk w;
    memset(&w, 0, sizeof w);
    Py_buffer no_pass;
    PyObject *starts;
    Py_ssize_t walks = -1;
    w.budget = -1;
    if (!PyArg_ParseTuple(args, "O!O!OO!ny*O!|nn", &PyList_Type, &w.ends_of, &PyList_Type,
                          &w.across, &w.across_fn, &PyList_Type, &w.first_stop, &w.nstops,
                          &no_pass, &PyList_Type, &starts, &walks, &w.budget))
        return NULL;
    PyObject *result = NULL;
    w.nhex = PyList_GET_SIZE(w.ends_of);
    w.no_pass = (const unsigned char *)no_pass.buf;
    w.no_pass_len = no_pass.len;
    Py_ssize_t nstart = PyList_GET_SIZE(starts);
    long *start_at = NULL;
    Py_ssize_t rbytes = (w.nstops + 7) / 8;
    if (PyList_GET_SIZE(w.across) < w.nhex * 6 || PyList_GET_SIZE(w.first_stop) < w.nhex) {
        PyErr_SetString(PyExc_ValueError, "across or first_stop too short");
        goto done;
    }
    w.reached = PyMem_Calloc(rbytes + 1, 1);
    w.touched = PyMem_Calloc((size_t)w.nhex * 6 + 1, 1);
    w.walked = PyMem_Calloc((size_t)w.nhex * NW_KMAX + 1, 1);
    w.paths_seen = PyMem_Calloc((size_t)w.nhex * NW_KMAX + 1, 1);
    w.nodes_seen = PyMem_Calloc((size_t)w.nhex * NW_EMAX + 1, 1);
    w.out = PyMem_Calloc((size_t)w.nhex * 6 + 1, 1);
    start_at = PyMem_Calloc((size_t)nstart + 1, sizeof(long));
    if (!w.reached || !w.touched || !w.walked || !w.paths_seen || !w.nodes_seen || !w.out ||
        !start_at) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t s = 0; s < nstart; s++) {
        start_at[s] = PyLong_AsLong(PyList_GET_ITEM(starts, s));
        if (start_at[s] == -1 && PyErr_Occurred()) goto done;
        long i = start_at[s] >> 8, end = start_at[s] & 255;
        if (i < 0 || i >= w.nhex || end < NW_NODE_BASE || end >= NW_EMAX) {
            PyErr_SetString(PyExc_ValueError, "a start is not a stop of the layout");
            goto done;
        }
    }
    if (walks < 0 || walks > nstart) walks = nstart;
    for (Py_ssize_t s = 0; s < walks; s++) {
        memset(w.paths_seen, 0, (size_t)w.nhex * NW_KMAX);
        memset(w.nodes_seen, 0, (size_t)w.nhex * NW_EMAX);
        memset(w.out, 0, (size_t)w.nhex * 6);
        for (Py_ssize_t t = 0; t < nstart; t++)
            if (start_at[t] != start_at[s])
                w.nodes_seen[(start_at[t] >> 8) * NW_EMAX + (start_at[t] & 255)] = 1;
        long i = start_at[s] >> 8, end = start_at[s] & 255;
        int go_on;
        if (reach_node(&w, i, end, &go_on) < 0 || walk_node(&w, i, end, 0) < 0) goto done;
    }
    PyObject *touched = PyList_New(0), *walked = PyList_New(0);
    if (!touched || !walked) goto lists_failed;
    for (Py_ssize_t x = 0; x < w.nhex * 6; x++) {
        if (!w.touched[x]) continue;
        PyObject *v = PyLong_FromSsize_t(x);
        if (!v || PyList_Append(touched, v) < 0) {
            Py_XDECREF(v);
            goto lists_failed;
        }
        Py_DECREF(v);
    }
    for (Py_ssize_t x = 0; x < w.nhex * NW_KMAX; x++) {
        if (!w.walked[x]) continue;
        PyObject *v = PyLong_FromSsize_t(((x / NW_KMAX) << 8) | (x % NW_KMAX));
        if (!v || PyList_Append(walked, v) < 0) {
            Py_XDECREF(v);
            goto lists_failed;
        }
        Py_DECREF(v);
    }
    result = Py_BuildValue("(y#NNi)", (const char *)w.reached, rbytes, touched, walked,
                           w.cut);
    goto done;
lists_failed:
    Py_XDECREF(touched);
    Py_XDECREF(walked);
done:
    PyBuffer_Release(&no_pass);
    PyMem_Free(w.reached);
    PyMem_Free(w.touched);
    PyMem_Free(w.walked);
    PyMem_Free(w.paths_seen);
    PyMem_Free(w.nodes_seen);
    PyMem_Free(w.out);
    PyMem_Free(start_at);
    return result;
}
