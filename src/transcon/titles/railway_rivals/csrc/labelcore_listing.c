/* The route listing's depth-first walk over simple paths (legal.py's ``_RouteLister.walk``,
 * its Python reference): the same visits in the same order, the same bounds, and the same
 * calls of the lister's ``spell`` (Python) at every target reached. The path walked, the
 * hexes on it and the hexes per sole-owner rival line (``single``) are kept in C arrays; the
 * lister's ``route``, ``order`` and ``lines`` lists are written from them just before each
 * ``spell`` (which reads them) and put back after it, and ``single`` is written when the
 * walk ends: the lister is left as the Python walk leaves it, also when an exception or the
 * visit limit stops the walk (then with the path where it stopped). */
#include "labelcore.h"

#include <limits.h>
#include <string.h>

/* A hex missing from a bound's array. */
#define NO_BOUND LLONG_MIN
/* Name objects of sole-owner rivals remembered by the walk. */
#define MAX_ALIASES 64

/* A link of the path: borrowed from the ``near`` list it came from (which the walk holds
 * while the link is on the path). */
typedef struct {
    PyObject *node, *member, *line;
    Py_ssize_t place;
    Py_ssize_t sole; /* the rival (index into ``rivals``) of a sole-owner rival link, or -1 */
} Link;

typedef struct {
    PyObject *lister, *spell, *near, *near_cache, *route, *order, *lines, *end_set, *single;
    PyObject *lower[2], *fewest[2];
    /* the same bounds by hex number (NO_BOUND: missing), read once per walk */
    long long *lower_at[2], *fewest_at[2];
    Py_ssize_t bounds_size;
    long long max_len, fee, cap, limit, visited;
    int netting, own_needed;
    long long *points; /* wide_points: (length, total) pairs */
    Py_ssize_t npoints;
    Link *path; /* the links walked from the lists' first entries */
    Py_ssize_t depth, path_cap;
    Py_ssize_t route0, order0, lines0; /* the lists' lengths when the walk began */
    unsigned char *on; /* by hex number: 1 on the route */
    Py_ssize_t on_size;
    PyObject **rivals; /* the sole-owner rivals met (borrowed from the links' lines) */
    long long *used;   /* their hexes on the route, from ``single``'s value when first met */
    unsigned char *touched; /* whether the walk added one (``single`` gets the key) */
    Py_ssize_t nrivals, rivals_cap;
    PyObject *alias[MAX_ALIASES]; /* name objects met (borrowed), and their rivals' index */
    Py_ssize_t alias_of[MAX_ALIASES];
    int naliases;
} Walk;

/* An int that fits a long long: 1, else 0 (no exception left). */
static int as_ll(PyObject *o, long long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
}

/* d[key] as a long long: 1 found, 0 missing, -1 an exception (also for a value that is no
 * small int: the walk cannot go on the same way). */
static int lookup(PyObject *d, PyObject *key, long long *out) {
    PyObject *v = PyDict_GetItemWithError(d, key);
    if (!v) return PyErr_Occurred() ? -1 : 0;
    if (!as_ll(v, out)) {
        PyErr_SetString(PyExc_TypeError, "route listing: a bound is no small int");
        return -1;
    }
    return 1;
}

/* A hex's number (its int), for ``on``: 1 done, 0 with an exception. */
static int hex_number(PyObject *node, Py_ssize_t *out) {
    long long v;
    if (!as_ll(node, &v) || v < 0 || v > PY_SSIZE_T_MAX / 2) {
        PyErr_SetString(PyExc_TypeError, "route listing: a hex is a non-negative int");
        return 0;
    }
    *out = (Py_ssize_t)v;
    return 1;
}

/* Marks hex number n on (1) or off (0) the route: 0 done, -1 an exception. */
static int mark(Walk *w, Py_ssize_t n, unsigned char on) {
    if (n >= w->on_size) {
        if (!on) return 0;
        Py_ssize_t size = w->on_size ? w->on_size : 1024;
        while (size <= n) size *= 2;
        unsigned char *more = PyMem_Realloc(w->on, (size_t)size);
        if (!more) {
            PyErr_NoMemory();
            return -1;
        }
        memset(more + w->on_size, 0, (size_t)(size - w->on_size));
        w->on = more;
        w->on_size = size;
    }
    w->on[n] = on;
    return 0;
}

