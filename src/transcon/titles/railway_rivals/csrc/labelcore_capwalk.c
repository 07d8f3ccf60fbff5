/* The walk within the caps, compiled (routecaps' ``_CapWalk.first_walk_python`` and its
 * ``offer``: the same labels kept, in the same order, the same answer).
 *
 * Labels are (hex, own track used yet, loads, rival hexes used, its pred). Kept labels live,
 * as in Python, in one dict per (hex, own) state (loads -> (used, label index)); the heap
 * orders labels by (used + the fewest rival hexes still needed, used, label index) as
 * Python's heapq orders its tuples (labelcore_heap.h; an entry's node holds a reference to
 * the label's loads, which are never compared).
 * Whatever the Python code would do through a method (a mask or a step not cached yet) is
 * done by calling that method, so both fill the same caches. */
#include "labelcore.h"
#include "labelcore_heap.h"

typedef struct {
    PyObject *walk;
    Banned banned; /* ``forbidden`` read as bits */
    PyObject *hexes[2], *forbidden, *targets, *near, *near_cache, *masks, *mask_fn;
    PyObject *loads_obj, *add_fn, *step_cache, *limit, *zero, *needs;
    Guard g;
    int guard_ok, across, cheapest;
    unsigned long long field;
    Py_ssize_t nneeds;
    long long *need_shift, *need_cap;
    PyObject **need_dict; /* 2 per need, borrowed from ``needs`` */
    PyObject **kept;      /* per state 2 x hex + own: a dict, or NULL */
    Py_ssize_t nkept;
    PyObject **step_node; /* per label: its hex (a reference), own, pred */
    char *step_own;
    long long *step_pred;
    Py_ssize_t nsteps, steps_cap;
    Heap heap;
    long long labels;
} CapWalk;

static PyObject *get_attr(PyObject *o, const char *name, PyTypeObject *type) {
    return lc_attr(o, name, type, "cap_walk");
}

static int as_long_long(PyObject *o, long long *out) {
    int over;
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "cap_walk: an int was expected");
        return -1;
    }
    *out = PyLong_AsLongLongAndOverflow(o, &over);
    if (over) {
        PyErr_SetString(PyExc_OverflowError, "cap_walk: an int beyond 64 bits");
        return -1;
    }
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* The kept dict of a state (made when ``make``), borrowed; NULL without an exception when
 * there is none, NULL with one on failure. */
static PyObject *kept_of(CapWalk *w, long long node, int own, int make) {
    if (node < 0) {
        PyErr_SetString(PyExc_ValueError, "cap_walk: a negative hex");
        return NULL;
    }
    Py_ssize_t at = (Py_ssize_t)(2 * node + own);
    if (at >= w->nkept) {
        if (!make) return NULL;
        Py_ssize_t size = w->nkept ? w->nkept : 256;
        while (size <= at) size *= 2;
        PyObject **grown = PyMem_Realloc(w->kept, (size_t)size * sizeof(PyObject *));
        if (!grown) {
            PyErr_NoMemory();
            return NULL;
        }
        for (Py_ssize_t i = w->nkept; i < size; i++) grown[i] = NULL;
        w->kept = grown;
        w->nkept = size;
    }
    if (!w->kept[at] && make) w->kept[at] = PyDict_New();
    return w->kept[at];
}

/* ``(loads >> shift) & field`` of loads given as words (fits) or as an int. */
static int field_at(CapWalk *w, PyObject *loads, const u64 *words, int fits, long long shift,
                    long long *out) {
    if (fits && shift >= 0 && w->field < (1ULL << 62)) {
        *out = lc_field_at(words, w->g.nw, shift, w->field);
        return 0;
    }
    PyObject *s = PyLong_FromLongLong(shift), *f = PyLong_FromUnsignedLongLong(w->field);
    PyObject *moved = s ? PyNumber_Rshift(loads, s) : NULL;
    PyObject *masked = moved && f ? PyNumber_And(moved, f) : NULL;
    Py_XDECREF(s);
    Py_XDECREF(f);
    Py_XDECREF(moved);
    if (!masked) return -1;
    int status = as_long_long(masked, out);
    Py_DECREF(masked);
    return status;
}

