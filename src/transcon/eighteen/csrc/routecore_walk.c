/* The per-train walk (enumerate_routes in optimize_routes.py) and the route lists it makes.
 * Every pruning rule is the reference's: depth, the train's length rule (downward closed),
 * no_pass stops end a walk, token reachability, and the value bound (all unvisited stops,
 * then the stops within the levels left, then a breadth-first search over unused track). */
#include "routecore.h"

#include <stdlib.h>
#include <string.h>

/* ---- route lists ------------------------------------------------------------------------ */

static void routelist_dealloc(RouteList *self) {
    PyMem_Free(self->value);
    PyMem_Free(self->track);
    PyMem_Free(self->off);
    PyMem_Free(self->stops);
    PyMem_Free(self->hops);
    PyMem_Free(self->tagged);
    PyMem_Free(self->hop_track);
    PyMem_Free(self->conf);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t routelist_len(RouteList *self) { return self->n; }

static PyObject *routelist_route(RouteList *self, PyObject *arg) {
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= self->n) {
        PyErr_SetString(PyExc_IndexError, "route index out of range");
        return NULL;
    }
    Py_ssize_t a = self->off[i], b = self->off[i + 1];
    PyObject *stops = PyTuple_New(b - a);
    PyObject *hops = PyTuple_New(b - a - 1);
    if (!stops || !hops) goto fail;
    for (Py_ssize_t k = a; k < b; k++) PyTuple_SET_ITEM(stops, k - a, PyLong_FromLong(self->stops[k]));
    for (Py_ssize_t k = a; k < b - 1; k++)
        PyTuple_SET_ITEM(hops, k - a, PyLong_FromLong(self->hops[k - i]));
    PyObject *track = PyBytes_FromStringAndSize((const char *)(self->track + i * self->nw),
                                                (Py_ssize_t)self->nw * 8);
    if (!track) goto fail;
    return Py_BuildValue("(LNNNO)", self->value[i], track, stops, hops,
                         self->tagged[i] ? Py_True : Py_False);
fail:
    Py_XDECREF(stops);
    Py_XDECREF(hops);
    return NULL;
}

static PyObject *routelist_count_at_least(RouteList *self, PyObject *arg) {
    long long thr = PyLong_AsLongLong(arg);
    if (thr == -1 && PyErr_Occurred()) return NULL;
    Py_ssize_t lo = 0, hi = self->n; /* values descend: first index with value < thr */
    while (lo < hi) {
        Py_ssize_t mid = (lo + hi) / 2;
        if (self->value[mid] >= thr) lo = mid + 1;
        else hi = mid;
    }
    return PyLong_FromSsize_t(lo);
}