/* The index of a sole-owner rival in ``rivals`` (met before, or added with ``single``'s
 * value): >= 0, or -1 with an exception. */
static Py_ssize_t rival_index(Walk *w, PyObject *name) {
    for (int a = 0; a < w->naliases; a++) /* equal names are often other string objects */
        if (w->alias[a] == name) return w->alias_of[a];
    for (Py_ssize_t i = 0; i < w->nrivals; i++) {
        int same = w->rivals[i] == name ? 1 : PyObject_RichCompareBool(w->rivals[i], name, Py_EQ);
        if (same < 0) return -1;
        if (same) {
            if (w->naliases < MAX_ALIASES) {
                w->alias[w->naliases] = name;
                w->alias_of[w->naliases++] = i;
            }
            return i;
        }
    }
    long long had = 0;
    if (lookup(w->single, name, &had) < 0) return -1;
    if (w->nrivals == w->rivals_cap) {
        Py_ssize_t cap = w->rivals_cap ? 2 * w->rivals_cap : 8;
        PyObject **rivals = PyMem_Realloc(w->rivals, (size_t)cap * sizeof(PyObject *));
        if (rivals) w->rivals = rivals;
        long long *used = PyMem_Realloc(w->used, (size_t)cap * sizeof(long long));
        if (used) w->used = used;
        unsigned char *touched = PyMem_Realloc(w->touched, (size_t)cap);
        if (touched) w->touched = touched;
        if (!rivals || !used || !touched) {
            PyErr_NoMemory();
            return -1;
        }
        w->rivals_cap = cap;
    }
    w->rivals[w->nrivals] = name;
    w->used[w->nrivals] = had;
    w->touched[w->nrivals] = 0;
    return w->nrivals++;
}

/* The lists back to what they held when the walk began: 0, or -1 with an exception. */
static int lists_back(Walk *w) {
    if (PyList_SetSlice(w->route, w->route0, PyList_GET_SIZE(w->route), NULL) < 0 ||
        PyList_SetSlice(w->order, w->order0, PyList_GET_SIZE(w->order), NULL) < 0 ||
        PyList_SetSlice(w->lines, w->lines0, PyList_GET_SIZE(w->lines), NULL) < 0)
        return -1;
    return 0;
}

/* The lists as the Python walk keeps them: what they held when the walk began, then the
 * path's hexes, places in their hex's steps and (member, line) choices. 0, or -1. */
static int lists_now(Walk *w) {
    if (lists_back(w) < 0) return -1;
    for (Py_ssize_t i = 0; i < w->depth; i++) {
        const Link *k = &w->path[i];
        PyObject *where = PyLong_FromSsize_t(k->place);
        PyObject *choice = PyTuple_Pack(2, k->member, k->line);
        int failed = !where || !choice || PyList_Append(w->route, k->node) < 0 ||
                     PyList_Append(w->order, where) < 0 || PyList_Append(w->lines, choice) < 0;
        Py_XDECREF(where);
        Py_XDECREF(choice);
        if (failed) return -1;
    }
    return 0;
}

/* ``single`` as the Python walk leaves it: the hexes of each rival the walk added one to.
 * 0, or -1 with an exception. */
static int single_now(Walk *w) {
    for (Py_ssize_t i = 0; i < w->nrivals; i++) {
        if (!w->touched[i]) continue;
        PyObject *count = PyLong_FromLongLong(w->used[i]);
        int stored = count ? PyDict_SetItem(w->single, w->rivals[i], count) : -1;
        Py_XDECREF(count);
        if (stored < 0) return -1;
    }
    return 0;
}

/* One step of the walk from ``node`` (the path's last hex): 0 done, 1 over the visit limit,
 * -1 an exception. */