/* Drops the kept labels of the dict that (loads, used) dominates. */
static int drop_dominated(CapWalk *w, PyObject *group, PyObject *loads, const u64 *lw,
                          PyObject *used) {
    PyObject *gone = PyList_New(0);
    int status = gone ? lc_group_dominated_by(&w->g, group, loads, lw, used, w->cheapest, gone) : -1;
    for (Py_ssize_t i = 0; status == 0 && i < PyList_GET_SIZE(gone); i++)
        if (PyDict_DelItem(group, PyList_GET_ITEM(gone, i)) < 0) status = -1;
    Py_XDECREF(gone);
    return status;
}

/* Keeps the label at its state unless a kept label there (or, ``across``, at the state
 * with own track used) dominates it, dropping those it dominates: 1 kept, 0 not, -1.
 * ``loads_w``: the loads' words, or NULL when they do not fit. */
static int keep(CapWalk *w, long long h, int own, PyObject *loads, const u64 *loads_w,
                long long used) {
    PyObject *here = kept_of(w, h, own, 1), *used_obj = PyLong_FromLongLong(used);
    int status = !here || !used_obj ? -1 : 0;
    if (status == 0) status = lc_group_dominates(&w->g, here, loads, loads_w, used_obj, w->cheapest);
    if (status == 0 && w->across && !own) {
        PyObject *other = kept_of(w, h, 1, 0);
        if (other) status = lc_group_dominates(&w->g, other, loads, loads_w, used_obj, w->cheapest);
        else if (PyErr_Occurred()) status = -1;
    }
    if (status == 1) status = 0; /* dominated: not kept */
    else if (status == 0) {
        status = drop_dominated(w, here, loads, loads_w, used_obj);
        if (status == 0 && w->across && own) {
            PyObject *other = kept_of(w, h, 0, 0);
            if (other) status = drop_dominated(w, other, loads, loads_w, used_obj);
            else if (PyErr_Occurred()) status = -1;
        }
        if (status == 0) {
            PyObject *value = Py_BuildValue("(On)", used_obj, w->nsteps);
            status = value ? PyDict_SetItem(here, loads, value) : -1;
            Py_XDECREF(value);
            if (status == 0) status = 1;
        }
    }
    Py_XDECREF(used_obj);
    return status;
}

/* ``offer``: keep the label unless dominated or unable to reach a target within the caps.
 * ``node`` and ``loads`` are borrowed. */
static int offer(CapWalk *w, PyObject *node, int own, PyObject *loads, long long used,
                 long long pred) {
    long long h;
    if (as_long_long(node, &h) < 0) return -1;
    PyObject *still_obj = PyDict_GetItemWithError(w->hexes[own], node);
    if (!still_obj) return PyErr_Occurred() ? -1 : 0;
    int banned = lc_banned_has(&w->banned, w->forbidden, node, own);
    if (banned) return banned < 0 ? -1 : 0;
    u64 lw[LC_MAXW];
    int fits = w->guard_ok ? lc_words(&w->g, loads, lw) : 0;
    if (fits < 0) return -1;
    for (Py_ssize_t k = 0; k < w->nneeds; k++) {
        PyObject *more_obj = PyDict_GetItemWithError(w->need_dict[2 * k + own], node);
        if (!more_obj) return PyErr_Occurred() ? -1 : 0;
        long long more, load;
        if (as_long_long(more_obj, &more) < 0 ||
            field_at(w, loads, lw, fits, w->need_shift[k], &load) < 0)
            return -1;
        if (load + more > w->need_cap[k]) return 0;
    }
    long long still;
    if (as_long_long(still_obj, &still) < 0) return -1;
    int kept = keep(w, h, own, loads, fits ? lw : NULL, used);
    if (kept <= 0) return kept;
    if (w->nsteps == w->steps_cap) {
        Py_ssize_t size = w->steps_cap ? 2 * w->steps_cap : 256;
        PyObject **nodes = PyMem_Realloc(w->step_node, (size_t)size * sizeof(PyObject *));
        if (nodes) w->step_node = nodes;
        char *owns = nodes ? PyMem_Realloc(w->step_own, (size_t)size) : NULL;
        if (owns) w->step_own = owns;
        long long *preds = owns ? PyMem_Realloc(w->step_pred, (size_t)size * sizeof(long long)) : NULL;
        if (!preds) {
            PyErr_NoMemory();
            return -1;
        }
        w->step_pred = preds;
        w->steps_cap = size;
    }
    Py_INCREF(node);
    w->step_node[w->nsteps] = node;
    w->step_own[w->nsteps] = (char)own;
    w->step_pred[w->nsteps] = pred;
    w->nsteps++;
    w->labels++;
    long long idx = (long long)(w->nsteps - 1);
    if (!lc_key_fits(used, idx)) {
        PyErr_SetString(PyExc_OverflowError, "cap_walk: too many labels or rival hexes");
        return -1;
    }
    Py_INCREF(loads);
    if (heap_push(&w->heap, lc_entry(used + still, used, idx, loads)) < 0) {
        Py_DECREF(loads);
        return -1;
    }
    return 0;
}

