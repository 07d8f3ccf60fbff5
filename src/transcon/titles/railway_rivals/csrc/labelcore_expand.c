/* ``Expander``: ``RouteSearch.expand`` (routesearch.py) compiled with what it calls per step
 * -- ``choices``, ``Loads.add``, ``hopeless``, ``offer`` (forbidden states, the cut bounds,
 * ``max_total``, ``beaten``) and ``LabelSearch.add`` (the compiled dominance test, equal
 * figures' alternatives, dead labels, the bucket, the heap entry) -- line for line, so the
 * same labels are made in the same order.
 *
 * One object per ``RouteSearch.run``: it takes the search's lists, dicts and fixed figures
 * when made (``run`` never rebinds them) and re-reads what may change between labels (the cut
 * bounds, ``need``, the front and its version) at each label. Python is called back where the
 * Python code would do more than read: the ``near`` function, a missing ``choices`` /
 * ``Loads.add`` cache entry, ``dominance_reference`` when the compiled test does not handle
 * the figures. Where a value is not what the fast code handles (an int of 40 bits or more, a
 * figures tuple of another shape, loads beyond 64 bits for ``hopeless``) the Python code runs
 * for that label, offer or test instead. */
#include "labelcore.h"

#include <string.h>

/* Ints of fewer bits than this are summed in C (three sums and a fee below 2^20 stay far
 * within 64 bits). */
#define SMALL (1LL << 40)

typedef struct {
    PyObject_HEAD
    PyObject *search;
    PyObject *figures, *node, *pred, *move, *alternatives, *dead, *at_node, *heap;
    PyObject *dist, *forbidden, *front, *choices_cache, *near, *dominance;
    PyObject *loads, *step_cache, *limit;
    Guard g;
    long long fee, max_total, room;
    int python_offer; /* offers always by the Python code (fee or max_total unusual) */
    int python_all;   /* every label by the Python code (room unusual) */
    unsigned long long field;
    int field_ok;
} Expander;

/* What may change between labels, read at each. */
typedef struct {
    PyObject *cut_dist[2], *cut_hexes[2], *dist[2]; /* borrowed from the search's tuples */
    PyObject *cut_dist_t, *cut_hexes_t, *need;      /* references */
    PyObject *front_flag;                            /* Py_True / Py_False (front_version > 0) */
    long long *front;
    Py_ssize_t nfront;
    int python_offer;
    /* hopeless: per checked set, its shift, capacity and bound dicts per own-track flag */
    Py_ssize_t nneed;
    int python_hopeless;
    long long *need_shift, *need_capacity;
    PyObject **need_dict; /* 2 per set, borrowed from ``need`` */
} Label;

static PyObject *s_figures, *s_node, *s_pred, *s_move, *s_alternatives, *s_dead, *s_at_node,
    *s_heap, *s_dist, *s_cut_dist, *s_cut_hexes, *s_forbidden, *s_front, *s_front_version,
    *s_choices_cache, *s_near, *s_dominance, *s_loads, *s_step, *s_limit, *s_guard, *s_field,
    *s_q, *s_fee, *s_max_total, *s_room, *s_need, *s_expand, *s_offer, *s_choices,
    *s_hopeless, *s_add, *s_dominance_reference, *s_dominance_method, *heappush, *minus_one;

/* An exact int of fewer than 40 bits (either sign): 1 with *out set, else 0. */
static int small_int(PyObject *o, long long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int over;
    long long v = PyLong_AsLongLongAndOverflow(o, &over);
    if (over || v >= SMALL || v <= -SMALL) return 0;
    *out = v;
    return 1;
}

/* An exact int within 64 bits: 1 with *out set, else 0. */
static int any_ll(PyObject *o, long long *out) {
    if (!PyLong_CheckExact(o)) return 0;
    int over;
    *out = PyLong_AsLongLongAndOverflow(o, &over);
    return !over;
}

