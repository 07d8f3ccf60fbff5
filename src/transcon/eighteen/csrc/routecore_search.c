/* The branch and bound over route sets (RouteSets in route_sets.py), on RouteLists.
 *
 * Same search as the reference: trains in the given order, routes best first plus "does not
 * run" (index len, value 0, no track), identical trains take routes in list order, the bound
 * is the value so far plus each later train's best allowed route (or the later trains' joint
 * optimum, caps), the last train takes its best allowed route, the last two trains are one
 * loop split in two phases. Per node and later train, a bitset of its routes still disjoint
 * from the track taken; a route's conflicts in a list are the OR over its hops of the list's
 * per-hop conflict bitsets (routes sharing track with that hop).
 *
 * One addition (docs/18xx-optimizer.md, "The compiled core"): when train i takes route c, a
 * route of a later train j can only be in a set beating the best if it is worth more than
 * best - (value so far + c) - (the best allowed routes of the other later trains), since
 * those only shrink further down. A child's bitset of list j therefore covers only that
 * prefix of list j (routes beyond it are treated as excluded), and completions of the last
 * two trains only look at the routes worth more than what the best leaves. */
#include "routecore.h"

#include <string.h>

typedef struct {
    int n, nw, need_tag, improved;
    RouteList *L[RC_MAXT];
    Py_ssize_t len[RC_MAXT], words[RC_MAXT];
    int same[RC_MAXT];
    long long caps[RC_MAXT + 1];
    long long best, nodes;
    Py_ssize_t choice[RC_MAXT], best_choice[RC_MAXT];
    u64 *al[RC_MAXT][RC_MAXT]; /* al[level][j]: list j's allowed routes at a node of level */
    Py_ssize_t lim[RC_MAXT][RC_MAXT];  /* ... all of them before this index */
    Py_ssize_t done[RC_MAXT][RC_MAXT]; /* ... computed (lazily) up to this word */
    long long ub[RC_MAXT][RC_MAXT];    /* ... and at most this is the best of them */
    long long *avoid[RC_MAXT]; /* avoid[j][h]: the best route of list j not meeting hop h */
    int hops[RC_MAXT][RC_MAXN], nh[RC_MAXT]; /* level d: hops of train d - 1's route */
} Search;

static inline long long val(const Search *S, int j, Py_ssize_t k) {
    return k >= S->len[j] ? 0 : S->L[j]->value[k];
}

static inline int tag_of(const Search *S, int j, Py_ssize_t k) {
    return k < S->len[j] && S->L[j]->tagged[k];
}

