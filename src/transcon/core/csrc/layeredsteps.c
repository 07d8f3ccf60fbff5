/* ``LayeredSteps``: a fixed table of steps over int nodes held as arrays (compressed rows),
 * searched many times with other nodes left out. Each step has a length and a label (a bit
 * mask, or -1 for none). ``cheapest`` is Dijkstra's search on the lengths and ``zero_one`` the
 * 0-1 breadth-first search where a step costs 1 when its label is a mask within ``within``.
 * Both give the costs per layer (node = layers x key + layer), each dict filled in the order
 * the nodes were first reached: what ``paths.cheapest_paths_over`` and ``zero_one_costs_over``
 * give over the same steps, split by layer (``paths.LayeredSteps`` is the Python reference;
 * the tests compare the two). Railway Rivals' race bounds search one table per team and track
 * version for every race and subproblem: reading the Python table on each search cost more
 * than the search. */
#include "layeredsteps.h"

#include "costheap.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    Py_ssize_t nodes; /* one more than the largest node */
    int layers;
    Py_ssize_t *first; /* nodes + 1: node n's steps are first[n] .. first[n + 1] - 1 */
    int *to;
    long *length, *label;
    PyObject *keys; /* a tuple: keys[k] is the int k the results give as key k; or NULL */
} LayeredSteps;

static void ls_dealloc(LayeredSteps *self) {
    free(self->first);
    free(self->to);
    free(self->length);
    free(self->label);
    Py_XDECREF(self->keys);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A node as a C int: a non-negative int below INT_MAX; -1 with an exception otherwise. */
static long node_of(PyObject *obj) {
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "LayeredSteps: a node must be an int");
        return -1;
    }
    long n = PyLong_AsLong(obj);
    if (n == -1 && PyErr_Occurred()) return -1;
    if (n < 0 || n >= 0x7fffffff) {
        PyErr_SetString(PyExc_ValueError, "LayeredSteps: a node must be a non-negative int");
        return -1;
    }
    return n;
}

/* The step at index i of a table row: (node, length, label) into the out-parameters. */
static int step_of(PyObject *step, long *node, long *length, long *label) {
    if (!PyTuple_Check(step) || PyTuple_GET_SIZE(step) != 3) {
        PyErr_SetString(PyExc_TypeError, "LayeredSteps: a step is a (node, length, label) triple");
        return -1;
    }
    *node = node_of(PyTuple_GET_ITEM(step, 0));
    if (*node < 0) return -1;
    *length = PyLong_AsLong(PyTuple_GET_ITEM(step, 1));
    if (*length == -1 && PyErr_Occurred()) return -1;
    *label = PyLong_AsLong(PyTuple_GET_ITEM(step, 2));
    if (*label == -1 && PyErr_Occurred()) return -1;
    return 0;
}

/* Pass 1: the node count and step count of the table (every row a list or tuple). */
static int measure(PyObject *table, Py_ssize_t *nodes, Py_ssize_t *steps) {
    PyObject *key, *row;
    Py_ssize_t pos = 0;
    *nodes = 0;
    *steps = 0;
    while (PyDict_Next(table, &pos, &key, &row)) {
        long n = node_of(key);
        if (n < 0) return -1;
        if (n + 1 > *nodes) *nodes = n + 1;
        if (!PyList_Check(row) && !PyTuple_Check(row)) {
            PyErr_SetString(PyExc_TypeError, "LayeredSteps: a row of steps must be a list");
            return -1;
        }
        Py_ssize_t count = PySequence_Fast_GET_SIZE(row);
        PyObject **items = PySequence_Fast_ITEMS(row);
        for (Py_ssize_t i = 0; i < count; i++) {
            long to, length, label;
            if (step_of(items[i], &to, &length, &label) < 0) return -1;
            if (to + 1 > *nodes) *nodes = to + 1;
        }
        *steps += count;
    }
    return 0;
}