/* The loads after a rival link with these owners (a new reference), Py_None when over a
 * capacity, NULL with an exception. */
static PyObject *loads_after(CapWalk *w, PyObject *loads, PyObject *owners) {
    PyObject *mask = PyDict_GetItemWithError(w->masks, owners);
    if (mask) Py_INCREF(mask);
    else if (PyErr_Occurred() || !(mask = PyObject_CallOneArg(w->mask_fn, owners))) return NULL;
    int zero = PyObject_Not(mask);
    if (zero) {
        Py_DECREF(mask);
        if (zero < 0) return NULL;
        Py_INCREF(loads);
        return loads;
    }
    PyObject *step = PyDict_GetItemWithError(w->step_cache, mask);
    if (!step) {
        PyObject *out = PyErr_Occurred() ? NULL : PyObject_CallFunctionObjArgs(w->add_fn, loads, mask, NULL);
        Py_DECREF(mask);
        return out;
    }
    Py_DECREF(mask);
    return lc_loads_plus(&w->g, w->limit, loads, step);
}

static PyObject *walk_of(CapWalk *w, long long idx) {
    PyObject *out = PyList_New(0);
    while (out && idx >= 0) {
        PyObject *step = Py_BuildValue("(OO)", w->step_node[idx], w->step_own[idx] ? Py_True : Py_False);
        if (!step || PyList_Append(out, step) < 0) Py_CLEAR(out);
        Py_XDECREF(step);
        idx = w->step_pred[idx];
    }
    if (out && PyList_Reverse(out) < 0) Py_CLEAR(out);
    return out;
}

/* Expands one popped label: offers every way on. */
static int expand(CapWalk *w, PyObject *node, int own, PyObject *loads, long long used,
                  long long idx) {
    PyObject *near = lc_near(w->near_cache, w->near, node);
    if (!near) return -1;
    int status = 0;
    if (!PyList_Check(near)) {
        PyErr_SetString(PyExc_TypeError, "cap_walk: near() must give a list");
        status = -1;
    }
    for (Py_ssize_t i = 0; status == 0 && i < PyList_GET_SIZE(near); i++) {
        PyObject *e = PyList_GET_ITEM(near, i);
        if (!PyTuple_Check(e) || PyTuple_GET_SIZE(e) != 4) {
            PyErr_SetString(PyExc_TypeError, "cap_walk: near() entries are 4-tuples");
            status = -1;
            break;
        }
        PyObject *nxt = PyTuple_GET_ITEM(e, 0);
        if (PyTuple_GET_ITEM(e, 3) != Py_None) {
            status = offer(w, nxt, 1, loads, used, idx);
            continue;
        }
        PyObject *more = loads_after(w, loads, PyTuple_GET_ITEM(e, 2));
        if (!more) {
            status = -1;
            break;
        }
        if (more != Py_None) status = offer(w, nxt, own, more, used + 1, idx);
        Py_DECREF(more);
    }
    Py_DECREF(near);
    return status;
}

