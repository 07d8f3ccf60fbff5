/* ``Dominance``: ``RouteSearch.dominance`` (routesearch.py) compiled, line for line.
 *
 * One object per search. It reads each label's figures (length, used, own, counts, loads;
 * ``search.figures[idx]``) once, when the label first takes part in a test, and keeps them by
 * label index (with a reference to the figures tuple, re-read if the list ever holds another
 * tuple there). A
 * test first reads every label of the bucket and the new label; if any figure is not what
 * the fast code handles (not a 5-tuple, a length beyond 64 bits, own not a bool) it returns
 * None before anything is called back, and the caller runs the Python reference. The reach
 * of labels is called back (``search.reach`` and ``search.loads_reach``) exactly when the
 * Python code calls it. */
#include "labelcore.h"

#include <string.h>

typedef struct {
    PyObject *fig;    /* the figures tuple read (a reference); NULL: not read */
    PyObject *counts; /* borrowed from fig */
    PyObject *loads;  /* borrowed from fig */
    long long len, used;
    int own;
    int fits; /* whether the loads are in the words */
} Entry;

typedef struct {
    PyObject_HEAD
    int splits, fee_zero, across;
    Guard g;
    int stride; /* words per label: the guard's, at least 1 */
    Entry *entries;
    u64 *words;
    Py_ssize_t cap;
} Dominance;

static PyObject *str_figures, *str_reach, *str_loads_reach, *zero;

/* Reads a label's figures into e and w: 1 done, 0 not handled here. */
static int read_label(const Guard *g, PyObject *fig, Entry *e, u64 *w) {
    if (!PyTuple_CheckExact(fig) || PyTuple_GET_SIZE(fig) != 5) return 0;
    PyObject *len = PyTuple_GET_ITEM(fig, 0), *used = PyTuple_GET_ITEM(fig, 1);
    PyObject *own = PyTuple_GET_ITEM(fig, 2);
    if (!PyLong_CheckExact(len) || !PyLong_CheckExact(used)) return 0;
    int over_len, over_used;
    e->len = PyLong_AsLongLongAndOverflow(len, &over_len);
    e->used = PyLong_AsLongLongAndOverflow(used, &over_used);
    if (over_len || over_used) return 0;
    if (own != Py_True && own != Py_False) return 0;
    e->own = own == Py_True;
    e->counts = PyTuple_GET_ITEM(fig, 3);
    e->loads = PyTuple_GET_ITEM(fig, 4);
    e->fits = lc_words(g, e->loads, w); /* never -1: a non-int is "does not fit" */
    return 1;
}

/* The entry of label idx (figures[idx]), read if needed: 1 done, 0 not handled here, -1 an
 * exception. */
static int entry_of(Dominance *d, PyObject *figures, Py_ssize_t idx, Entry **out) {
    if (idx < 0 || idx >= PyList_GET_SIZE(figures)) return 0;
    if (idx >= d->cap) {
        Py_ssize_t cap = d->cap ? d->cap : 1024;
        while (cap <= idx) cap *= 2;
        Entry *entries = PyMem_Realloc(d->entries, (size_t)cap * sizeof(Entry));
        if (!entries) {
            PyErr_NoMemory();
            return -1;
        }
        d->entries = entries;
        memset(entries + d->cap, 0, (size_t)(cap - d->cap) * sizeof(Entry));
        u64 *words = PyMem_Realloc(d->words, (size_t)cap * (size_t)d->stride * sizeof(u64));
        if (!words) {
            PyErr_NoMemory();
            return -1;
        }
        d->words = words;
        d->cap = cap;
    }
    Entry *e = &d->entries[idx];
    PyObject *fig = PyList_GET_ITEM(figures, idx);
    if (e->fig != fig) {
        PyObject *old = e->fig;
        e->fig = NULL;
        int read = read_label(&d->g, fig, e, d->words + idx * d->stride);
        Py_XDECREF(old);
        if (read <= 0) return read;
        Py_INCREF(fig);
        e->fig = fig;
    }
    *out = e;
    return 1;
}

