/* ``offer`` and ``LabelSearch.add`` of the compiled expansion (labelcore_expand.c), line for
 * line: the forbidden states, the cut bounds, ``max_total``, ``max_length`` and ``beaten``,
 * then the compiled dominance test (the expander standing in for the search: its reach
 * compiled), equal figures' alternatives, dead labels, the bucket and the heap entry (onto the run's
 * heap, labelcore_run.c, or else by heapq.heappush onto the search's). */
#include "labelcore_expander.h"

static PyObject *s_offer, *s_dominance_reference, *s_dominance_method, *heappush;

/* ``LabelSearch.add(pred, nxt, owner, new, (first, new[1]))``: 0 done, -1 an exception. */
static int add(Expander *x, const Label *l, PyObject *pred, PyObject *nxt, PyObject *owner,
               PyObject *new, long long first) {
    int status = -1;
    PyObject *priority = NULL, *bucket = NULL, *found = NULL, *idx = NULL, *entry = NULL,
             *over = NULL, *killed = NULL;
    bucket = PyDict_GetItemWithError(x->at_node, nxt);
    if (bucket) {
        Py_INCREF(bucket);
    } else {
        if (PyErr_Occurred() || !(bucket = PyList_New(0))) goto done;
        if (PyDict_SetItem(x->at_node, nxt, bucket) < 0) goto done;
    }
    if (PyList_Check(bucket) ? PyList_GET_SIZE(bucket) > 0 : PyObject_IsTrue(bucket) > 0) {
        int outcome = 0;
        if (x->dominance != Py_None && PyObject_TypeCheck(x->dominance, &LC_DominanceType)) {
            /* the expander stands in for the search: its reach and loads_reach compiled */
            outcome = lc_dominance_check(x->dominance, (PyObject *)x, x->figures, bucket, new, nxt,
                                         l->front_flag == Py_True, &over, &killed);
            if (outcome < 0) goto done;
            if (outcome == 0) {
                PyObject *ref[4] = {x->search, bucket, new, nxt};
                found = PyObject_VectorcallMethod(s_dominance_reference, ref,
                                                  4 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
            }
        } else {
            PyObject *args[4] = {x->search, bucket, new, nxt};
            found = PyObject_VectorcallMethod(s_dominance_method, args,
                                              4 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        }
        if (outcome == 0) { /* the answer of a Python method: (over, killed) */
            if (!found) goto done;
            if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2) {
                PyErr_SetString(PyExc_ValueError, "a dominance test must give (over, killed)");
                goto done;
            }
            if (PyTuple_GET_ITEM(found, 0) != Py_None) {
                over = PyTuple_GET_ITEM(found, 0);
                Py_INCREF(over);
            }
            int any = PyObject_IsTrue(PyTuple_GET_ITEM(found, 1));
            if (any < 0) goto done;
            if (any && !over) {
                killed = PyTuple_GET_ITEM(found, 1);
                Py_INCREF(killed);
            }
        }
        if (over) {
            PyObject *kept = PyObject_GetItem(x->figures, over);
            if (!kept) goto done;
            int equal = PyObject_RichCompareBool(kept, new, Py_EQ);
            Py_DECREF(kept);
            if (equal < 0) goto done;
            if (equal) {
                PyObject *empty = PyList_New(0);
                if (!empty) goto done;
                PyObject *alts = PyDict_SetDefault(x->alternatives, over, empty);
                Py_DECREF(empty);
                if (!alts) goto done;
                PyObject *step = PyTuple_Pack(2, pred, owner);
                if (!step) goto done;
                int appended = PyList_Check(alts) ? PyList_Append(alts, step) : -1;
                if (appended < 0 && !PyErr_Occurred())
                    PyErr_SetString(PyExc_TypeError, "alternatives must be lists");
                Py_DECREF(step);
                if (appended < 0) goto done;
            }
            status = 0;
            goto done;
        }
        if (killed) {
            /* self.dead.update(killed); bucket[:] = [o for o in bucket if o not in dead] */
            PyObject *it = PyObject_GetIter(killed), *k;
            if (!it) goto done;
            while ((k = PyIter_Next(it))) {
                int r = PySet_Add(x->dead, k);
                Py_DECREF(k);
                if (r < 0) break;
            }
            Py_DECREF(it);
            if (PyErr_Occurred()) goto done;
            if (!PyList_Check(bucket)) {
                PyErr_SetString(PyExc_TypeError, "a label bucket must be a list");
                goto done;
            }
            PyObject *live = PyList_New(0);
            if (!live) goto done;
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(bucket); i++) {
                PyObject *o = PyList_GET_ITEM(bucket, i);
                int is_dead = PySet_Contains(x->dead, o);
                if (is_dead < 0 || (!is_dead && PyList_Append(live, o) < 0)) {
                    Py_DECREF(live);
                    goto done;
                }
            }
            int set = PyList_SetSlice(bucket, 0, PY_SSIZE_T_MAX, live);
            Py_DECREF(live);
            if (set < 0) goto done;
        }
    }
    if (!PyList_Check(bucket)) {
        PyErr_SetString(PyExc_TypeError, "a label bucket must be a list");
        goto done;
    }
    Py_ssize_t made = PyList_GET_SIZE(x->figures);
    if (!(idx = PyLong_FromSsize_t(made))) goto done;
    if (PyList_Append(x->figures, new) < 0 || PyList_Append(x->node, nxt) < 0 ||
        PyList_Append(x->pred, pred) < 0 || PyList_Append(x->move, owner) < 0 ||
        PyList_Append(bucket, idx) < 0)
        goto done;
    long long used;
    int pushed = small_int(PyTuple_GET_ITEM(new, 1), &used) ? lc_run_push(x, first, used, made) : 0;
    if (pushed) {
        status = pushed < 0 ? -1 : 0;
        goto done;
    }
    PyObject *first_obj = PyLong_FromLongLong(first);
    if (!first_obj) goto done;
    priority = PyTuple_Pack(2, first_obj, PyTuple_GET_ITEM(new, 1));
    Py_DECREF(first_obj);
    if (!priority || !(entry = PyTuple_Pack(2, priority, idx))) goto done;
    PyObject *args[2] = {x->heap, entry};
    PyObject *r = PyObject_Vectorcall(heappush, args, 2, NULL);
    if (!r) goto done;
    Py_DECREF(r);
    status = 0;
done:
    Py_XDECREF(priority);
    Py_XDECREF(over);
    Py_XDECREF(killed);
    Py_XDECREF(bucket);
    Py_XDECREF(found);
    Py_XDECREF(idx);
    Py_XDECREF(entry);
    return status;
}