static int read_walk(CapWalk *w, PyObject *walk) {
    PyObject *hexes = NULL, *loads = NULL, *guard = NULL, *field = NULL, *across = NULL;
    int status = -1;
    w->walk = walk;
    if (!(hexes = get_attr(walk, "hexes", &PyTuple_Type)) || PyTuple_GET_SIZE(hexes) != 2 ||
        !PyDict_CheckExact(PyTuple_GET_ITEM(hexes, 0)) ||
        !PyDict_CheckExact(PyTuple_GET_ITEM(hexes, 1))) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "cap_walk: hexes: two dicts");
        goto done;
    }
    w->hexes[0] = Py_NewRef(PyTuple_GET_ITEM(hexes, 0));
    w->hexes[1] = Py_NewRef(PyTuple_GET_ITEM(hexes, 1));
    if (!(w->forbidden = get_attr(walk, "forbidden", &PyFrozenSet_Type)) ||
        !(w->targets = get_attr(walk, "targets", &PyFrozenSet_Type)) ||
        !(w->near = get_attr(walk, "near", NULL)) ||
        !(w->near_cache = get_attr(walk, "near_cache", &PyDict_Type)) ||
        !(w->masks = get_attr(walk, "_masks", &PyDict_Type)) ||
        !(w->mask_fn = get_attr(walk, "mask", NULL)) ||
        !(w->needs = get_attr(walk, "needs", &PyList_Type)) ||
        !(across = get_attr(walk, "across", NULL)) || !(loads = get_attr(walk, "loads", NULL)) ||
        !(w->add_fn = get_attr(loads, "add", NULL)) ||
        !(w->step_cache = get_attr(loads, "_step", &PyDict_Type)) ||
        !(w->limit = get_attr(loads, "limit", NULL)) || !(w->zero = get_attr(loads, "zero", NULL)) ||
        !(guard = get_attr(loads, "guard", NULL)) || !(field = get_attr(loads, "field", NULL)))
        goto done;
    if ((w->across = PyObject_IsTrue(across)) < 0) goto done;
    if (lc_banned_init(&w->banned, w->forbidden) < 0) goto done;
    if (lc_guard_init(&w->g, guard) < 0) goto done;
    w->guard_ok = 1;
    w->field = PyLong_AsUnsignedLongLong(field);
    if (w->field == (unsigned long long)-1 && PyErr_Occurred()) goto done;
    w->nneeds = PyList_GET_SIZE(w->needs);
    w->need_shift = PyMem_Calloc((size_t)w->nneeds + 1, sizeof(long long));
    w->need_cap = PyMem_Calloc((size_t)w->nneeds + 1, sizeof(long long));
    w->need_dict = PyMem_Calloc(2 * (size_t)w->nneeds + 1, sizeof(PyObject *));
    if (!w->need_shift || !w->need_cap || !w->need_dict) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < w->nneeds; k++) {
        PyObject *need = PyList_GET_ITEM(w->needs, k), *pair;
        if (!PyTuple_Check(need) || PyTuple_GET_SIZE(need) != 3 ||
            !PyTuple_Check(pair = PyTuple_GET_ITEM(need, 2)) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyDict_Check(PyTuple_GET_ITEM(pair, 0)) || !PyDict_Check(PyTuple_GET_ITEM(pair, 1))) {
            PyErr_SetString(PyExc_TypeError, "cap_walk: needs: (shift, capacity, two dicts)");
            goto done;
        }
        if (as_long_long(PyTuple_GET_ITEM(need, 0), &w->need_shift[k]) < 0 ||
            as_long_long(PyTuple_GET_ITEM(need, 1), &w->need_cap[k]) < 0)
            goto done;
        w->need_dict[2 * k] = PyTuple_GET_ITEM(pair, 0);
        w->need_dict[2 * k + 1] = PyTuple_GET_ITEM(pair, 1);
    }
    status = 0;
done:
    Py_XDECREF(hexes);
    Py_XDECREF(loads);
    Py_XDECREF(guard);
    Py_XDECREF(field);
    Py_XDECREF(across);
    return status;
}