/* The label index of a bucket item: 1 done, 0 not an index (not handled here). */
static int index_of(PyObject *item, Py_ssize_t *idx) {
    if (!PyLong_CheckExact(item)) return 0;
    *idx = PyLong_AsSsize_t(item);
    if (*idx == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* Whether loads a are within the loads a reach callback returned (read into words if they
 * fit); -1 with an exception. */
static int within_reach(const Guard *g, PyObject *a, const u64 *a_w, PyObject *reach) {
    u64 reach_w[LC_MAXW];
    int fits = a_w ? lc_words(g, reach, reach_w) : 0;
    return lc_within(g, a, a_w, reach, fits ? reach_w : NULL);
}

/* The new label's reach once called back (``obj``, a reference kept by the test): ``known``
 * unless negative (the Python code, which starts from -1, then calls it again), and its
 * words when it fits them. */
typedef struct {
    PyObject *obj;
    int known, fits;
    u64 w[LC_MAXW];
} NewReach;

/* search.name(*args[1:n]) (args[0] is the search): the compiled method itself when the
 * search is the expander (its type is final, so that is what the call would reach), without
 * the method lookup and call of every comparison. */
static PyObject *call_back(PyObject *search, PyObject *name, PyObject **args, Py_ssize_t n) {
    if (Py_IS_TYPE(search, &LC_ExpanderType))
        return name == str_reach ? lc_reach_of(search, args + 1, n - 1)
                                 : lc_loads_reach_of(search, args + 1, n - 1);
    return PyObject_VectorcallMethod(name, args, (size_t)n | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                     NULL);
}

/* One comparison of the bucket's loop (the label ``item``, entry e, against the new label
 * ne): 2 the new label is dominated, 1 the label dies, 0 neither, -1 an exception. */
static int compare(Dominance *d, PyObject *search, PyObject *item, const Entry *e,
                   const u64 *o_w, PyObject *new, const Entry *ne, const u64 *n_w, PyObject *h,
                   int front, NewReach *new_reach) {
    const Guard *g = &d->g;
    if (d->splits && e->len == ne->len && (e->used == ne->used || d->fee_zero)) {
        int differ = PyObject_RichCompareBool(e->counts, ne->counts, Py_NE);
        if (differ != 0) return differ < 0 ? -1 : 0; /* the same payments split differently */
    }
    if (e->own != ne->own && !d->across) return 0;
    if (e->len <= ne->len && e->used <= ne->used && (e->own || !ne->own)) {
        int within = lc_within(g, e->loads, o_w, ne->loads, n_w);
        if (within != 0) return within < 0 ? -1 : 2;
        if (front) {
            if (!new_reach->known) {
                PyObject *args[6] = {search, ne->loads, PyTuple_GET_ITEM(new, 0),
                                     PyTuple_GET_ITEM(new, 1), PyTuple_GET_ITEM(new, 2), h};
                PyObject *found = call_back(search, str_loads_reach, args, 6);
                if (!found) return -1;
                Py_XSETREF(new_reach->obj, found);
                int negative = PyObject_RichCompareBool(found, zero, Py_LT);
                if (negative < 0) return -1;
                new_reach->known = !negative;
                new_reach->fits = lc_words(g, found, new_reach->w);
            }
            const u64 *r_w = o_w && new_reach->fits ? new_reach->w : NULL;
            within = lc_within(g, e->loads, o_w, new_reach->obj, r_w);
            if (within != 0) return within < 0 ? -1 : 2;
        }
    }
    if (ne->len <= e->len && ne->used <= e->used && (ne->own || !e->own)) {
        int kills = lc_within(g, ne->loads, n_w, e->loads, o_w);
        if (kills == 0 && front) {
            PyObject *args[3] = {search, item, h};
            PyObject *reach = call_back(search, str_reach, args, 3);
            if (!reach) return -1;
            kills = within_reach(g, ne->loads, n_w, reach);
            Py_DECREF(reach);
        }
        return kills;
    }
    return 0;
}

/* RouteSearch.dominance(bucket, new, h) with ``front`` (front_version > 0), ``figures`` the
 * search's: 2 the new label is dominated (*over: a new reference to the bucket item that
 * dominates it), 1 it is kept (*killed: a new list of the items it dominates, NULL for none),
 * 0 the figures are not handled here (nothing was called back), -1 an exception. */
int lc_dominance_check(PyObject *self, PyObject *search, PyObject *figures, PyObject *bucket,
                       PyObject *new, PyObject *h, int front, PyObject **over,
                       PyObject **killed) {
    Dominance *d = (Dominance *)self;
    *over = NULL;
    *killed = NULL;
    if (!PyList_Check(bucket) || !PyList_Check(figures)) return 0;
    Entry ne;
    u64 n_w[LC_MAXW], o_w[LC_MAXW];
    if (!read_label(&d->g, new, &ne, n_w)) return 0;
    /* read every label first: nothing is called back before the answer "not handled" */
    Py_ssize_t n = PyList_GET_SIZE(bucket), local[64];
    Py_ssize_t *ids = n <= 64 ? local : PyMem_Malloc((size_t)n * sizeof(Py_ssize_t));
    if (!ids) {
        PyErr_NoMemory();
        return -1;
    }
    int status = 1;
    for (Py_ssize_t i = 0; i < n && status == 1; i++) {
        Entry *e;
        if (!index_of(PyList_GET_ITEM(bucket, i), &ids[i])) status = 0;
        if (status == 1) status = entry_of(d, figures, ids[i], &e);
    }
    NewReach new_reach = {NULL, 0, 0, {0}};
    const u64 *n_words = ne.fits ? n_w : NULL;
    for (Py_ssize_t i = 0; i < n && status == 1; i++) {
        Py_ssize_t idx = ids[i];
        /* the callbacks of earlier comparisons change neither the bucket nor the figures */
        if (PyList_GET_SIZE(bucket) != n || PyList_GET_SIZE(figures) <= idx ||
            d->entries[idx].fig != PyList_GET_ITEM(figures, idx)) {
            PyErr_SetString(PyExc_RuntimeError, "a label bucket changed during its test");
            status = -1;
            break;
        }
        PyObject *item = PyList_GET_ITEM(bucket, i);
        /* the comparison may call back into Python: hold what it reads */
        Entry other = d->entries[idx];
        Py_INCREF(item);
        Py_INCREF(other.fig);
        if (other.fits) memcpy(o_w, d->words + idx * d->stride, sizeof(u64) * (size_t)d->stride);
        int outcome = compare(d, search, item, &other, other.fits ? o_w : NULL, new, &ne,
                              n_words, h, front, &new_reach);
        if (outcome == 2) {
            Py_INCREF(item);
            *over = item;
            status = 2;
        }
        if (outcome == 1 && !*killed && !(*killed = PyList_New(0))) outcome = -1;
        if (outcome == 1 && PyList_Append(*killed, item) < 0) outcome = -1;
        if (outcome < 0) status = -1;
        Py_DECREF(other.fig);
        Py_DECREF(item);
    }
    if (ids != local) PyMem_Free(ids);
    Py_XDECREF(new_reach.obj);
    if (status != 1) Py_CLEAR(*killed);
    return status;
}

/* test(search, bucket, new, h, front): RouteSearch.dominance(bucket, new, h) with
 * ``front`` (front_version > 0): (dominating, []) or (None, killed); None when the figures
 * are not handled here. */
PyObject *lc_dominance_test(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "test takes 5 arguments");
        return NULL;
    }
    int front = PyObject_IsTrue(args[4]);
    if (front < 0) return NULL;
    PyObject *figures = PyObject_GetAttr(args[0], str_figures);
    if (!figures) return NULL;
    PyObject *over, *killed;
    int status = lc_dominance_check(self, args[0], figures, args[1], args[2], args[3], front,
                                    &over, &killed);
    Py_DECREF(figures);
    if (status <= 0) {
        if (status == 0) Py_RETURN_NONE;
        return NULL;
    }
    if (!killed && !(killed = PyList_New(0))) {
        Py_XDECREF(over);
        return NULL;
    }
    PyObject *result = PyTuple_Pack(2, over ? over : Py_None, killed);
    Py_XDECREF(over);
    Py_DECREF(killed);
    return result;
}