static PyMethodDef routelist_methods[] = {
    {"route", (PyCFunction)routelist_route, METH_O, "(value, track bytes, stops, hops, tagged)"},
    {"count_at_least", (PyCFunction)routelist_count_at_least, METH_O,
     "How many routes are worth at least the threshold (a prefix)."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods routelist_seq = {.sq_length = (lenfunc)routelist_len};

PyTypeObject RouteListType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "transcon.eighteen._routecore.RouteList",
    .tp_basicsize = sizeof(RouteList),
    .tp_dealloc = (destructor)routelist_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Routes of one train, best first (made by Walker.enumerate).",
    .tp_methods = routelist_methods,
    .tp_as_sequence = &routelist_seq,
};

/* ---- the walker ------------------------------------------------------------------------- */


/* one enumeration's state */
typedef struct {
    Walker *w;
    const int *to, *hid;
    int only_tagged, best_only, lo, hi, single_pool, all_stops;
    long long best, bump;
    u64 base[RC_MAXW];
    int path[RC_MAXN + 1], path_hops[RC_MAXN + 1], plen;
    long long nodes, routes;
    /* growing storage */
    Py_ssize_t n, cap;
    long long *value;
    u64 *track;
    Py_ssize_t *soff; /* start of route i in sdata (stops), length slen[i] */
    int *slen;
    char *tagged;
    int32_t *sdata, *hdata;
    Py_ssize_t sd_n, sd_cap, hd_n, hd_cap;
    Py_ssize_t *table; /* hash: route index + 1, 0 = empty */
    Py_ssize_t tcap;
    int oom;
} Enum;

static inline int allowed(const Walker *w, const int *c) {
    if (w->cities < 0) return 1;
    int n_towns = w->counts_towns ? c[1] : 0;
    int over = n_towns - w->towns;
    if (over < 0) over = 0;
    return c[0] + c[2] + over <= w->cities;
}


static long long rest(const Enum *e, smask mask, int depth, const int *counts) {
    const Walker *w = e->w;
    int nsw = w->nsw;
    /* of the stops a walk may only end at, only the best (lowest rank) counts */
    for (int k = 0; k < nsw; k++) {
        u64 ends = mask.w[k] & w->no_pass_r.w[k];
        if (ends) {
            for (int q = k; q < nsw; q++) mask.w[q] &= ~w->no_pass_r.w[q];
            mask.w[k] |= ends & (~ends + 1);
            break;
        }
    }
    long long got = 0;
    if (e->single_pool) {
        int r = w->depth - depth;
        for (int k = 0; k < nsw && r > 0; k++) {
            u64 m = mask.w[k];
            const long long *val = w->val_r + 64 * k;
            while (r > 0 && m) {
                got += val[lowbit(m)];
                m &= m - 1;
                r--;
            }
        }
        return got;
    }
    if (e->all_stops) {
        for (int k = 0; k < nsw; k++) {
            u64 m = mask.w[k];
            const long long *val = w->val_r + 64 * k;
            while (m) {
                got += val[lowbit(m)];
                m &= m - 1;
            }
        }
        return got;
    }
    for (int c = 0; c < 3; c++) {
        int r = w->caps[c] - counts[c];
        for (int k = 0; k < nsw && r > 0; k++) {
            u64 m = mask.w[k] & w->kind_r[c].w[k];
            const long long *val = w->val_r + 64 * k;
            while (r > 0 && m) {
                got += val[lowbit(m)];
                m &= m - 1;
                r--;
            }
        }
    }
    return got;
}

/* ``a`` without the stops of ``b`` (first nsw words) */
static inline smask minus(const smask *a, const smask *b, int nsw) {
    smask out = *a;
    for (int k = 0; k < nsw; k++) out.w[k] &= ~b->w[k];
    return out;
}

static inline int meets(const u64 *a, const u64 *b, int nw) {
    for (int k = 0; k < nw; k++)
        if (a[k] & b[k]) return 1;
    return 0;
}

static smask reach(const Enum *e, int end, const smask *visited, const u64 *used,
                   long long levels) {
    const Walker *w = e->w;
    int nw = w->nw;
    smask seen = *visited, got;
    memset(&got, 0, sizeof got);
    sm_add(&seen, w->rank[end]);
    int frontier[RC_MAXN], nxt[RC_MAXN], nf = 1, nn;
    frontier[0] = end;
    while (nf && levels > 0) {
        levels--;
        nn = 0;
        for (int f = 0; f < nf; f++) {
            int a = frontier[f];
            if (a != end && sm_has(&w->no_pass, a)) continue;
            for (int h = w->adj_start[a]; h < w->adj_start[a + 1]; h++) {
                int b = e->to[h];
                int rb = w->rank[b];
                if (!sm_has(&seen, rb) &&
                    !meets(w->hop_track + (size_t)e->hid[h] * nw, used, nw)) {
                    sm_add(&seen, rb);
                    sm_add(&got, rb);
                    nxt[nn++] = b;
                }
            }
        }
        memcpy(frontier, nxt, sizeof(int) * nn);
        nf = nn;
    }
    return got;
}

static uint64_t hash_track(const u64 *t, int nw) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int k = 0; k < nw; k++) {
        h ^= t[k] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    }
    return h * 0xBF58476D1CE4E5B9ULL;
}

static void *grow(void *p, Py_ssize_t *cap, Py_ssize_t need, size_t size, int *oom) {
    if (need <= *cap) return p;
    Py_ssize_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *q = PyMem_Realloc(p, (size_t)c * size);
    if (!q) {
        *oom = 1;
        return p;
    }
    *cap = c;
    return q;
}

