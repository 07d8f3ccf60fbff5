/* The module: loads as words (labelcore.h), the look-for-some-route search's dominance tests
 * (routecaps' ``_Probe.dominated`` and ``dominated_by``) and the module table. */
#include "labelcore.h"

#include <string.h>

/* ---- loads --------------------------------------------------------------------------------- */

int lc_guard_init(Guard *g, PyObject *obj) {
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "the loads guard must be an int");
        return -1;
    }
    Py_INCREF(obj);
    g->obj = obj;
    g->nw = LC_MAXW; /* at most that many words, for reading the guard itself */
    memset(g->w, 0, sizeof g->w);
    int fits = lc_words(g, obj, g->w);
    if (fits < 0) return -1;
    g->nw = 0;
    if (fits) {
        for (int k = LC_MAXW; k > 0; k--)
            if (g->w[k - 1]) {
                g->nw = k;
                break;
            }
        if (g->nw == 0) g->nw = 1; /* a zero guard: one word */
    }
    return 0;
}

#ifndef LC_DIGITS
/* The words of n little-endian bytes. */
static void words_of_bytes(const unsigned char *bytes, int nw, u64 *out) {
    for (int k = 0; k < nw; k++) {
        u64 w = 0;
        for (int b = 7; b >= 0; b--) w = (w << 8) | bytes[8 * k + b];
        out[k] = w;
    }
}
#endif

int lc_words(const Guard *g, PyObject *v, u64 *out) {
    int nw = g->nw;
    if (nw == 0 || !PyLong_Check(v)) return 0;
#ifdef LC_DIGITS
    return lc_digit_words(v, nw, out);
#else
    unsigned char bytes[8 * LC_MAXW];
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(v, bytes, 8 * nw,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN |
                                               Py_ASNATIVEBYTES_UNSIGNED_BUFFER |
                                               Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (need < 0) {
        PyErr_Clear(); /* negative */
        return 0;
    }
    if (need > 8 * nw) return 0;
#else
    if (_PyLong_Sign(v) < 0) return 0;
    size_t bits = _PyLong_NumBits(v);
    if (bits == (size_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (bits <= 64) {
        out[0] = PyLong_AsUnsignedLongLongMask(v);
        for (int k = 1; k < nw; k++) out[k] = 0;
        return 1;
    }
    if (bits > (size_t)(64 * nw)) return 0;
    if (_PyLong_AsByteArray((PyLongObject *)v, bytes, (size_t)(8 * nw), 1, 0) < 0) {
        PyErr_Clear();
        return 0;
    }
#endif
    words_of_bytes(bytes, nw, out);
    return 1;
#endif
}

/* One state of a forbidden set as a bit: 1 with *bit set, 0 when it cannot be written so. */
static int banned_bit(PyObject *item, long long *bit) {
    if (!PyTuple_CheckExact(item) || PyTuple_GET_SIZE(item) != 2) return 0;
    PyObject *hex = PyTuple_GET_ITEM(item, 0), *flag = PyTuple_GET_ITEM(item, 1);
    if (!PyLong_CheckExact(hex) || !(PyBool_Check(flag) || PyLong_CheckExact(flag))) return 0;
    int over_hex, over_flag;
    long long h = PyLong_AsLongLongAndOverflow(hex, &over_hex);
    long long own = PyLong_AsLongLongAndOverflow(flag, &over_flag);
    if (over_hex || h < 0 || h > LC_BANNED_MOST) return 0;
    if (over_flag || (own != 0 && own != 1)) {
        *bit = -1; /* a flag no walk has: never matched */
        return 1;
    }
    *bit = 2 * h + own;
    return 1;
}

int lc_banned_init(Banned *b, PyObject *forbidden) {
    b->bits = NULL;
    b->size = 0;
    if (!PyAnySet_Check(forbidden) || !PySet_GET_SIZE(forbidden)) return 0;
    long long most = -1, bit;
    Py_ssize_t pos = 0;
    Py_hash_t hash;
    PyObject *item;
    while (_PySet_NextEntry(forbidden, &pos, &item, &hash)) {
        if (!banned_bit(item, &bit)) return 0; /* the set is asked */
        if (bit > most) most = bit;
    }
    b->size = (most | 1) + 1;
    b->bits = PyMem_Calloc((size_t)b->size, 1);
    if (!b->bits) {
        PyErr_NoMemory();
        return -1;
    }
    pos = 0;
    while (_PySet_NextEntry(forbidden, &pos, &item, &hash))
        if (banned_bit(item, &bit) && bit >= 0) b->bits[bit] = 1;
    return 0;
}

void lc_banned_free(Banned *b) {
    PyMem_Free(b->bits);
    b->bits = NULL;
    b->size = 0;
}

int lc_within_ints(const Guard *g, PyObject *a, PyObject *b) {
    int result = -1;
    PyObject *top = NULL, *diff = NULL, *masked = NULL;
    top = PyNumber_Or(b, g->obj);
    if (!top) goto done;
    diff = PyNumber_Subtract(top, a);
    if (!diff) goto done;
    masked = PyNumber_And(diff, g->obj);
    if (!masked) goto done;
    result = PyObject_RichCompareBool(masked, g->obj, Py_EQ);
done:
    Py_XDECREF(top);
    Py_XDECREF(diff);
    Py_XDECREF(masked);
    return result;
}

/* ---- the look-for-some-route search's dominance (routecaps) -------------------------------- */

/* a <= b as Python compares them (a fast path for small ints). */
static int less_equal(PyObject *a, PyObject *b) {
    if (PyLong_CheckExact(a) && PyLong_CheckExact(b)) {
        int over_a, over_b;
        long long x = PyLong_AsLongLongAndOverflow(a, &over_a);
        long long y = PyLong_AsLongLongAndOverflow(b, &over_b);
        if (!over_a && !over_b) return x <= y;
    }
    return PyObject_RichCompareBool(a, b, Py_LE);
}

/* The rival hexes used of a kept label's value (used, its label index); NULL with an
 * exception when the value does not unpack into two, as in Python. */
static PyObject *used_of(PyObject *value) {
    if (PyTuple_CheckExact(value) && PyTuple_GET_SIZE(value) == 2)
        return PyTuple_GET_ITEM(value, 0);
    PyErr_SetString(PyExc_ValueError, "a kept label's value must be (used, index)");
    return NULL;
}

/* Reads the arguments common to both tests: (..., loads, used, guard, cheapest). */
static int probe_args(PyObject *const *args, Py_ssize_t nargs, const char *name, Guard *g,
                      u64 *loads_w, int *loads_fits, int *cheapest) {
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError, "%s takes 5 arguments", name);
        return -1;
    }
    if (lc_guard_init(g, args[3]) < 0) return -1;
    *loads_fits = lc_words(g, args[1], loads_w);
    *cheapest = PyObject_IsTrue(args[4]);
    if (*loads_fits < 0 || *cheapest < 0) {
        Py_DECREF(g->obj);
        return -1;
    }
    return 0;
}

/* ``lc_loads_plus`` on the guard's words (several): loads + step as a new int, Py_None (over
 * a capacity), NULL with an exception, or a new reference to Py_NotImplemented when an
 * operand or the sum does not fit in the words (Python's operations answer). */
static PyObject *loads_plus_words(const Guard *g, PyObject *limit, PyObject *loads,
                                  PyObject *step) {
    u64 a[LC_MAXW], b[LC_MAXW], lim[LC_MAXW], sum[LC_MAXW];
    int nw = g->nw;
    if (lc_words(g, loads, a) != 1 || lc_words(g, step, b) != 1 || lc_words(g, limit, lim) != 1)
        Py_RETURN_NOTIMPLEMENTED;
    u64 carry = 0;
    for (int k = 0; k < nw; k++) {
        u64 s = a[k] + carry;
        u64 c = s < carry;
        sum[k] = s + b[k];
        carry = c | (sum[k] < b[k]);
    }
    if (carry) Py_RETURN_NOTIMPLEMENTED; /* a bit beyond the words */
    if (!lc_within(g, NULL, sum, NULL, lim)) Py_RETURN_NONE;
    unsigned char bytes[8 * LC_MAXW];
    for (int k = 0; k < nw; k++)
        for (int i = 0; i < 8; i++) bytes[8 * k + i] = (unsigned char)(sum[k] >> (8 * i));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, (size_t)(8 * nw),
                                          Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, (size_t)(8 * nw), 1, 0);
#endif
}