static int ls_init(LayeredSteps *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"table", "layers", "keys", NULL};
    PyObject *table, *keys = Py_None;
    int layers = 2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!|iO:LayeredSteps", keywords, &PyDict_Type,
                                     &table, &layers, &keys)) {
        return -1;
    }
    if (layers < 1) {
        PyErr_SetString(PyExc_ValueError, "LayeredSteps: layers must be at least 1");
        return -1;
    }
    if (self->first != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "LayeredSteps: already made");
        return -1;
    }
    if (keys != Py_None) {
        PyObject *held = PySequence_Tuple(keys);
        if (held == NULL) return -1;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(held); k++) {
            PyObject *key = PyTuple_GET_ITEM(held, k);
            if (!PyLong_CheckExact(key) || PyLong_AsSsize_t(key) != k) {
                Py_DECREF(held);
                if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
                    PyErr_Clear();
                    PyErr_Format(PyExc_ValueError, "LayeredSteps: keys[%zd] must be the int %zd",
                                 k, k);
                }
                return -1;
            }
        }
        Py_XSETREF(self->keys, held);
    }
    Py_ssize_t nodes, steps;
    if (measure(table, &nodes, &steps) < 0) return -1;
    self->layers = layers;
    self->nodes = nodes;
    self->first = calloc((size_t)nodes + 1, sizeof(Py_ssize_t));
    self->to = malloc(((size_t)steps + 1) * sizeof(int));
    self->length = malloc(((size_t)steps + 1) * sizeof(long));
    self->label = malloc(((size_t)steps + 1) * sizeof(long));
    if (!self->first || !self->to || !self->length || !self->label) {
        PyErr_NoMemory();
        return -1;
    }
    /* count per node, then place each row's steps in their order */
    PyObject *key, *row;
    Py_ssize_t pos = 0;
    while (PyDict_Next(table, &pos, &key, &row)) {
        self->first[PyLong_AsLong(key) + 1] = PySequence_Fast_GET_SIZE(row);
    }
    for (Py_ssize_t n = 0; n < nodes; n++) self->first[n + 1] += self->first[n];
    pos = 0;
    while (PyDict_Next(table, &pos, &key, &row)) {
        Py_ssize_t at = self->first[PyLong_AsLong(key)];
        Py_ssize_t count = PySequence_Fast_GET_SIZE(row);
        PyObject **items = PySequence_Fast_ITEMS(row);
        for (Py_ssize_t i = 0; i < count; i++) {
            long to = 0, length = 0, label = 0; /* set: ``measure`` checked every step */
            step_of(items[i], &to, &length, &label);
            self->to[at + i] = (int)to;
            self->length[at + i] = length;
            self->label[at + i] = label;
        }
    }
    return 0;
}

/* ---- one search's working arrays ----------------------------------------------------------- */

typedef struct {
    Py_ssize_t size;   /* nodes, or more when a start lies beyond the table */
    long *cost;        /* -1: not reached */
    char *banned;      /* nodes no step leads into */
    int *order;        /* the nodes in the order first reached */
    Py_ssize_t reached;
} Work;

static void work_free(Work *w) {
    free(w->cost);
    free(w->banned);
    free(w->order);
}

