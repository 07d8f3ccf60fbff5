/* The route listing's depth-first walk over simple paths (legal.py's ``_RouteLister.walk``,
 * its Python reference): the same visits in the same order, the same bounds, and the same
 * calls of the lister's ``spell`` (Python) at every target reached, with the lister's
 * ``route``, ``order`` and ``lines`` lists kept as the Python walk keeps them (``spell``
 * reads them). ``single`` (hexes per sole-owner rival line) and the hexes on the route are
 * kept here. */
#include "labelcore.h"

typedef struct {
    PyObject *lister, *spell, *near, *near_cache, *route, *order, *lines, *end_set, *single;
    PyObject *lower[2], *fewest[2];
    long long max_len, fee, cap, limit, visited;
    int netting, own_needed;
    long long *points; /* wide_points: (length, total) pairs */
    Py_ssize_t npoints;
    PyObject *on_route; /* a set of the route's hexes */
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

/* One step of the walk: 0 done, 1 over the visit limit, -1 an exception. */
static int walk_from(Walk *w, long long length, long long total, int own) {
    if (++w->visited > w->limit) return 1;
    Py_ssize_t n_route = PyList_GET_SIZE(w->route);
    PyObject *node = PyList_GET_ITEM(w->route, n_route - 1);
    if (n_route > 1 && (own || !w->own_needed)) {
        int end = PySet_Contains(w->end_set, node);
        if (end < 0) return -1;
        if (end) {
            PyObject *r = PyObject_CallFunction(w->spell, "LL", length, total);
            if (!r) return -1;
            Py_DECREF(r);
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
        int taken = PySet_Contains(w->on_route, nxt);
        if (taken) {
            if (taken < 0) status = -1;
            continue;
        }
        long long low, fewest;
        int found = lookup(w->lower[flag], nxt, &low);
        if (found <= 0) {
            if (found < 0) status = -1;
            continue;
        }
        long long new_len = length + step, reach = new_len + low;
        if (reach > w->max_len) continue;
        long long new_total = member != Py_None ? total : total + w->fee;
        found = lookup(w->fewest[flag], nxt, &fewest);
        if (found <= 0) { /* Python: a KeyError */
            if (found == 0) PyErr_SetObject(PyExc_KeyError, nxt);
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
        PyObject *sole = NULL; /* the rival of a link only one rival's line is on */
        if (member == Py_None && PyTuple_Check(line) && PyTuple_GET_SIZE(line) == 1)
            sole = PyTuple_GET_ITEM(line, 0);
        long long had = 0;
        if (sole) {
            if (lookup(w->single, sole, &had) < 0) {
                status = -1;
                break;
            }
            if (had >= w->cap && !w->netting) continue;
            PyObject *more = PyLong_FromLongLong(had + 1);
            if (!more || PyDict_SetItem(w->single, sole, more) < 0) {
                Py_XDECREF(more);
                status = -1;
                break;
            }
            Py_DECREF(more);
        }
        PyObject *where = PyLong_FromSsize_t(place), *choice = PyTuple_Pack(2, member, line);
        if (!where || !choice || PyList_Append(w->route, nxt) < 0 ||
            PySet_Add(w->on_route, nxt) < 0 || PyList_Append(w->order, where) < 0 ||
            PyList_Append(w->lines, choice) < 0) {
            Py_XDECREF(where);
            Py_XDECREF(choice);
            status = -1;
            break;
        }
        Py_DECREF(where);
        Py_DECREF(choice);
        status = walk_from(w, new_len, new_total, flag);
        if (status != 0) break; /* as the Python walk: the lister is dropped, nothing popped */
        Py_ssize_t r = PyList_GET_SIZE(w->route), o = PyList_GET_SIZE(w->order),
                   l = PyList_GET_SIZE(w->lines);
        if (PyList_SetSlice(w->route, r - 1, r, NULL) < 0 || PySet_Discard(w->on_route, nxt) < 0 ||
            PyList_SetSlice(w->order, o - 1, o, NULL) < 0 ||
            PyList_SetSlice(w->lines, l - 1, l, NULL) < 0) {
            status = -1;
            break;
        }
        if (sole) {
            PyObject *back = PyLong_FromLongLong(had);
            if (!back || PyDict_SetItem(w->single, sole, back) < 0) {
                Py_XDECREF(back);
                status = -1;
                break;
            }
            Py_DECREF(back);
        }
    }
    Py_DECREF(near);
    return status;
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
             *cap = NULL, *netting = NULL, *own_needed = NULL, *seen = NULL, *result = NULL;
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
    if (dict_pair(lower, w.lower) < 0 || dict_pair(fewest, w.fewest) < 0) goto done;
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
    if (!(w.on_route = PySet_New(w.route))) goto done;
    int status = walk_from(&w, length, total, own);
    /* the visits counted, as the Python walk counts them, also when an exception (e.g.
     * TooManyRoutes from ``spell``) ends the walk: that exception is kept aside meanwhile */
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyObject *count = PyLong_FromLongLong(w.visited);
    int stored = count ? PyObject_SetAttrString(w.lister, "visited", count) : -1;
    Py_XDECREF(count);
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
    Py_XDECREF(w.on_route);
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