static int rehash(Enum *e, Py_ssize_t tcap) {
    Py_ssize_t *t = PyMem_Calloc((size_t)tcap, sizeof(Py_ssize_t));
    if (!t) return -1;
    int nw = e->w->nw;
    for (Py_ssize_t i = 0; i < e->n; i++) {
        uint64_t h = hash_track(e->track + i * nw, nw) & (uint64_t)(tcap - 1);
        while (t[h]) h = (h + 1) & (uint64_t)(tcap - 1);
        t[h] = i + 1;
    }
    PyMem_Free(e->table);
    e->table = t;
    e->tcap = tcap;
    return 0;
}

/* store the walk's current path as route ``i`` (new or replacing one with the same track) */
static void store_path(Enum *e, Py_ssize_t i, long long value, int tagged) {
    e->sdata = grow(e->sdata, &e->sd_cap, e->sd_n + e->plen, sizeof(int32_t), &e->oom);
    e->hdata = grow(e->hdata, &e->hd_cap, e->hd_n + e->plen, sizeof(int32_t), &e->oom);
    if (e->oom) return;
    e->value[i] = value;
    e->tagged[i] = (char)tagged;
    e->soff[i] = e->sd_n;
    e->slen[i] = e->plen;
    for (int k = 0; k < e->plen; k++) e->sdata[e->sd_n + k] = e->path[k];
    for (int k = 0; k + 1 < e->plen; k++) e->hdata[e->sd_n + k] = e->path_hops[k];
    e->sd_n += e->plen;
    e->hd_n = e->sd_n;
}

static void emit(Enum *e, int first, int last, const u64 *used, long long acc, long long exact) {
    e->routes++;
    if (first > last || acc < e->best + e->bump) return;
    int tagged = first == e->lo && last == e->hi;
    if (e->only_tagged && !tagged) return;
    long long value = exact;
    if (value < e->best + e->bump) return;
    int nw = e->w->nw;
    if (e->best_only) {
        if (e->n == 0) {
            e->n = 1;
        }
        memcpy(e->track, used, sizeof(u64) * nw);
        e->sd_n = e->hd_n = 0;
        store_path(e, 0, value, tagged);
        e->best = value;
        e->bump = 1;
        return;
    }
    if (2 * (e->n + 1) > e->tcap && rehash(e, e->tcap * 2) < 0) {
        e->oom = 1;
        return;
    }
    uint64_t h = hash_track(used, nw) & (uint64_t)(e->tcap - 1);
    while (e->table[h]) {
        Py_ssize_t i = e->table[h] - 1;
        if (memcmp(e->track + i * nw, used, sizeof(u64) * nw) == 0) {
            if (e->value[i] < value) store_path(e, i, value, tagged);
            return;
        }
        h = (h + 1) & (uint64_t)(e->tcap - 1);
    }
    Py_ssize_t i = e->n;
    if (i >= e->cap) {
        Py_ssize_t c = e->cap;
        e->value = grow(e->value, &c, i + 1, sizeof(long long), &e->oom);
        c = e->cap;
        e->track = grow(e->track, &c, i + 1, sizeof(u64) * nw, &e->oom);
        c = e->cap;
        e->soff = grow(e->soff, &c, i + 1, sizeof(Py_ssize_t), &e->oom);
        c = e->cap;
        e->slen = grow(e->slen, &c, i + 1, sizeof(int), &e->oom);
        c = e->cap;
        e->tagged = grow(e->tagged, &c, i + 1, sizeof(char), &e->oom);
        if (e->oom) return;
        e->cap = c;
    }
    memcpy(e->track + i * nw, used, sizeof(u64) * nw);
    e->n = i + 1;
    e->table[h] = i + 1;
    store_path(e, i, value, tagged);
}

