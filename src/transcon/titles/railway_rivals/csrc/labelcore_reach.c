/* ``Expander.reach`` / ``Expander.loads_reach``: ``RouteSearch.reach`` and ``loads_reach``
 * (with ``least_beaten``, ``beaten_after`` and ``Loads.reach``) compiled, line for line, for
 * the dominance test of an expansion (the expander stands in for the search there). They
 * keep the search's own caches (``_reach``, ``_least`` and ``_least_version``), so the
 * Python code reads what they remembered; a bound or loads they do not handle go to the
 * Python code. Outside an expansion they call the search's Python methods. */
#include "labelcore_expander.h"

static PyObject *s_least_version, *s_reach, *s_loads_reach, *s_least_beaten;

/* ``beaten_after(more, length, used, own, h)``: 1, 0, -1 with an exception; 2 when a bound
 * is not a small int (the Python code answers). */
static int beaten_after(Expander *x, long long more, long long length, long long used, int own,
                        PyObject *h, PyObject *const *hexes, PyObject *const *dist) {
    long long rival, d;
    PyObject *v = item_of(hexes[own], h);
    if (!v) return -1;
    if (!small_int(v, &rival)) return 2;
    if (rival < more) rival = more;
    if (rival > x->room - used) return 1;
    if (!(v = item_of(dist[own], h))) return -1;
    if (!small_int(v, &d)) return 2;
    if (d < more) d = more;
    return beaten(x->label, length + d, (used + rival) * x->fee);
}

/* ``least_beaten(length, used, own, h)``: a new reference, or NULL. */
static PyObject *least_beaten(Expander *x, PyObject *const *args) {
    long long length, used;
    PyObject *pair[2][2];
    PyObject *h = args[3];
    int own = args[2] == Py_True;
    if (small_int(args[0], &length) && small_int(args[1], &used) &&
        (args[2] == Py_True || args[2] == Py_False) && own_pair(x->hexes, pair[0]) &&
        own_pair(x->dist, pair[1])) {
        long long lo = 1, hi = x->room - used + 1;
        if (x->most + 1 < hi) hi = x->most + 1;
        int b = beaten_after(x, hi, length, used, own, h, pair[0], pair[1]);
        if (b < 0) return NULL;
        if (b == 0) return PyLong_FromLongLong(hi + 1);
        while (b != 2 && lo < hi) {
            long long mid = lo + (hi - lo) / 2;
            b = beaten_after(x, mid, length, used, own, h, pair[0], pair[1]);
            if (b < 0) return NULL;
            if (b == 1) hi = mid;
            if (b == 0) lo = mid + 1;
        }
        if (b != 2) return PyLong_FromLongLong(lo);
    }
    PyObject *call[5] = {x->search, args[0], args[1], args[2], args[3]};
    return PyObject_VectorcallMethod(s_least_beaten, call, 5 | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                     NULL);
}

