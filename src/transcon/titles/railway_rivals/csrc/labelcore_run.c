/* ``Expander.run``: the loop of ``RouteSearch.run`` after the sources are offered, line for
 * line -- ``LabelSearch.pop`` (the least heap entry, dead labels skipped), the budget,
 * strengthening the bounds, the bound test of a label taken once a walk was found, and
 * expanding it or adding a target label to the front. What may change between labels is read
 * once and again only after ``strengthen`` or a new front point. A label whose figures are
 * not what the compiled code handles goes to the Python ``take`` (the same loop body).
 *
 * The heap: while the loop runs, the search's heap entries ((first, used), idx) are held in
 * C (labelcore_heap.h: the same order as Python's tuples, so the labels are taken in the
 * same order) instead of heapq over tuples. Entries the Python code pushes meanwhile
 * (``LabelSearch.add``) are taken over at the next pop; one out of range sends every entry
 * back to the search's heap for the rest of the run, and at its end the entries left go
 * back there too. */
#include "labelcore_expander.h"

#include <string.h>

static PyObject *s_q, *s_targets, *s_found, *s_strong, *s_capped, *s_strengthen,
    *s_front_version, *s_take, *s_expand, *heappop, *heapify, *one;

int lc_run_push(Expander *x, long long first, long long used, Py_ssize_t idx) {
    if (!x->run_heap || !lc_key_fits(used, idx)) return 0;
    return heap_push(&x->heap_c, lc_entry(first, used, idx, NULL)) < 0 ? -1 : 1;
}

/* One search heap entry ((first, used), idx) read: 1 done, 0 not in the run heap's range. */
static int read_entry(PyObject *entry, long long *first, long long *used, long long *idx) {
    if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 2) return 0;
    PyObject *priority = PyTuple_GET_ITEM(entry, 0);
    if (!PyTuple_CheckExact(priority) || PyTuple_GET_SIZE(priority) != 2) return 0;
    return any_ll(PyTuple_GET_ITEM(priority, 0), first) &&
           any_ll(PyTuple_GET_ITEM(priority, 1), used) &&
           any_ll(PyTuple_GET_ITEM(entry, 1), idx) && lc_key_fits(*used, *idx);
}

/* Takes the search heap's entries over into the run's heap: 1 done (the search's heap is
 * empty), 0 some entry is out of range (nothing taken), -1 an exception. */
static int take_over(Expander *x) {
    Py_ssize_t n = PyList_GET_SIZE(x->heap);
    long long first, used, idx;
    for (Py_ssize_t i = 0; i < n; i++)
        if (!read_entry(PyList_GET_ITEM(x->heap, i), &first, &used, &idx)) {
            PyErr_Clear(); /* an int beyond 64 bits: out of range */
            return 0;
        }
    for (Py_ssize_t i = 0; i < n; i++) {
        read_entry(PyList_GET_ITEM(x->heap, i), &first, &used, &idx);
        if (heap_push(&x->heap_c, lc_entry(first, used, idx, NULL)) < 0) return -1;
    }
    return n ? (PyList_SetSlice(x->heap, 0, n, NULL) < 0 ? -1 : 1) : 1;
}

/* Sends the run heap's entries back to the search's heap (heapified); the run goes on
 * with the search's heap. 0 done, -1 an exception (the entries not sent back are lost: the
 * search fails with it). */
static int send_back(Expander *x) {
    x->run_heap = 0;
    Heap *h = &x->heap_c;
    int status = 0;
    for (Py_ssize_t i = 0; i < h->size && status == 0; i++) {
        const Entry *e = &h->items[i];
        PyObject *entry = Py_BuildValue("((lL)L)", e->cost, lc_entry_used(e), lc_entry_idx(e));
        status = entry ? PyList_Append(x->heap, entry) : -1;
        Py_XDECREF(entry);
    }
    h->size = 0;
    if (status == 0 && PyList_GET_SIZE(x->heap)) {
        PyObject *r = PyObject_CallOneArg(heapify, x->heap);
        if (!r) return -1;
        Py_DECREF(r);
    }
    return status;
}

/* ``better(a_len, a_total, b_len, b_total)`` (tracks.py) */
static inline int better(long long al, long long at, long long bl, long long bt) {
    return (al < bl && at <= bt) || (at < bt && al <= bl);
}

/* The index of the least heap entry, taken off the heap: a new reference, NULL with an
 * exception, or Py_None (a new reference) when the heap is empty. */
static PyObject *pop_entry(Expander *x) {
    if (x->run_heap) {
        if (!x->heap_c.size) Py_RETURN_NONE;
        Entry e = heap_pop(&x->heap_c);
        return PyLong_FromLongLong(lc_entry_idx(&e));
    }
    if (!PyList_GET_SIZE(x->heap)) Py_RETURN_NONE;
    PyObject *entry = PyObject_Vectorcall(heappop, &x->heap, 1, NULL);
    if (!entry) return NULL;
    PyObject *idx = PySequence_GetItem(entry, 1);
    Py_DECREF(entry);
    return idx;
}