static void dominance_dealloc(Dominance *d) {
    for (Py_ssize_t i = 0; i < d->cap; i++) Py_XDECREF(d->entries[i].fig);
    PyMem_Free(d->entries);
    PyMem_Free(d->words);
    Py_XDECREF(d->g.obj);
    Py_TYPE(d)->tp_free((PyObject *)d);
}

/* Dominance(splits, fee_zero, across, guard) */
static int dominance_init(Dominance *d, PyObject *args, PyObject *kwds) {
    PyObject *guard;
    int splits, fee_zero, across;
    static char *kwlist[] = {"splits", "fee_zero", "across", "guard", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "pppO", kwlist, &splits, &fee_zero, &across,
                                     &guard))
        return -1;
    if (d->g.obj) {
        PyErr_SetString(PyExc_RuntimeError, "Dominance is initialised once");
        return -1;
    }
    if (lc_guard_init(&d->g, guard) < 0) return -1;
    d->splits = splits;
    d->fee_zero = fee_zero;
    d->across = across;
    d->stride = d->g.nw ? d->g.nw : 1;
    return 0;
}

static PyMethodDef dominance_methods[] = {
    {"test", (PyCFunction)(void (*)(void))lc_dominance_test, METH_FASTCALL,
     "test(search, bucket, new, h, front): RouteSearch.dominance, or None (not handled)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject LC_DominanceType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "transcon.titles.railway_rivals._labelcore.Dominance",
    .tp_basicsize = sizeof(Dominance),
    .tp_dealloc = (destructor)dominance_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "RouteSearch.dominance of one search (see labelcore_dominance.c).",
    .tp_methods = dominance_methods,
    .tp_init = (initproc)dominance_init,
    .tp_new = PyType_GenericNew,
};

int lc_dominance_ready(void) {
    if (!str_figures && !(str_figures = PyUnicode_InternFromString("figures"))) return -1;
    if (!str_reach && !(str_reach = PyUnicode_InternFromString("reach"))) return -1;
    if (!str_loads_reach && !(str_loads_reach = PyUnicode_InternFromString("loads_reach")))
        return -1;
    if (!zero && !(zero = PyLong_FromLong(0))) return -1;
    return PyType_Ready(&LC_DominanceType);
}