/* The starts as a list of C ints (the work arrays sized to hold them); -1 on error. */
static int work_init(Work *w, const LayeredSteps *self, PyObject *starts, PyObject *avoid,
                     int **start_nodes, Py_ssize_t *start_count) {
    memset(w, 0, sizeof *w);
    *start_nodes = NULL;
    PyObject *fast = PySequence_Fast(starts, "LayeredSteps: the starts must be a sequence");
    if (fast == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    int *nodes = malloc(((size_t)count + 1) * sizeof(int));
    w->size = self->nodes;
    if (nodes == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long n = node_of(PySequence_Fast_GET_ITEM(fast, i));
        if (n < 0) {
            free(nodes);
            Py_DECREF(fast);
            return -1;
        }
        nodes[i] = (int)n;
        if (n + 1 > w->size) w->size = n + 1;
    }
    Py_DECREF(fast);
    *start_nodes = nodes;
    *start_count = count;
    w->cost = malloc(((size_t)w->size + 1) * sizeof(long));
    w->banned = calloc((size_t)w->size + 1, 1);
    w->order = malloc(((size_t)w->size + 1) * sizeof(int));
    if (!w->cost || !w->banned || !w->order) {
        PyErr_NoMemory();
        return -1;
    }
    memset(w->cost, 0xff, (size_t)w->size * sizeof(long)); /* every cost -1 */
    if (avoid != Py_None) {
        PyObject *iter = PyObject_GetIter(avoid);
        if (iter == NULL) return -1;
        PyObject *item;
        while ((item = PyIter_Next(iter)) != NULL) {
            long n = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
            Py_DECREF(item);
            if (n == -1 && PyErr_Occurred()) {
                Py_DECREF(iter);
                return -1;
            }
            if (n >= 0 && n < w->size) w->banned[n] = 1; /* others are no node */
        }
        Py_DECREF(iter);
        if (PyErr_Occurred()) return -1;
    }
    return 0;
}

/* Sets a node's cost, noting when it is first reached. */
static inline void reach(Work *w, int node, long cost) {
    if (w->cost[node] < 0) w->order[w->reached++] = node;
    w->cost[node] = cost;
}

/* The costs per layer, each dict in the order the nodes were first reached; a key is the
 * object of ``keys`` when it holds one for it. */
static PyObject *costs_by_layer(const Work *w, int layers, PyObject *keys) {
    Py_ssize_t known = keys ? PyTuple_GET_SIZE(keys) : 0;
    PyObject *result = PyTuple_New(layers);
    if (result == NULL) return NULL;
    for (int k = 0; k < layers; k++) {
        PyObject *d = PyDict_New();
        if (d == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, k, d);
    }
    for (Py_ssize_t i = 0; i < w->reached; i++) {
        int node = w->order[i];
        long k = node / layers;
        PyObject *key = k < known ? Py_NewRef(PyTuple_GET_ITEM(keys, k)) : PyLong_FromLong(k);
        PyObject *value = PyLong_FromLong(w->cost[node]);
        if (key == NULL || value == NULL ||
            PyDict_SetItem(PyTuple_GET_ITEM(result, node % layers), key, value) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(value);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(value);
    }
    return result;
}

/* ---- Dijkstra's search on the lengths (``costheap.h``: key = the node) ---------------------- */

static PyObject *ls_cheapest(LayeredSteps *self, PyObject *args) {
    PyObject *starts, *avoid = Py_None;
    if (!PyArg_ParseTuple(args, "O|O:cheapest", &starts, &avoid)) return NULL;
    Work w;
    int *start_nodes;
    Py_ssize_t start_count = 0;
    Heap heap = {NULL, 0, 0};
    PyObject *result = NULL;
    if (work_init(&w, self, starts, avoid, &start_nodes, &start_count) < 0) goto done;
    for (Py_ssize_t i = 0; i < start_count; i++) {
        int n = start_nodes[i];
        if (w.cost[n] < 0) {
            reach(&w, n, 0);
            if (heap_push(&heap, (Entry){0, n, NULL}) < 0) goto done;
        }
    }
    while (heap.size) {
        Entry e = heap_pop(&heap);
        long node = e.key;
        if (w.cost[node] < e.cost) continue; /* a cheaper way was found after this entry */
        if (node >= self->nodes) continue;    /* a start beyond the table: no steps */
        for (Py_ssize_t s = self->first[node]; s < self->first[node + 1]; s++) {
            int to = self->to[s];
            if (w.banned[to]) continue;
            long cost = e.cost + self->length[s];
            if (w.cost[to] >= 0 && w.cost[to] <= cost) continue;
            reach(&w, to, cost);
            if (heap_push(&heap, (Entry){cost, to, NULL}) < 0) goto done;
        }
    }
    result = costs_by_layer(&w, self->layers, self->keys);
done:
    free(heap.items);
    free(start_nodes);
    work_free(&w);
    return result;
}

/* ---- the 0-1 breadth-first search ------------------------------------------------------------ */

static PyObject *ls_zero_one(LayeredSteps *self, PyObject *args) {
    PyObject *starts, *avoid = Py_None;
    long within = -1;
    if (!PyArg_ParseTuple(args, "O|Ol:zero_one", &starts, &avoid, &within)) return NULL;
    Work w;
    int *start_nodes;
    Py_ssize_t start_count = 0;
    PyObject *result = NULL;
    /* a ring buffer of (distance, node): a node is queued when its cost falls, which happens
     * at most twice (first reached at the front's distance or one more; only the second can
     * fall to the first), so twice the node count always fits (checked all the same) */
    Entry *ring = NULL;
    if (work_init(&w, self, starts, avoid, &start_nodes, &start_count) < 0) goto done;
    Py_ssize_t capacity = 2 * w.size + 1;
    ring = malloc((size_t)capacity * sizeof(Entry));
    if (ring == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t head = 0, size = 0;
    for (Py_ssize_t i = 0; i < start_count; i++) {
        if (w.cost[start_nodes[i]] < 0) reach(&w, start_nodes[i], 0);
    }
    for (Py_ssize_t i = 0; i < w.reached; i++) ring[size++] = (Entry){0, w.order[i], NULL};
    while (size) {
        Entry e = ring[head];
        head = (head + 1) % capacity;
        size--;
        long node = e.key;
        if (e.cost > w.cost[node] || node >= self->nodes) continue;
        for (Py_ssize_t s = self->first[node]; s < self->first[node + 1]; s++) {
            int to = self->to[s];
            if (w.banned[to]) continue;
            long label = self->label[s];
            long weight = label >= 0 && (label & ~within) == 0;
            long cost = e.cost + weight;
            if (w.cost[to] >= 0 && cost >= w.cost[to]) continue;
            if (size == capacity) {
                PyErr_SetString(PyExc_RuntimeError, "LayeredSteps.zero_one: the queue is full");
                goto done;
            }
            reach(&w, to, cost);
            if (weight) {
                ring[(head + size) % capacity] = (Entry){cost, to, NULL};
            } else {
                head = (head - 1 + capacity) % capacity;
                ring[head] = (Entry){cost, to, NULL};
            }
            size++;
        }
    }
    result = costs_by_layer(&w, self->layers, self->keys);
done:
    free(ring);
    free(start_nodes);
    work_free(&w);
    return result;
}

static PyMethodDef ls_methods[] = {
    {"cheapest", (PyCFunction)ls_cheapest, METH_VARARGS,
     "cheapest(starts, avoid=None) -> tuple of dicts: per layer, key -> the least total length "
     "from a start (each at 0), never into a node of avoid."},
    {"zero_one", (PyCFunction)ls_zero_one, METH_VARARGS,
     "zero_one(starts, avoid=None, within=-1) -> tuple of dicts: per layer, key -> the fewest "
     "steps whose label is a mask within `within` from a start, never into a node of avoid."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LayeredStepsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "transcon.core._pathcore.LayeredSteps",
    .tp_basicsize = sizeof(LayeredSteps),
    .tp_dealloc = (destructor)ls_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A fixed table of steps (node -> [(node, length, label)]) over int nodes, as "
              "arrays; node = layers x key + layer. keys: the int objects to give as keys.",
    .tp_methods = ls_methods,
    .tp_init = (initproc)ls_init,
    .tp_new = PyType_GenericNew,
};

int pc_add_layered_steps(PyObject *module) {
    if (PyType_Ready(&LayeredStepsType) < 0) return -1;
    Py_INCREF(&LayeredStepsType);
    if (PyModule_AddObject(module, "LayeredSteps", (PyObject *)&LayeredStepsType) < 0) {
        Py_DECREF(&LayeredStepsType);
        return -1;
    }
    return 0;
}
