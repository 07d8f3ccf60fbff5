/* ``Expander``: ``RouteSearch.expand`` (routesearch.py) compiled with what it calls per step
 * -- ``choices``, ``Loads.add``, ``hopeless``, ``offer`` (forbidden states, the cut bounds,
 * ``max_total``, ``max_length``, ``beaten``) and ``LabelSearch.add`` (the compiled dominance
 * test, equal figures' alternatives, dead labels, the bucket, the heap entry; labelcore_offer.c) --
 * line for line, so the same labels are made in the same order. The dominance test calls
 * back the expander's ``reach`` / ``loads_reach`` (labelcore_reach.c) instead of the search's.
 *
 * One object per ``RouteSearch.run``: it takes the search's lists, dicts and fixed figures
 * when made (``run`` never rebinds them) and re-reads what may change between labels (the cut
 * bounds, ``need``, the front and its version) at each label. Python is called back where the
 * Python code would do more than read: the ``near`` function, a missing ``choices`` /
 * ``Loads.add`` cache entry, ``dominance_reference`` when the compiled test does not handle
 * the figures. Where a value is not what the fast code handles (an int of 40 bits or more, a
 * figures tuple of another shape, loads beyond 64 bits for ``hopeless``) the Python code runs
 * for that label, offer or test instead. */
#include "labelcore_expander.h"

#include <stddef.h>
#include <string.h>

#include "structmember.h"

static PyObject *s_figures, *s_node, *s_pred, *s_move, *s_alternatives, *s_dead, *s_at_node,
    *s_heap, *s_dist, *s_cut_dist, *s_cut_hexes, *s_forbidden, *s_front, *s_front_version,
    *s_choices_cache, *s_near, *s_near_cache, *s_dominance, *s_loads, *s_step, *s_limit, *s_guard, *s_field,
    *s_q, *s_fee, *s_max_total, *s_max_length, *s_room, *s_need, *s_expand, *s_choices, *s_hopeless, *s_add,
    *minus_one,
    *s_hexes, *s_reach_cache, *s_least_cache, *s_floors, *s_most, *s_width;

void lc_label_clear(Label *l) {
    Py_CLEAR(l->cut_dist_t);
    Py_CLEAR(l->cut_hexes_t);
    Py_CLEAR(l->need);
    Py_CLEAR(l->front_version);
    PyMem_Free(l->front);
    PyMem_Free(l->need_shift);
    PyMem_Free(l->need_capacity);
    PyMem_Free(l->need_dict);
    l->front = NULL;
    l->need_shift = l->need_capacity = NULL;
    l->need_dict = NULL;
}