static void clear_walk(CapWalk *w) {
    Py_XDECREF(w->hexes[0]);
    Py_XDECREF(w->hexes[1]);
    Py_XDECREF(w->forbidden);
    lc_banned_free(&w->banned);
    Py_XDECREF(w->targets);
    Py_XDECREF(w->near);
    Py_XDECREF(w->near_cache);
    Py_XDECREF(w->masks);
    Py_XDECREF(w->mask_fn);
    Py_XDECREF(w->needs);
    Py_XDECREF(w->add_fn);
    Py_XDECREF(w->step_cache);
    Py_XDECREF(w->limit);
    Py_XDECREF(w->zero);
    if (w->guard_ok) Py_DECREF(w->g.obj);
    PyMem_Free(w->need_shift);
    PyMem_Free(w->need_cap);
    PyMem_Free(w->need_dict);
    for (Py_ssize_t i = 0; i < w->nkept; i++) Py_XDECREF(w->kept[i]);
    PyMem_Free(w->kept);
    for (Py_ssize_t i = 0; i < w->nsteps; i++) Py_DECREF(w->step_node[i]);
    PyMem_Free(w->step_node);
    PyMem_Free(w->step_own);
    PyMem_Free(w->step_pred);
    for (Py_ssize_t i = 0; i < w->heap.size; i++) Py_DECREF(w->heap.items[i].node);
    free(w->heap.items);
}

/* cap_walk(walk, sources, budget, own_start): ``_CapWalk.first_walk_python`` (budget < 0:
 * none; ``walk.cheapest`` already set), setting ``walk.labels``. */
PyObject *lc_cap_walk(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "cap_walk takes 4 arguments");
        return NULL;
    }
    CapWalk w;
    memset(&w, 0, sizeof w);
    PyObject *result = NULL, *sources = NULL, *cheapest = NULL;
    long long budget;
    int start_own = PyObject_IsTrue(args[3]);
    if (start_own < 0 || as_long_long(args[2], &budget) < 0 || read_walk(&w, args[0]) < 0)
        goto done;
    if (!(cheapest = get_attr(args[0], "cheapest", NULL)) ||
        (w.cheapest = PyObject_IsTrue(cheapest)) < 0)
        goto done;
    if (!(sources = PySequence_Fast(args[1], "cap_walk: sources must be a sequence"))) goto done;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(sources); i++)
        if (offer(&w, PySequence_Fast_GET_ITEM(sources, i), start_own, w.zero, 0, -1) < 0)
            goto done;
    long long taken = 0;
    while (w.heap.size) {
        Entry entry = heap_pop(&w.heap);
        long long used = lc_entry_used(&entry), idx = lc_entry_idx(&entry);
        PyObject *loads = entry.node; /* the entry's reference */
        PyObject *node = w.step_node[idx];
        int own = w.step_own[idx];
        long long h;
        if (as_long_long(node, &h) < 0) {
            Py_DECREF(loads);
            goto done;
        }
        PyObject *here = kept_of(&w, h, own, 0);
        PyObject *value = here ? PyDict_GetItemWithError(here, loads) : NULL;
        long long v_used = -1, v_idx = -1;
        if (value && (as_long_long(PyTuple_GET_ITEM(value, 0), &v_used) < 0 ||
                      as_long_long(PyTuple_GET_ITEM(value, 1), &v_idx) < 0)) {
            Py_DECREF(loads);
            goto done;
        }
        if (PyErr_Occurred()) {
            Py_DECREF(loads);
            goto done;
        }
        if (!value || v_used != used || v_idx != idx) {
            Py_DECREF(loads); /* dominated since it was pushed */
            continue;
        }
        taken++;
        if (budget >= 0 && taken > budget) {
            Py_DECREF(loads);
            result = Py_NewRef(Py_None);
            goto done;
        }
        int target = PySet_Contains(w.targets, node);
        if (target) {
            Py_DECREF(loads);
            if (target < 0) goto done;
            if (own) {
                result = walk_of(&w, idx);
                goto done;
            }
            continue;
        }
        int status = expand(&w, node, own, loads, used, idx);
        Py_DECREF(loads);
        if (status < 0) goto done;
    }
    result = Py_NewRef(Py_False);
done:
    if (result) {
        PyObject *labels = PyLong_FromLongLong(w.labels);
        if (!labels || PyObject_SetAttrString(args[0], "labels", labels) < 0) Py_CLEAR(result);
        Py_XDECREF(labels);
    }
    Py_XDECREF(sources);
    Py_XDECREF(cheapest);
    clear_walk(&w);
    return result;
}
