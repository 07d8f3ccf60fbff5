/* The compiled core of transcon.core.paths: ``zero_one_costs_over``, the 0-1 breadth-first
 * search over a table of steps, and ``cheapest_over`` (below) (the same costs, in the same insertion order, as the Python
 * ``zero_one_costs`` with ``table.__getitem__`` as its neighbours). Railway Rivals' race
 * bounds run it for every team and race on every track version. */
#include "costheap.h"
#include "layeredsteps.h"

#include <stdlib.h>

/* A double-ended queue of (distance, node) entries in a growable ring buffer; the nodes are
 * borrowed references (the cost dict holds every node pushed). */
typedef struct {
    long *dist;
    PyObject **node;
    Py_ssize_t head, size, capacity;
} Deque;

static int deque_grow(Deque *q) {
    Py_ssize_t cap = q->capacity ? q->capacity * 2 : 256;
    long *dist = malloc((size_t)cap * sizeof(long));
    PyObject **node = malloc((size_t)cap * sizeof(PyObject *));
    if (dist == NULL || node == NULL) {
        free(dist);
        free(node);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < q->size; i++) {
        Py_ssize_t from = (q->head + i) % q->capacity;
        dist[i] = q->dist[from];
        node[i] = q->node[from];
    }
    free(q->dist);
    free(q->node);
    q->dist = dist;
    q->node = node;
    q->head = 0;
    q->capacity = cap;
    return 0;
}

static int deque_push(Deque *q, long d, PyObject *n, int front) {
    if (q->size == q->capacity && deque_grow(q) < 0) {
        return -1;
    }
    Py_ssize_t at;
    if (front) {
        q->head = (q->head - 1 + q->capacity) % q->capacity;
        at = q->head;
    } else {
        at = (q->head + q->size) % q->capacity;
    }
    q->dist[at] = d;
    q->node[at] = n;
    q->size++;
    return 0;
}

/* The steps of a node as a fast sequence (a new reference), or NULL with KeyError when the
 * table has no entry for it. */
static PyObject *steps_of(PyObject *table, PyObject *node) {
    PyObject *steps = PyDict_GetItemWithError(table, node);
    if (steps == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetObject(PyExc_KeyError, node);
        }
        return NULL;
    }
    return PySequence_Fast(steps, "steps must be a sequence of (node, weight) pairs");
}

static int is_pair(PyObject *step) { return PyTuple_Check(step) && PyTuple_GET_SIZE(step) == 2; }

/* Whether ``node`` is in ``avoid`` (None: nothing is): 1, 0, or -1 with an exception. */
static int avoided(PyObject *avoid, PyObject *node) {
    return avoid == Py_None ? 0 : PySequence_Contains(avoid, node);
}