/* Reads what may change between labels: 0 done, -1 an exception. */
int lc_label_read(Expander *x, Label *l) {
    memset(l, 0, sizeof *l);
    l->python_offer = x->python_offer;
    if (!(l->cut_dist_t = PyObject_GetAttr(x->search, s_cut_dist))) return -1;
    if (!(l->cut_hexes_t = PyObject_GetAttr(x->search, s_cut_hexes))) return -1;
    if (!(l->need = PyObject_GetAttr(x->search, s_need))) return -1;
    /* front_version > 0, as RouteSearch.dominance passes it */
    PyObject *version = l->front_version = PyObject_GetAttr(x->search, s_front_version);
    if (!version) return -1;
    PyObject *zero = PyLong_FromLong(0);
    if (!zero) return -1;
    int front = PyObject_RichCompareBool(version, zero, Py_GT);
    Py_DECREF(zero);
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

/* ``hopeless(loads, h, own)``: 1, 0, or -1 with an exception. Loads of several words (many
 * capped rivals' sets) are read as the guard's words. */
static int hopeless(Expander *x, const Label *l, PyObject *loads, PyObject *h, int own) {
    u64 words[LC_MAXW];
    int nw = 0;
    if (!l->python_hopeless) {
        if (u64_of(loads, &words[0])) {
            nw = 1;
        } else if (x->g.nw > 1) {
            int fits = lc_words(&x->g, loads, words);
            if (fits < 0) return -1;
            if (fits) nw = x->g.nw;
        }
    }
    if (!nw) {
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
        long long load = lc_field_at(words, nw, l->need_shift[i], x->field);
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
    return lc_loads_plus(&x->g, x->limit, loads, step);
}

/* The Python ``expand`` for this label: 0 done, -1 an exception. */
int lc_python_expand(Expander *x, PyObject *idx) {
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

/* The offers of one rival link (the choices of line on it; ``checked``: ``offer``'s first
 * tests passed already, ``lc_first_tests``): 0 done, -1 an exception. */
static int rival_link(Expander *x, const Label *l, PyObject *idx, PyObject *nxt,
                      PyObject *owners, long long length, long long used, int own,
                      PyObject *counts, PyObject *loads, int checked) {
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
        ok = lc_offer(x, l, idx, nxt, owner, length, used + 1, NULL, own, c, new_loads, checked);
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
int lc_expand_label(Expander *x, const Label *l, PyObject *idx_obj) {
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
    PyObject *node = PyList_GET_ITEM(x->node, idx);
    Py_INCREF(node);
    PyObject *near = lc_near(x->near_cache, x->near, node);
    Py_DECREF(node);
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
                ok = lc_offer(x, l, idx_obj, nxt, member, length + step, used, used_obj, 1, counts,
                              loads, 0);
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
                else if (!beyond) { /* else every way on is over the caps */
                    /* offer's first tests, made once for every line of the link: when
                     * they drop it, its lines' loads, counts and hopeless test are not
                     * worked out (offer would drop each; none has side effects, so the
                     * labels are the same) */
                    ok = lc_first_tests(x, l, nxt, own, length + step, used + 1, 0);
                    if (ok == 0 || ok == 2)
                        ok = rival_link(x, l, idx_obj, nxt, owners, length + step, used, own,
                                        counts, loads, ok == 2);
                    else if (ok == 1)
                        ok = 0;
                }
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
    int status = lc_label_read(x, &l);
    x->label = &l;
    if (status == 0) status = lc_expand_label(x, &l, idx);
    x->label = NULL;
    lc_label_clear(&l);
    if (status == 1) status = lc_python_expand(x, idx);
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
    lc_banned_free(&x->banned);
    Py_XDECREF(x->front);
    Py_XDECREF(x->choices_cache);
    Py_XDECREF(x->near);
    Py_XDECREF(x->near_cache);
    Py_XDECREF(x->dominance);
    Py_XDECREF(x->loads);
    Py_XDECREF(x->step_cache);
    Py_XDECREF(x->limit);
    Py_XDECREF(x->g.obj);
    Py_XDECREF(x->hexes);
    Py_XDECREF(x->reach_cache);
    Py_XDECREF(x->least_cache);
    Py_XDECREF(x->floors);
    free(x->heap_c.items);
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
    PyObject *q = NULL, *fee = NULL, *max_total = NULL, *max_length = NULL, *room = NULL, *field = NULL,
             *guard = NULL, *most = NULL, *width = NULL;
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
        !(x->near_cache = attr_of(search, s_near_cache, &PyDict_Type)) ||
        !(x->dominance = attr_of(search, s_dominance, NULL)) ||
        !(x->loads = attr_of(search, s_loads, NULL)) ||
        !(x->step_cache = attr_of(x->loads, s_step, &PyDict_Type)) ||
        !(x->limit = attr_of(x->loads, s_limit, NULL)) ||
        !(guard = attr_of(x->loads, s_guard, NULL)) || !(field = attr_of(x->loads, s_field, NULL)) ||
        !(q = attr_of(search, s_q, NULL)) || !(fee = attr_of(q, s_fee, NULL)) ||
        !(max_total = attr_of(q, s_max_total, NULL)) ||
        !(max_length = attr_of(q, s_max_length, NULL)) || !(room = attr_of(search, s_room, NULL)) ||
        !(x->hexes = attr_of(search, s_hexes, NULL)) ||
        !(x->reach_cache = attr_of(search, s_reach_cache, &PyDict_Type)) ||
        !(x->least_cache = attr_of(search, s_least_cache, &PyDict_Type)) ||
        !(x->floors = attr_of(x->loads, s_floors, &PyDict_Type)) ||
        !(most = attr_of(x->loads, s_most, NULL)) || !(width = attr_of(x->loads, s_width, NULL)))
        goto done;
    if (!small_int(most, &x->most) || !small_int(width, &x->width) || x->width < 1)
        x->most = x->width = -1; /* reach by the Python code */
    if (lc_guard_init(&x->g, guard) < 0) goto done;
    if (lc_banned_init(&x->banned, x->forbidden) < 0) goto done;
    x->python_offer = !small_int(fee, &x->fee) || x->fee < 0 || x->fee >= (1 << 20) ||
                      !any_ll(max_total, &x->max_total) ||
                      (max_length != Py_None && !any_ll(max_length, &x->max_length));
    if (max_length == Py_None) x->max_length = LLONG_MAX; /* no bound */
    x->python_all = !small_int(room, &x->room);
    u64 f;
    x->field_ok = u64_of(field, &f) && f < (1ULL << 62);
    x->field = x->field_ok ? f : 0;
    status = 0;
done:
    Py_XDECREF(q);
    Py_XDECREF(fee);
    Py_XDECREF(max_total);
    Py_XDECREF(max_length);
    Py_XDECREF(room);
    Py_XDECREF(field);
    Py_XDECREF(guard);
    Py_XDECREF(most);
    Py_XDECREF(width);
    return status;
}

static PyMethodDef expander_methods[] = {
    {"expand", (PyCFunction)expander_expand, METH_O, "expand(idx): RouteSearch.expand(idx)."},
    {"run", (PyCFunction)(void (*)(void))lc_expander_run, METH_FASTCALL,
     "run(most, stronger_after): RouteSearch.run's loop after the sources are offered."},
    {"reach", (PyCFunction)(void (*)(void))lc_expander_reach, METH_FASTCALL,
     "reach(idx, h): RouteSearch.reach (within an expansion)."},
    {"loads_reach", (PyCFunction)(void (*)(void))lc_expander_loads_reach, METH_FASTCALL,
     "loads_reach(loads, length, used, own, h): RouteSearch.loads_reach (within one)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef expander_members[] = {
    {"figures", T_OBJECT_EX, offsetof(Expander, figures), READONLY,
     "the search's figures (the dominance test reads them)"},
    {NULL, 0, 0, 0, NULL},
};

PyTypeObject LC_ExpanderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "transcon.titles.railway_rivals._labelcore.Expander",
    .tp_basicsize = sizeof(Expander),
    .tp_dealloc = (destructor)expander_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "RouteSearch.expand of one run (see labelcore_expand.c).",
    .tp_methods = expander_methods,
    .tp_members = expander_members,
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
        intern(&s_choices_cache, "_choices") || intern(&s_near, "near") || intern(&s_near_cache, "near_cache") ||
        intern(&s_dominance, "_dominance") || intern(&s_loads, "loads") ||
        intern(&s_step, "_step") || intern(&s_limit, "limit") || intern(&s_guard, "guard") ||
        intern(&s_field, "field") || intern(&s_q, "q") || intern(&s_fee, "fee") ||
        intern(&s_max_total, "max_total") || intern(&s_max_length, "max_length") || intern(&s_room, "room") ||
        intern(&s_need, "need") || intern(&s_expand, "expand") ||
        intern(&s_choices, "choices") || intern(&s_hopeless, "hopeless") ||
        intern(&s_add, "add") || intern(&s_hexes, "hexes") ||
        intern(&s_reach_cache, "_reach") || intern(&s_least_cache, "_least") ||
        intern(&s_floors, "_floors") || intern(&s_most, "most") || intern(&s_width, "width"))
        return -1;
    if (lc_reach_ready() < 0 || lc_offer_ready() < 0 || lc_run_ready() < 0) return -1;
    if (!minus_one && !(minus_one = PyLong_FromLong(-1))) return -1;
    return PyType_Ready(&LC_ExpanderType);
}
