/* The compiled core of transcon.core.paths: ``zero_one_costs_over``, the 0-1 breadth-first
 * search over a table of steps (the same costs, in the same insertion order, as the Python
 * ``zero_one_costs`` with ``table.__getitem__`` as its neighbours). Railway Rivals' race
 * bounds run it for every team and race on every track version. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
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

static PyObject *zero_one_costs_over(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *starts, *table;
    if (!PyArg_ParseTuple(args, "OO!:zero_one_costs_over", &starts, &PyDict_Type, &table)) {
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
        PyObject *steps = PyDict_GetItemWithError(table, node);
        if (steps == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_SetObject(PyExc_KeyError, node);
            }
            goto fail;
        }
        PyObject *fast = PySequence_Fast(steps, "zero_one_costs_over: steps must be a sequence");
        if (fast == NULL) {
            goto fail;
        }
        Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
        PyObject **entries = PySequence_Fast_ITEMS(fast);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *step = entries[i];
            if (!PyTuple_Check(step) || PyTuple_GET_SIZE(step) != 2) {
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

static PyMethodDef methods[] = {
    {"zero_one_costs_over", zero_one_costs_over, METH_VARARGS,
     "zero_one_costs_over(starts, table) -> dict: the cheapest costs from starts when every "
     "step of table[node] = [(next node, 0 or 1), ...] costs 0 or 1."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_pathcore",
    "The compiled core of transcon.core.paths (zero_one_costs_over).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pathcore(void) { return PyModule_Create(&module); }