/* A not negative exact int below 2^64: 1 with *out set, else 0 (no exception). */
static int u64_of(PyObject *o, u64 *out) {
    if (!PyLong_CheckExact(o)) return 0;
    u64 v = PyLong_AsUnsignedLongLong(o);
    if (v == (u64)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
}

/* d[key] of an exact dict (borrowed); NULL with KeyError as Python's d[key]. */
static PyObject *item_of(PyObject *d, PyObject *key) {
    PyObject *v = PyDict_GetItemWithError(d, key);
    if (!v && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
    return v;
}

/* The two dicts of a per-own-track pair (a tuple of two exact dicts): 1 done, 0 other. */
static int own_pair(PyObject *pair, PyObject **out) {
    if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) return 0;
    out[0] = PyTuple_GET_ITEM(pair, 0);
    out[1] = PyTuple_GET_ITEM(pair, 1);
    return PyDict_CheckExact(out[0]) && PyDict_CheckExact(out[1]);
}

static void label_clear(Label *l) {
    Py_CLEAR(l->cut_dist_t);
    Py_CLEAR(l->cut_hexes_t);
    Py_CLEAR(l->need);
    PyMem_Free(l->front);
    PyMem_Free(l->need_shift);
    PyMem_Free(l->need_capacity);
    PyMem_Free(l->need_dict);
    l->front = NULL;
    l->need_shift = l->need_capacity = NULL;
    l->need_dict = NULL;
}

/* Reads what may change between labels: 0 done, -1 an exception. */
static int label_read(Expander *x, Label *l) {
    memset(l, 0, sizeof *l);
    l->python_offer = x->python_offer;
    if (!(l->cut_dist_t = PyObject_GetAttr(x->search, s_cut_dist))) return -1;
    if (!(l->cut_hexes_t = PyObject_GetAttr(x->search, s_cut_hexes))) return -1;
    if (!(l->need = PyObject_GetAttr(x->search, s_need))) return -1;
    /* front_version > 0, as RouteSearch.dominance passes it */
    PyObject *version = PyObject_GetAttr(x->search, s_front_version);
    if (!version) return -1;
    PyObject *zero = PyLong_FromLong(0);
    if (!zero) {
        Py_DECREF(version);
        return -1;
    }
    int front = PyObject_RichCompareBool(version, zero, Py_GT);
    Py_DECREF(zero);
    Py_DECREF(version);
    if (front < 0) return -1;
    l->front_flag = front ? Py_True : Py_False;
    if (!own_pair(l->cut_dist_t, l->cut_dist) || !own_pair(l->cut_hexes_t, l->cut_hexes) ||
        !own_pair(x->dist, l->dist))
        l->python_offer = 1;
    /* the front's points */
    Py_ssize_t n = PyList_GET_SIZE(x->front);
    l->front = PyMem_Malloc(sizeof(long long) * 2 * (size_t)(n ? n : 1));
    if (!l->front) {
        PyErr_NoMemory();
        return -1;
    }
    l->nfront = n;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *p = PyList_GET_ITEM(x->front, i);
        if (!PyTuple_CheckExact(p) || PyTuple_GET_SIZE(p) != 2 ||
            !any_ll(PyTuple_GET_ITEM(p, 0), &l->front[2 * i]) ||
            !any_ll(PyTuple_GET_ITEM(p, 1), &l->front[2 * i + 1]))
            l->python_offer = 1;
    }
    /* need: [(shift, capacity, (bounds without own track, with))] */
    l->python_hopeless = !x->field_ok || !PyList_CheckExact(l->need);
    if (!l->python_hopeless) {
        Py_ssize_t k = l->nneed = PyList_GET_SIZE(l->need);
        l->need_shift = PyMem_Malloc(sizeof(long long) * (size_t)(k ? k : 1));
        l->need_capacity = PyMem_Malloc(sizeof(long long) * (size_t)(k ? k : 1));
        l->need_dict = PyMem_Malloc(sizeof(PyObject *) * 2 * (size_t)(k ? k : 1));
        if (!l->need_shift || !l->need_capacity || !l->need_dict) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < k; i++) {
            PyObject *t = PyList_GET_ITEM(l->need, i);
            if (!PyTuple_CheckExact(t) || PyTuple_GET_SIZE(t) != 3 ||
                !small_int(PyTuple_GET_ITEM(t, 0), &l->need_shift[i]) ||
                !small_int(PyTuple_GET_ITEM(t, 1), &l->need_capacity[i]) ||
                l->need_shift[i] < 0 || !own_pair(PyTuple_GET_ITEM(t, 2), &l->need_dict[2 * i])) {
                l->python_hopeless = 1;
                break;
            }
        }
    }
    return 0;
}