/* The figures tuple (length, used, own, counts, loads); used_obj may be NULL (made from
 * used). */
static PyObject *figures_of(long long length, long long used, PyObject *used_obj, int own,
                            PyObject *counts, PyObject *loads) {
    PyObject *length_obj = PyLong_FromLongLong(length);
    if (!length_obj) return NULL;
    if (used_obj)
        Py_INCREF(used_obj);
    else if (!(used_obj = PyLong_FromLongLong(used))) {
        Py_DECREF(length_obj);
        return NULL;
    }
    PyObject *new = PyTuple_Pack(5, length_obj, used_obj, own ? Py_True : Py_False, counts, loads);
    Py_DECREF(length_obj);
    Py_DECREF(used_obj);
    return new;
}

/* ``offer(pred, nxt, owner, (length, used, own, counts, loads))``: 0 done, -1 an
 * exception. length and used are below 2^40 in size; the figures tuple is made only for a
 * label that passes the bounds (or for the Python code). ``checked``: its first tests
 * (``lc_first_tests``) were made already and passed. */
int lc_offer(Expander *x, const Label *l, PyObject *pred, PyObject *nxt, PyObject *owner,
             long long length, long long used, PyObject *used_obj, int own, PyObject *counts,
             PyObject *loads, int checked) {
    PyObject *new = NULL;
    int status = -1;
    long long dist;
    if (l->python_offer) goto python;
    PyObject *v;
    if (!checked) {
        int tests = lc_first_tests(x, l, nxt, own, length, used, 1);
        if (tests < 0) return -1;
        if (tests == 0) goto python;
        if (tests == 1) return 0;
    }
    if (!(v = item_of(l->dist[own], nxt))) return -1;
    if (!small_int(v, &dist)) goto python;
    if (!(new = figures_of(length, used, used_obj, own, counts, loads))) return -1;
    status = add(x, l, pred, nxt, owner, new, length + dist);
    Py_DECREF(new);
    return status;
python:
    if (!(new = figures_of(length, used, used_obj, own, counts, loads))) return -1;
    PyObject *args[5] = {x->search, pred, nxt, owner, new};
    PyObject *r =
        PyObject_VectorcallMethod(s_offer, args, 5 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(new);
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}

int lc_offer_ready(void) {
    if (!s_offer && !(s_offer = PyUnicode_InternFromString("offer"))) return -1;
    if (!s_dominance_reference &&
        !(s_dominance_reference = PyUnicode_InternFromString("dominance_reference")))
        return -1;
    if (!s_dominance_method && !(s_dominance_method = PyUnicode_InternFromString("dominance")))
        return -1;
    if (!heappush) {
        PyObject *heapq = PyImport_ImportModule("heapq");
        if (!heapq) return -1;
        heappush = PyObject_GetAttrString(heapq, "heappush");
        Py_DECREF(heapq);
        if (!heappush) return -1;
    }
    return 0;
}