/* The next live label (``LabelSearch.pop``): a new reference, NULL with an exception, or
 * Py_None (a new reference) when none is left. */
static PyObject *pop(Expander *x) {
    if (x->run_heap && PyList_GET_SIZE(x->heap)) { /* pushed by the Python code */
        int taken = take_over(x);
        if (taken < 0 || (taken == 0 && send_back(x) < 0)) return NULL;
    }
    for (;;) {
        PyObject *idx = pop_entry(x);
        if (!idx || idx == Py_None) return idx;
        int dead = PySet_Contains(x->dead, idx);
        if (dead == 0) return idx;
        Py_DECREF(idx);
        if (dead < 0) return NULL;
    }
}

/* A target label with own track: the walk found joins the front. 1 the front changed, 0 not
 * (its point was on it), -1 an exception. */
static int found_walk(Expander *x, PyObject *found, PyObject *idx, long long length,
                      long long total) {
    if (PyList_Append(found, idx) < 0) return -1;
    Py_ssize_t n = PyList_GET_SIZE(x->front);
    for (Py_ssize_t i = 0; i < n; i++) { /* ``point in front`` (every point two ints here) */
        PyObject *f = PyList_GET_ITEM(x->front, i);
        long long fl, ft;
        fl = PyLong_AsLongLong(PyTuple_GET_ITEM(f, 0)); /* read as 64-bit ints at the label */
        ft = PyLong_AsLongLong(PyTuple_GET_ITEM(f, 1));
        if (fl == length && ft == total) return 0;
    }
    PyObject *kept = PyList_New(0);
    if (!kept) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *f = PyList_GET_ITEM(x->front, i);
        long long fl = PyLong_AsLongLong(PyTuple_GET_ITEM(f, 0));
        long long ft = PyLong_AsLongLong(PyTuple_GET_ITEM(f, 1));
        if (!better(length, total, fl, ft) && PyList_Append(kept, f) < 0) {
            Py_DECREF(kept);
            return -1;
        }
    }
    PyObject *point = Py_BuildValue("(LL)", length, total);
    int status = point ? PyList_SetSlice(x->front, 0, PY_SSIZE_T_MAX, kept) : -1;
    Py_DECREF(kept);
    if (status == 0) status = PyList_Append(x->front, point);
    Py_XDECREF(point);
    if (status < 0) return -1;
    PyObject *version = PyObject_GetAttr(x->search, s_front_version);
    if (!version) return -1;
    PyObject *next = PyNumber_Add(version, one);
    Py_DECREF(version);
    if (!next) return -1;
    status = PyObject_SetAttr(x->search, s_front_version, next);
    Py_DECREF(next);
    return status < 0 ? -1 : 1;
}

/* The loop body for one label taken: 0 done, 1 the front changed (read it again), -1 an
 * exception. */