static void walk(Enum *e, int first, int end, const smask *visited, u64 *used, int depth,
                 int has_tok, long long acc, long long exact, int *counts) {
    const Walker *w = e->w;
    int nw = w->nw, nsw = w->nsw;
    e->nodes++;
    if (e->oom) return;
    if (depth >= 2 && has_tok) emit(e, first, end, used, acc, exact);
    if (depth >= w->depth || (depth >= 2 && sm_has(&w->no_pass, end))) return;
    if (!has_tok && (long long)depth + w->tok_dist[end] > w->depth) return;
    long long need = e->best + e->bump - acc;
    if (need > 0) {
        if (rest(e, minus(&w->full_r, visited, nsw), depth, counts) < need) return;
        long long left = (long long)w->depth - depth;
        if (left >= 2) {
            int lv = left > w->n ? w->n : (int)left;
            const smask *ring = w->rings + (size_t)end * (size_t)(w->n + 1) + lv;
            if (rest(e, minus(ring, visited, nsw), depth, counts) < need) return;
            smask far = reach(e, end, visited, used, left);
            if (rest(e, far, depth, counts) < need) return;
        }
    }
    long long base, xbase;
    if (depth == 1) {
        base = acc;
        xbase = exact;
    } else {
        base = acc - w->endv[end] + w->mid[end];
        xbase = exact - w->xend[end] + w->xmid[end];
    }
    u64 next[RC_MAXW];
    smask nvis = *visited;
    for (int h = w->adj_start[end]; h < w->adj_start[end + 1]; h++) {
        int to = e->to[h];
        int rt = w->rank[to];
        const u64 *track = w->hop_track + (size_t)e->hid[h] * nw;
        if (sm_has(visited, rt) || meets(used, track, nw)) continue;
        int k = w->kind[to];
        counts[k]++;
        if (allowed(w, counts)) {
            for (int q = 0; q < nw; q++) next[q] = used[q] | track[q];
            e->path[e->plen] = to;
            e->path_hops[e->plen - 1] = e->hid[h];
            e->plen++;
            /* visiting a stop visits its whole stop group (none of it was visited) */
            int g = to;
            do {
                sm_add(&nvis, w->rank[g]);
                g = w->group_next[g];
            } while (g != to);
            walk(e, first, to, &nvis, next, depth + 1, has_tok || sm_has(&w->token, to),
                 base + w->endv[to], xbase + w->xend[to], counts);
            do {
                int rg = w->rank[g];
                nvis.w[rg >> 6] &= ~((u64)1 << (rg & 63));
                g = w->group_next[g];
            } while (g != to);
            e->plen--;
        }
        counts[k]--;
    }
}

static Enum *sort_e;
static int cmp_routes(const void *a, const void *b) {
    Py_ssize_t i = *(const Py_ssize_t *)a, j = *(const Py_ssize_t *)b;
    long long vi = sort_e->value[i], vj = sort_e->value[j];
    if (vi != vj) return vi > vj ? -1 : 1;
    return i < j ? -1 : (i > j);
}

static void enum_free(Enum *e) {
    PyMem_Free(e->value);
    PyMem_Free(e->track);
    PyMem_Free(e->soff);
    PyMem_Free(e->slen);
    PyMem_Free(e->tagged);
    PyMem_Free(e->sdata);
    PyMem_Free(e->hdata);
    PyMem_Free(e->table);
}