static int walk_from(Walk *w, PyObject *node, long long length, long long total, int own) {
    if (++w->visited > w->limit) return 1;
    if ((w->depth > 0 || w->route0 > 1) && (own || !w->own_needed)) {
        int end = PySet_Contains(w->end_set, node);
        if (end < 0) return -1;
        if (end) {
            if (lists_now(w) < 0) return -1;
            PyObject *r = PyObject_CallFunction(w->spell, "LL", length, total);
            if (!r) return -1; /* the lists stay as they are (the Python walk's) */
            Py_DECREF(r);
            if (lists_back(w) < 0) return -1;
        }
    }
    PyObject *near = lc_near(w->near_cache, w->near, node);
    if (!near) return -1;
    if (!PyList_CheckExact(near)) {
        Py_DECREF(near);
        PyErr_SetString(PyExc_TypeError, "route listing: near() must give a list");
        return -1;
    }
    int status = 0;
    for (Py_ssize_t place = 0; place < PyList_GET_SIZE(near) && status == 0; place++) {
        PyObject *e = PyList_GET_ITEM(near, place);
        long long step;
        if (!PyTuple_CheckExact(e) || PyTuple_GET_SIZE(e) != 4 ||
            !as_ll(PyTuple_GET_ITEM(e, 1), &step)) {
            PyErr_SetString(PyExc_TypeError, "route listing: a step is (hex, length, line, member)");
            status = -1;
            break;
        }
        PyObject *nxt = PyTuple_GET_ITEM(e, 0), *line = PyTuple_GET_ITEM(e, 2),
                 *member = PyTuple_GET_ITEM(e, 3);
        int flag = own || member != Py_None; /* own track used once at nxt */
        Py_ssize_t n;
        if (!hex_number(nxt, &n)) {
            status = -1;
            break;
        }
        if (n < w->on_size && w->on[n]) continue; /* on the route */
        long long low = n < w->bounds_size ? w->lower_at[flag][n] : NO_BOUND;
        if (low == NO_BOUND) continue;
        long long new_len = length + step, reach = new_len + low;
        if (reach > w->max_len) continue;
        long long new_total = member != Py_None ? total : total + w->fee;
        long long fewest = n < w->bounds_size ? w->fewest_at[flag][n] : NO_BOUND;
        if (fewest == NO_BOUND) { /* Python: a KeyError */
            PyErr_SetObject(PyExc_KeyError, nxt);
            status = -1;
            break;
        }
        long long least = new_total + w->fee * fewest;
        int hope = 0;
        for (Py_ssize_t k = 0; k < w->npoints; k++)
            if (reach <= w->points[2 * k] && least <= w->points[2 * k + 1]) {
                hope = 1;
                break;
            }
        if (!hope) continue; /* cannot end on a front point (all bounds added) */
        Py_ssize_t sole = -1; /* the rival of a link only one rival's line is on */
        if (member == Py_None && PyTuple_Check(line) && PyTuple_GET_SIZE(line) == 1) {
            sole = rival_index(w, PyTuple_GET_ITEM(line, 0));
            if (sole < 0) {
                status = -1;
                break;
            }
            if (w->used[sole] >= w->cap && !w->netting) continue;
            w->used[sole]++;
            w->touched[sole] = 1;
        }
        if (w->depth == w->path_cap) {
            Py_ssize_t cap = w->path_cap ? 2 * w->path_cap : 64;
            Link *more = PyMem_Realloc(w->path, (size_t)cap * sizeof(Link));
            if (!more) {
                PyErr_NoMemory();
                status = -1;
                break;
            }
            w->path = more;
            w->path_cap = cap;
        }
        w->path[w->depth++] = (Link){nxt, member, line, place, sole};
        if (mark(w, n, 1) < 0) {
            status = -1;
            break;
        }
        status = walk_from(w, nxt, new_len, new_total, flag);
        if (status != 0) break; /* as the Python walk: the lister is dropped, nothing popped */
        w->depth--;
        if (mark(w, n, 0) < 0) {
            status = -1;
            break;
        }
        if (sole >= 0) w->used[sole]--;
    }
    Py_DECREF(near);
    return status;
}

/* The largest hex number among a bound's keys, into *most: 0, or -1 with an exception. */
static int largest_key(PyObject *bound, Py_ssize_t *most) {
    PyObject *key, *value;
    Py_ssize_t pos = 0, n;
    while (PyDict_Next(bound, &pos, &key, &value)) {
        if (!hex_number(key, &n)) return -1;
        if (n > *most) *most = n;
    }
    return 0;
}