static PyObject *zero_one_costs_over(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *starts, *table, *avoid = Py_None;
    if (!PyArg_ParseTuple(args, "OO!|O:zero_one_costs_over", &starts, &PyDict_Type, &table,
                          &avoid)) {
        return NULL;
    }
    PyObject *cost = PyDict_New();
    if (cost == NULL) {
        return NULL;
    }
    PyObject *zero = PyLong_FromLong(0);
    Deque q = {NULL, NULL, 0, 0, 0};
    PyObject *iter = NULL, *item = NULL;
    if (zero == NULL) {
        goto fail;
    }
    iter = PyObject_GetIter(starts);
    if (iter == NULL) {
        goto fail;
    }
    while ((item = PyIter_Next(iter)) != NULL) {  /* dict.fromkeys(starts, 0) */
        int had = PyDict_Contains(cost, item);
        if (had < 0 || PyDict_SetItem(cost, item, zero) < 0) {
            goto fail;
        }
        Py_CLEAR(item);
    }
    Py_CLEAR(iter);
    if (PyErr_Occurred()) {
        goto fail;
    }
    {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(cost, &pos, &key, &value)) {
            if (deque_push(&q, 0, key, 0) < 0) {
                goto fail;
            }
        }
    }
    while (q.size) {
        long d = q.dist[q.head];
        PyObject *node = q.node[q.head];
        q.head = (q.head + 1) % q.capacity;
        q.size--;
        PyObject *known = PyDict_GetItemWithError(cost, node);
        if (known == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_RuntimeError, "zero_one_costs_over: a queued node has no cost");
            }
            goto fail;
        }
        long here = PyLong_AsLong(known);
        if (here == -1 && PyErr_Occurred()) {
            goto fail;
        }
        if (d > here) {
            continue;
        }
        PyObject *fast = steps_of(table, node);
        if (fast == NULL) {
            goto fail;
        }
        Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
        PyObject **entries = PySequence_Fast_ITEMS(fast);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *step = entries[i];
            if (!is_pair(step)) {
                PyErr_SetString(PyExc_TypeError, "zero_one_costs_over: a step is a (node, weight) pair");
                Py_DECREF(fast);
                goto fail;
            }
            PyObject *nxt = PyTuple_GET_ITEM(step, 0);
            long weight = PyLong_AsLong(PyTuple_GET_ITEM(step, 1));
            if (weight == -1 && PyErr_Occurred()) {
                Py_DECREF(fast);
                goto fail;
            }
            int skip = avoided(avoid, nxt);
            if (skip < 0) {
                Py_DECREF(fast);
                goto fail;
            }
            if (skip) continue;
            long nd = d + weight;
            PyObject *old = PyDict_GetItemWithError(cost, nxt);
            if (old == NULL && PyErr_Occurred()) {
                Py_DECREF(fast);
                goto fail;
            }
            if (old != NULL) {
                long was = PyLong_AsLong(old);
                if (was == -1 && PyErr_Occurred()) {
                    Py_DECREF(fast);
                    goto fail;
                }
                if (nd >= was) {
                    continue;
                }
            }
            PyObject *value = PyLong_FromLong(nd);
            if (value == NULL || PyDict_SetItem(cost, nxt, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(fast);
                goto fail;
            }
            Py_DECREF(value);
            /* the cost dict now holds nxt: the queue may borrow it */
            if (deque_push(&q, nd, nxt, weight == 0) < 0) {
                Py_DECREF(fast);
                goto fail;
            }
        }
        Py_DECREF(fast);
    }
    free(q.dist);
    free(q.node);
    Py_DECREF(zero);
    return cost;
fail:
    Py_XDECREF(item);
    Py_XDECREF(iter);
    Py_XDECREF(zero);
    free(q.dist);
    free(q.node);
    Py_DECREF(cost);
    return NULL;
}


/* ``cheapest_paths_over`` for int nodes and int costs: a binary heap of (cost, node) entries
 * ordered as Python orders the (cost, node) tuples, so nodes are settled in the same order and
 * the dicts filled in the same order. A node or cost that is no plain int (or does not fit a
 * C long) raises NotImplementedError before anything is returned: the caller runs the Python
 * search instead. */
static int as_long(PyObject *value, long *out) {
    if (!PyLong_CheckExact(value)) {
        PyErr_SetString(PyExc_NotImplementedError, "cheapest_over: not a plain int");
        return -1;
    }
    int overflow = 0;
    *out = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow || (*out == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        PyErr_SetString(PyExc_NotImplementedError, "cheapest_over: an int too large");
        return -1;
    }
    return 0;
}