/* Walker.enumerate(threshold, base: bytes, lo, hi, best_only) -> (RouteList, nodes, routes) */
PyObject *walker_enumerate(Walker *w, PyObject *args) {
    long long threshold;
    Py_buffer base;
    int lo, hi, best_only;
    if (!PyArg_ParseTuple(args, "Ly*iip", &threshold, &base, &lo, &hi, &best_only)) return NULL;
    int nw = w->nw;
    Enum e;
    memset(&e, 0, sizeof e);
    e.w = w;
    if (base.len != (Py_ssize_t)nw * 8) {
        PyBuffer_Release(&base);
        PyErr_SetString(PyExc_ValueError, "base mask has the wrong size");
        return NULL;
    }
    memcpy(e.base, base.buf, (size_t)nw * 8);
    PyBuffer_Release(&base);
    e.to = best_only ? w->sadj_to : w->adj_to;
    e.hid = best_only ? w->sadj_hid : w->adj_hid;
    e.best_only = best_only;
    e.lo = lo;
    e.hi = hi;
    e.only_tagged = best_only && lo >= 0;
    e.single_pool = w->depth < RC_NO_LIMIT;
    e.all_stops = w->caps[0] >= w->n && w->caps[1] >= w->n && w->caps[2] >= w->n;
    e.best = threshold;
    e.cap = best_only ? 1 : 0;
    if (best_only) {
        e.value = PyMem_Malloc(sizeof(long long));
        e.track = PyMem_Malloc(sizeof(u64) * nw);
        e.soff = PyMem_Malloc(sizeof(Py_ssize_t));
        e.slen = PyMem_Malloc(sizeof(int));
        e.tagged = PyMem_Malloc(1);
        if (!e.value || !e.track || !e.soff || !e.slen || !e.tagged) e.oom = 1;
    } else if (rehash(&e, 1024) < 0) {
        e.oom = 1;
    }
    for (int r = 0; r < w->n && !e.oom; r++) {
        int s = best_only ? w->order[r] : r;
        if (w->tok_dist[s] >= RC_NO_LIMIT || (e.only_tagged && s != lo)) continue;
        int counts[3] = {0, 0, 0};
        counts[w->kind[s]] = 1;
        if (!allowed(w, counts)) continue;
        e.path[0] = s;
        e.plen = 1;
        u64 used[RC_MAXW];
        memcpy(used, e.base, sizeof(u64) * nw);
        smask visited;
        memset(&visited, 0, sizeof visited);
        int g = s;
        do {
            sm_add(&visited, w->rank[g]);
            g = w->group_next[g];
        } while (g != s);
        walk(&e, s, s, &visited, used, 1, sm_has(&w->token, s), w->endv[s], w->xend[s], counts);
    }
    if (e.oom) {
        enum_free(&e);
        return PyErr_NoMemory();
    }
    RouteList *rl = PyObject_New(RouteList, &RouteListType);
    if (!rl) {
        enum_free(&e);
        return NULL;
    }
    Py_ssize_t n = e.n, total = 0;
    rl->value = NULL;
    rl->track = NULL;
    rl->off = NULL;
    rl->stops = rl->hops = NULL;
    rl->tagged = NULL;
    rl->conf = NULL;
    rl->cwords = 0;
    rl->nh = w->nh;
    rl->hop_track = PyMem_Malloc(sizeof(u64) * (size_t)nw * (size_t)(w->nh + 1));
    if (rl->hop_track) memcpy(rl->hop_track, w->hop_track, sizeof(u64) * (size_t)nw * w->nh);
    rl->n = n;
    rl->nw = nw;
    Py_ssize_t *idx = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(n ? n : 1));
    for (Py_ssize_t i = 0; idx && i < n; i++) {
        idx[i] = i;
        total += e.slen[i];
    }
    sort_e = &e;
    if (idx) qsort(idx, (size_t)n, sizeof(Py_ssize_t), cmp_routes);
    rl->value = PyMem_Malloc(sizeof(long long) * (size_t)(n ? n : 1));
    rl->track = PyMem_Malloc(sizeof(u64) * (size_t)nw * (size_t)(n ? n : 1));
    rl->off = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(n + 1));
    rl->stops = PyMem_Malloc(sizeof(int32_t) * (size_t)(total ? total : 1));
    rl->hops = PyMem_Malloc(sizeof(int32_t) * (size_t)(total ? total : 1));
    rl->tagged = PyMem_Malloc((size_t)(n ? n : 1));
    if (!idx || !rl->hop_track || !rl->value || !rl->track || !rl->off || !rl->stops || !rl->hops || !rl->tagged) {
        PyMem_Free(idx);
        enum_free(&e);
        Py_DECREF(rl);
        return PyErr_NoMemory();
    }
    Py_ssize_t pos = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        Py_ssize_t i = idx[r];
        rl->value[r] = e.value[i];
        rl->tagged[r] = e.tagged[i];
        for (int q = 0; q < nw; q++) rl->track[r * nw + q] = e.track[i * nw + q] & ~e.base[q];
        rl->off[r] = pos;
        for (int k = 0; k < e.slen[i]; k++) rl->stops[pos + k] = e.sdata[e.soff[i] + k];
        for (int k = 0; k + 1 < e.slen[i]; k++) rl->hops[pos - r + k] = e.hdata[e.soff[i] + k];
        pos += e.slen[i];
    }
    rl->off[n] = pos;
    PyMem_Free(idx);
    enum_free(&e);
    return Py_BuildValue("(NLL)", (PyObject *)rl, e.nodes, e.routes);
}