PyObject *lc_loads_plus(const Guard *g, PyObject *limit, PyObject *loads, PyObject *step) {
    u64 a, b, lim;
    if (g->nw == 1 && u64_of(loads, &a) && u64_of(step, &b) && u64_of(limit, &lim) &&
        a + b >= a) {
        u64 sum = a + b, guard = g->w[0];
        if ((((lim | guard) - sum) & guard) != guard) Py_RETURN_NONE;
        return PyLong_FromUnsignedLongLong(sum);
    }
    if (g->nw > 1) {
        PyObject *sum = loads_plus_words(g, limit, loads, step);
        if (sum != Py_NotImplemented) return sum;
        Py_DECREF(sum);
    }
    PyObject *sum = PyNumber_Add(loads, step);
    if (!sum) return NULL;
    int within = lc_within_ints(g, sum, limit);
    if (within <= 0) {
        Py_DECREF(sum);
        if (within < 0) return NULL;
        Py_RETURN_NONE;
    }
    return sum;
}

int lc_group_dominates(const Guard *g, PyObject *group, PyObject *loads, const u64 *loads_w,
                       PyObject *used, int cheapest) {
    u64 o_w[LC_MAXW];
    Py_ssize_t pos = 0;
    PyObject *o, *value;
    int found = 0;
    Py_INCREF(group);
    while (found == 0 && PyDict_Next(group, &pos, &o, &value)) {
        PyObject *o_used = NULL;
        if (cheapest && !(o_used = used_of(value))) {
            found = -1;
            break;
        }
        int fits = loads_w ? lc_words(g, o, o_w) : 0;
        if (fits < 0) {
            found = -1;
            break;
        }
        found = lc_within(g, o, fits ? o_w : NULL, loads, loads_w);
        if (found == 1 && cheapest) found = less_equal(o_used, used);
    }
    Py_DECREF(group);
    return found;
}