/* the number of routes among the first ``len`` of list j worth more than x */
static Py_ssize_t count_above(const Search *S, int j, long long x) {
    Py_ssize_t lo = 0, hi = S->len[j];
    const long long *v = S->L[j]->value;
    while (lo < hi) {
        Py_ssize_t mid = (lo + hi) / 2;
        if (v[mid] > x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

#define CHUNK 16

/* Compute words [done, upto) of list j's allowed bitset at level d from level d - 1: the
 * allowed routes of the parent minus those meeting the track of train d - 1's route, within
 * lim[d][j]. Words are computed on demand, CHUNK at a time. */
static void fill(Search *S, int d, int j, Py_ssize_t upto) {
    Py_ssize_t from = S->done[d][j];
    if (S->done[d - 1][j] < upto) fill(S, d - 1, j, upto);
    const u64 *src = S->al[d - 1][j];
    u64 *dst = S->al[d][j];
    const RouteList *J = S->L[j];
    Py_ssize_t cw = J->cwords;
    for (Py_ssize_t w = from; w < upto; w++) dst[w] = src[w];
    for (int q = 0; q < S->nh[d]; q++) {
        const u64 *row = J->conf + (size_t)S->hops[d][q] * cw;
        for (Py_ssize_t w = from; w < upto; w++) dst[w] &= ~row[w];
    }
    Py_ssize_t lim = S->lim[d][j];
    if ((lim & 63) && upto == (lim + 63) >> 6) dst[upto - 1] &= ((u64)1 << (lim & 63)) - 1;
    S->done[d][j] = upto;
}

/* word w (below lim[d][j]) of list j's allowed bitset at level d */
static inline u64 word(Search *S, int d, int j, Py_ssize_t w) {
    if (w >= S->done[d][j]) {
        Py_ssize_t words = (S->lim[d][j] + 63) >> 6, upto = w + CHUNK;
        fill(S, d, j, upto < words ? upto : words);
    }
    return S->al[d][j][w];
}

/* restrict list j at level d to its first ``lim`` routes (lim only shrinks) */
static void shrink(Search *S, int d, int j, Py_ssize_t lim) {
    if (lim >= S->lim[d][j]) return;
    S->lim[d][j] = lim;
    Py_ssize_t words = (lim + 63) >> 6;
    if (S->done[d][j] >= words) {
        S->done[d][j] = words;
        if (lim & 63) S->al[d][j][words - 1] &= ((u64)1 << (lim & 63)) - 1;
    }
}

/* the lowest allowed route of list j at level d at or after ``from`` (lim[d][j]: none) */
static Py_ssize_t next_bit(Search *S, int d, int j, Py_ssize_t from) {
    Py_ssize_t lim = S->lim[d][j];
    if (from >= lim) return lim;
    Py_ssize_t w = from >> 6, last = (lim - 1) >> 6;
    u64 m = word(S, d, j, w) & (~(u64)0 << (from & 63));
    while (!m) {
        if (++w > last) return lim;
        m = word(S, d, j, w);
    }
    Py_ssize_t k = (w << 6) + __builtin_ctzll(m);
    return k < lim ? k : lim;
}

static int build_conf(RouteList *L) {
    if (L->conf) return 0;
    Py_ssize_t words = (L->n + 63) / 64 + 1;
    int nh = L->nh, nw = L->nw;
    u64 *uses = PyMem_Calloc((size_t)nh * (size_t)words + 1, sizeof(u64));
    u64 *conf = PyMem_Calloc((size_t)nh * (size_t)words + 1, sizeof(u64));
    char *used = PyMem_Calloc((size_t)nh + 1, 1);
    if (!uses || !conf || !used) {
        PyMem_Free(uses);
        PyMem_Free(conf);
        PyMem_Free(used);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t r = 0; r < L->n; r++) {
        for (Py_ssize_t k = L->off[r] - r; k < L->off[r + 1] - r - 1; k++) {
            int h = L->hops[k];
            uses[(size_t)h * words + (r >> 6)] |= (u64)1 << (r & 63);
            used[h] = 1;
        }
    }
    for (int h = 0; h < nh; h++) {
        const u64 *th = L->hop_track + (size_t)h * nw;
        for (int g = 0; g < nh; g++) {
            if (!used[g]) continue;
            const u64 *tg = L->hop_track + (size_t)g * nw;
            int meet = 0;
            for (int q = 0; q < nw; q++) meet |= (th[q] & tg[q]) != 0;
            if (!meet) continue;
            u64 *dst = conf + (size_t)h * words;
            const u64 *src = uses + (size_t)g * words;
            for (Py_ssize_t w = 0; w < words; w++) dst[w] |= src[w];
        }
    }
    PyMem_Free(uses);
    PyMem_Free(used);
    L->conf = conf;
    L->cwords = words;
    return 0;
}

/* a better set: the routes chosen before train i, then c for train x and d for train y */
static void keep(Search *S, int i, int x, Py_ssize_t c, int y, Py_ssize_t d, long long total) {
    S->best = total;
    S->improved = 1;
    for (int j = 0; j < i; j++) S->best_choice[j] = S->choice[j];
    for (int j = i; j < S->n; j++) S->best_choice[j] = S->len[j];
    S->best_choice[x] = c;
    if (y >= 0) S->best_choice[y] = d;
}

/* Train x runs c: train y takes its best route at or after ``first`` allowed at level i and
 * disjoint from c, or does not run; keep the pair if it beats the best. */
static void complete(Search *S, int i, int x, Py_ssize_t c, int y, Py_ssize_t first,
                     long long acc) {
    long long base = acc + val(S, x, c);
    Py_ssize_t limit = count_above(S, y, S->best - base);
    if (limit > S->lim[i][y]) limit = S->lim[i][y];
    if (first < limit) {
        const RouteList *L = S->L[x], *Y = S->L[y];
        int hops[RC_MAXN], nh = 0;
        if (c < S->len[x])
            for (Py_ssize_t k = L->off[c] - c; k < L->off[c + 1] - c - 1; k++)
                hops[nh++] = L->hops[k];
        Py_ssize_t cw = Y->cwords, w = first >> 6, last = (limit - 1) >> 6;
        u64 m = word(S, i, y, w) & (~(u64)0 << (first & 63));
        for (;;) {
            if (m) {
                u64 cf = 0;
                for (int q = 0; q < nh; q++) cf |= Y->conf[(size_t)hops[q] * cw + w];
                m &= ~cf;
                if (m) {
                    Py_ssize_t k = (w << 6) + __builtin_ctzll(m);
                    if (k < limit) keep(S, i, x, c, y, k, base + Y->value[k]);
                    else if (base > S->best) keep(S, i, x, c, y, S->len[y], base);
                    return;
                }
            }
            if (++w > last) break;
            m = word(S, i, y, w);
        }
    }
    if (base > S->best) keep(S, i, x, c, y, S->len[y], base); /* y does not run */
}

static void twin_pairs(Search *S, int i, Py_ssize_t start, long long acc, long long rest) {
    Py_ssize_t lim = S->lim[i][i], lim_y = S->lim[i][i + 1];
    long long nodes = 0;
    for (Py_ssize_t k = next_bit(S, i, i, start);; k = next_bit(S, i, i, k + 1)) {
        if (k >= lim) k = S->len[i];
        long long v = val(S, i, k);
        if (acc + v + (rest < v ? rest : v) <= S->best) break;
        nodes++;
        complete(S, i, i, k, i + 1, k >= S->len[i] ? lim_y : k + 1, acc);
        if (k >= S->len[i]) break;
    }
    S->nodes += nodes;
}

static void pairs(Search *S, int i, Py_ssize_t start, long long acc, long long top_a,
                  long long top_b) {
    int a = i, b = i + 1;
    long long gap = top_a + top_b - (S->best - acc);
    if (gap <= 0) return;
    long long d_a = gap, best_cost = -1;
    for (int step = 0; step < 9; step++) {
        long long d = gap * step / 8;
        long long ka = count_above(S, a, top_a - d), kb = count_above(S, b, top_b - (gap - d));
        long long cost = ka + kb + ka * kb / 32;
        if (best_cost < 0 || cost < best_cost) {
            d_a = d;
            best_cost = cost;
        }
    }
    Py_ssize_t lim_a = S->lim[i][a], lim_b = S->lim[i][b];
    long long nodes = 0;
    for (Py_ssize_t k = next_bit(S, i, a, start);; k = next_bit(S, i, a, k + 1)) {
        if (k >= lim_a) k = S->len[a];
        long long va = val(S, a, k);
        if (va <= top_a - d_a || acc + va + top_b <= S->best) break;
        nodes++;
        complete(S, i, a, k, b, 0, acc);
        if (k >= S->len[a]) break;
    }
    /* phase 2: vb > top_b - d_b, d_b = gap - d_a with gap at the current best */
    for (Py_ssize_t k = next_bit(S, i, b, 0);; k = next_bit(S, i, b, k + 1)) {
        if (k >= lim_b) k = S->len[b];
        long long vb = val(S, b, k);
        if (vb <= S->best - acc - top_a + d_a || acc + vb + top_a <= S->best) break;
        nodes++;
        complete(S, i, b, k, a, start, acc);
        if (k >= S->len[b]) break;
    }
    S->nodes += nodes;
}

/* choose train i's route; S->al[i][j], S->lim[i][j]: the routes of later lists still allowed */
static void rec(Search *S, int i, long long acc, int tagged, Py_ssize_t start) {
    S->nodes++;
    int n = S->n;
    if (i == n) {
        if (acc > S->best && (tagged || !S->need_tag)) {
            S->best = acc;
            S->improved = 1;
            for (int j = 0; j < n; j++) S->best_choice[j] = S->choice[j];
        }
        return;
    }
    if (!S->same[i]) start = 0;
    Py_ssize_t top[RC_MAXT];
    long long tv[RC_MAXT], total = 0;
    /* Each later train's best allowed route, shortest list first. ub[j] bounds what train j
     * adds (the parent's best allowed route of j, then this node's); a route of list j in a
     * set beating the best is worth more than what the best leaves after the others' bounds,
     * so list j is cut there before it is scanned. */
    long long *ub = S->ub[i];
    for (int q = 0; q < S->nh[i]; q++) { /* the route just taken uses all its hops */
        int h = S->hops[i][q];
        for (int j = i; j < n; j++)
            if (S->avoid[j][h] < ub[j]) ub[j] = S->avoid[j][h];
    }
    int order[RC_MAXT], m = 0;
    for (int j = i; j < n; j++) {
        int p = m++;
        while (p > 0 && S->lim[i][order[p - 1]] > S->lim[i][j]) {
            order[p] = order[p - 1];
            p--;
        }
        order[p] = j;
        total += ub[j];
    }
    for (int q = 0; q < m; q++) {
        int j = order[q];
        shrink(S, i, j, count_above(S, j, S->best - acc - (total - ub[j])));
        top[j] = next_bit(S, i, j, j == i ? start : 0);
        if (top[j] >= S->lim[i][j]) top[j] = S->len[j];
        tv[j] = val(S, j, top[j]);
        total += tv[j] - ub[j];
        if (acc + total <= S->best) break;
    }
    if (acc + (total < S->caps[i] ? total : S->caps[i]) <= S->best) return;
    for (int j = i; j < n; j++) shrink(S, i, j, count_above(S, j, S->best - acc - (total - tv[j])));
    long long rest = total - tv[i];
    if (S->caps[i + 1] < rest) rest = S->caps[i + 1];
    int twins = 0;
    while (i + 1 + twins < n && S->same[i + 1 + twins]) twins++;
    if (i == n - 1 && (tagged || !S->need_tag)) {
        if (acc + tv[i] > S->best) keep(S, i, i, top[i], -1, 0, acc + tv[i]);
        return;
    }
    if (i == n - 2 && !S->need_tag) {
        if (twins) twin_pairs(S, i, start, acc, rest);
        else pairs(S, i, start, acc, tv[i], tv[i + 1]);
        return;
    }
    const RouteList *L = S->L[i];
    for (Py_ssize_t k = top[i];; k = next_bit(S, i, i, k + 1)) {
        if (k >= S->lim[i][i]) k = S->len[i];
        long long v = val(S, i, k), bound = rest;
        if (twins) {
            long long b2 = total - tv[i];
            for (int t = 1; t <= twins; t++) b2 -= tv[i + t] > v ? tv[i + t] - v : 0;
            if (b2 < bound) bound = b2;
        }
        if (acc + v + bound <= S->best) break;
        int nh = 0;
        if (k < S->len[i])
            for (Py_ssize_t q = L->off[k] - k; q < L->off[k + 1] - k - 1; q++)
                S->hops[i + 1][nh++] = L->hops[q];
        S->nh[i + 1] = nh;
        for (int j = i + 1; j < n; j++) {
            /* a route of j beating the best is worth more than this */
            long long thr = S->best - acc - v - (total - tv[i] - tv[j]);
            Py_ssize_t lj = count_above(S, j, thr);
            if (lj > S->lim[i][j]) lj = S->lim[i][j];
            S->lim[i + 1][j] = lj;
            S->done[i + 1][j] = 0;
            S->ub[i + 1][j] = tv[j];
        }
        S->choice[i] = k;
        rec(S, i + 1, acc + v, tagged || tag_of(S, i, k), k >= S->len[i] ? k : k + 1);
        if (k >= S->len[i]) break;
    }
    S->choice[i] = S->len[i];
}

PyObject *rc_search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *lists, *lens, *same, *caps;
    int need_tag;
    long long inc;
    if (!PyArg_ParseTuple(args, "OOOpOL", &lists, &lens, &same, &need_tag, &caps, &inc))
        return NULL;
    Search S;
    memset(&S, 0, sizeof S);
    Py_ssize_t n = PySequence_Size(lists);
    if (n < 0) return NULL;
    if (n < 1 || n > RC_MAXT || PySequence_Size(lens) != n || PySequence_Size(same) != n ||
        PySequence_Size(caps) != n + 1) {
        PyErr_SetString(PyExc_ValueError, "search: bad argument sizes");
        return NULL;
    }
    S.n = (int)n;
    S.need_tag = need_tag;
    S.best = inc;
    for (Py_ssize_t j = 0; j <= n; j++) {
        PyObject *o = PySequence_GetItem(caps, j);
        if (!o) return NULL;
        S.caps[j] = PyLong_AsLongLong(o);
        Py_DECREF(o);
        if (S.caps[j] == -1 && PyErr_Occurred()) return NULL;
    }
    Py_ssize_t total_words = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *o = PySequence_GetItem(lists, j);
        if (!o) return NULL;
        if (!PyObject_TypeCheck(o, &RouteListType)) {
            Py_DECREF(o);
            PyErr_SetString(PyExc_TypeError, "search: lists must be RouteLists");
            return NULL;
        }
        S.L[j] = (RouteList *)o;
        Py_DECREF(o); /* still referenced by ``lists`` for the duration of the call */
        o = PySequence_GetItem(lens, j);
        if (!o) return NULL;
        S.len[j] = PyLong_AsSsize_t(o);
        Py_DECREF(o);
        if (S.len[j] < 0 || S.len[j] > S.L[j]->n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "search: bad length");
            return NULL;
        }
        o = PySequence_GetItem(same, j);
        if (!o) return NULL;
        S.same[j] = PyObject_IsTrue(o);
        Py_DECREF(o);
        if (j == 0) S.nw = S.L[j]->nw;
        if (S.L[j]->nw != S.nw || S.L[j]->nh != S.L[0]->nh || (S.same[j] && (j == 0 || S.L[j] != S.L[j - 1] ||
                                                  S.len[j] != S.len[j - 1]))) {
            PyErr_SetString(PyExc_ValueError, "search: inconsistent lists");
            return NULL;
        }
        if (build_conf(S.L[j]) < 0) return NULL;
        S.words[j] = S.len[j] / 64 + 1;
        total_words += S.words[j];
        S.choice[j] = S.len[j];
    }
    u64 *block = PyMem_Calloc((size_t)(n * total_words), sizeof(u64));
    if (!block) return PyErr_NoMemory();
    u64 *p = block;
    for (Py_ssize_t d = 0; d < n; d++)
        for (Py_ssize_t j = 0; j < n; j++) {
            S.al[d][j] = p;
            p += S.words[j];
        }
    for (Py_ssize_t j = 0; j < n; j++) { /* the root: every route allowed */
        S.lim[0][j] = S.len[j];
        for (Py_ssize_t k = 0; k < S.len[j]; k++) S.al[0][j][k >> 6] |= (u64)1 << (k & 63);
        S.done[0][j] = S.words[j];
        S.ub[0][j] = val(&S, (int)j, 0);
    }
    long long *avoid = PyMem_Malloc(sizeof(long long) * (size_t)(n * (S.L[0]->nh + 1)));
    if (!avoid) {
        PyMem_Free(block);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        const RouteList *J = S.L[j];
        S.avoid[j] = avoid + j * (J->nh + 1);
        for (int h = 0; h < J->nh; h++) {
            const u64 *row = J->conf + (size_t)h * J->cwords;
            Py_ssize_t k = S.len[j];
            for (Py_ssize_t w = 0; w < S.words[j]; w++) {
                u64 m = ~row[w] & S.al[0][j][w];
                if (m) {
                    k = (w << 6) + __builtin_ctzll(m);
                    break;
                }
            }
            S.avoid[j][h] = val(&S, (int)j, k);
        }
    }
    rec(&S, 0, 0, 0, 0);
    PyMem_Free(avoid);
    PyMem_Free(block);
    if (!S.improved) return Py_BuildValue("(LLO)", S.best, S.nodes, Py_None);
    PyObject *choice = PyTuple_New(n);
    if (!choice) return NULL;
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_ssize_t k = S.best_choice[j];
        PyTuple_SET_ITEM(choice, j, PyLong_FromSsize_t(k >= S.len[j] ? -1 : k));
    }
    return Py_BuildValue("(LLN)", S.best, S.nodes, choice);
}