static int take(Expander *x, const Label *l, PyObject *targets, PyObject *found,
                PyObject *idx_obj, PyObject *expand) {
    Py_ssize_t idx = PyLong_AsSsize_t(idx_obj);
    if (idx == -1 && PyErr_Occurred()) return -1;
    PyObject *fig = NULL, *node = NULL;
    long long length, used;
    int own = 0;
    int usual = !l->python_offer && PyLong_CheckExact(idx_obj) && idx >= 0 &&
                idx < PyList_GET_SIZE(x->figures) && idx < PyList_GET_SIZE(x->node);
    if (usual) {
        fig = PyList_GET_ITEM(x->figures, idx);
        node = PyList_GET_ITEM(x->node, idx);
        usual = PyTuple_CheckExact(fig) && PyTuple_GET_SIZE(fig) == 5 &&
                small_int(PyTuple_GET_ITEM(fig, 0), &length) &&
                small_int(PyTuple_GET_ITEM(fig, 1), &used) &&
                (PyTuple_GET_ITEM(fig, 2) == Py_True || PyTuple_GET_ITEM(fig, 2) == Py_False);
    }
    if (usual) {
        own = PyTuple_GET_ITEM(fig, 2) == Py_True;
        if (l->nfront) {
            PyObject *d = PyDict_GetItemWithError(l->cut_dist[own], node);
            if (!d) return PyErr_Occurred() ? -1 : 0; /* no walk on from here */
            PyObject *hx = item_of(l->cut_hexes[own], node);
            if (!hx) return -1;
            long long dist, hexes;
            usual = small_int(d, &dist) && small_int(hx, &hexes);
            if (usual && beaten(l, length + dist, (used + hexes) * x->fee)) return 0;
        }
    }
    if (!usual) { /* the Python loop body */
        PyObject *args[3] = {x->search, idx_obj, expand};
        PyObject *r =
            PyObject_VectorcallMethod(s_take, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        if (!r) return -1;
        Py_DECREF(r);
        return 1;
    }
    int at_target = PySet_Contains(targets, node);
    if (at_target < 0) return -1;
    if (!at_target) {
        int status = lc_expand_label(x, l, idx_obj);
        if (status == 1) status = lc_python_expand(x, idx_obj);
        return status;
    }
    if (!own) return 0;
    return found_walk(x, found, idx_obj, length, used * x->fee);
}

/* run(most, stronger_after): true when done, false when it stopped after making more than
 * ``most`` labels without finding a walk. */
PyObject *lc_expander_run(Expander *x, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "run takes 2 arguments");
        return NULL;
    }
    long long most, stronger_after;
    if (!any_ll(args[0], &most) || !any_ll(args[1], &stronger_after)) {
        PyErr_SetString(PyExc_OverflowError, "run: the label counts must fit 64 bits");
        return NULL;
    }
    PyObject *q = NULL, *targets = NULL, *found = NULL, *expand = NULL, *result = NULL;
    Label l;
    memset(&l, 0, sizeof l);
    int strong_done = 0; /* strengthened, or never to be (no capped rival) */
    if (!(q = PyObject_GetAttr(x->search, s_q)) || !(targets = PyObject_GetAttr(q, s_targets)) ||
        !(found = PyObject_GetAttr(x->search, s_found)) ||
        !(expand = PyObject_GetAttr((PyObject *)x, s_expand)))
        goto done;
    if (!PyAnySet_Check(targets) || !PyList_Check(found)) {
        PyErr_SetString(PyExc_TypeError, "run: targets must be a set, found a list");
        goto done;
    }
    x->heap_c.size = 0;
    x->run_heap = 1;
    int taken = take_over(x);
    if (taken < 0) goto done;
    x->run_heap = taken;
    if (lc_label_read(x, &l) < 0) goto done;
    x->label = &l;
    for (;;) {
        PyObject *idx = pop(x);
        if (!idx) goto done;
        if (idx == Py_None) {
            Py_DECREF(idx);
            result = Py_True;
            break;
        }
        long long made = PyList_GET_SIZE(x->figures);
        if (made > most && PyList_GET_SIZE(x->front) == 0) {
            Py_DECREF(idx);
            result = Py_False;
            break;
        }
        int reread = 0;
        if (made > stronger_after && !strong_done) {
            PyObject *strong = PyObject_GetAttr(x->search, s_strong);
            PyObject *capped = strong ? PyObject_GetAttr(x->search, s_capped) : NULL;
            int is_strong = capped ? PyObject_IsTrue(strong) : -1;
            int any_capped = is_strong >= 0 ? PyObject_IsTrue(capped) : -1;
            Py_XDECREF(strong);
            Py_XDECREF(capped);
            if (any_capped < 0) {
                Py_DECREF(idx);
                goto done;
            }
            if (!is_strong && any_capped) {
                PyObject *r = PyObject_CallMethodNoArgs(x->search, s_strengthen);
                if (!r) {
                    Py_DECREF(idx);
                    goto done;
                }
                Py_DECREF(r);
                reread = 1;
            }
            strong_done = 1; /* strong stays so; the capped rivals are fixed for the run */
        }
        if (reread) {
            x->label = NULL;
            lc_label_clear(&l);
            if (lc_label_read(x, &l) < 0) {
                Py_DECREF(idx);
                goto done;
            }
            x->label = &l;
        }
        int status = take(x, &l, targets, found, idx, expand);
        Py_DECREF(idx);
        if (status < 0) goto done;
        if (status == 1) { /* the front (or, by the Python code, anything) changed */
            x->label = NULL;
            lc_label_clear(&l);
            if (lc_label_read(x, &l) < 0) goto done;
            x->label = &l;
        }
    }
    Py_INCREF(result);
done:
    x->label = NULL;
    lc_label_clear(&l);
    if (x->run_heap) { /* the entries left go back to the search's heap */
        PyObject *type, *value, *trace;
        PyErr_Fetch(&type, &value, &trace);
        if (send_back(x) < 0) {
            Py_CLEAR(result);
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(trace);
        } else
            PyErr_Restore(type, value, trace);
    }
    Py_XDECREF(q);
    Py_XDECREF(targets);
    Py_XDECREF(found);
    Py_XDECREF(expand);
    return result;
}

int lc_run_ready(void) {
    const char *names[] = {"q",      "targets",    "found",         "strong", "capped",
                           "strengthen", "front_version", "take",   "expand"};
    PyObject **slots[] = {&s_q,      &s_targets,    &s_found,         &s_strong, &s_capped,
                          &s_strengthen, &s_front_version, &s_take, &s_expand};
    for (int i = 0; i < 9; i++)
        if (!*slots[i] && !(*slots[i] = PyUnicode_InternFromString(names[i]))) return -1;
    if (!one && !(one = PyLong_FromLong(1))) return -1;
    if (!heappop) {
        PyObject *heapq = PyImport_ImportModule("heapq");
        if (!heapq) return -1;
        heappop = PyObject_GetAttrString(heapq, "heappop");
        heapify = heappop ? PyObject_GetAttrString(heapq, "heapify") : NULL;
        Py_DECREF(heapq);
        if (!heapify) return -1;
    }
    return 0;
}