int lc_group_dominated_by(const Guard *g, PyObject *group, PyObject *loads,
                          const u64 *loads_w, PyObject *used, int cheapest, PyObject *out) {
    u64 o_w[LC_MAXW];
    Py_ssize_t pos = 0;
    PyObject *o, *value;
    while (PyDict_Next(group, &pos, &o, &value)) {
        PyObject *o_used = used_of(value); /* Python unpacks every value */
        if (!o_used) return -1;
        int fits = loads_w ? lc_words(g, o, o_w) : 0;
        if (fits < 0) return -1;
        int kill = lc_within(g, loads, loads_w, o, fits ? o_w : NULL);
        if (kill == 1 && cheapest) kill = less_equal(used, o_used);
        if (kill < 0 || (kill == 1 && PyList_Append(out, o) < 0)) return -1;
    }
    return 0;
}

/* dominated(groups, loads, used, guard, cheapest): whether a key o of some dict of groups
 * is within ``loads`` (and, when cheapest, its value's used is at most ``used``). */
PyObject *lc_probe_dominated(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Guard g;
    u64 loads_w[LC_MAXW];
    int loads_fits, cheapest;
    if (probe_args(args, nargs, "dominated", &g, loads_w, &loads_fits, &cheapest) < 0)
        return NULL;
    PyObject *groups = args[0];
    int found = 0;
    if (!PyList_Check(groups)) {
        PyErr_SetString(PyExc_TypeError, "dominated: groups must be a list of dicts");
        found = -1;
    }
    for (Py_ssize_t i = 0; found == 0 && i < PyList_GET_SIZE(groups); i++) {
        PyObject *group = PyList_GET_ITEM(groups, i);
        if (!PyDict_Check(group)) {
            PyErr_SetString(PyExc_TypeError, "dominated: groups must be a list of dicts");
            found = -1;
            break;
        }
        found = lc_group_dominates(&g, group, args[1], loads_fits ? loads_w : NULL, args[2],
                                   cheapest);
    }
    Py_DECREF(g.obj);
    if (found < 0) return NULL;
    return PyBool_FromLong(found);
}

/* dominated_by(group, loads, used, guard, cheapest): the keys o of the dict ``group``, in its
 * order, that ``loads`` is within (and, when cheapest, whose value's used is at least
 * ``used``). */
PyObject *lc_probe_dominated_by(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Guard g;
    u64 loads_w[LC_MAXW];
    int loads_fits, cheapest;
    if (probe_args(args, nargs, "dominated_by", &g, loads_w, &loads_fits, &cheapest) < 0)
        return NULL;
    PyObject *out = NULL;
    if (!PyDict_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "dominated_by: group must be a dict");
    } else if ((out = PyList_New(0)) &&
               lc_group_dominated_by(&g, args[0], args[1], loads_fits ? loads_w : NULL, args[2],
                                     cheapest, out) < 0) {
        Py_CLEAR(out);
    }
    Py_DECREF(g.obj);
    return out;
}

/* ---- the module ----------------------------------------------------------------------------- */

static PyMethodDef module_methods[] = {
    {"dominated", (PyCFunction)(void (*)(void))lc_probe_dominated, METH_FASTCALL,
     "dominated(groups, loads, used, guard, cheapest): routecaps' _Probe.dominated."},
    {"dominated_by", (PyCFunction)(void (*)(void))lc_probe_dominated_by, METH_FASTCALL,
     "dominated_by(group, loads, used, guard, cheapest): routecaps' _Probe.dominated_by."},
    {"cap_walk", (PyCFunction)(void (*)(void))lc_cap_walk, METH_FASTCALL,
     "cap_walk(walk, sources, budget, own_start): routecaps' _CapWalk.first_walk (budget < 0: "
     "none)."},
    {"list_walk", (PyCFunction)(void (*)(void))lc_list_walk, METH_FASTCALL,
     "list_walk(lister, length, total, own, limit) -> bool: legal.py's _RouteLister.walk "
     "(false: over the limit of visits)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "transcon.titles.railway_rivals._labelcore",
    "The Railway Rivals route finder's compiled dominance tests (routesearch, routecaps).",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__labelcore(void) {
    if (lc_dominance_ready() < 0 || lc_expander_ready() < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (!m) return NULL;
    Py_INCREF(&LC_DominanceType);
    if (PyModule_AddObject(m, "Dominance", (PyObject *)&LC_DominanceType) < 0) {
        Py_DECREF(&LC_DominanceType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&LC_ExpanderType);
    if (PyModule_AddObject(m, "Expander", (PyObject *)&LC_ExpanderType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_WORDS", LC_MAXW) < 0) {
        Py_DECREF(&LC_ExpanderType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
