/* The compiled core of the exact 18xx route optimiser (transcon.eighteen._routecore).
 *
 * The pure-Python reference is transcon/eighteen/optimize_routes.py (the per-train walk) and
 * transcon/eighteen/optimizer.py (the branch and bound over route sets); this core follows
 * them step by step (docs/18xx-optimizer.md, "The compiled core"). Stop masks are RC_SW u64
 * words (at most 256 stops; loops run over the nsw words a position needs), track masks at
 * most RC_MAXW u64 words (1024 track ids, after the Python side merges track ids that always
 * occur together); the Python side falls back to the reference for anything larger. */
#ifndef TRANSCON_ROUTECORE_H
#define TRANSCON_ROUTECORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define RC_MAXW 16
#define RC_SW 4
#define RC_MAXN (64 * RC_SW)
#define RC_MAXT 16
#define RC_NO_LIMIT (1 << 30)

typedef uint64_t u64;

/* A set of stops (stop ids or ranks): RC_SW words, of which a walker uses its first nsw. */
typedef struct {
    u64 w[RC_SW];
} smask;

static inline int sm_has(const smask *m, int i) { return (int)((m->w[i >> 6] >> (i & 63)) & 1); }
static inline void sm_add(smask *m, int i) { m->w[i >> 6] |= (u64)1 << (i & 63); }

/* A list of routes of one train, sorted by value (best first), unique by track mask. */
typedef struct {
    PyObject_HEAD
    Py_ssize_t n;
    int nw;
    long long *value;
    u64 *track;   /* nw words per route */
    Py_ssize_t *off; /* route i's stops: stops[off[i] .. off[i+1]) */
    int32_t *stops;
    int32_t *hops;  /* hops[off[i] - i .. off[i+1] - i - 1): one fewer than stops */
    char *tagged;
    int nh;         /* hops of the graph */
    u64 *hop_track; /* nh * nw words: each hop's track */
    u64 *conf;      /* built by the search: conf[h * cwords ..]: the routes meeting hop h */
    Py_ssize_t cwords;
} RouteList;

extern PyTypeObject RouteListType;

/* The per-train walk of one (position, company, train type): routecore_module.c builds it,
 * routecore_walk.c walks. token and no_pass are in stop-id space; the other stop masks are in
 * rank space: bit r is the stop with the r-th highest end value (rank[s] is stop s's bit). */
typedef struct {
    PyObject_HEAD
    int n, nsw, nw, nh;
    int depth;
    int caps[3];
    int cities, towns, counts_towns; /* TrainType: cities < 0 is unlimited */
    smask token, no_pass, no_pass_r, full_r;
    int kind[RC_MAXN], tok_dist[RC_MAXN];
    int rank[RC_MAXN];
    long long val_r[RC_MAXN], mid[RC_MAXN], endv[RC_MAXN], xmid[RC_MAXN], xend[RC_MAXN];
    smask kind_r[3];
    int order[RC_MAXN]; /* stops by rank (endv descending) */
    int group_next[RC_MAXN]; /* the next stop of s's stop group, a cycle (s itself: none) */
    /* adjacency, graph order (plain) and by endv of the stop reached (sorted) */
    int adj_start[RC_MAXN + 1];
    int *adj_to, *adj_hid, *sadj_to, *sadj_hid;
    u64 *hop_track; /* by hop id, nw words each */
    smask *rings; /* rings[s * (n + 1) + l], rank space: stops within l levels of s */
} Walker;

static inline int lowbit(u64 m) { return __builtin_ctzll(m); }

PyObject *walker_enumerate(Walker *w, PyObject *args);

PyObject *rc_search(PyObject *self, PyObject *args);
PyObject *rc_network_walk(PyObject *self, PyObject *args);

#endif
