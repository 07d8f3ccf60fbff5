/* The module: building a Walker (flat arrays from the Python side, rank space, sorted
 * adjacency, breadth-first rings) and the module table. */
#include "routecore.h"

#include <string.h>

/* ---- building a walker ------------------------------------------------------------------ */

static int read_ints(PyObject *seq, long long *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static void walker_dealloc(Walker *self) {
    PyMem_Free(self->adj_to);
    PyMem_Free(self->adj_hid);
    PyMem_Free(self->sadj_to);
    PyMem_Free(self->sadj_hid);
    PyMem_Free(self->hop_track);
    PyMem_Free(self->rings);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A stop mask from little-endian bytes (a Python int's to_bytes(8 * RC_SW, "little")). */
static int read_mask(Py_buffer *b, smask *out, const char *what) {
    if (b->len != (Py_ssize_t)sizeof(u64) * RC_SW) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d bytes", what, (int)(8 * RC_SW));
        return -1;
    }
    memcpy(out->w, b->buf, sizeof(u64) * RC_SW);
    return 0;
}

/* Walker(nw, depth, caps, (cities, towns, counts_towns), token bytes, no_pass bytes, kind,
 *        tok_dist, order, group_next, mid, endv, xmid, xend, adj_start, adj_to, adj_hid, hop_track bytes) */
static int walker_init(Walker *w, PyObject *args, PyObject *kwds) {
    (void)kwds;
    int nw, depth, cities, towns, counts_towns;
    Py_buffer token_b, no_pass_b;
    PyObject *caps, *kind, *tok_dist, *order, *group_next, *mid, *endv, *xmid, *xend, *start, *to, *hid;
    Py_buffer tracks;
    if (!PyArg_ParseTuple(args, "iiO(iip)y*y*OOOOOOOOOOOy*", &nw, &depth, &caps, &cities, &towns,
                          &counts_towns, &token_b, &no_pass_b, &kind, &tok_dist, &order,
                          &group_next, &mid, &endv, &xmid, &xend, &start, &to, &hid, &tracks))
        return -1;
    int rc = -1;
    Py_ssize_t n = PySequence_Size(kind);
    long long buf[RC_MAXN + 1], c3[3];
    if (n < 0) goto done;
    if (n > RC_MAXN || nw < 1 || nw > RC_MAXW) {
        PyErr_SetString(PyExc_ValueError, "too many stops or track ids for the compiled core");
        goto done;
    }
    if (read_mask(&token_b, &w->token, "token") < 0 ||
        read_mask(&no_pass_b, &w->no_pass, "no_pass") < 0)
        goto done;
    w->n = (int)n;
    w->nsw = n > 0 ? (int)((n + 63) / 64) : 1;
    w->nw = nw;
    w->depth = depth;
    w->cities = cities;
    w->towns = towns;
    w->counts_towns = counts_towns;
    if (read_ints(caps, c3, 3, "caps") < 0) goto done;
    for (int k = 0; k < 3; k++) w->caps[k] = (int)c3[k];
    if (read_ints(kind, buf, n, "kind") < 0) goto done;
    for (int s = 0; s < n; s++) w->kind[s] = (int)buf[s];
    if (read_ints(tok_dist, buf, n, "tok_dist") < 0) goto done;
    for (int s = 0; s < n; s++) w->tok_dist[s] = (int)buf[s];
    if (read_ints(order, buf, n, "order") < 0) goto done;
    for (int r = 0; r < n; r++) w->order[r] = (int)buf[r];
    if (read_ints(group_next, buf, n, "group_next") < 0) goto done;
    for (int s = 0; s < n; s++) {
        if (buf[s] < 0 || buf[s] >= n) {
            PyErr_SetString(PyExc_ValueError, "group_next: not a stop id");
            goto done;
        }
        w->group_next[s] = (int)buf[s];
    }
    if (read_ints(mid, w->mid, n, "mid") < 0 || read_ints(endv, w->endv, n, "endv") < 0 ||
        read_ints(xmid, w->xmid, n, "xmid") < 0 || read_ints(xend, w->xend, n, "xend") < 0)
        goto done;
    if (read_ints(start, buf, n + 1, "adj_start") < 0) goto done;
    for (int s = 0; s <= n; s++) w->adj_start[s] = (int)buf[s];
    int na = w->adj_start[n];
    w->nh = (int)(tracks.len / (8 * nw));
    long long *tmp = PyMem_Malloc(sizeof(long long) * (size_t)(2 * na + 1));
    w->adj_to = PyMem_Malloc(sizeof(int) * (size_t)(na + 1));
    w->adj_hid = PyMem_Malloc(sizeof(int) * (size_t)(na + 1));
    w->sadj_to = PyMem_Malloc(sizeof(int) * (size_t)(na + 1));
    w->sadj_hid = PyMem_Malloc(sizeof(int) * (size_t)(na + 1));
    w->hop_track = PyMem_Malloc((size_t)tracks.len + 8);
    if (!tmp || !w->adj_to || !w->adj_hid || !w->sadj_to || !w->sadj_hid || !w->hop_track) {
        PyMem_Free(tmp);
        PyErr_NoMemory();
        goto done;
    }
    memcpy(w->hop_track, tracks.buf, (size_t)tracks.len);
    if (read_ints(to, tmp, na, "adj_to") < 0 || read_ints(hid, tmp + na, na, "adj_hid") < 0) {
        PyMem_Free(tmp);
        goto done;
    }
    for (int h = 0; h < na; h++) {
        w->adj_to[h] = (int)tmp[h];
        w->adj_hid[h] = (int)tmp[na + h];
        if (w->adj_to[h] < 0 || w->adj_to[h] >= n || w->adj_hid[h] < 0 || w->adj_hid[h] >= w->nh) {
            PyMem_Free(tmp);
            PyErr_SetString(PyExc_ValueError, "bad hop");
            goto done;
        }
    }
    PyMem_Free(tmp);
    /* rank space, sorted adjacency (stable, by endv of the stop reached, descending) */
    for (int r = 0; r < n; r++) {
        w->rank[w->order[r]] = r;
        w->val_r[r] = w->endv[w->order[r]];
    }
    memset(&w->no_pass_r, 0, sizeof(smask));
    memset(&w->full_r, 0, sizeof(smask));
    memset(w->kind_r, 0, sizeof w->kind_r);
    for (int s = 0; s < n; s++) {
        if (sm_has(&w->no_pass, s)) sm_add(&w->no_pass_r, w->rank[s]);
        sm_add(&w->kind_r[w->kind[s]], w->rank[s]);
        sm_add(&w->full_r, w->rank[s]);
    }
    for (int s = 0; s < n; s++) {
        int a = w->adj_start[s], b = w->adj_start[s + 1];
        for (int h = a; h < b; h++) {
            int k = h;
            while (k > a && w->endv[w->sadj_to[k - 1]] < w->endv[w->adj_to[h]]) {
                w->sadj_to[k] = w->sadj_to[k - 1];
                w->sadj_hid[k] = w->sadj_hid[k - 1];
                k--;
            }
            w->sadj_to[k] = w->adj_to[h];
            w->sadj_hid[k] = w->adj_hid[h];
        }
    }
    /* within(stop, levels): breadth-first rings, never through a no_pass stop */
    PyMem_Free(w->rings);
    w->rings = PyMem_Calloc((size_t)n * (size_t)(n + 1) + 1, sizeof(smask));
    if (!w->rings) {
        PyErr_NoMemory();
        goto done;
    }
    for (int s = 0; s < n; s++) {
        char seen[RC_MAXN];
        smask got;
        int frontier[RC_MAXN], nxt[RC_MAXN], nf = 1, nn;
        memset(seen, 0, (size_t)n);
        memset(&got, 0, sizeof got);
        seen[s] = 1;
        frontier[0] = s;
        smask *ring = w->rings + (size_t)s * (size_t)(n + 1);
        for (int l = 1; l <= n; l++) {
            nn = 0;
            for (int f = 0; f < nf; f++) {
                int a = frontier[f];
                if (a != s && sm_has(&w->no_pass, a)) continue;
                for (int h = w->adj_start[a]; h < w->adj_start[a + 1]; h++) {
                    int b = w->adj_to[h];
                    if (!seen[b]) {
                        seen[b] = 1;
                        sm_add(&got, w->rank[b]);
                        nxt[nn++] = b;
                    }
                }
            }
            memcpy(frontier, nxt, sizeof(int) * nn);
            nf = nn;
            ring[l] = got;
            if (!nf) {
                for (int k = l + 1; k <= n; k++) ring[k] = got;
                break;
            }
        }
    }
    rc = 0;
done:
    PyBuffer_Release(&token_b);
    PyBuffer_Release(&no_pass_b);
    PyBuffer_Release(&tracks);
    return rc;
}

static PyMethodDef walker_methods[] = {
    {"enumerate", (PyCFunction)walker_enumerate, METH_VARARGS,
     "enumerate(threshold, base, lo, hi, best_only) -> (RouteList, nodes, routes)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WalkerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "transcon.eighteen._routecore.Walker",
    .tp_basicsize = sizeof(Walker),
    .tp_dealloc = (destructor)walker_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The per-train walk of one (position, company, train type).",
    .tp_methods = walker_methods,
    .tp_init = (initproc)walker_init,
    .tp_new = PyType_GenericNew,
};

/* route_list(values, hops, hop_track, nw): a RouteList from Python data (for tests of the
 * search): route i is worth values[i] (descending) and runs over the hops hops[i]; its track is
 * the OR of theirs; its stops are not recorded (all 0). */
static PyObject *route_list(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *values, *hops;
    Py_buffer tracks;
    int nw;
    if (!PyArg_ParseTuple(args, "OOy*i", &values, &hops, &tracks, &nw)) return NULL;
    RouteList *rl = NULL;
    PyObject *fv = PySequence_Fast(values, "values"), *fh = PySequence_Fast(hops, "hops");
    if (!fv || !fh) goto fail;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fv), total = 0;
    if (nw < 1 || nw > RC_MAXW || PySequence_Fast_GET_SIZE(fh) != n || tracks.len % (8 * nw)) {
        PyErr_SetString(PyExc_ValueError, "route_list: bad sizes");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t k = PySequence_Size(PySequence_Fast_GET_ITEM(fh, i));
        if (k < 0) goto fail;
        total += k + 1;
    }
    rl = PyObject_New(RouteList, &RouteListType);
    if (!rl) goto fail;
    rl->n = n;
    rl->nw = nw;
    rl->nh = (int)(tracks.len / (8 * nw));
    rl->conf = NULL;
    rl->cwords = 0;
    rl->value = PyMem_Calloc((size_t)n + 1, sizeof(long long));
    rl->track = PyMem_Calloc((size_t)(n + 1) * (size_t)nw, sizeof(u64));
    rl->off = PyMem_Calloc((size_t)n + 1, sizeof(Py_ssize_t));
    rl->stops = PyMem_Calloc((size_t)total + 1, sizeof(int32_t));
    rl->hops = PyMem_Calloc((size_t)total + 1, sizeof(int32_t));
    rl->tagged = PyMem_Calloc((size_t)n + 1, 1);
    rl->hop_track = PyMem_Malloc((size_t)tracks.len + 8);
    if (!rl->value || !rl->track || !rl->off || !rl->stops || !rl->hops || !rl->tagged ||
        !rl->hop_track) {
        PyErr_NoMemory();
        goto fail;
    }
    memcpy(rl->hop_track, tracks.buf, (size_t)tracks.len);
    Py_ssize_t pos = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        rl->value[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fv, i));
        if (rl->value[i] == -1 && PyErr_Occurred()) goto fail;
        if (i && rl->value[i] > rl->value[i - 1]) {
            PyErr_SetString(PyExc_ValueError, "route_list: values must descend");
            goto fail;
        }
        PyObject *hi = PySequence_Fast(PySequence_Fast_GET_ITEM(fh, i), "hops");
        if (!hi) goto fail;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(hi);
        rl->off[i] = pos;
        for (Py_ssize_t q = 0; q < k; q++) {
            long h = PyLong_AsLong(PySequence_Fast_GET_ITEM(hi, q));
            if (h < 0 || h >= rl->nh) {
                Py_DECREF(hi);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "route_list: bad hop");
                goto fail;
            }
            rl->hops[pos - i + q] = (int32_t)h;
            for (int w = 0; w < nw; w++) rl->track[i * nw + w] |= rl->hop_track[h * nw + w];
        }
        Py_DECREF(hi);
        pos += k + 1;
    }
    rl->off[n] = pos;
    Py_DECREF(fv);
    Py_DECREF(fh);
    PyBuffer_Release(&tracks);
    return (PyObject *)rl;
