/* The Railway Rivals route finder's compiled dominance tests (labelcore_*.c): shared parts.
 *
 * Loads are Python ints of packed fields with a guard bit on top of each field (routecaps'
 * ``Loads``): a is "within" b when ((b | g) - a) & g == g. Here an int that is not negative
 * and fits in LC_MAXW 64-bit words is compared as words (the low 64 x n bits of the exact
 * result only depend on the low 64 x n bits of the operands, and g has no higher bit); any
 * other int goes through the same formula with Python's own number operations, so the
 * answer is always the Python one. */
#ifndef TRANSCON_LABELCORE_H
#define TRANSCON_LABELCORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef uint64_t u64;

/* The most 64-bit words a guard may take for the word path (wider: Python's operations). */
#define LC_MAXW 8

/* A guard: its words (nw of them, 0 when it is negative or wider than LC_MAXW words) and
 * the int itself. */
typedef struct {
    PyObject *obj;
    int nw;
    u64 w[LC_MAXW];
} Guard;

/* Reads a guard (a new reference to obj is taken); -1 with an exception when not an int. */
int lc_guard_init(Guard *g, PyObject *obj);

/* Reads an int into g->nw words: 1 when it fits (not negative, no bit at or above
 * 64 x nw), 0 when it does not, -1 with an exception when it is not an int. */
int lc_words(const Guard *g, PyObject *v, u64 *out);

/* Whether loads a are within loads b, computed on the ints (Python's operations); -1 with
 * an exception. */
int lc_within_ints(const Guard *g, PyObject *a, PyObject *b);

/* Whether loads a are within loads b: on their words when both are given (non-NULL), else
 * on the ints; -1 with an exception. */
static inline int lc_within(const Guard *g, PyObject *a, const u64 *a_w, PyObject *b,
                            const u64 *b_w) {
    if (!a_w || !b_w) return lc_within_ints(g, a, b);
    if (g->nw == 1) return (((b_w[0] | g->w[0]) - a_w[0]) & g->w[0]) == g->w[0];
    u64 borrow = 0;
    for (int k = 0; k < g->nw; k++) {
        u64 top = b_w[k] | g->w[k];
        u64 diff = top - a_w[k];
        u64 out = diff - borrow;
        if ((out & g->w[k]) != g->w[k]) return 0;
        borrow = (u64)(top < a_w[k]) | (u64)(diff < borrow);
    }
    return 1;
}

#if PY_VERSION_HEX < 0x030C0000
#define LC_DIGITS 1 /* ints' digits are read straight (their layout up to 3.11) */
/* A not negative int's digits read into nw words: 1 when it fits (no bit at or above
 * 64 x nw), 0 when it is negative or does not. */
static inline int lc_digit_words(PyObject *v, int nw, u64 *out) {
    Py_ssize_t size = Py_SIZE(v);
    if (size < 0) return 0;
    const digit *d = ((PyLongObject *)v)->ob_digit;
    for (int k = 0; k < nw; k++) out[k] = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        u64 dv = d[i];
        long long pos = (long long)i * PyLong_SHIFT;
        long long k = pos / 64, off = pos % 64;
        if (k >= nw) return 0; /* the top digit is never 0: a bit beyond the words */
        out[k] |= dv << off;
        if (off + PyLong_SHIFT > 64) {
            u64 high = dv >> (64 - off);
            if (k + 1 < nw)
                out[k + 1] |= high;
            else if (high)
                return 0;
        }
    }
    return 1;
}
#endif