/* ``Loads.reach(b, least)``: a new reference, or NULL. */
static PyObject *loads_reach_of(Expander *x, PyObject *b, PyObject *least) {
    PyObject *floor = PyDict_GetItemWithError(x->floors, least);
    u64 bw, fw;
    if (floor && x->g.nw == 1 && x->field_ok && x->width >= 1 && x->width <= 64 &&
        u64_of(b, &bw) && u64_of(floor, &fw)) {
        u64 g = x->g.w[0];
        u64 ge = ((bw | g) - fw) & g;
        u64 keep = (ge >> (x->width - 1)) * x->field;
        return PyLong_FromUnsignedLongLong((bw & keep) | (fw & ~keep));
    }
    if (!floor && PyErr_Occurred()) return NULL;
    PyObject *call[3] = {x->loads, b, least};
    return PyObject_VectorcallMethod(s_reach, call, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
}

/* loads_reach(loads, length, used, own, h): RouteSearch.loads_reach. */
PyObject *lc_expander_loads_reach(Expander *x, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "loads_reach takes 5 arguments");
        return NULL;
    }
    if (!x->label || x->most < 0) { /* not within an expansion: the Python code */
        PyObject *call[6] = {x->search, args[0], args[1], args[2], args[3], args[4]};
        return PyObject_VectorcallMethod(s_loads_reach, call,
                                         6 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    }
    PyObject *loads = args[0];
    if (PyList_GET_SIZE(x->front) == 0) {
        Py_INCREF(loads);
        return loads; /* nothing found yet beats any way on */
    }
    PyObject *key = PyTuple_Pack(4, args[4], args[1], args[2], args[3]);
    if (!key) return NULL;
    PyObject *out = NULL, *least = NULL;
    PyObject *known_version = PyObject_GetAttr(x->search, s_least_version);
    if (!known_version) goto done;
    int stale = PyObject_RichCompareBool(known_version, x->label->front_version, Py_NE);
    Py_DECREF(known_version);
    if (stale < 0) goto done;
    least = PyDict_GetItemWithError(x->least_cache, key);
    if (least) Py_INCREF(least);
    if (!least && PyErr_Occurred()) goto done;
    if (!least || stale) {
        if (stale) {
            PyDict_Clear(x->least_cache);
            if (PyObject_SetAttr(x->search, s_least_version, x->label->front_version) < 0)
                goto done;
        }
        Py_XDECREF(least);
        PyObject *call[4] = {args[1], args[2], args[3], args[4]};
        if (!(least = least_beaten(x, call))) goto done;
        if (PyDict_SetItem(x->least_cache, key, least) < 0) goto done;
    }
    out = loads_reach_of(x, loads, least);
done:
    Py_XDECREF(least);
    Py_DECREF(key);
    return out;
}

/* reach(idx, h): RouteSearch.reach. */
PyObject *lc_expander_reach(Expander *x, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "reach takes 2 arguments");
        return NULL;
    }
    if (!x->label) {
        PyObject *call[3] = {x->search, args[0], args[1]};
        return PyObject_VectorcallMethod(s_reach, call, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                         NULL);
    }
    PyObject *idx = args[0], *version = x->label->front_version;
    PyObject *known = PyDict_GetItemWithError(x->reach_cache, idx);
    if (!known && PyErr_Occurred()) return NULL;
    if (known) {
        if (!PyTuple_Check(known) || PyTuple_GET_SIZE(known) != 2) {
            PyErr_SetString(PyExc_ValueError, "a remembered reach must be (version, loads)");
            return NULL;
        }
        int same = PyObject_RichCompareBool(PyTuple_GET_ITEM(known, 0), version, Py_EQ);
        if (same < 0) return NULL;
        if (same) {
            PyObject *found = PyTuple_GET_ITEM(known, 1);
            Py_INCREF(found);
            return found;
        }
    }
    PyObject *fig = PyObject_GetItem(x->figures, idx);
    if (!fig) return NULL;
    PyObject *found = NULL, *entry = NULL;
    if (!PyTuple_Check(fig) || PyTuple_GET_SIZE(fig) != 5) {
        PyErr_SetString(PyExc_ValueError, "a label's figures must be 5");
        goto done;
    }
    PyObject *call[5] = {PyTuple_GET_ITEM(fig, 4), PyTuple_GET_ITEM(fig, 0),
                         PyTuple_GET_ITEM(fig, 1), PyTuple_GET_ITEM(fig, 2), args[1]};
    if (!(found = lc_expander_loads_reach(x, call, 5))) goto done;
    if (!(entry = PyTuple_Pack(2, version, found)) ||
        PyDict_SetItem(x->reach_cache, idx, entry) < 0)
        Py_CLEAR(found);
done:
    Py_XDECREF(entry);
    Py_DECREF(fig);
    return found;
}

PyObject *lc_reach_of(PyObject *expander, PyObject *const *args, Py_ssize_t nargs) {
    return lc_expander_reach((Expander *)expander, args, nargs);
}

PyObject *lc_loads_reach_of(PyObject *expander, PyObject *const *args, Py_ssize_t nargs) {
    return lc_expander_loads_reach((Expander *)expander, args, nargs);
}

int lc_reach_ready(void) {
    const char *names[] = {"_least_version", "reach", "loads_reach", "least_beaten"};
    PyObject **slots[] = {&s_least_version, &s_reach, &s_loads_reach, &s_least_beaten};
    for (int i = 0; i < 4; i++)
        if (!*slots[i] && !(*slots[i] = PyUnicode_InternFromString(names[i]))) return -1;
    return 0;
}