fail:
    Py_XDECREF(fv);
    Py_XDECREF(fh);
    Py_XDECREF(rl);
    PyBuffer_Release(&tracks);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"route_list", route_list, METH_VARARGS,
     "route_list(values, hops, hop_track, nw) -> RouteList (for tests of the search)"},
    {"search", rc_search, METH_VARARGS,
     "search(lists, lengths, same, need_tag, caps, incumbent) -> (best, nodes, choice|None)"},
    {"network_walk", rc_network_walk, METH_VARARGS,
     "network_walk(ends_of, across, across_fn, first_stop, nstops, no_pass, starts[, walks]) -> "
     "(reached, touched, walked)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef routecore_module = {
    PyModuleDef_HEAD_INIT, "_routecore",
    "Compiled core of transcon.eighteen.optimizer (see docs/18xx-optimizer.md).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__routecore(void) {
    if (PyType_Ready(&RouteListType) < 0 || PyType_Ready(&WalkerType) < 0) return NULL;
    PyObject *m = PyModule_Create(&routecore_module);
    if (!m) return NULL;
    Py_INCREF(&RouteListType);
    Py_INCREF(&WalkerType);
    if (PyModule_AddObject(m, "RouteList", (PyObject *)&RouteListType) < 0 ||
        PyModule_AddObject(m, "Walker", (PyObject *)&WalkerType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_STOPS", RC_MAXN) < 0 ||
        PyModule_AddIntConstant(m, "STOP_WORDS", RC_SW) < 0 ||
        PyModule_AddIntConstant(m, "MAX_TRACK_WORDS", RC_MAXW) < 0 ||
        PyModule_AddIntConstant(m, "MAX_TRAINS", RC_MAXT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