/* A not negative exact int below 2^64: 1 with *out set, else 0 (no exception). */
static inline int u64_of(PyObject *o, u64 *out) {
    if (!PyLong_CheckExact(o)) return 0;
#ifdef LC_DIGITS
    return lc_digit_words(o, 1, out);
#else
    u64 v = PyLong_AsUnsignedLongLong(o);
    if (v == (u64)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
#endif
}

/* The field of ``field`` bits at bit ``shift`` of loads read as nw words (0 beyond them). */
static inline long long lc_field_at(const u64 *words, int nw, long long shift, u64 field) {
    long long k = shift / 64, off = shift % 64;
    if (k >= nw) return 0;
    u64 v = words[k] >> off;
    if (off && k + 1 < nw) v |= words[k + 1] << (64 - off);
    return (long long)(v & field);
}

/* A subproblem's forbidden (hex, own track used yet) states as bits 2 x hex + flag, read
 * once from the frozenset. ``bits`` is NULL when the set is empty or holds a state it cannot
 * write so (its hex no exact int in 0..LC_BANNED_MOST, its flag no exact bool or int): then
 * the set itself is asked, as in Python. */
#define LC_BANNED_MOST (1 << 22)
typedef struct {
    unsigned char *bits;
    long long size; /* bits held: 2 x (the largest hex + 1), an even number */
} Banned;

/* Reads ``forbidden`` (a frozenset): 0 done, -1 with an exception. */
int lc_banned_init(Banned *b, PyObject *forbidden);
void lc_banned_free(Banned *b);

/* Whether (node, own) is in ``forbidden`` (read into ``b``): 1, 0 or -1 with an exception. */
static inline int lc_banned_has(const Banned *b, PyObject *forbidden, PyObject *node, int own) {
    if (!PySet_GET_SIZE(forbidden)) return 0;
    if (b->bits && PyLong_CheckExact(node)) {
        int over;
        long long h = PyLong_AsLongLongAndOverflow(node, &over);
        if (over || h < 0 || h >= b->size / 2) return 0; /* no forbidden state's hex */
        return b->bits[2 * h + own];
    }
    PyObject *key = PyTuple_Pack(2, node, own ? Py_True : Py_False);
    if (!key) return -1;
    int banned = PySet_Contains(forbidden, key);
    Py_DECREF(key);
    return banned;
}

/* ``Loads.add``'s last step: loads + step (a set's one more link) when within ``limit``:
 * a new reference, Py_None (over a capacity) or NULL with an exception. */
PyObject *lc_loads_plus(const Guard *g, PyObject *limit, PyObject *loads, PyObject *step);

/* near(node) through ``cache``, the team's dict of near's answers (routebounds'
 * ``team_steps``: near fills it on a miss): a new reference, NULL with an exception. */
static inline PyObject *lc_near(PyObject *cache, PyObject *near, PyObject *node) {
    PyObject *known = PyDict_GetItemWithError(cache, node);
    if (known) {
        Py_INCREF(known);
        return known;
    }
    if (PyErr_Occurred()) return NULL;
    return PyObject_CallOneArg(near, node);
}

/* o.name (a new reference), checked to be of ``type`` (exactly) when one is given; NULL
 * with an exception (a TypeError naming ``who`` and the attribute). */
static inline PyObject *lc_attr(PyObject *o, const char *name, PyTypeObject *type,
                                const char *who) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (v && type && !Py_IS_TYPE(v, type)) {
        PyErr_Format(PyExc_TypeError, "%s: %s must be a %s", who, name, type->tp_name);
        Py_CLEAR(v);
    }
    return v;
}

/* The module's types and functions defined in other files. */
extern PyTypeObject LC_DominanceType;
int lc_dominance_ready(void); /* the type ready, its names made: -1 with an exception */
/* Dominance.test (self a Dominance) */
PyObject *lc_dominance_test(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
/* The test on C terms (``self`` a Dominance; see labelcore_dominance.c): 2 dominated (*over
 * set), 1 kept (*killed set, or NULL), 0 not handled, -1 an exception. */
int lc_dominance_check(PyObject *self, PyObject *search, PyObject *figures, PyObject *bucket,
                       PyObject *new, PyObject *h, int front, PyObject **over,
                       PyObject **killed);
extern PyTypeObject LC_ExpanderType;
/* Expander.reach / Expander.loads_reach (``expander`` an Expander; labelcore_reach.c) */
PyObject *lc_reach_of(PyObject *expander, PyObject *const *args, Py_ssize_t nargs);
PyObject *lc_loads_reach_of(PyObject *expander, PyObject *const *args, Py_ssize_t nargs);
int lc_expander_ready(void); /* the type ready, its names made: -1 with an exception */
/* Whether a key o of the dict ``group`` (kept loads -> (used, index)) is within ``loads``
 * (and, when cheapest, its used is at most ``used``): 1, 0, or -1 with an exception.
 * ``loads_w``: the loads' words, or NULL when they do not fit. */
int lc_group_dominates(const Guard *g, PyObject *group, PyObject *loads, const u64 *loads_w,
                       PyObject *used, int cheapest);
/* Appends to the list ``out`` the keys o of ``group``, in its order, that ``loads`` is
 * within (and, when cheapest, whose used is at least ``used``): 0, or -1 with an exception. */
int lc_group_dominated_by(const Guard *g, PyObject *group, PyObject *loads,
                          const u64 *loads_w, PyObject *used, int cheapest, PyObject *out);
PyObject *lc_probe_dominated(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *lc_probe_dominated_by(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *lc_list_walk(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
PyObject *lc_cap_walk(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

#endif