/* A bound as an array by hex number (NO_BOUND where missing): a new array, or NULL with an
 * exception. */
static long long *bound_array(PyObject *bound, Py_ssize_t size) {
    long long *at = PyMem_Malloc((size_t)(size ? size : 1) * sizeof(long long));
    if (!at) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < size; i++) at[i] = NO_BOUND;
    PyObject *key, *value;
    Py_ssize_t pos = 0, n;
    while (PyDict_Next(bound, &pos, &key, &value)) {
        if (!hex_number(key, &n) || !as_ll(value, &at[n]) || at[n] == NO_BOUND) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "route listing: a bound is no small int");
            PyMem_Free(at);
            return NULL;
        }
    }
    return at;
}

/* The walk's bounds by hex number: 0, or -1 with an exception. */
static int bound_arrays(Walk *w) {
    Py_ssize_t most = -1;
    for (int flag = 0; flag < 2; flag++)
        if (largest_key(w->lower[flag], &most) < 0 || largest_key(w->fewest[flag], &most) < 0)
            return -1;
    w->bounds_size = most + 1;
    for (int flag = 0; flag < 2; flag++) {
        if (!(w->lower_at[flag] = bound_array(w->lower[flag], w->bounds_size)) ||
            !(w->fewest_at[flag] = bound_array(w->fewest[flag], w->bounds_size)))
            return -1;
    }
    return 0;
}

/* The attribute ``name`` of o (a new reference) checked to be of ``type`` when given. */
static PyObject *attr(PyObject *o, const char *name, PyTypeObject *type) {
    return lc_attr(o, name, type, "route listing");
}

/* A pair (without own track, with) of dicts: 0, or -1 with an exception. */
static int dict_pair(PyObject *pair, PyObject **out) {
    if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
        !PyDict_Check(PyTuple_GET_ITEM(pair, 0)) || !PyDict_Check(PyTuple_GET_ITEM(pair, 1))) {
        PyErr_SetString(PyExc_TypeError, "route listing: a bound is a pair of dicts");
        return -1;
    }
    out[0] = PyTuple_GET_ITEM(pair, 0);
    out[1] = PyTuple_GET_ITEM(pair, 1);
    return 0;
}

/* list_walk(lister, length, total, own, limit) -> bool: the lister's walk from its route
 * (one hex, the start); false when it visited more than ``limit`` partial routes (counted
 * on from ``lister.visited``, which it updates). */