/* ``beaten``: whether a front point is better than (length, total). */
static int beaten(const Label *l, long long length, long long total) {
    for (Py_ssize_t i = 0; i < l->nfront; i++) {
        long long fl = l->front[2 * i], ft = l->front[2 * i + 1];
        if ((fl < length && ft <= total) || (ft < total && fl <= length)) return 1;
    }
    return 0;
}

/* ``hopeless(loads, h, own)``: 1, 0, or -1 with an exception. */
static int hopeless(Expander *x, const Label *l, PyObject *loads, PyObject *h, int own) {
    u64 words;
    if (l->python_hopeless || !u64_of(loads, &words)) {
        PyObject *args[4] = {x->search, loads, h, own ? Py_True : Py_False};
        PyObject *r = PyObject_VectorcallMethod(s_hopeless, args,
                                                4 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        if (!r) return -1;
        int out = PyObject_IsTrue(r);
        Py_DECREF(r);
        return out;
    }
    for (Py_ssize_t i = 0; i < l->nneed; i++) {
        PyObject *more = PyDict_GetItemWithError(l->need_dict[2 * i + own], h);
        if (!more) return PyErr_Occurred() ? -1 : 1;
        long long m;
        if (!small_int(more, &m)) {
            /* an unusual bound: the Python code answers */
            Label python = *l;
            python.python_hopeless = 1;
            return hopeless(x, &python, loads, h, own);
        }
        long long shift = l->need_shift[i];
        long long load = (long long)((shift >= 64 ? 0 : words >> shift) & x->field);
        if (load + m > l->need_capacity[i]) return 1;
    }
    return 0;
}

/* ``Loads.add(loads, mask)`` for a mask that is not 0: a new reference, Py_None (over a
 * capacity) or NULL with an exception. */
static PyObject *loads_add(Expander *x, PyObject *loads, PyObject *mask) {
    PyObject *step = PyDict_GetItemWithError(x->step_cache, mask);
    if (!step) {
        if (PyErr_Occurred()) return NULL;
        PyObject *args[3] = {x->loads, loads, mask};
        return PyObject_VectorcallMethod(s_add, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    }
    u64 a, b, lim;
    if (x->g.nw == 1 && u64_of(loads, &a) && u64_of(step, &b) && u64_of(x->limit, &lim) &&
        a + b >= a) {
        u64 sum = a + b, g = x->g.w[0];
        if ((((lim | g) - sum) & g) != g) Py_RETURN_NONE;
        return PyLong_FromUnsignedLongLong(sum);
    }
    PyObject *sum = PyNumber_Add(loads, step);
    if (!sum) return NULL;
    int within = lc_within_ints(&x->g, sum, x->limit);
    if (within <= 0) {
        Py_DECREF(sum);
        if (within < 0) return NULL;
        Py_RETURN_NONE;
    }
    return sum;
}

/* ``LabelSearch.add(pred, nxt, owner, new, (first, new[1]))``: 0 done, -1 an exception. */
static int add(Expander *x, const Label *l, PyObject *pred, PyObject *nxt, PyObject *owner,
               PyObject *new, long long first) {
    int status = -1;
    PyObject *priority = NULL, *bucket = NULL, *found = NULL, *fresh = NULL, *idx = NULL,
             *entry = NULL;
    PyObject *first_obj = PyLong_FromLongLong(first);
    if (!first_obj) return -1;
    priority = PyTuple_Pack(2, first_obj, PyTuple_GET_ITEM(new, 1));
    Py_DECREF(first_obj);
    if (!priority) return -1;
    if (!(fresh = PyList_New(0))) goto done;
    bucket = PyDict_SetDefault(x->at_node, nxt, fresh);
    if (!bucket) goto done;
    Py_INCREF(bucket);
    if (PyList_Check(bucket) ? PyList_GET_SIZE(bucket) > 0 : PyObject_IsTrue(bucket) > 0) {
        if (x->dominance != Py_None && PyObject_TypeCheck(x->dominance, &LC_DominanceType)) {
            PyObject *args[5] = {x->search, bucket, new, nxt, l->front_flag};
            found = lc_dominance_test(x->dominance, args, 5);
            if (!found) goto done;
            if (found == Py_None) {
                Py_CLEAR(found);
                PyObject *ref[4] = {x->search, bucket, new, nxt};
                found = PyObject_VectorcallMethod(s_dominance_reference, ref,
                                                  4 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
            }
        } else {
            PyObject *args[4] = {x->search, bucket, new, nxt};
            found = PyObject_VectorcallMethod(s_dominance_method, args,
                                              4 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        }
        if (!found) goto done;
        if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2) {
            PyErr_SetString(PyExc_ValueError, "a dominance test must give (over, killed)");
            goto done;
        }
        PyObject *over = PyTuple_GET_ITEM(found, 0), *killed = PyTuple_GET_ITEM(found, 1);
        if (over != Py_None) {
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
        int any = PyObject_IsTrue(killed);
        if (any < 0) goto done;
        if (any) {
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
    if (!(idx = PyLong_FromSsize_t(PyList_GET_SIZE(x->figures)))) goto done;
    if (PyList_Append(x->figures, new) < 0 || PyList_Append(x->node, nxt) < 0 ||
        PyList_Append(x->pred, pred) < 0 || PyList_Append(x->move, owner) < 0 ||
        PyList_Append(bucket, idx) < 0)
        goto done;
    if (!(entry = PyTuple_Pack(2, priority, idx))) goto done;
    PyObject *args[2] = {x->heap, entry};
    PyObject *r = PyObject_Vectorcall(heappush, args, 2, NULL);
    if (!r) goto done;
    Py_DECREF(r);
    status = 0;
done:
    Py_XDECREF(priority);
    Py_XDECREF(fresh);
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
 * label that passes the bounds (or for the Python code). */
static int offer(Expander *x, const Label *l, PyObject *pred, PyObject *nxt, PyObject *owner,
                 long long length, long long used, PyObject *used_obj, int own,
                 PyObject *counts, PyObject *loads) {
    PyObject *new = NULL;
    int status = -1;
    long long cut_dist, cut_hexes, dist;
    if (l->python_offer) goto python;
    if (PySet_GET_SIZE(x->forbidden)) {
        PyObject *key = PyTuple_Pack(2, nxt, own ? Py_True : Py_False);
        if (!key) return -1;
        int banned = PySet_Contains(x->forbidden, key);
        Py_DECREF(key);
        if (banned) return banned < 0 ? -1 : 0;
    }
    PyObject *v;
    if (!(v = item_of(l->cut_dist[own], nxt))) return -1;
    if (!small_int(v, &cut_dist)) goto python;
    if (!(v = item_of(l->cut_hexes[own], nxt))) return -1;
    if (!small_int(v, &cut_hexes)) goto python;
    long long low = length + cut_dist, least = (used + cut_hexes) * x->fee;
    if (least > x->max_total || (l->nfront && beaten(l, low, least))) return 0;
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

/* The Python ``expand`` for this label: 0 done, -1 an exception. */
static int python_expand(Expander *x, PyObject *idx) {
    PyObject *args[2] = {x->search, idx};
    PyObject *r =
        PyObject_VectorcallMethod(s_expand, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}

/* ``choices(owners)``: a new reference to a list of (owner, seat, mask), or NULL. */
static PyObject *choices_of(Expander *x, PyObject *owners) {
    PyObject *found = PyDict_GetItemWithError(x->choices_cache, owners);
    if (found) {
        Py_INCREF(found);
        return found;
    }
    if (PyErr_Occurred()) return NULL;
    PyObject *args[2] = {x->search, owners};
    return PyObject_VectorcallMethod(s_choices, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
}

/* The offers of one rival link (the choices of line on it): 0 done, -1 an exception. */
static int rival_link(Expander *x, const Label *l, PyObject *idx, PyObject *nxt,
                      PyObject *owners, long long length, long long used, int own,
                      PyObject *counts, PyObject *loads) {
    PyObject *lines = choices_of(x, owners);
    if (!lines) return -1;
    int status = -1;
    if (!PyList_CheckExact(lines)) {
        PyErr_SetString(PyExc_TypeError, "choices must be a list");
        goto done;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(lines); i++) {
        PyObject *line = PyList_GET_ITEM(lines, i);
        if (!PyTuple_CheckExact(line) || PyTuple_GET_SIZE(line) != 3) {
            PyErr_SetString(PyExc_ValueError, "a choice of line must be (owner, seat, mask)");
            goto done;
        }
        Py_INCREF(line);
        PyObject *owner = PyTuple_GET_ITEM(line, 0), *seat_obj = PyTuple_GET_ITEM(line, 1),
                 *mask = PyTuple_GET_ITEM(line, 2);
        PyObject *new_loads = NULL, *c = NULL;
        int ok = -1;
        int masked = PyObject_IsTrue(mask);
        if (masked < 0) goto next;
        if (masked) {
            if (!(new_loads = loads_add(x, loads, mask))) goto next;
        } else {
            Py_INCREF(loads);
            new_loads = loads;
        }
        if (new_loads == Py_None) {
            ok = 0; /* over the cap of a capped rival (or several sharing it) */
            goto next;
        }
        long long seat;
        if (!any_ll(seat_obj, &seat)) {
            PyErr_SetString(PyExc_TypeError, "a seat must be an int");
            goto next;
        }
        if (seat >= 0) {
            Py_ssize_t n = PyTuple_GET_SIZE(counts);
            if (seat >= n) {
                PyErr_SetString(PyExc_IndexError, "tuple index out of range");
                goto next;
            }
            if (!(c = PyTuple_New(n))) goto next;
            for (Py_ssize_t k = 0; k < n; k++) {
                PyObject *v = PyTuple_GET_ITEM(counts, k);
                if (k == seat) {
                    PyObject *one = PyLong_FromLong(1);
                    v = one ? PyNumber_Add(v, one) : NULL;
                    Py_XDECREF(one);
                    if (!v) goto next;
                } else {
                    Py_INCREF(v);
                }
                PyTuple_SET_ITEM(c, k, v);
            }
        } else {
            Py_INCREF(counts);
            c = counts;
        }
        if (PyList_GET_SIZE(l->need) > 0) {
            int lost = hopeless(x, l, new_loads, nxt, own);
            if (lost != 0) {
                ok = lost < 0 ? -1 : 0;
                goto next;
            }
        }
        ok = offer(x, l, idx, nxt, owner, length, used + 1, NULL, own, c, new_loads);
    next:
        Py_XDECREF(c);
        Py_XDECREF(new_loads);
        Py_DECREF(line);
        if (ok < 0) goto done;
    }
    status = 0;
done:
    Py_DECREF(lines);
    return status;
}

/* ``expand(idx)`` of one label whose figures are the usual ones: 0 done, 1 not handled
 * here (nothing done), -1 an exception. */
static int expand_label(Expander *x, const Label *l, PyObject *idx_obj) {
    Py_ssize_t idx = PyLong_AsSsize_t(idx_obj);
    if (idx == -1 && PyErr_Occurred()) return -1;
    if (x->python_all || !PyLong_CheckExact(idx_obj) || idx < 0 ||
        idx >= PyList_GET_SIZE(x->figures) || l->python_offer || !PyList_CheckExact(l->need))
        return 1;
    PyObject *fig = PyList_GET_ITEM(x->figures, idx);
    if (!PyTuple_CheckExact(fig) || PyTuple_GET_SIZE(fig) != 5) return 1;
    long long length, used;
    PyObject *own_obj = PyTuple_GET_ITEM(fig, 2), *counts = PyTuple_GET_ITEM(fig, 3),
             *loads = PyTuple_GET_ITEM(fig, 4), *used_obj = PyTuple_GET_ITEM(fig, 1);
    if (!small_int(PyTuple_GET_ITEM(fig, 0), &length) || !small_int(used_obj, &used) ||
        (own_obj != Py_True && own_obj != Py_False) || !PyTuple_CheckExact(counts) ||
        !PyLong_CheckExact(loads))
        return 1;
    int own = own_obj == Py_True;
    PyObject *pred = PyList_GET_ITEM(x->pred, idx), *back = minus_one, *back_own = Py_False;
    Py_ssize_t p = PyLong_AsSsize_t(pred);
    if (p == -1 && PyErr_Occurred()) return -1;
    if (p >= 0) {
        if (p >= PyList_GET_SIZE(x->figures) || p >= PyList_GET_SIZE(x->node)) return 1;
        PyObject *pf = PyList_GET_ITEM(x->figures, p);
        if (!PyTuple_CheckExact(pf) || PyTuple_GET_SIZE(pf) != 5) return 1;
        back = PyList_GET_ITEM(x->node, p);
        back_own = PyTuple_GET_ITEM(pf, 2);
    }
    PyObject *args[1] = {PyList_GET_ITEM(x->node, idx)};
    Py_INCREF(args[0]);
    PyObject *near = PyObject_Vectorcall(x->near, args, 1, NULL);
    Py_DECREF(args[0]);
    if (!near) return -1;
    int status = 1;
    Py_ssize_t n = PyList_CheckExact(near) ? PyList_GET_SIZE(near) : -1;
    for (Py_ssize_t i = 0; i < n; i++) { /* every entry the usual one, or the Python code */
        PyObject *e = PyList_GET_ITEM(near, i);
        long long step;
        if (!PyTuple_CheckExact(e) || PyTuple_GET_SIZE(e) != 4 ||
            !small_int(PyTuple_GET_ITEM(e, 1), &step))
            n = -1;
    }
    if (n < 0) goto done; /* the Python code calls near again: it is a cache */
    status = -1;
    Py_INCREF(back);
    Py_INCREF(back_own);
    Py_INCREF(counts);
    Py_INCREF(loads);
    Py_INCREF(used_obj);
    PyObject *after_team = l->cut_hexes[1], *after_rival = l->cut_hexes[own];
    long long spare = x->room - used - 1;
    int back_own_true = PyObject_IsTrue(back_own);
    int back_own_same = PyObject_RichCompareBool(back_own, own_obj, Py_EQ);
    if (back_own_true < 0 || back_own_same < 0) goto release;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *e = PyList_GET_ITEM(near, i);
        PyObject *nxt = PyTuple_GET_ITEM(e, 0), *owners = PyTuple_GET_ITEM(e, 2),
                 *member = PyTuple_GET_ITEM(e, 3);
        long long step;
        small_int(PyTuple_GET_ITEM(e, 1), &step);
        Py_INCREF(e);
        int ok = 0;
        if (member != Py_None) {
            int in = PyDict_Contains(after_team, nxt);
            int same = in > 0 && back_own_true ? PyObject_RichCompareBool(nxt, back, Py_EQ) : 0;
            if (in < 0 || same < 0)
                ok = -1;
            else if (in && !same)
                ok = offer(x, l, idx_obj, nxt, member, length + step, used, used_obj, 1, counts,
                           loads);
        } else {
            PyObject *hexes = PyDict_GetItemWithError(after_rival, nxt);
            int same = hexes && back_own_same ? PyObject_RichCompareBool(nxt, back, Py_EQ) : 0;
            if ((!hexes && PyErr_Occurred()) || same < 0) {
                ok = -1;
            } else if (hexes && !same) {
                long long more;
                int over;
                int beyond;
                if (PyLong_CheckExact(hexes)) {
                    more = PyLong_AsLongLongAndOverflow(hexes, &over);
                    beyond = over ? over > 0 : more > spare;
                } else {
                    PyObject *spare_obj = PyLong_FromLongLong(spare);
                    beyond = spare_obj ? PyObject_RichCompareBool(hexes, spare_obj, Py_GT) : -1;
                    Py_XDECREF(spare_obj);
                }
                if (beyond < 0)
                    ok = -1;
                else if (!beyond)  /* else every way on is over the caps */
                    ok = rival_link(x, l, idx_obj, nxt, owners, length + step, used, own,
                                    counts, loads);
            }
        }
        Py_DECREF(e);
        if (ok < 0) goto release;
    }
    status = 0;
release:
    Py_DECREF(back);
    Py_DECREF(back_own);
    Py_DECREF(counts);
    Py_DECREF(loads);
    Py_DECREF(used_obj);
done:
    Py_DECREF(near);
    return status;
}

/* expand(idx): RouteSearch.expand(idx). */
static PyObject *expander_expand(Expander *x, PyObject *idx) {
    Label l;
    int status = label_read(x, &l);
    if (status == 0) status = expand_label(x, &l, idx);
    label_clear(&l);
    if (status == 1) status = python_expand(x, idx);
    if (status < 0) return NULL;
    Py_RETURN_NONE;
}

static void expander_dealloc(Expander *x) {
    Py_XDECREF(x->search);
    Py_XDECREF(x->figures);
    Py_XDECREF(x->node);
    Py_XDECREF(x->pred);
    Py_XDECREF(x->move);
    Py_XDECREF(x->alternatives);
    Py_XDECREF(x->dead);
    Py_XDECREF(x->at_node);
    Py_XDECREF(x->heap);
    Py_XDECREF(x->dist);
    Py_XDECREF(x->forbidden);
    Py_XDECREF(x->front);
    Py_XDECREF(x->choices_cache);
    Py_XDECREF(x->near);
    Py_XDECREF(x->dominance);
    Py_XDECREF(x->loads);
    Py_XDECREF(x->step_cache);
    Py_XDECREF(x->limit);
    Py_XDECREF(x->g.obj);
    Py_TYPE(x)->tp_free((PyObject *)x);
}

/* An attribute of o that must be of the given exact type (a new reference), or NULL with a
 * TypeError. */
static PyObject *attr_of(PyObject *o, PyObject *name, PyTypeObject *type) {
    PyObject *v = PyObject_GetAttr(o, name);
    if (v && type && !Py_IS_TYPE(v, type)) {
        PyErr_Format(PyExc_TypeError, "Expander: search.%U must be a %s", name, type->tp_name);
        Py_CLEAR(v);
    }
    return v;
}

/* Expander(search) */
static int expander_init(Expander *x, PyObject *args, PyObject *kwds) {
    PyObject *search;
    static char *kwlist[] = {"search", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", kwlist, &search)) return -1;
    if (x->search) {
        PyErr_SetString(PyExc_RuntimeError, "Expander is initialised once");
        return -1;
    }
    Py_INCREF(search);
    x->search = search;
    PyObject *q = NULL, *fee = NULL, *max_total = NULL, *room = NULL, *field = NULL,
             *guard = NULL;
    int status = -1;
    if (!(x->figures = attr_of(search, s_figures, &PyList_Type)) ||
        !(x->node = attr_of(search, s_node, &PyList_Type)) ||
        !(x->pred = attr_of(search, s_pred, &PyList_Type)) ||
        !(x->move = attr_of(search, s_move, &PyList_Type)) ||
        !(x->alternatives = attr_of(search, s_alternatives, &PyDict_Type)) ||
        !(x->dead = attr_of(search, s_dead, &PySet_Type)) ||
        !(x->at_node = attr_of(search, s_at_node, &PyDict_Type)) ||
        !(x->heap = attr_of(search, s_heap, &PyList_Type)) ||
        !(x->dist = attr_of(search, s_dist, NULL)) ||
        !(x->forbidden = attr_of(search, s_forbidden, &PyFrozenSet_Type)) ||
        !(x->front = attr_of(search, s_front, &PyList_Type)) ||
        !(x->choices_cache = attr_of(search, s_choices_cache, &PyDict_Type)) ||
        !(x->near = attr_of(search, s_near, NULL)) ||
        !(x->dominance = attr_of(search, s_dominance, NULL)) ||
        !(x->loads = attr_of(search, s_loads, NULL)) ||
        !(x->step_cache = attr_of(x->loads, s_step, &PyDict_Type)) ||
        !(x->limit = attr_of(x->loads, s_limit, NULL)) ||
        !(guard = attr_of(x->loads, s_guard, NULL)) || !(field = attr_of(x->loads, s_field, NULL)) ||
        !(q = attr_of(search, s_q, NULL)) || !(fee = attr_of(q, s_fee, NULL)) ||
        !(max_total = attr_of(q, s_max_total, NULL)) || !(room = attr_of(search, s_room, NULL)))
        goto done;
    if (lc_guard_init(&x->g, guard) < 0) goto done;
    x->python_offer = !small_int(fee, &x->fee) || x->fee < 0 || x->fee >= (1 << 20) ||
                      !any_ll(max_total, &x->max_total);
    x->python_all = !small_int(room, &x->room);
    u64 f;
    x->field_ok = u64_of(field, &f) && f < (1ULL << 62);
    x->field = x->field_ok ? f : 0;
    status = 0;
done:
    Py_XDECREF(q);
    Py_XDECREF(fee);
    Py_XDECREF(max_total);
    Py_XDECREF(room);
    Py_XDECREF(field);
    Py_XDECREF(guard);
    return status;
}

static PyMethodDef expander_methods[] = {
    {"expand", (PyCFunction)expander_expand, METH_O, "expand(idx): RouteSearch.expand(idx)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject LC_ExpanderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "transcon.titles.railway_rivals._labelcore.Expander",
    .tp_basicsize = sizeof(Expander),
    .tp_dealloc = (destructor)expander_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "RouteSearch.expand of one run (see labelcore_expand.c).",
    .tp_methods = expander_methods,
    .tp_init = (initproc)expander_init,
    .tp_new = PyType_GenericNew,
};

static int intern(PyObject **slot, const char *name) {
    if (!*slot) *slot = PyUnicode_InternFromString(name);
    return *slot ? 0 : -1;
}

int lc_expander_ready(void) {
    if (intern(&s_figures, "figures") || intern(&s_node, "node") || intern(&s_pred, "pred") ||
        intern(&s_move, "move") || intern(&s_alternatives, "alternatives") ||
        intern(&s_dead, "dead") || intern(&s_at_node, "at_node") || intern(&s_heap, "_heap") ||
        intern(&s_dist, "dist") || intern(&s_cut_dist, "cut_dist") ||
        intern(&s_cut_hexes, "cut_hexes") || intern(&s_forbidden, "forbidden") ||
        intern(&s_front, "front") || intern(&s_front_version, "front_version") ||
        intern(&s_choices_cache, "_choices") || intern(&s_near, "near") ||
        intern(&s_dominance, "_dominance") || intern(&s_loads, "loads") ||
        intern(&s_step, "_step") || intern(&s_limit, "limit") || intern(&s_guard, "guard") ||
        intern(&s_field, "field") || intern(&s_q, "q") || intern(&s_fee, "fee") ||
        intern(&s_max_total, "max_total") || intern(&s_room, "room") ||
        intern(&s_need, "need") || intern(&s_expand, "expand") || intern(&s_offer, "offer") ||
        intern(&s_choices, "choices") || intern(&s_hopeless, "hopeless") ||
        intern(&s_add, "add") || intern(&s_dominance_reference, "dominance_reference") ||
        intern(&s_dominance_method, "dominance"))
        return -1;
    if (!minus_one && !(minus_one = PyLong_FromLong(-1))) return -1;
    if (!heappush) {
        PyObject *heapq = PyImport_ImportModule("heapq");
        if (!heapq) return -1;
        heappush = PyObject_GetAttrString(heapq, "heappush");
        Py_DECREF(heapq);
        if (!heappush) return -1;
    }
    return PyType_Ready(&LC_ExpanderType);
}