/* Sets *found to the cost of node in cost (borrowed lookup); 0 when absent, -1 on error. */
static int known_cost(PyObject *cost, PyObject *node, long *found) {
    PyObject *value = PyDict_GetItemWithError(cost, node);
    if (value == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    *found = PyLong_AsLong(value);
    return (*found == -1 && PyErr_Occurred()) ? -1 : 1;
}

static int set_cost(PyObject *cost, PyObject *node, long value) {
    PyObject *boxed = PyLong_FromLong(value);
    if (boxed == NULL) {
        return -1;
    }
    int result = PyDict_SetItem(cost, node, boxed);
    Py_DECREF(boxed);
    return result;
}

static PyObject *cheapest_over(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *starts, *steps, *goals, *avoid = Py_None;
    if (!PyArg_ParseTuple(args, "O!O!O|O:cheapest_over", &PyList_Type, &starts, &PyDict_Type,
                          &steps, &goals, &avoid)) {
        return NULL;
    }
    PyObject *cost = PyDict_New(), *parent = PyDict_New(), *settled = PyList_New(0);
    PyObject *reached = Py_None;
    Heap heap = {NULL, 0, 0};
    if (cost == NULL || parent == NULL || settled == NULL) {
        goto fail;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(starts); i++) {
        PyObject *pair = PyList_GET_ITEM(starts, i);
        if (!is_pair(pair)) {
            PyErr_SetString(PyExc_NotImplementedError, "cheapest_over: a start is no pair");
            goto fail;
        }
        Entry e = {0, 0, PyTuple_GET_ITEM(pair, 0)};
        long had;
        if (as_long(e.node, &e.key) < 0 || as_long(PyTuple_GET_ITEM(pair, 1), &e.cost) < 0) {
            goto fail;
        }
        int state = known_cost(cost, e.node, &had);
        if (state < 0) {
            goto fail;
        }
        if (state == 0 || e.cost < had) {
            if (set_cost(cost, e.node, e.cost) < 0 || heap_push(&heap, e) < 0) {
                goto fail;
            }
        }
    }
    while (heap.size) {
        Entry e = heap_pop(&heap);
        long best = 0;
        int state = known_cost(cost, e.node, &best);
        if (state <= 0) {
            if (state == 0) {
                PyErr_SetString(PyExc_RuntimeError, "cheapest_over: a queued node has no cost");
            }
            goto fail;
        }
        if (best < e.cost) {
            continue; /* a cheaper way was found after this entry was pushed */
        }
        PyObject *item = Py_BuildValue("(Ol)", e.node, e.cost);
        if (item == NULL || PyList_Append(settled, item) < 0) {
            Py_XDECREF(item);
            goto fail;
        }
        Py_DECREF(item);
        if (goals != Py_None) {
            int hit = PySequence_Contains(goals, e.node);
            if (hit < 0) {
                goto fail;
            }
            if (hit) {
                reached = e.node;
                break;
            }
        }
        PyObject *fast = steps_of(steps, e.node);
        if (fast == NULL) {
            goto fail;
        }
        Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
        PyObject **entries = PySequence_Fast_ITEMS(fast);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *step = entries[i];
            if (!is_pair(step)) {
                PyErr_SetString(PyExc_NotImplementedError, "cheapest_over: a step is no pair");
                Py_DECREF(fast);
                goto fail;
            }
            Entry next = {0, 0, PyTuple_GET_ITEM(step, 0)};
            long length, old = 0;
            if (as_long(next.node, &next.key) < 0 || as_long(PyTuple_GET_ITEM(step, 1), &length) < 0) {
                Py_DECREF(fast);
                goto fail;
            }
            next.cost = e.cost + length;
            int skip = avoided(avoid, next.node);
            if (skip < 0) {
                Py_DECREF(fast);
                goto fail;
            }
            if (skip) continue;
            int state = known_cost(cost, next.node, &old);
            if (state < 0) {
                Py_DECREF(fast);
                goto fail;
            }
            if (state == 1 && old <= next.cost) {
                continue;
            }
            if (set_cost(cost, next.node, next.cost) < 0 ||
                PyDict_SetItem(parent, next.node, e.node) < 0 || heap_push(&heap, next) < 0) {
                Py_DECREF(fast);
                goto fail;
            }
        }
        Py_DECREF(fast);
    }
    free(heap.items);
    PyObject *result = Py_BuildValue("(NNNO)", cost, parent, settled, reached);
    return result;
fail:
    free(heap.items);
    Py_XDECREF(cost);
    Py_XDECREF(parent);
    Py_XDECREF(settled);
    return NULL;
}

static PyMethodDef methods[] = {
    {"zero_one_costs_over", zero_one_costs_over, METH_VARARGS,
     "zero_one_costs_over(starts, table, avoid=None) -> dict: the cheapest costs from starts "
     "when every step of table[node] = [(next node, 0 or 1), ...] costs 0 or 1, never into a "
     "node of avoid."},
    {"cheapest_over", cheapest_over, METH_VARARGS,
     "cheapest_over(starts, steps, goals, avoid=None) -> (cost, parent, settled, reached): "
     "cheapest_paths_over for int nodes and costs (NotImplementedError otherwise)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_pathcore",
    "The compiled core of transcon.core.paths (zero_one_costs_over, cheapest_over, "
    "LayeredSteps).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pathcore(void) {
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && pc_add_layered_steps(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