PyObject *lc_list_walk(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "list_walk(lister, length, total, own, limit)");
        return NULL;
    }
    Walk w = {0};
    long long length, total, visited;
    int own = PyObject_IsTrue(args[3]);
    if (own < 0) return NULL;
    if (!as_ll(args[1], &length) || !as_ll(args[2], &total) || !as_ll(args[4], &w.limit)) {
        PyErr_SetString(PyExc_TypeError, "list_walk: length, total and limit are small ints");
        return NULL;
    }
    PyObject *lower = NULL, *fewest = NULL, *points = NULL, *max_len = NULL, *fee = NULL,
             *cap = NULL, *netting = NULL, *own_needed = NULL, *seen = NULL, *result = NULL,
             *start = NULL;
    w.lister = args[0];
    if (!(w.spell = attr(w.lister, "spell", NULL)) || !(w.near = attr(w.lister, "near", NULL)) ||
        !(w.near_cache = attr(w.lister, "near_cache", &PyDict_Type)) ||
        !(w.route = attr(w.lister, "route", &PyList_Type)) ||
        !(w.order = attr(w.lister, "order", &PyList_Type)) ||
        !(w.lines = attr(w.lister, "lines", &PyList_Type)) ||
        !(w.end_set = attr(w.lister, "end_set", NULL)) ||
        !(w.single = attr(w.lister, "single", &PyDict_Type)) ||
        !(lower = attr(w.lister, "lower", NULL)) || !(fewest = attr(w.lister, "fewest", NULL)) ||
        !(points = attr(w.lister, "wide_points", &PyList_Type)) ||
        !(max_len = attr(w.lister, "max_len", NULL)) || !(fee = attr(w.lister, "fee", NULL)) ||
        !(cap = attr(w.lister, "cap", NULL)) || !(netting = attr(w.lister, "netting", NULL)) ||
        !(own_needed = attr(w.lister, "own_needed", NULL)) ||
        !(seen = attr(w.lister, "visited", NULL)))
        goto done;
    if (dict_pair(lower, w.lower) < 0 || dict_pair(fewest, w.fewest) < 0 ||
        bound_arrays(&w) < 0)
        goto done;
    if (!PyAnySet_Check(w.end_set) || !as_ll(max_len, &w.max_len) || !as_ll(fee, &w.fee) ||
        !as_ll(cap, &w.cap) || !as_ll(seen, &visited)) {
        PyErr_SetString(PyExc_TypeError, "list_walk: the lister's figures are not as expected");
        goto done;
    }
    w.visited = visited;
    if ((w.netting = PyObject_IsTrue(netting)) < 0 ||
        (w.own_needed = PyObject_IsTrue(own_needed)) < 0)
        goto done;
    w.npoints = PyList_GET_SIZE(points);
    w.points = PyMem_Malloc(sizeof(long long) * 2 * (size_t)(w.npoints ? w.npoints : 1));
    if (!w.points) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < w.npoints; k++) {
        PyObject *p = PyList_GET_ITEM(points, k);
        if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) != 2 ||
            !as_ll(PyTuple_GET_ITEM(p, 0), &w.points[2 * k]) ||
            !as_ll(PyTuple_GET_ITEM(p, 1), &w.points[2 * k + 1])) {
            PyErr_SetString(PyExc_TypeError, "list_walk: a front point is (length, total)");
            goto done;
        }
    }
    w.route0 = PyList_GET_SIZE(w.route);
    w.order0 = PyList_GET_SIZE(w.order);
    w.lines0 = PyList_GET_SIZE(w.lines);
    if (!w.route0) {
        PyErr_SetString(PyExc_IndexError, "list_walk: the route is empty");
        goto done;
    }
    for (Py_ssize_t i = 0; i < w.route0; i++) {
        Py_ssize_t n;
        if (!hex_number(PyList_GET_ITEM(w.route, i), &n) || mark(&w, n, 1) < 0) goto done;
    }
    start = PyList_GET_ITEM(w.route, w.route0 - 1);
    Py_INCREF(start);
    int status = walk_from(&w, start, length, total, own);
    /* the visits counted, as the Python walk counts them, and the lists and ``single`` as it
     * leaves them, also when an exception (e.g. TooManyRoutes from ``spell``) ends the walk:
     * that exception is kept aside meanwhile */
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyObject *count = PyLong_FromLongLong(w.visited);
    int stored = count ? PyObject_SetAttrString(w.lister, "visited", count) : -1;
    Py_XDECREF(count);
    if (stored == 0 && status != 0) stored = lists_now(&w);
    if (stored == 0) stored = single_now(&w);
    if (stored < 0) {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(trace);
        goto done;
    }
    PyErr_Restore(type, value, trace);
    if (status < 0) goto done;
    result = PyBool_FromLong(status == 0);
done:
    PyMem_Free(w.points);
    PyMem_Free(w.path);
    PyMem_Free(w.on);
    PyMem_Free(w.rivals);
    PyMem_Free(w.used);
    PyMem_Free(w.touched);
    for (int flag = 0; flag < 2; flag++) {
        PyMem_Free(w.lower_at[flag]);
        PyMem_Free(w.fewest_at[flag]);
    }
    Py_XDECREF(start);
    Py_XDECREF(w.spell);
    Py_XDECREF(w.near);
    Py_XDECREF(w.near_cache);
    Py_XDECREF(w.route);
    Py_XDECREF(w.order);
    Py_XDECREF(w.lines);
    Py_XDECREF(w.end_set);
    Py_XDECREF(w.single);
    Py_XDECREF(lower);
    Py_XDECREF(fewest);
    Py_XDECREF(points);
    Py_XDECREF(max_len);
    Py_XDECREF(fee);
    Py_XDECREF(cap);
    Py_XDECREF(netting);
    Py_XDECREF(own_needed);
    Py_XDECREF(seen);
    return result;
}
