/* Irrläufer's compiled core: the castle player's evaluation (strategy.py), the engine's move
 * lists and whole playouts and random games (rules.py, players.py) in C.
 *
 * The pure-Python code of strategy.py, movement.py, runs.py, rules.py and players.py is the
 * reference; every function here
 * gives exactly its result (the differential tests compare them byte for byte):
 *
 *   closeness(pos, side, through)              strategy.closeness
 *   flat_distances(pos, goals, through)        strategy._flat_distances
 *   best_go(pos, side, order, wary, through[, getrandbits])
 *                                               the index best_go picks among its shuffled moves
 *                                               (or, given the generator, the move after its shuffle)
 *   best_slide(pos, side, other, sids, bys, through)  the index CastlePlayer._best_slide picks
 *   legal_lays(pos, all_sticks, first_only[, Lay, side, seat])
 *                                               maze.legal_lays (or the Lay moves of them)
 *   go_moves(pos, side, seat, end)             rules.IrrState.legal_moves once the slides are done
 *   field_moves(pos, side, leaving)            movement.leaving_moves / movement.free_moves
 *   measure(pos[, runs])                       runs.run_table afresh (what runs.remeasure keeps)
 *   slid(pos, sid, by, tables)                 runs.slid
 *   slide_moves(pos, side, used, banned, remaining, cache, Slide)
 *                                               runs.slide_moves
 *   playout(state, getrandbits, limit, tables) mcts._playout with players.PlayoutPlayer, whole
 *   random_game(state, getrandbits, tables)    a random phase 2, whole (bench/bench_native_irr.py)
 *   shuffle(list, getrandbits)                 random.shuffle
 *   order_moves(pos, moves)                    hooks.expansion_order's sort of the move step
 *   draw_slides(pos, used, banned, remaining, wanted, getrandbits)
 *                                               strategy.draw_slides on the run table
 *   castle_slide(pos, side, used, banned, remaining, wanted, getrandbits)
 *                                               CastlePlayer's slide step (draw, then judge)
 *   zobrist(pos, seat, tables)                 runs.zobrist
 *
 * One call does a whole evaluation, a whole decision or a whole playout: the position is read
 * once from the Python `Position` (its sticks' first segments, pieces, castles) into flat
 * arrays, and the way search runs on boards of up to 512 bits (8 words), as strategy._levels
 * does on Python integers (Kogge-Stone fills; bit (r-1)*15 + c-1 is field (c, r)). Random
 * choices are drawn through the generator's own getrandbits, exactly as random.randrange,
 * shuffle and the draws of the Python code make them, so the generator ends in the same state.
 *
 * Floating point: the values are sums of the same terms in the same order as the Python code,
 * with no fused multiply-add (fp-contract off), so they are the same doubles.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("fp-contract=off")
#endif

#define COLUMNS 15
#define MAX_ROWS 31
#define NF_MAX (COLUMNS * MAX_ROWS)
#define NSEG_MAX ((COLUMNS - 1) * MAX_ROWS + (MAX_ROWS - 1) * COLUMNS)
#define NW 8              /* words of a board: 512 bits >= 15 * 31 fields */
#define FAR 9
#define MAX_STICKS 256
#define MAX_CASTLES 8
#define MAX_PLACES 1024      /* stick places on the longest board */
#define MAX_LEVELS (2 * NF_MAX + 8)

typedef struct { uint64_t w[NW]; } bits;

static int NWc = NW;     /* the words the board in hand uses: (15 * rows + 63) / 64, set by snap_read */

/* ------------------------------------------------------------------ bit boards */

static inline void b_zero(bits *a) { memset(a, 0, sizeof *a); }

/* The helpers take the words of the board in hand (`nw`): called with a constant (levels_w),
 * the compiler unrolls them and folds the shifts. */
#define INLINE static inline __attribute__((always_inline))
/* the loops over a board's words unrolled: with the words a constant, the shifts fold */
#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL _Pragma("GCC unroll 8")
#elif defined(__clang__)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL
#endif

INLINE int w_any(const bits *a, const int nw) {
    uint64_t x = 0;
    UNROLL
    for (int i = 0; i < nw; i++) x |= a->w[i];
    return x != 0;
}

INLINE int w_count(const bits *a, const int nw) {
    int n = 0;
    UNROLL
    for (int i = 0; i < nw; i++) n += __builtin_popcountll(a->w[i]);
    return n;
}

static inline int b_any(const bits *a) { return w_any(a, NWc); }

static inline void b_set(bits *a, int i) { a->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline int b_get(const bits *a, int i) { return (int)((a->w[i >> 6] >> (i & 63)) & 1); }

INLINE void b_shl(bits *out, const bits *a, int n, const int nw) {
    int k = n >> 6, s = n & 63;
    UNROLL
    for (int i = nw - 1; i >= 0; i--) {
        uint64_t v = 0;
        int j = i - k;
        if (j >= 0) {
            v = a->w[j] << s;
            if (s && j >= 1) v |= a->w[j - 1] >> (64 - s);
        }
        out->w[i] = v;
    }
}

INLINE void b_shr(bits *out, const bits *a, int n, const int nw) {
    int k = n >> 6, s = n & 63;
    UNROLL
    for (int i = 0; i < nw; i++) {
        uint64_t v = 0;
        int j = i + k;
        if (j < nw) {
            v = a->w[j] >> s;
            if (s && j + 1 < nw) v |= a->w[j + 1] << (64 - s);
        }
        out->w[i] = v;
    }
}

/* g |= q & (g << n); q &= q << n  (or >> for negative n) */
INLINE void fill_stage(bits *g, bits *q, int n, const int nw) {
    bits t;
    if (n > 0) b_shl(&t, g, n, nw); else b_shr(&t, g, -n, nw);
    UNROLL
    for (int i = 0; i < nw; i++) g->w[i] |= q->w[i] & t.w[i];
    if (n > 0) b_shl(&t, q, n, nw); else b_shr(&t, q, -n, nw);
    UNROLL
    for (int i = 0; i < nw; i++) q->w[i] &= t.w[i];
}

/* reach |= g | (q & (g << n)) after the stages */
INLINE void fill_last(bits *reach, const bits *g, const bits *q, int n, const int nw) {
    bits t;
    if (n > 0) b_shl(&t, g, n, nw); else b_shr(&t, g, -n, nw);
    UNROLL
    for (int i = 0; i < nw; i++) reach->w[i] |= g->w[i] | (q->w[i] & t.w[i]);
}

/* ------------------------------------------------------------------ the board's masks */

typedef struct {
    int rows, nseg, vbase;
    bits east, west, south, north;        /* strategy._Lines */
    char vertical[NSEG_MAX];
    bits lo[NSEG_MAX], hi[NSEG_MAX];       /* per segment: fields left/above, right/below */
} lines_t;

static lines_t *lines_cache[MAX_ROWS + 1];

static int seg_v(int rows, int line, int j) { return (line - 1) * rows + (j - 1); }
static int seg_h(int rows, int line, int j) { return (COLUMNS - 1) * rows + (line - 1) * COLUMNS + (j - 1); }

/* The segment between neighbouring fields a and b (grid.Grid.between). */
static int between(int rows, int ca, int ra, int cb, int rb) {
    if (ra == rb) return seg_v(rows, ca < cb ? ca : cb, ra);
    return seg_h(rows, ra < rb ? ra : rb, ca);
}

static const lines_t *lines_for(int rows) {
    if (rows < 1 || rows > MAX_ROWS) return NULL;
    if (lines_cache[rows]) return lines_cache[rows];
    lines_t *L = PyMem_Calloc(1, sizeof(lines_t));
    if (!L) return NULL;
    L->rows = rows;
    L->vbase = (COLUMNS - 1) * rows;
    L->nseg = L->vbase + (rows - 1) * COLUMNS;
    for (int r = 1; r <= rows; r++) {
        for (int c = 1; c <= COLUMNS; c++) {
            int bit = (r - 1) * COLUMNS + c - 1;
            if (c < COLUMNS) {
                int s = between(rows, c, r, c + 1, r);
                b_set(&L->lo[s], bit);
                b_set(&L->hi[s], bit + 1);
                L->vertical[s] = 1;
            }
            if (r < rows) {
                int s = between(rows, c, r, c, r + 1);
                b_set(&L->lo[s], bit);
                b_set(&L->hi[s], bit + COLUMNS);
            }
        }
    }
    for (int s = 0; s < L->nseg; s++) {
        for (int i = 0; i < NW; i++) {
            if (L->vertical[s]) {
                L->east.w[i] |= L->hi[s].w[i];
                L->west.w[i] |= L->lo[s].w[i];
            } else {
                L->south.w[i] |= L->hi[s].w[i];
                L->north.w[i] |= L->lo[s].w[i];
            }
        }
    }
    lines_cache[rows] = L;
    return L;
}

/* ------------------------------------------------------------------ a position, read once */

typedef struct {
    int rows, nf, nseg;
    const lines_t *L;
    int nsticks;
    int seg0[MAX_STICKS];
    PyObject *owner[NF_MAX];     /* the Side on each field, or NULL (borrowed) */
    signed char castle_at[NF_MAX]; /* pos.castle_at: castle index covering the field, or -1 */
    int ncastles;
    int c_c[MAX_CASTLES], c_r[MAX_CASTLES], c_on[MAX_CASTLES], c_piece[MAX_CASTLES];
    PyObject *c_owner[MAX_CASTLES];
    char stick_seg[NSEG_MAX];    /* a stick lies in the segment (pos.seg >= 0) */
    int capture_own;             /* pos.capture_own */
} snap_t;

static PyObject *s_board, *s_rows, *s_s_seg0, *s_pieces, *s_c_owner, *s_c_on, *s_c_piece, *s_c_pos,
    *s_castle_at, *s_src, *s_dst, *s_seg, *s_cross, *s_castle_block, *s_capture_own;
static PyObject *s_s_x0, *s_s_stride;
static PyObject *go_type;   /* moves.Go, bound at import (native_core.load) */

static int as_int(PyObject *o, long *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

static int field_of(PyObject *t, int rows, int *c, int *r) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 2) {
        PyErr_SetString(PyExc_TypeError, "a field must be a (c, r) tuple");
        return -1;
    }
    long cc, rr;
    if (as_int(PyTuple_GET_ITEM(t, 0), &cc) || as_int(PyTuple_GET_ITEM(t, 1), &rr)) return -1;
    *c = (int)cc;
    *r = (int)rr;
    if (cc < 1 || cc > COLUMNS || rr < 1 || rr > rows) return 1;  /* off the board */
    return 0;
}

static PyObject *get_list(PyObject *pos, PyObject *name) {
    PyObject *v = PyObject_GetAttr(pos, name);
    if (v && !PyList_Check(v)) {
        Py_DECREF(v);
        PyErr_SetString(PyExc_TypeError, "a Position list attribute is not a list");
        return NULL;
    }
    return v;
}

static int snap_read(snap_t *S, PyObject *pos) {
    PyObject *board = NULL, *rows_o = NULL, *seg0 = NULL, *pieces = NULL, *owners = NULL, *ons = NULL,
             *pcs = NULL, *cpos = NULL, *cat = NULL;
    int rc = -1;
    long v;
    board = PyObject_GetAttr(pos, s_board);
    if (!board) goto done;
    rows_o = PyObject_GetAttr(board, s_rows);
    if (!rows_o || as_int(rows_o, &v)) goto done;
    S->L = lines_for((int)v);
    if (!S->L) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "board rows out of range");
        goto done;
    }
    S->rows = (int)v;
    S->nf = COLUMNS * S->rows;
    NWc = (S->nf + 63) >> 6;
    S->nseg = S->L->nseg;
    memset(S->stick_seg, 0, (size_t)S->nseg);
    seg0 = get_list(pos, s_s_seg0);
    if (!seg0) goto done;
    S->nsticks = (int)PyList_GET_SIZE(seg0);
    if (S->nsticks > MAX_STICKS) {
        PyErr_SetString(PyExc_ValueError, "too many sticks for the compiled core");
        goto done;
    }
    for (int i = 0; i < S->nsticks; i++) {
        if (as_int(PyList_GET_ITEM(seg0, i), &v)) goto done;
        if (v < 0 || v + 2 >= S->nseg) {
            PyErr_SetString(PyExc_ValueError, "stick segment out of range");
            goto done;
        }
        S->seg0[i] = (int)v;
        S->stick_seg[v] = S->stick_seg[v + 1] = S->stick_seg[v + 2] = 1;
    }
    memset(S->owner, 0, sizeof(PyObject *) * (size_t)S->nf);
    memset(S->castle_at, -1, (size_t)S->nf);
    pieces = PyObject_GetAttr(pos, s_pieces);
    if (!pieces) goto done;
    if (!PyDict_Check(pieces)) {
        PyErr_SetString(PyExc_TypeError, "pos.pieces is not a dict");
        goto done;
    }
    Py_ssize_t it = 0;
    PyObject *key, *val;
    while (PyDict_Next(pieces, &it, &key, &val)) {
        int c, r, k = field_of(key, S->rows, &c, &r);
        if (k < 0) goto done;
        if (k > 0) {
            PyErr_SetString(PyExc_ValueError, "a piece is off the board");
            goto done;
        }
        S->owner[(r - 1) * COLUMNS + c - 1] = val;
    }
    cat = PyObject_GetAttr(pos, s_castle_at);
    if (!cat) goto done;
    if (!PyDict_Check(cat)) {
        PyErr_SetString(PyExc_TypeError, "pos.castle_at is not a dict");
        goto done;
    }
    it = 0;
    while (PyDict_Next(cat, &it, &key, &val)) {
        int c, r, k = field_of(key, S->rows, &c, &r);
        if (k < 0 || as_int(val, &v)) goto done;
        if (k > 0) continue;
        S->castle_at[(r - 1) * COLUMNS + c - 1] = (signed char)v;
    }
    owners = get_list(pos, s_c_owner);
    ons = owners ? get_list(pos, s_c_on) : NULL;
    pcs = ons ? get_list(pos, s_c_piece) : NULL;
    cpos = pcs ? get_list(pos, s_c_pos) : NULL;
    if (!cpos) goto done;
    S->ncastles = (int)PyList_GET_SIZE(owners);
    if (S->ncastles > MAX_CASTLES || PyList_GET_SIZE(ons) != S->ncastles || PyList_GET_SIZE(pcs) != S->ncastles
        || PyList_GET_SIZE(cpos) != S->ncastles) {
        PyErr_SetString(PyExc_ValueError, "castle lists out of step");
        goto done;
    }
    for (int i = 0; i < S->ncastles; i++) {
        S->c_owner[i] = PyList_GET_ITEM(owners, i);
        if (as_int(PyList_GET_ITEM(ons, i), &v)) goto done;
        S->c_on[i] = (int)v;
        int t = PyObject_IsTrue(PyList_GET_ITEM(pcs, i));
        if (t < 0) goto done;
        S->c_piece[i] = t;
        int c, r;
        if (field_of(PyList_GET_ITEM(cpos, i), MAX_ROWS + 1, &c, &r) < 0) goto done;
        S->c_c[i] = c;
        S->c_r[i] = r;
    }
    PyObject *own = PyObject_GetAttr(pos, s_capture_own);
    if (!own) goto done;
    S->capture_own = PyObject_IsTrue(own);
    Py_DECREF(own);
    if (S->capture_own < 0) goto done;
    rc = 0;
done:
    /* the borrowed Side objects stay alive: the enum members are module globals */
    Py_XDECREF(board); Py_XDECREF(rows_o); Py_XDECREF(seg0); Py_XDECREF(pieces); Py_XDECREF(owners);
    Py_XDECREF(ons); Py_XDECREF(pcs); Py_XDECREF(cpos); Py_XDECREF(cat);
    return rc;
}

static int occupied(const snap_t *S, int i) {
    if (S->c_piece[i]) return 1;
    for (int j = 0; j < S->ncastles; j++)
        if (S->c_on[j] == i) return 1;
    return 0;
}

static void set_field(bits *m, int c, int r) { b_set(m, (r - 1) * COLUMNS + c - 1); }

/* strategy.targets as a mask; returns whether there is any */
static int targets_mask(const snap_t *S, PyObject *side, bits *goals) {
    b_zero(goals);
    int any = 0;
    for (int i = 0; i < S->ncastles; i++) {
        if (S->c_owner[i] != side && S->c_on[i] < 0 && !occupied(S, i)) {
            int c = S->c_c[i], r = S->c_r[i];
            set_field(goals, c, r); set_field(goals, c + 1, r);
            set_field(goals, c, r + 1); set_field(goals, c + 1, r + 1);
            any = 1;
        }
    }
    if (any) return 1;
    for (int f = 0; f < S->nf; f++) {
        if (S->owner[f] && S->owner[f] != side) {
            b_set(goals, f);
            any = 1;
        }
    }
    return any;
}

/* ------------------------------------------------------------------ the way search */

/* strategy._levels: level[f] = the way of field f (-1: not reached); returns the number of
 * levels. `seg0` are the sticks' first segments (the position's, or a slid copy). */
typedef struct { bits east, west, south, north; } masks_t;

/* A stick with first segment `a` taken out of the masks (`on`), or put back (the bits it took
 * are the lines' own: no two sticks share a segment). */
static void stick_mask(const lines_t *L, masks_t *M, int a, int on) {
    int a1 = a + 1 < L->nseg ? a + 1 : L->nseg - 1, a2 = a + 2 < L->nseg ? a + 2 : L->nseg - 1;
    for (int i = 0; i < NWc; i++) {
        uint64_t low = L->lo[a].w[i] | L->lo[a1].w[i] | L->lo[a2].w[i];
        uint64_t high = L->hi[a].w[i] | L->hi[a1].w[i] | L->hi[a2].w[i];
        if (L->vertical[a]) {
            if (on) {
                M->east.w[i] &= ~high;
                M->west.w[i] &= ~low;
            } else {
                M->east.w[i] |= high & L->east.w[i];
                M->west.w[i] |= low & L->west.w[i];
            }
        } else if (on) {
            M->south.w[i] &= ~high;
            M->north.w[i] &= ~low;
        } else {
            M->south.w[i] |= high & L->south.w[i];
            M->north.w[i] |= low & L->north.w[i];
        }
    }
}

/* The masks of strategy._levels with every stick of `seg0` in its grooves. */
static void stick_masks(const snap_t *S, const int *seg0, masks_t *M) {
    const lines_t *L = S->L;
    M->east = L->east; M->west = L->west; M->south = L->south; M->north = L->north;
    for (int k = 0; k < S->nsticks; k++) stick_mask(L, M, seg0[k], 1);
}

/* `near`: the ways of the first two pieces reached (in level order), `reached` how many were */
typedef struct { int near[2], n, reached; } near_t;

INLINE int levels_w(const snap_t *S, const masks_t *M, const bits *goals, const bits *pieces, int through,
                    signed short *level, near_t *near, const int nw) {
    const lines_t *L = S->L;
    const bits east = M->east, west = M->west, south = M->south, north = M->north;
    bits b_east, b_west, b_south, b_north;
    UNROLL
    for (int i = 0; i < nw; i++) {
        b_east.w[i] = L->east.w[i] & ~east.w[i];
        b_west.w[i] = L->west.w[i] & ~west.w[i];
        b_south.w[i] = L->south.w[i] & ~south.w[i];
        b_north.w[i] = L->north.w[i] & ~north.w[i];
    }
    static bits later[MAX_LEVELS + 8];
    static char later_set[MAX_LEVELS + 8];
    int later_max = -1;   /* highest way with an entry in `later` */
    bits frontier = *goals, seen = *goals, tmp;
    int n = 1;            /* len(out) */
    if (level) {
        for (int f = 0; f < S->nf; f++) level[f] = b_get(&frontier, f) ? 0 : -1;
    }
    int found = 0;
    if (near) near->n = near->reached = 0;
    if (pieces) {
        UNROLL
        for (int i = 0; i < nw; i++) tmp.w[i] = frontier.w[i] & pieces->w[i];
        found = w_count(&tmp, nw);
        if (near) {
            near->reached = found;
            for (int k = 0; k < found && near->n < 2; k++) near->near[near->n++] = 0;
        }
    }
    for (;;) {
        if (found >= 2 && (through || n <= FAR + 1)) break;
        if (n >= MAX_LEVELS) break;   /* cannot happen: every level adds a field */
        bits reach = frontier, g, q;
        g = frontier; q = east;
        fill_stage(&g, &q, 1, nw); fill_stage(&g, &q, 2, nw); fill_stage(&g, &q, 4, nw);
        fill_last(&reach, &g, &q, 8, nw);
        g = frontier; q = west;
        fill_stage(&g, &q, -1, nw); fill_stage(&g, &q, -2, nw); fill_stage(&g, &q, -4, nw);
        fill_last(&reach, &g, &q, -8, nw);
        g = frontier; q = south;
        fill_stage(&g, &q, 15, nw); fill_stage(&g, &q, 30, nw); fill_stage(&g, &q, 60, nw); fill_stage(&g, &q, 120, nw);
        fill_last(&reach, &g, &q, 240, nw);
        g = frontier; q = north;
        fill_stage(&g, &q, -15, nw); fill_stage(&g, &q, -30, nw); fill_stage(&g, &q, -60, nw); fill_stage(&g, &q, -120, nw);
        fill_last(&reach, &g, &q, -240, nw);
        if (through && w_any(&frontier, nw)) {
            int way = n - 1 + through;
            if (way >= MAX_LEVELS) way = MAX_LEVELS;  /* never reached: see above */
            bits t1, t2, t3, t4;
            b_shl(&t1, &frontier, 1, nw); b_shr(&t2, &frontier, 1, nw); b_shl(&t3, &frontier, 15, nw); b_shr(&t4, &frontier, 15, nw);
            if (!later_set[way]) {
                b_zero(&later[way]);
                later_set[way] = 1;
                if (way > later_max) later_max = way;
            }
            UNROLL
            for (int i = 0; i < nw; i++)
                later[way].w[i] |= (b_east.w[i] & t1.w[i]) | (b_west.w[i] & t2.w[i]) | (b_south.w[i] & t3.w[i])
                    | (b_north.w[i] & t4.w[i]);
        }
        bits next = reach;
        if (n <= later_max && later_set[n]) {
            UNROLL
            for (int i = 0; i < nw; i++) next.w[i] |= later[n].w[i];
            later_set[n] = 0;
        }
        UNROLL
        for (int i = 0; i < nw; i++) next.w[i] &= ~seen.w[i];
        if (!w_any(&next, nw)) {
            int more = 0;
            for (int w = n + 1; w <= later_max && !more; w++) {
                if (!later_set[w]) continue;
                UNROLL
                for (int i = 0; i < nw; i++)
                    if (later[w].w[i] & ~seen.w[i]) { more = 1; break; }
            }
            if (!more) break;
        }
        frontier = next;
        UNROLL
        for (int i = 0; i < nw; i++) seen.w[i] |= frontier.w[i];
        if (level) {
            UNROLL
            for (int i = 0; i < nw; i++) {
                uint64_t x = frontier.w[i];
                while (x) {
                    int b = __builtin_ctzll(x);
                    level[i * 64 + b] = (signed short)n;
                    x &= x - 1;
                }
            }
        }
        if (pieces) {
            UNROLL
            for (int i = 0; i < nw; i++) tmp.w[i] = frontier.w[i] & pieces->w[i];
            int got = w_count(&tmp, nw);
            found += got;
            if (near) {
                near->reached += got;
                for (int k = 0; k < got && near->n < 2; k++) near->near[near->n++] = n;
            }
        }
        n++;
    }
    for (int w = 0; w <= later_max; w++) later_set[w] = 0;
    return n;
}

/* strategy._levels: level[f] = the way of field f (-1: not reached); returns the number of
 * levels (see levels_w), for the board's words */
static int levels(const snap_t *S, const masks_t *M, const bits *goals, const bits *pieces, int through,
                  signed short *level, near_t *near) {
    switch (NWc) {
    case 4: return levels_w(S, M, goals, pieces, through, level, near, 4);
    case 5: return levels_w(S, M, goals, pieces, through, level, near, 5);
    case 6: return levels_w(S, M, goals, pieces, through, level, near, 6);
    case 7: return levels_w(S, M, goals, pieces, through, level, near, 7);
    default: return levels_w(S, M, goals, pieces, through, level, near, NW);
    }
}

/* strategy.closeness with the stick masks `M` */
static double closeness_of(const snap_t *S, const masks_t *M, PyObject *side, int through) {
    bits goals, mine;
    if (!targets_mask(S, side, &goals)) return 0.0;
    b_zero(&mine);
    int count = 0;
    for (int f = 0; f < S->nf; f++) {
        if (S->owner[f] == side) {
            b_set(&mine, f);
            count++;
        }
    }
    near_t got;
    levels(S, M, &goals, &mine, through, NULL, &got);
    /* the pieces reached come in ascending ways; without ways across sticks (through 0) the
     * others count FAR, sorted in: the first two of the merge */
    int near[2], nn = 0, i = 0, far = through ? 0 : count - got.reached;
    while (nn < 2) {
        if (i < got.n && (far <= 0 || got.near[i] <= FAR)) near[nn++] = got.near[i++];
        else if (far > 0) { near[nn++] = FAR; far--; }
        else break;
    }
    double total = 0.0;
    static const double weights[2] = {1.0, 0.5};
    for (int k = 0; k < nn; k++) total += weights[k] / (double)(1 + near[k]);
    return total;
}

/* ------------------------------------------------------------------ moves (movement.py) */

static int fidx(int c, int r) { return (r - 1) * COLUMNS + c - 1; }

static int castle_top(const snap_t *S, int ci) {
    for (int j = 0; j < S->ncastles; j++)
        if (S->c_on[j] == ci) return j;
    return -1;
}

enum { L_MOVE = 0, L_CAPTURE = 1, L_CONQUEST = 2 };

/* movement.label */
static int move_label(const snap_t *S, int sc, int sr, int dc, int dr) {
    int src = fidx(sc, sr);
    if (!S->owner[src]) {
        int ci = S->castle_at[src];
        if (ci >= 0) {
            int top = castle_top(S, ci);
            if (top >= 0 || !S->c_piece[ci]) {
                int moving = top >= 0 ? top : ci;
                const int fc[4] = {dc, dc + 1, dc, dc + 1}, fr[4] = {dr, dr, dr + 1, dr + 1};
                int hit = 0;
                for (int k = 0; k < 4; k++) {
                    if (fc[k] < 1 || fc[k] > COLUMNS || fr[k] < 1 || fr[k] > S->rows) continue;
                    int at = S->castle_at[fidx(fc[k], fr[k])];
                    if (at >= 0 && at != moving) return L_CONQUEST;
                    if (S->owner[fidx(fc[k], fr[k])]) hit = 1;
                }
                return hit ? L_CAPTURE : L_MOVE;
            }
        }
    }
    int dst = fidx(dc, dr);
    if (S->castle_at[dst] >= 0) return L_CONQUEST;
    return S->owner[dst] ? L_CAPTURE : L_MOVE;
}

static const int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};

/* strategy._attacked */
static int attacked(const snap_t *S, PyObject *side, int fc, int fr) {
    for (int d = 0; d < 4; d++) {
        int ac = fc, ar = fr;
        for (;;) {
            int bc = ac + DX[d], br = ar + DY[d];
            if (bc < 1 || bc > COLUMNS || br < 1 || br > S->rows) break;
            if (S->stick_seg[between(S->rows, ac, ar, bc, br)]) break;
            PyObject *o = S->owner[fidx(bc, br)];
            if (o) {
                if (o != side) return 1;
                break;
            }
            if (S->castle_at[fidx(bc, br)] >= 0) break;
            ac = bc;
            ar = br;
        }
    }
    return 0;
}


/* ------------------------------------------------------------------ move generation (movement.py) */

typedef struct { int n; short src[4096], dst[4096]; } movelist_t;   /* flat field indices */

static int push(movelist_t *M, int src, int dst) {
    if (M->n >= 4096) {
        PyErr_SetString(PyExc_RuntimeError, "too many moves for the compiled core");
        return -1;
    }
    M->src[M->n] = (short)src;
    M->dst[M->n] = (short)dst;
    M->n++;
    return 0;
}

/* movement.piece_targets */
static int piece_targets(const snap_t *S, PyObject *side, int fc, int fr, int d, int home, movelist_t *M) {
    int ac = fc, ar = fr, src = fidx(fc, fr);
    for (;;) {
        int bc = ac + DX[d], br = ar + DY[d];
        if (bc < 1 || bc > COLUMNS || br < 1 || br > S->rows) return 0;
        if (S->stick_seg[between(S->rows, ac, ar, bc, br)]) return 0;
        int g = fidx(bc, br);
        PyObject *p = S->owner[g];
        if (p) {
            if (p != side || S->capture_own) return push(M, src, g);
            return 0;
        }
        int ci = S->castle_at[g];
        if (ci >= 0) {
            if (ci != home) {
                if (S->c_owner[ci] != side && !occupied(S, ci)) return push(M, src, g);
                return 0;
            }
        } else if (push(M, src, g)) {
            return -1;
        }
        ac = bc;
        ar = br;
    }
}

static int in_castle(int c, int r, int qc, int qr) { return c >= qc && c <= qc + 1 && r >= qr && r <= qr + 1; }

/* movement._passable */
static int passable(const snap_t *S, int f, int i, int base) {
    if (S->owner[f]) return 0;
    int at = S->castle_at[f];
    return at < 0 || at == i || at == base;
}

/* movement._can_land */
static int can_land(const snap_t *S, PyObject *side, int i, int base, int dc, int dr) {
    int m = -1;
    const int fc[4] = {dc, dc + 1, dc, dc + 1}, fr[4] = {dr, dr, dr + 1, dr + 1};
    for (int k = 0; k < 4; k++) {
        int f = fidx(fc[k], fr[k]), c = S->castle_at[f];
        if (c >= 0 && c != i) {
            if (c == base || (m >= 0 && c != m)) return 0;
            m = c;
        }
        if (S->owner[f] == side && !S->capture_own) return 0;
    }
    return m < 0 || (S->c_c[m] == dc && S->c_r[m] == dr && S->c_owner[m] != side && !occupied(S, m));
}

/* movement._castle_targets */
static int castle_targets(const snap_t *S, PyObject *side, int i, int d, movelist_t *M) {
    int base = S->c_on[i], qc = S->c_c[i], qr = S->c_r[i];
    int src = fidx(qc, qr);
    int before[2], nb = 0, last[2], nl = 0;
    for (;;) {
        int nc = qc + DX[d], nr = qr + DY[d];
        if (nc < 1 || nc >= COLUMNS || nr < 1 || nr >= S->rows) return 0;
        if (S->stick_seg[seg_v(S->rows, nc, nr)] || S->stick_seg[seg_v(S->rows, nc, nr + 1)]
            || S->stick_seg[seg_h(S->rows, nr, nc)] || S->stick_seg[seg_h(S->rows, nr, nc + 1)]) return 0;
        for (int k = 0; k < nb; k++)
            if (!passable(S, before[k], i, base)) return 0;
        for (int k = 0; k < nl; k++) {
            PyObject *o = S->owner[last[k]];
            if ((o && o != side) || (S->capture_own && o)) return 0;
        }
        if (can_land(S, side, i, base, nc, nr) && push(M, src, fidx(nc, nr))) return -1;
        /* before, last = last, entered (the fields of n not in q) */
        nb = nl;
        for (int k = 0; k < nl; k++) before[k] = last[k];
        nl = 0;
        const int fc[4] = {nc, nc + 1, nc, nc + 1}, fr[4] = {nr, nr, nr + 1, nr + 1};
        for (int k = 0; k < 4; k++)
            if (!in_castle(fc[k], fr[k], qc, qr)) last[nl++] = fidx(fc[k], fr[k]);
        qc = nc;
        qr = nr;
    }
}

/* movement.leaving_moves */
static int leaving_moves(const snap_t *S, PyObject *side, movelist_t *M) {
    for (int i = 0; i < S->ncastles; i++) {
        if (S->c_owner[i] != side) continue;
        if (S->c_piece[i]) {
            int qc = S->c_c[i], qr = S->c_r[i];
            const int fc[4] = {qc, qc + 1, qc, qc + 1}, fr[4] = {qr, qr, qr + 1, qr + 1};
            for (int k = 0; k < 4; k++)
                for (int d = 0; d < 4; d++)
                    if (!in_castle(fc[k] + DX[d], fr[k] + DY[d], qc, qr)
                        && piece_targets(S, side, fc[k], fr[k], d, i, M)) return -1;
        }
        if (S->c_on[i] >= 0)
            for (int d = 0; d < 4; d++)
                if (castle_targets(S, side, i, d, M)) return -1;
    }
    return 0;
}

/* movement.free_moves: the pieces in the order of their fields (c, r), then the castles */
static int free_moves(const snap_t *S, PyObject *side, movelist_t *M) {
    for (int c = 1; c <= COLUMNS; c++)
        for (int r = 1; r <= S->rows; r++)
            if (S->owner[fidx(c, r)] == side)
                for (int d = 0; d < 4; d++)
                    if (piece_targets(S, side, c, r, d, -1, M)) return -1;
    for (int i = 0; i < S->ncastles; i++)
        if (S->c_owner[i] == side && S->c_on[i] < 0 && !occupied(S, i))
            for (int d = 0; d < 4; d++)
                if (castle_targets(S, side, i, d, M)) return -1;
    return 0;
}

static PyObject **go_cache[2];   /* per seat, by src * NF_MAX + dst: the Go made once */
static PyObject *field_cache[NF_MAX];

static PyObject *field_tuple(int f) {
    if (!field_cache[f]) field_cache[f] = Py_BuildValue("(ii)", f % COLUMNS + 1, f / COLUMNS + 1);
    return field_cache[f];
}

static PyObject *go_of(int seat, PyObject *side, int src, int dst) {
    if (!go_cache[seat]) {
        go_cache[seat] = PyMem_Calloc((size_t)NF_MAX * NF_MAX, sizeof(PyObject *));
        if (!go_cache[seat]) return PyErr_NoMemory();
    }
    PyObject **slot = &go_cache[seat][src * NF_MAX + dst];
    if (!*slot) {
        PyObject *a = field_tuple(src), *b = field_tuple(dst);
        if (!a || !b) return NULL;
        *slot = PyObject_CallFunctionObjArgs(go_type, side, a, b, NULL);
    }
    return *slot;
}

/* rules.IrrState.legal_moves after the slides: the leaving moves if there are any, else every
 * free move and `end` (EndTurn). `seat` is side.value. */
static PyObject *py_go_moves(PyObject *self, PyObject *args) {
    PyObject *pos, *side, *end;
    int seat;
    if (!PyArg_ParseTuple(args, "OOiO", &pos, &side, &seat, &end)) return NULL;
    if (!go_type || seat < 0 || seat > 1) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled core is not bound, or the seat is not 0 or 1");
        return NULL;
    }
    static snap_t S;
    static movelist_t M;
    if (snap_read(&S, pos)) return NULL;
    M.n = 0;
    if (leaving_moves(&S, side, &M)) return NULL;
    int leave = M.n > 0;
    if (!leave && free_moves(&S, side, &M)) return NULL;
    PyObject *out = PyList_New(M.n + !leave);
    if (!out) return NULL;
    for (int k = 0; k < M.n; k++) {
        PyObject *go = go_of(seat, side, M.src[k], M.dst[k]);
        if (!go) {
            Py_DECREF(out);
            return NULL;
        }
        Py_INCREF(go);
        PyList_SET_ITEM(out, k, go);
    }
    if (!leave) {
        Py_INCREF(end);
        PyList_SET_ITEM(out, M.n, end);
    }
    return out;
}

/* movement.leaving_moves or free_moves as (src, dst) field pairs */
static PyObject *py_field_moves(PyObject *self, PyObject *args) {
    PyObject *pos, *side;
    int leaving;
    if (!PyArg_ParseTuple(args, "OOp", &pos, &side, &leaving)) return NULL;
    static snap_t S;
    static movelist_t M;
    if (snap_read(&S, pos)) return NULL;
    M.n = 0;
    if ((leaving ? leaving_moves : free_moves)(&S, side, &M)) return NULL;
    PyObject *out = PyList_New(M.n);
    if (!out) return NULL;
    for (int k = 0; k < M.n; k++) {
        PyObject *a = field_tuple(M.src[k]), *b = field_tuple(M.dst[k]), *pair = a && b ? PyTuple_Pack(2, a, b) : NULL;
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, pair);
    }
    return out;
}

/* random.Random._randbelow_with_getrandbits(n) through the generator's own getrandbits */
static int randbelow(PyObject *getrandbits, long n, long *out) {
    if (n <= 0) {   /* random.randrange(0) raises too */
        PyErr_SetString(PyExc_ValueError, "a random choice among no moves");
        return -1;
    }
    int k = 0;
    for (unsigned long m = (unsigned long)n; m; m >>= 1) k++;
    for (;;) {
        PyObject *r = PyObject_CallFunction(getrandbits, "i", k);
        if (!r) return -1;
        long v = PyLong_AsLong(r);
        Py_DECREF(r);
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < n) {
            *out = v;
            return 0;
        }
    }
}


/* random.shuffle(items) with the generator's getrandbits: the same draws, the same order */
static int shuffle_list(PyObject *items, PyObject *getrandbits) {
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
        long j;
        if (randbelow(getrandbits, (long)i + 1, &j)) return -1;
        PyObject *t = PyList_GET_ITEM(items, i);
        PyList_SET_ITEM(items, i, PyList_GET_ITEM(items, j));
        PyList_SET_ITEM(items, j, t);
    }
    return 0;
}

static PyObject *py_shuffle(PyObject *self, PyObject *args) {
    PyObject *items, *getrandbits;
    if (!PyArg_ParseTuple(args, "O!O", &PyList_Type, &items, &getrandbits) || shuffle_list(items, getrandbits))
        return NULL;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ the run table (runs.py) */

static PyObject *s_s_start, *s_s_len;

/* ------------------------------------------------------------------ the Python functions */

static int read_through(PyObject *o, int *through) {
    long v;
    if (as_int(o, &v)) return -1;
    if (v < 0 || v > 64) {
        PyErr_SetString(PyExc_ValueError, "through must be 0..64");
        return -1;
    }
    *through = (int)v;
    return 0;
}

static PyObject *py_closeness(PyObject *self, PyObject *args) {
    PyObject *pos, *side, *through_o;
    int through;
    if (!PyArg_ParseTuple(args, "OOO", &pos, &side, &through_o) || read_through(through_o, &through)) return NULL;
    static snap_t S;
    if (snap_read(&S, pos)) return NULL;
    static masks_t M;
    stick_masks(&S, S.seg0, &M);
    return PyFloat_FromDouble(closeness_of(&S, &M, side, through));
}

static PyObject *py_flat_distances(PyObject *self, PyObject *args) {
    PyObject *pos, *goals_o, *through_o;
    int through;
    if (!PyArg_ParseTuple(args, "OOO", &pos, &goals_o, &through_o) || read_through(through_o, &through)) return NULL;
    static snap_t S;
    if (snap_read(&S, pos)) return NULL;
    PyObject *seq = PySequence_Fast(goals_o, "goals must be a sequence of fields");
    if (!seq) return NULL;
    bits goals;
    b_zero(&goals);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        int c, r, k = field_of(PySequence_Fast_GET_ITEM(seq, i), S.rows, &c, &r);
        if (k) {
            Py_DECREF(seq);
            if (k > 0) PyErr_SetString(PyExc_ValueError, "a goal is off the board");
            return NULL;
        }
        set_field(&goals, c, r);
    }
    Py_DECREF(seq);
    static signed short level[NF_MAX];
    static masks_t M;
    stick_masks(&S, S.seg0, &M);
    levels(&S, &M, &goals, NULL, through, level, NULL);
    PyObject *out = PyList_New(S.nf);
    if (!out) return NULL;
    for (int f = 0; f < S.nf; f++) {
        PyObject *v = PyLong_FromLong(level[f]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, f, v);
    }
    return out;
}

static int move_fields(PyObject *move, int rows, int *sc, int *sr, int *dc, int *dr) {
    PyObject *src = PyObject_GetAttr(move, s_src);
    if (!src) return -1;
    PyObject *dst = PyObject_GetAttr(move, s_dst);
    if (!dst) {
        Py_DECREF(src);
        return -1;
    }
    int k1 = field_of(src, rows, sc, sr), k2 = k1 < 0 ? -1 : field_of(dst, rows, dc, dr);
    Py_DECREF(src);
    Py_DECREF(dst);
    if (k1 < 0 || k2 < 0) return -1;
    if (k1 > 0 || k2 > 0) {
        PyErr_SetString(PyExc_ValueError, "a move leaves the board");
        return -1;
    }
    return 0;
}

/* The index in `order` that strategy.best_go picks: the first of the highest `_value`. */
static PyObject *py_best_go(PyObject *self, PyObject *args) {
    PyObject *pos, *side, *order_o, *through_o, *getrandbits = NULL;
    int wary, through;
    if (!PyArg_ParseTuple(args, "OOOpO|O", &pos, &side, &order_o, &wary, &through_o, &getrandbits)
        || read_through(through_o, &through)) return NULL;
    if (!go_type) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled core is not bound to the move types");
        return NULL;
    }
    static snap_t S;
    if (snap_read(&S, pos)) return NULL;
    PyObject *order;
    if (getrandbits) {   /* random.shuffle(order) on a copy, as best_go does */
        if (!(order = PySequence_List(order_o))) return NULL;
        if (shuffle_list(order, getrandbits)) {
            Py_DECREF(order);
            return NULL;
        }
    } else if (!(order = PySequence_Fast(order_o, "moves must be a sequence"))) {
        return NULL;
    }
    bits goals;
    static signed short dist[NF_MAX];
    if (targets_mask(&S, side, &goals)) {
        static masks_t M;
        stick_masks(&S, S.seg0, &M);
        levels(&S, &M, &goals, NULL, through, dist, NULL);
    } else {
        for (int f = 0; f < S.nf; f++) dist[f] = -1;
    }
    Py_ssize_t best = 0;
    double best_value = -Py_HUGE_VAL;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(order); i++) {
        PyObject *move = PySequence_Fast_GET_ITEM(order, i);
        double value;
        int ok = PyObject_IsInstance(move, go_type);
        if (ok < 0) goto fail;
        if (!ok) {
            value = 0.0;   /* EndTurn */
        } else {
            int sc, sr, dc, dr;
            if (move_fields(move, S.rows, &sc, &sr, &dc, &dr)) goto fail;
            int lab = move_label(&S, sc, sr, dc, dr);
            if (lab == L_CONQUEST) {
                value = 100.0;
            } else {
                value = lab == L_CAPTURE ? 5.0 : 0.0;
                int src = fidx(sc, sr), dst = fidx(dc, dr);
                if (S.owner[src]) {
                    int before = dist[src] >= 0 ? dist[src] : FAR;
                    int after = dist[dst] >= 0 ? dist[dst] : FAR;
                    value += (double)(before - after);
                    if (wary) {
                        PyObject *keep = S.owner[src];
                        S.owner[src] = NULL;   /* the piece leaves its field */
                        int taken = attacked(&S, side, dc, dr);
                        S.owner[src] = keep;
                        if (taken) value -= 3.0;
                        else if (attacked(&S, side, sc, sr)) value += 2.0;
                    }
                }
            }
        }
        if (value > best_value) {
            best = i;
            best_value = value;
        }
    }
    if (getrandbits) {
        PyObject *move = PyList_GET_ITEM(order, best);
        Py_INCREF(move);
        Py_DECREF(order);
        return move;
    }
    Py_DECREF(order);
    return PyLong_FromSsize_t(best);
fail:
    Py_DECREF(order);
    return NULL;
}

/* order_moves(pos, moves): hooks.expansion_order's stable sort of the move step's shuffled
 * moves by (-move_class, score_after), in place and with each Go labelled once: the plain moves
 * (and EndTurn) first, then the captures, then the conquests, each in the order given. */
static PyObject *py_order_moves(PyObject *self, PyObject *args) {
    PyObject *pos, *moves;
    static snap_t S;
    if (!PyArg_ParseTuple(args, "OO!", &pos, &PyList_Type, &moves) || snap_read(&S, pos)) return NULL;
    if (!go_type) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled core is not bound to the move types");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(moves);
    PyObject **sorted = PyMem_Malloc(sizeof(PyObject *) * (size_t)(n ? n : 1));
    char *rank = PyMem_Malloc((size_t)(n ? n : 1));
    if (!sorted || !rank) {
        PyMem_Free(sorted);
        PyMem_Free(rank);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *move = PyList_GET_ITEM(moves, i);
        rank[i] = 0;
        if (Py_TYPE(move) == (PyTypeObject *)go_type) {   /* type(m) is Go */
            int sc, sr, dc, dr;
            if (move_fields(move, S.rows, &sc, &sr, &dc, &dr)) {
                PyMem_Free(sorted);
                PyMem_Free(rank);
                return NULL;
            }
            rank[i] = (char)move_label(&S, sc, sr, dc, dr);   /* L_MOVE 0, L_CAPTURE 1, L_CONQUEST 2 */
        }
    }
    Py_ssize_t k = 0;
    for (int want = L_MOVE; want <= L_CONQUEST; want++)
        for (Py_ssize_t i = 0; i < n; i++)
            if (rank[i] == want) sorted[k++] = PyList_GET_ITEM(moves, i);
    for (Py_ssize_t i = 0; i < n; i++) PyList_SET_ITEM(moves, i, sorted[i]);   /* the same references, moved */
    PyMem_Free(sorted);
    PyMem_Free(rank);
    Py_RETURN_NONE;
}

/* The index CastlePlayer._best_slide picks among slides of stick ids `sids` by `bys`. */
static PyObject *py_best_slide(PyObject *self, PyObject *args) {
    PyObject *pos, *side, *other, *sids_o, *bys_o, *through_o;
    int through;
    if (!PyArg_ParseTuple(args, "OOOOOO", &pos, &side, &other, &sids_o, &bys_o, &through_o)
        || read_through(through_o, &through)) return NULL;
    static snap_t S;
    if (snap_read(&S, pos)) return NULL;
    PyObject *sids = PySequence_Fast(sids_o, "sids must be a sequence");
    if (!sids) return NULL;
    PyObject *bys = PySequence_Fast(bys_o, "bys must be a sequence");
    if (!bys) {
        Py_DECREF(sids);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(sids), best = 0;
    double best_value = -Py_HUGE_VAL;
    static masks_t M;
    stick_masks(&S, S.seg0, &M);
    if (PySequence_Fast_GET_SIZE(bys) != n) {
        PyErr_SetString(PyExc_ValueError, "sids and bys differ in length");
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long sid, by;
        if (as_int(PySequence_Fast_GET_ITEM(sids, i), &sid) || as_int(PySequence_Fast_GET_ITEM(bys, i), &by)) goto fail;
        if (sid < 0 || sid >= S.nsticks || S.seg0[sid] + by < 0 || S.seg0[sid] + by + 2 >= S.nseg) {
            PyErr_SetString(PyExc_ValueError, "a slide leaves the board");
            goto fail;
        }
        stick_mask(S.L, &M, S.seg0[sid], 0);
        stick_mask(S.L, &M, S.seg0[sid] + (int)by, 1);
        double value = closeness_of(&S, &M, side, through) - 0.8 * closeness_of(&S, &M, other, through);
        stick_mask(S.L, &M, S.seg0[sid] + (int)by, 0);
        stick_mask(S.L, &M, S.seg0[sid], 1);
        if (value > best_value) {
            best = i;
            best_value = value;
        }
    }
    Py_DECREF(sids);
    Py_DECREF(bys);
    return PyLong_FromSsize_t(best);
fail:
    Py_DECREF(sids);
    Py_DECREF(bys);
    return NULL;
}


/* ------------------------------------------------------------------ slides drawn (strategy.draw_slides) */


/* Whether the way of stick `j` (first segment b, first covered crossing x, crossing step st)
 * running `need` fields in direction `back` (0 forward) meets the place of a stick with first
 * segment a2 and crossings x2, x2 + st2: runs.Tables.ahead[need][back][b] & body[a2]. */
static int way_meets(int b, int x, int st, int back, int need, int a2, int x2, int st2) {
    for (int i = 1; i <= need; i++) {
        int k = back ? b - i : b + 2 + i;
        int c = back ? x - i * st : x + (1 + i) * st;
        if (k >= a2 && k <= a2 + 2) return 1;
        if (c == x2 || c == x2 + st2) return 1;
    }
    return 0;
}


/* ------------------------------------------------------------------ whole playouts (rules.py, players.py)
 *
 * `playout(state, getrandbits, limit, tables)` plays the search's playout (mcts._playout with
 * players.PlayoutPlayer) on a copy of an IrrState (either phase) read once into `game_t`, and returns
 * the seats' values as mcts._playout does (the winners' shares of an ended game, else
 * strategy.evaluate for each seat). Every random draw goes through the generator's own
 * getrandbits in the order the Python code makes them, so the search is the same with either
 * core. The engine here is rules.IrrState's phase 2 on the fast path: the run table (kept
 * exact as runs.remeasure keeps it: after a slide the sticks near the stick's old and new place
 * measured again, after a castle moved every stick),
 * Zobrist keys and the repetition counts (the state's `seen` read, never written). */

#define MAX_BANNED 8
enum { R_CASTLES, R_REPETITION, R_ROUNDS };
static const char *RULES[] = {"all-castles", "repetition", "hundred-rounds"};

typedef struct { uint64_t stick[NSEG_MAX], piece[2 * NF_MAX], castle[8 * NF_MAX], blue; } ztab_t;

static ztab_t *ztab_cache[MAX_ROWS + 1];
static PyObject *sides[2];   /* Side.RED, Side.BLUE, bound at import */

typedef struct {
    snap_t S;                      /* seg0, owner, castle_at, castles, stick_seg, capture_own */
    int ncross;
    int st[MAX_STICKS], x0[MAX_STICKS], len[MAX_STICKS], stride[MAX_STICKS];
    short seg[NSEG_MAX], cross[NF_MAX];
    char block[NSEG_MAX];
    int runs[2 * MAX_STICKS];
    uint64_t zob;
    const ztab_t *Z;
    int phase, max_sticks;         /* the phase, and the board's sticks (phase 1 ends when all lie) */
    int seat, remaining, nused, used_sid[3], used_sign[3], nbanned, ban_sid[MAX_BANNED], ban_sign[MAX_BANNED];
    int quiet, turns, budget, quiet_limit, outcome;   /* outcome: -1 none, 0/1 the winning seat, 2 a draw */
    int rule;                      /* the ending: R_CASTLES, R_REPETITION or R_ROUNDS */
    PyObject *seen;                /* the state's repetition counts (borrowed, read only) */
    Py_ssize_t nnew, cap;          /* the keys counted here: an open-addressing table of `cap` slots */
    uint64_t *new_key;
    int *new_count;                /* 0: an empty slot */
} game_t;

static PyObject *s_sticks, *s_pos, *s_to_move, *s_phase, *s_remaining, *s_used, *s_banned, *s_quiet, *s_seen, *s_outcome,
    *s_turns, *s_budget, *s_quiet_limit, *s_zob, *s_runs, *s_z_stick, *s_z_piece, *s_z_castle, *s_z_blue;

static int u64_items(PyObject *tables, PyObject *name, uint64_t *out, Py_ssize_t n) {
    PyObject *t = PyObject_GetAttr(tables, name);
    if (!t) return -1;
    PyObject *seq = PySequence_Fast(t, "a Zobrist table is not a sequence");
    Py_DECREF(t);
    if (!seq) return -1;
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_SetString(PyExc_ValueError, "a Zobrist table of the wrong length");
        rc = -1;
    }
    for (Py_ssize_t i = 0; !rc && i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == (uint64_t)-1 && PyErr_Occurred()) rc = -1;
    }
    Py_DECREF(seq);
    return rc;
}

/* runs.tables_for(rows)'s Zobrist codes, read once per board length */
static const ztab_t *ztab_for(int rows, int nseg, PyObject *tables) {
    if (ztab_cache[rows]) return ztab_cache[rows];
    ztab_t *Z = PyMem_Calloc(1, sizeof(ztab_t));
    if (!Z) {
        PyErr_NoMemory();
        return NULL;
    }
    int nf = COLUMNS * rows;
    PyObject *blue = PyObject_GetAttr(tables, s_z_blue);
    if (!blue || u64_items(tables, s_z_stick, Z->stick, nseg) || u64_items(tables, s_z_piece, Z->piece, 2 * nf)
        || u64_items(tables, s_z_castle, Z->castle, 8 * nf)
        || ((Z->blue = PyLong_AsUnsignedLongLong(blue)) == (uint64_t)-1 && PyErr_Occurred())) {
        Py_XDECREF(blue);
        PyMem_Free(Z);
        return NULL;
    }
    Py_DECREF(blue);
    ztab_cache[rows] = Z;
    return Z;
}

static int attr_int(PyObject *o, PyObject *name, int *out) {
    PyObject *v = PyObject_GetAttr(o, name);
    if (!v) return -1;
    long x = 0;
    int rc = as_int(v, &x);
    Py_DECREF(v);
    *out = (int)x;
    return rc;
}

static int seat_of(PyObject *side) {
    if (side == sides[0]) return 0;
    if (side == sides[1]) return 1;
    PyErr_SetString(PyExc_ValueError, "not a Side of the bound enum");
    return -1;
}

/* sliding.free_run (`back`: backward), up to `limit` */
static int g_free_run(const game_t *G, int sid, int back, int limit) {
    int room = back ? G->st[sid] - 1 : G->len[sid] - G->st[sid] - 2, lim = limit < room ? limit : room;
    for (int i = 1; i <= lim; i++) {
        int k = back ? G->S.seg0[sid] - i : G->S.seg0[sid] + 2 + i;
        int x = back ? G->x0[sid] - i * G->stride[sid] : G->x0[sid] + (1 + i) * G->stride[sid];
        if (k < 0 || k >= G->S.nseg || x < 0 || x >= G->ncross || G->seg[k] >= 0 || G->block[k] || G->cross[x] >= 0)
            return i - 1;
    }
    return lim;
}

#define REACH_RUN 3   /* runs.REACH: runs are counted up to the longest slide */

/* the run table measured afresh (runs.run_table; exactly what runs.remeasure keeps) */
static void g_measure(game_t *G) {
    for (int sid = 0; sid < G->S.nsticks; sid++) {
        G->runs[2 * sid] = g_free_run(G, sid, 0, REACH_RUN);
        G->runs[2 * sid + 1] = g_free_run(G, sid, 1, REACH_RUN);
    }
}

static void g_mark(game_t *G, int sid, int value) {
    int a = G->S.seg0[sid], x = G->x0[sid];
    G->seg[a] = G->seg[a + 1] = G->seg[a + 2] = (short)value;
    G->S.stick_seg[a] = G->S.stick_seg[a + 1] = G->S.stick_seg[a + 2] = value >= 0;
    G->cross[x] = G->cross[x + G->stride[sid]] = (short)value;
}

/* Position.shift */
static void g_shift(game_t *G, int sid, int by) {
    g_mark(G, sid, -1);
    G->st[sid] += by;
    G->S.seg0[sid] += by;
    G->x0[sid] += by * G->stride[sid];
    g_mark(G, sid, sid);
}

static int g_banned(const game_t *G, int sid) {
    for (int i = 0; i < G->nbanned; i++)
        if (G->ban_sid[i] == sid) return G->ban_sign[i];
    return 0;
}

/* sliding.can_slide; `used` marks the stick ids */
static int g_can_slide(game_t *G, char *used, int need, int sticks) {
    if (need <= 0) return 1;
    if (sticks <= 0) return 0;
    int n = 0;
    short p_sid[2 * MAX_STICKS];
    signed char p_sign[2 * MAX_STICKS], p_run[2 * MAX_STICKS];
    for (int sid = 0; sid < G->S.nsticks; sid++) {
        if (used[sid]) continue;
        int ban = g_banned(G, sid);
        for (int sign = 1; sign >= -1; sign -= 2) {
            if (sign == ban) continue;
            int run = g_free_run(G, sid, sign < 0, need);
            if (run >= need) return 1;
            if (run) {
                p_sid[n] = (short)sid;
                p_sign[n] = (signed char)sign;
                p_run[n] = (signed char)run;
                n++;
            }
        }
    }
    for (int e = 0; e < n; e++) {
        int sid = p_sid[e], sign = p_sign[e];
        used[sid] = 1;
        for (int k = 1; k <= p_run[e]; k++) {
            g_shift(G, sid, sign * k);
            int ok = g_can_slide(G, used, need - k, sticks - 1);
            g_shift(G, sid, -sign * k);
            if (ok) {
                used[sid] = 0;
                return 1;
            }
        }
        used[sid] = 0;
    }
    return 0;
}

static void g_used_marks(const game_t *G, char *used) {
    memset(used, 0, (size_t)G->S.nsticks);
    for (int i = 0; i < G->nused; i++) used[G->used_sid[i]] = 1;
}

/* sliding.turn_total (runs.turn_total gives the same from the table) */
static int g_turn_total(game_t *G) {
    char used[MAX_STICKS];
    for (int need = G->budget; need > 0; need--) {
        memset(used, 0, (size_t)G->S.nsticks);
        if (g_can_slide(G, used, need, 3)) return need;
    }
    return 0;
}

/* runs._skipped: the table entries this turn may not use */
static void g_skipped(const game_t *G, char *skip) {
    memset(skip, 0, (size_t)(2 * G->S.nsticks));
    for (int i = 0; i < G->nbanned; i++) skip[2 * G->ban_sid[i] + (G->ban_sign[i] < 0)] = 1;
    for (int i = 0; i < G->nused; i++) skip[2 * G->used_sid[i]] = skip[2 * G->used_sid[i] + 1] = 1;
}

/* runs._rest_after over the table's entries not skipped (in table order), then runs.plain_rest */
static int g_rest_after(game_t *G, const char *skip, int sid, int by, int need) {
    int a2 = G->S.seg0[sid] + by, x2 = G->x0[sid] + by * G->stride[sid];
    for (int j = 0; j < 2 * G->S.nsticks; j++) {
        int o = j >> 1;
        if (!G->runs[j] || skip[j] || G->runs[j] < need || o == sid) continue;
        if (!way_meets(G->S.seg0[o], G->x0[o], G->stride[o], j & 1, need, a2, x2, G->stride[sid])) return 1;
    }
    char used[MAX_STICKS];
    g_used_marks(G, used);
    used[sid] = 1;
    g_shift(G, sid, by);
    int ok = g_can_slide(G, used, need, 3);
    g_shift(G, sid, -by);
    return ok;
}

/* runs.random_slide: 1 and (*sid, *by) for the slide drawn, 0 after `tries` misses, -1 on error */
static int g_random_slide(game_t *G, PyObject *getrandbits, int *sid_out, int *by_out) {
    char skip[2 * MAX_STICKS];
    g_skipped(G, skip);
    long n = 2L * G->S.nsticks;
    for (int t = 0; t < 64; t++) {
        long i, k;
        if (randbelow(getrandbits, n, &i)) return -1;
        int run = G->runs[i];
        if (!run || skip[i]) continue;
        if (randbelow(getrandbits, run < G->remaining ? run : G->remaining, &k)) return -1;
        k += 1;
        int sid = (int)(i >> 1), by = (i & 1) ? -(int)k : (int)k;
        if (k < G->remaining && !g_rest_after(G, skip, sid, by, G->remaining - (int)k)) continue;
        *sid_out = sid;
        *by_out = by;
        return 1;
    }
    return 0;
}

/* runs.slide_moves (sliding.legal_slides): the n-th allowed slide in listing order, or the count
 * of them when `pick` < 0 */
static int g_nth_slide(game_t *G, long pick, int *sid_out, int *by_out) {
    char skip[2 * MAX_STICKS];
    g_skipped(G, skip);
    int count = 0;
    for (int i = 0; i < 2 * G->S.nsticks; i++) {
        int run = G->runs[i];
        if (!run || skip[i]) continue;
        if (run > G->remaining) run = G->remaining;
        int sid = i >> 1;
        for (int k = 1; k <= run; k++) {
            int by = (i & 1) ? -k : k;
            if (k < G->remaining && !g_rest_after(G, skip, sid, by, G->remaining - k)) continue;
            if (count == pick) {
                *sid_out = sid;
                *by_out = by;
            }
            count++;
        }
    }
    return count;
}

/* runs.zobrist */
static uint64_t g_key(const game_t *G) {
    const snap_t *S = &G->S;
    uint64_t key = G->zob ^ (G->seat ? G->Z->blue : 0);
    for (int f = 0; f < S->nf; f++)
        if (S->owner[f]) key ^= G->Z->piece[2 * f + (S->owner[f] == sides[1])];
    for (int i = 0; i < S->ncastles; i++) {
        int on = 0;
        for (int j = 0; j < S->ncastles; j++) on |= S->c_on[j] == i;
        int code = 4 * (S->c_owner[i] == sides[1]) + 2 * S->c_piece[i] + on;
        key ^= G->Z->castle[8 * fidx(S->c_c[i], S->c_r[i]) + code];
    }
    return key;
}

/* Position.refresh_castles: castle_at and the castles' interior grooves */
static void g_refresh_castles(game_t *G) {
    snap_t *S = &G->S;
    int rows = S->rows;
    memset(S->castle_at, -1, (size_t)S->nf);
    memset(G->block, 0, (size_t)S->nseg);
    for (int i = 0; i < S->ncastles; i++) {
        int c = S->c_c[i], r = S->c_r[i];
        G->block[seg_v(rows, c, r)] = G->block[seg_v(rows, c, r + 1)] = 1;
        G->block[seg_h(rows, r, c)] = G->block[seg_h(rows, r, c + 1)] = 1;
        if (S->c_on[i] < 0) {
            S->castle_at[fidx(c, r)] = S->castle_at[fidx(c + 1, r)] = (signed char)i;
            S->castle_at[fidx(c, r + 1)] = S->castle_at[fidx(c + 1, r + 1)] = (signed char)i;
        }
    }
}

/* rules.IrrState._start_turn */
static void g_start_turn(game_t *G) {
    G->nused = 0;
    G->remaining = g_turn_total(G);
}

/* The slot of `key` in the table of keys counted here (where it would go if absent). */
static Py_ssize_t g_slot(const game_t *G, uint64_t key) {
    Py_ssize_t i = (Py_ssize_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (G->cap - 1);
    while (G->new_count[i] && G->new_key[i] != key) i = (i + 1) & (G->cap - 1);
    return i;
}

/* Make room for one more key (the table at most half full). */
static int g_room(game_t *G) {
    if (2 * (G->nnew + 1) <= G->cap) return 0;
    Py_ssize_t old_cap = G->cap, cap = old_cap ? 2 * old_cap : 256;
    uint64_t *old_key = G->new_key;
    int *old_count = G->new_count;
    G->new_key = PyMem_Calloc((size_t)cap, sizeof(uint64_t));
    G->new_count = PyMem_Calloc((size_t)cap, sizeof(int));
    if (!G->new_key || !G->new_count) {
        PyMem_Free(G->new_key);
        PyMem_Free(G->new_count);
        G->new_key = old_key;
        G->new_count = old_count;
        PyErr_NoMemory();
        return -1;
    }
    G->cap = cap;
    for (Py_ssize_t i = 0; i < old_cap; i++)
        if (old_count[i]) {
            Py_ssize_t j = g_slot(G, old_key[i]);
            G->new_key[j] = old_key[i];
            G->new_count[j] = old_count[i];
        }
    PyMem_Free(old_key);
    PyMem_Free(old_count);
    return 0;
}

/* Forget the keys counted here (a new game or playout). */
static void g_forget(game_t *G) {
    if (G->nnew) memset(G->new_count, 0, sizeof(int) * (size_t)G->cap);
    G->nnew = 0;
}

/* how often the key was seen: the state's count, or this game's once it counted the key */
static int g_seen(game_t *G, uint64_t key, Py_ssize_t *slot) {
    if (g_room(G)) return -1;
    *slot = g_slot(G, key);
    if (G->new_count[*slot]) return G->new_count[*slot];
    if (!G->seen) return 0;
    PyObject *k = PyLong_FromUnsignedLongLong(key);
    if (!k) return -1;
    PyObject *v = PyDict_GetItemWithError(G->seen, k);
    Py_DECREF(k);
    if (!v) return PyErr_Occurred() ? -1 : 0;
    long n;
    if (as_int(v, &n)) return -1;
    return (int)n;
}

/* rules.IrrState._end_turn */
static int g_end_turn(game_t *G, int event) {
    G->turns++;
    G->nbanned = G->nused;
    for (int i = 0; i < G->nused; i++) {
        G->ban_sid[i] = G->used_sid[i];
        G->ban_sign[i] = -G->used_sign[i];
    }
    G->seat ^= 1;
    G->quiet = event ? 0 : G->quiet + 1;
    uint64_t key = g_key(G);
    Py_ssize_t slot;
    int n = g_seen(G, key, &slot);
    if (n < 0) return -1;
    n++;
    if (!G->new_count[slot]) {
        G->nnew++;
        G->new_key[slot] = key;
    }
    G->new_count[slot] = n;
    if (G->outcome < 0) {
        if (n >= 3) G->outcome = 2, G->rule = R_REPETITION;
        else if (G->quiet >= G->quiet_limit) G->outcome = 2, G->rule = R_ROUNDS;
    }
    if (G->outcome < 0) g_start_turn(G);
    else G->nused = G->remaining = 0;
    return 0;
}

#define NEAR_MAX (3 * (2 * REACH_RUN + 3))

/* runs.Tables.near[a], the segments whose sticks may run differently once a stick whose first
 * segment is `a` lies there or leaves: on its line, REACH fields either side of it, and on the
 * two crossing lines at its covered crossings, REACH fields either side; returns how many. */
static int near_segments(int rows, int a, int *out) {
    int vbase = (COLUMNS - 1) * rows, vertical = a < vbase, n = 0;
    int line = vertical ? a / rows + 1 : (a - vbase) / COLUMNS + 1, start = vertical ? a % rows + 1 : (a - vbase) % COLUMNS + 1;
    for (int w = 0; w < 3; w++) {   /* its own line, then the lines crossing it after segments start, start + 1 */
        int on_vertical = w == 0 ? vertical : !vertical, l = w == 0 ? line : start + w - 1;
        int lo = w == 0 ? start - REACH_RUN : line + 1 - REACH_RUN, hi = w == 0 ? start + 2 + REACH_RUN : line + REACH_RUN;
        int len = on_vertical ? rows : COLUMNS;
        if (lo < 1) lo = 1;
        if (hi > len) hi = len;
        for (int j = lo; j <= hi; j++) out[n++] = on_vertical ? seg_v(rows, l, j) : seg_h(rows, l, j);
    }
    return n;
}

/* The runs of the sticks near a stick whose first segment is `a` measured again (what
 * runs.remeasure does after a slide; the runs of the other sticks cannot change). */
static void g_remeasure_near(game_t *G, int a) {
    int near[NEAR_MAX], n = near_segments(G->S.rows, a, near);
    for (int k = 0; k < n; k++) {
        int o = G->seg[near[k]];
        if (o >= 0) {
            G->runs[2 * o] = g_free_run(G, o, 0, REACH_RUN);
            G->runs[2 * o + 1] = g_free_run(G, o, 1, REACH_RUN);
        }
    }
}

/* a slide of stick `sid` by `by` (rules.IrrState._play with runs.slid) */
static void g_slide(game_t *G, int sid, int by) {
    int old = G->S.seg0[sid];
    g_shift(G, sid, by);
    G->zob ^= G->Z->stick[old] ^ G->Z->stick[G->S.seg0[sid]];
    g_remeasure_near(G, old);
    g_remeasure_near(G, G->S.seg0[sid]);
    G->used_sid[G->nused] = sid;
    G->used_sign[G->nused] = by > 0 ? 1 : -1;
    G->nused++;
    G->remaining -= by < 0 ? -by : by;
}

/* a legal Go from src to dst (flat fields): movement.resolve's effect played (movement.play,
 * runs.castles_moved), the win checked, the turn ended */
static int g_go(game_t *G, int src, int dst) {
    snap_t *S = &G->S;
    PyObject *side = sides[G->seat];
    int castle = -1, home = -1, conquers, event;
    if (!S->owner[src]) {
        int ci = S->castle_at[src], top = castle_top(S, ci);
        if (top < 0 && S->c_piece[ci]) home = ci;
        else {
            castle = top >= 0 ? top : ci;
            home = top >= 0 ? ci : -1;
        }
    }
    if (castle < 0) {
        event = S->owner[dst] != NULL;
        conquers = S->castle_at[dst];
        S->owner[dst] = NULL;   /* a capture */
        if (conquers >= 0) S->c_owner[conquers] = side;
        if (home >= 0) S->c_piece[home] = 0;
        else S->owner[src] = NULL;
        if (conquers >= 0) S->c_piece[conquers] = 1;
        else S->owner[dst] = side;
    } else {
        int dc = dst % COLUMNS + 1, dr = dst / COLUMNS + 1;
        const int fs[4] = {fidx(dc, dr), fidx(dc + 1, dr), fidx(dc, dr + 1), fidx(dc + 1, dr + 1)};
        conquers = -1;
        event = 0;
        for (int k = 0; k < 4; k++) {
            int at = S->castle_at[fs[k]];
            if (at >= 0 && at != castle) conquers = at;
            if (S->owner[fs[k]]) {
                S->owner[fs[k]] = NULL;
                event = 1;
            }
        }
        if (conquers >= 0) S->c_owner[conquers] = side;
        S->c_c[castle] = dc;
        S->c_r[castle] = dr;
        S->c_on[castle] = conquers;
        g_refresh_castles(G);
        g_measure(G);
    }
    event = event || conquers >= 0;
    int owned = 0;
    for (int i = 0; i < S->ncastles; i++) owned += S->c_owner[i] == side;
    if (owned == S->ncastles) G->outcome = G->seat, G->rule = R_CASTLES;
    return g_end_turn(G, event);
}

/* strategy.evaluate for `seat` (the game not over) */
static double g_evaluate(game_t *G, const masks_t *M, int seat) {
    const snap_t *S = &G->S;
    PyObject *me = sides[seat], *op = sides[seat ^ 1];
    int castles = 0, pieces = 0;
    for (int i = 0; i < S->ncastles; i++) {
        castles += (S->c_owner[i] == me) - (S->c_owner[i] == op);
        if (S->c_piece[i]) pieces += (S->c_owner[i] == me) - (S->c_owner[i] == op);
    }
    for (int f = 0; f < S->nf; f++) pieces += (S->owner[f] == me) - (S->owner[f] == op);
    double raw = 2.0 * (double)castles + 0.4 * (double)pieces
        + 1.5 * (closeness_of(S, M, me, 2) - closeness_of(S, M, op, 2));
    return 1.0 / (1.0 + exp(-raw));
}

/* Stick `sid` placed by its first segment: its start and length along its line, its first
 * covered crossing and the step to the next, and its segments and crossings marked. */
static int g_place(game_t *G, int sid) {
    int rows = G->S.rows, vbase = (COLUMNS - 1) * rows, a = G->S.seg0[sid], line, start;
    if (a < vbase) {
        line = a / rows + 1;
        start = a % rows + 1;
        G->len[sid] = rows;
        G->stride[sid] = 1;
        G->x0[sid] = (line - 1) * (rows - 1) + (start - 1);
    } else {
        line = (a - vbase) / COLUMNS + 1;
        start = (a - vbase) % COLUMNS + 1;
        G->len[sid] = COLUMNS;
        G->stride[sid] = rows - 1;
        G->x0[sid] = (start - 1) * (rows - 1) + (line - 1);
    }
    G->st[sid] = start;
    if (start > G->len[sid] - 2 || G->x0[sid] + G->stride[sid] >= G->ncross) {
        PyErr_SetString(PyExc_ValueError, "a stick runs off its line");
        return -1;
    }
    g_mark(G, sid, sid);
    return 0;
}

/* Read a Position's sticks, occupancy and castles into G, with its run table measured: the
 * sticks' places along their lines and the occupancy of segments and crossings follow from
 * their first segments (as Position.add_stick and shift keep them). */
static int g_read_board(game_t *G, PyObject *pos) {
    if (snap_read(&G->S, pos)) return -1;
    G->ncross = (COLUMNS - 1) * (G->S.rows - 1);
    memset(G->seg, -1, sizeof(short) * (size_t)G->S.nseg);
    memset(G->cross, -1, sizeof(short) * (size_t)G->ncross);
    for (int sid = 0; sid < G->S.nsticks; sid++)
        if (g_place(G, sid)) return -1;
    g_refresh_castles(G);
    return 0;
}

static int g_read_pos(game_t *G, PyObject *pos) {
    if (g_read_board(G, pos)) return -1;
    g_measure(G);
    return 0;
}

/* maze.legal_lays in the order of grid.Grid.all_sticks: the number of legal places, with the
 * first segment of each in `segs` and its index in all_sticks in `index` (`first_only`: stop
 * at the first). */
static int g_lays(const game_t *G, int first_only, int *segs, int *index) {
    int rows = G->S.rows, count = 0, k = 0;
    for (int d = 0; d < 2; d++) {   /* Dir.V, then Dir.H */
        int lines = d == 0 ? COLUMNS - 1 : rows - 1, length = d == 0 ? rows : COLUMNS;
        for (int line = 1; line <= lines; line++) {
            int first = d == 0 ? seg_v(rows, line, 1) : seg_h(rows, line, 1), filled = 0;
            for (int j = 0; j < length; j++) filled += G->seg[first + j] >= 0;
            for (int start = 1; start <= length - 2; start++, k++) {
                int a = first + start - 1;
                if (G->seg[a] >= 0 || G->seg[a + 1] >= 0 || G->seg[a + 2] >= 0) continue;
                int x = d == 0 ? (line - 1) * (rows - 1) + (start - 1) : (start - 1) * (rows - 1) + (line - 1);
                int y = d == 0 ? x + 1 : x + (rows - 1);
                if (G->cross[x] >= 0 || G->cross[y] >= 0) continue;
                if (G->block[a] || G->block[a + 1] || G->block[a + 2]) continue;
                if (filled + 3 >= length) continue;
                segs[count] = a;
                index[count++] = k;
                if (first_only) return count;
            }
        }
    }
    return count;
}

/* A stick laid on first segment `a` (rules.IrrState._play of a Lay): the turn passes, and once
 * all sticks lie or no place is left phase 2 starts (its repetition counts afresh). */
static int g_lay(game_t *G, int a) {
    int sid = G->S.nsticks, segs[1], index[1];
    if (sid >= MAX_STICKS) {
        PyErr_SetString(PyExc_ValueError, "too many sticks for the compiled core");
        return -1;
    }
    G->S.nsticks++;
    G->S.seg0[sid] = a;
    if (g_place(G, sid)) return -1;
    G->zob ^= G->Z->stick[a];
    G->seat ^= 1;
    if (G->S.nsticks < G->max_sticks && g_lays(G, 1, segs, index)) return 0;
    G->phase = 2;   /* rules.IrrState._start_phase_2: seen = {key: 1} */
    G->seen = NULL;
    g_forget(G);
    if (g_room(G)) return -1;
    uint64_t key = g_key(G);
    Py_ssize_t slot = g_slot(G, key);
    G->new_key[slot] = key;
    G->new_count[slot] = 1;
    G->nnew = 1;
    g_measure(G);
    g_start_turn(G);
    return 0;
}

/* A random legal lay (phase 1 of players.PlayoutPlayer: a random one of the listed moves). */
static int g_random_lay(game_t *G, PyObject *getrandbits) {
    static int segs[MAX_PLACES], index[MAX_PLACES];
    long j;
    int n = g_lays(G, 0, segs, index);
    if (n <= 0) {
        PyErr_SetString(PyExc_RuntimeError, "phase 1 with no place to lay a stick");
        return -1;
    }
    if (randbelow(getrandbits, n, &j)) return -1;
    return g_lay(G, segs[j]);
}

/* A random listed slide (choose_from(legal_moves()) in the slide step): the pick played. */
static int g_random_listed_slide(game_t *G, PyObject *getrandbits) {
    int sid, by;
    long j;
    int n = g_nth_slide(G, -1, &sid, &by);
    if (n <= 0) {
        PyErr_SetString(PyExc_RuntimeError, "no legal slide though some are due");
        return -1;
    }
    if (randbelow(getrandbits, n, &j)) return -1;
    g_nth_slide(G, j, &sid, &by);
    g_slide(G, sid, by);
    return 0;
}

/* The move step's legal moves (IrrState.legal_moves) into M; returns how many are listed: M's,
 * and EndTurn after them unless a leaving move exists (-1 on error). */
static int g_go_moves(game_t *G, movelist_t *M) {
    PyObject *side = sides[G->seat];
    M->n = 0;
    if (leaving_moves(&G->S, side, M)) return -1;
    if (M->n) return M->n;
    if (free_moves(&G->S, side, M)) return -1;
    return M->n + 1;
}

/* one step of players.PlayoutPlayer, played */
static int g_playout_step(game_t *G, PyObject *getrandbits) {
    int sid, by;
    long j;
    if (G->phase == 1) return g_random_lay(G, getrandbits);
    if (G->remaining > 0) {
        int got = g_random_slide(G, getrandbits, &sid, &by);
        if (got < 0) return -1;
        if (!got) return g_random_listed_slide(G, getrandbits);
        g_slide(G, sid, by);
        return 0;
    }
    static movelist_t M;
    int n = g_go_moves(G, &M);
    if (n < 0) return -1;
    if (n > 1) {   /* players._hit: a random conquest, else a random capture */
        for (int want = L_CONQUEST; want >= L_CAPTURE; want--) {
            int hits = 0;
            for (int k = 0; k < M.n; k++) {
                int s = M.src[k], d = M.dst[k];
                hits += move_label(&G->S, s % COLUMNS + 1, s / COLUMNS + 1, d % COLUMNS + 1, d / COLUMNS + 1) == want;
            }
            if (!hits) continue;
            if (randbelow(getrandbits, hits, &j)) return -1;
            for (int k = 0; k < M.n; k++) {
                int s = M.src[k], d = M.dst[k];
                if (move_label(&G->S, s % COLUMNS + 1, s / COLUMNS + 1, d % COLUMNS + 1, d / COLUMNS + 1) == want
                    && j-- == 0) return g_go(G, s, d);
            }
        }
    }
    if (randbelow(getrandbits, n, &j)) return -1;
    if (j == M.n) return g_end_turn(G, 0);   /* EndTurn */
    return g_go(G, M.src[j], M.dst[j]);
}

/* Read a Position's sticks, occupancy and castles into G, with its run table measured: the
 * sticks' places along their lines and the occupancy of segments and crossings follow from
 * their first segments (as Position.add_stick and shift keep them). */
/* The turn's slides so far (`used`: an iterable of stick ids, or of (id, sign) pairs) and the
 * banned directions (a dict id -> sign); 1 if there are more than the engine keeps. */
static int g_read_turn(game_t *G, PyObject *used, PyObject *banned) {
    PyObject *iter = PyObject_GetIter(used), *item;
    if (!iter) return -1;
    G->nused = 0;
    while ((item = PyIter_Next(iter))) {
        long a, b = 1;
        int bad = 0;
        if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 2)
            bad = as_int(PyTuple_GET_ITEM(item, 0), &a) || as_int(PyTuple_GET_ITEM(item, 1), &b);
        else
            bad = as_int(item, &a);
        Py_DECREF(item);
        if (bad) break;
        if (G->nused >= 3 || a < 0 || a >= G->S.nsticks) {
            PyErr_SetString(PyExc_ValueError, "more than 3 slides this turn, or no such stick");
            break;
        }
        G->used_sid[G->nused] = (int)a;
        G->used_sign[G->nused] = (int)b;
        G->nused++;
    }
    Py_DECREF(iter);
    if (PyErr_Occurred()) return -1;
    if (!PyDict_Check(banned)) {
        PyErr_SetString(PyExc_TypeError, "banned is not a dict");
        return -1;
    }
    if (PyDict_GET_SIZE(banned) > MAX_BANNED) return 1;
    Py_ssize_t it = 0;
    PyObject *key, *val;
    G->nbanned = 0;
    while (PyDict_Next(banned, &it, &key, &val)) {
        long a, b;
        if (as_int(key, &a) || as_int(val, &b)) return -1;
        G->ban_sid[G->nbanned] = (int)a;
        G->ban_sign[G->nbanned] = (int)b;
        G->nbanned++;
    }
    return 0;
}

/* Read an IrrState (fast path, not over) into G; 1 if it cannot be played here. */
static int g_read(game_t *G, PyObject *state, PyObject *tables) {
    PyObject *pos = PyObject_GetAttr(state, s_pos), *o = NULL, *b = NULL;
    int rc = -1, phase;
    if (!pos) return -1;
    if (attr_int(state, s_phase, &phase) || attr_int(state, s_remaining, &G->remaining)
        || attr_int(state, s_quiet, &G->quiet) || attr_int(state, s_turns, &G->turns)
        || attr_int(state, s_budget, &G->budget) || attr_int(state, s_quiet_limit, &G->quiet_limit)) goto done;
    if (phase < 1 || phase > 2 || G->budget > 3 || G->budget < 0) {
        rc = 1;
        goto done;
    }
    G->phase = phase;
    if (!(b = PyObject_GetAttr(state, s_board)) || attr_int(b, s_sticks, &G->max_sticks)) goto done;
    Py_CLEAR(b);
    if (g_read_pos(G, pos)) goto done;
    if (!(o = PyObject_GetAttr(state, s_to_move)) || (G->seat = seat_of(o)) < 0) goto done;
    Py_CLEAR(o);
    if (!(G->Z = ztab_for(G->S.rows, G->S.nseg, tables))) goto done;
    G->zob = 0;
    for (int i = 0; i < G->S.nsticks; i++) G->zob ^= G->Z->stick[G->S.seg0[i]];
    if (!(o = PyObject_GetAttr(state, s_used)) || !(b = PyObject_GetAttr(state, s_banned))) goto done;
    if ((rc = g_read_turn(G, o, b)) != 0) goto done;
    rc = -1;
    Py_CLEAR(o);
    if (!(o = PyObject_GetAttr(state, s_seen))) goto done;
    if (!PyDict_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "state.seen is not a dict");
        goto done;
    }
    G->seen = o;   /* the state holds it while the playout runs */
    g_forget(G);
    G->outcome = -1;
    rc = 0;
done:
    Py_XDECREF(o);
    Py_XDECREF(b);
    Py_DECREF(pos);
    return rc;
}

#define MAX_DRAWS (2 * MAX_STICKS * 3)

/* strategy.draw_slides on the run table: up to `wanted` different slides (stick ids and signed
 * fields into sids, bys) drawn uniformly among the candidates (every run counted up to the
 * fields remaining), a drawn one kept when the rest of the turn can still be slid after it;
 * returns how many (-1 on error). */
static int g_draw_slides(game_t *G, int wanted, PyObject *getrandbits, int *sids, int *bys) {
    char skip[2 * MAX_STICKS];
    static int ent[2 * MAX_STICKS], ends[2 * MAX_STICKS];
    static char drawn[MAX_DRAWS];
    int m = 0, total = 0, remaining = G->remaining, picked = 0;
    g_skipped(G, skip);
    for (int i = 0; i < 2 * G->S.nsticks; i++) {   /* runs.free_runs: the candidates run by run */
        int r = G->runs[i];
        if (!r || skip[i]) continue;
        ent[m] = i;
        total += r < remaining ? r : remaining;
        ends[m++] = total;
    }
    if (total > MAX_DRAWS) {
        PyErr_SetString(PyExc_ValueError, "too many slides to draw from");
        return -1;
    }
    memset(drawn, 0, (size_t)total);
    for (int ndrawn = 0; ndrawn < total && picked < wanted;) {
        long j;
        if (randbelow(getrandbits, total, &j)) return -1;
        if (drawn[j]) continue;
        drawn[j] = 1;
        ndrawn++;
        int r = 0;   /* bisect_right(ends, j) */
        while (ends[r] <= j) r++;
        int i = ent[r], sid = i >> 1, by = ((i & 1) ? -1 : 1) * (int)(j - (r ? ends[r - 1] : 0) + 1);
        int need = remaining - (by < 0 ? -by : by);
        if (need && !g_rest_after(G, skip, sid, by, need)) continue;
        sids[picked] = sid;
        bys[picked++] = by;
    }
    return picked;
}

/* CastlePlayer._best_slide: the index among the slides (sids, bys) that brings the mover's
 * pieces nearest and the enemy's farthest (closeness with the stick slid, the first best). */
static int g_best_slide(game_t *G, const int *sids, const int *bys, int n) {
    static masks_t M;
    snap_t *S = &G->S;
    PyObject *side = sides[G->seat], *other = sides[G->seat ^ 1];
    int best = 0;
    double best_value = -Py_HUGE_VAL;
    stick_masks(S, S->seg0, &M);
    for (int i = 0; i < n; i++) {
        int a = S->seg0[sids[i]];
        stick_mask(S->L, &M, a, 0);
        stick_mask(S->L, &M, a + bys[i], 1);
        double value = closeness_of(S, &M, side, 2) - 0.8 * closeness_of(S, &M, other, 2);
        stick_mask(S->L, &M, a + bys[i], 0);
        stick_mask(S->L, &M, a, 1);
        if (value > best_value) {
            best = i;
            best_value = value;
        }
    }
    return best;
}

/* Read a Position and the turn's used sticks and banned directions, with `remaining` fields due. */
static int g_read_slide_step(game_t *G, PyObject *pos, PyObject *used, PyObject *banned, int remaining) {
    if (g_read_pos(G, pos)) return -1;
    int got = g_read_turn(G, used, banned);
    if (got > 0) PyErr_SetString(PyExc_ValueError, "too many banned sticks for the compiled core");
    if (got) return -1;
    if (remaining < 1 || remaining > 3) {
        PyErr_SetString(PyExc_ValueError, "the fields due are not 1..3 (the run table's reach)");
        return -1;
    }
    G->remaining = remaining;
    return 0;
}

static PyObject *pairs_of(const int *sids, const int *bys, int n) {
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) {
        PyObject *pair = Py_BuildValue("(ii)", sids[i], bys[i]);
        if (!pair) Py_CLEAR(out);
        else PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

/* draw_slides(pos, used, banned, remaining, wanted, getrandbits): strategy.draw_slides' pairs */
static PyObject *py_draw_slides(PyObject *self, PyObject *args) {
    PyObject *pos, *used, *banned, *getrandbits;
    int remaining, wanted;
    static int sids[MAX_DRAWS], bys[MAX_DRAWS];
    static game_t G;
    if (!PyArg_ParseTuple(args, "OOOiiO", &pos, &used, &banned, &remaining, &wanted, &getrandbits)
        || g_read_slide_step(&G, pos, used, banned, remaining)) return NULL;
    int n = g_draw_slides(&G, wanted < MAX_DRAWS ? wanted : MAX_DRAWS, getrandbits, sids, bys);
    return n < 0 ? NULL : pairs_of(sids, bys, n);
}

/* castle_slide(pos, side, used, banned, remaining, wanted, getrandbits): CastlePlayer's slide
 * (draw_slides, then _best_slide) as a (stick id, fields) pair, or None when none was drawn */
static PyObject *py_castle_slide(PyObject *self, PyObject *args) {
    PyObject *pos, *side, *used, *banned, *getrandbits;
    int remaining, wanted;
    static int sids[MAX_DRAWS], bys[MAX_DRAWS];
    static game_t G;
    if (!PyArg_ParseTuple(args, "OOOOiiO", &pos, &side, &used, &banned, &remaining, &wanted, &getrandbits)
        || g_read_slide_step(&G, pos, used, banned, remaining) || (G.seat = seat_of(side)) < 0) return NULL;
    int n = g_draw_slides(&G, wanted < MAX_DRAWS ? wanted : MAX_DRAWS, getrandbits, sids, bys);
    if (n < 0) return NULL;
    if (!n) Py_RETURN_NONE;
    int best = g_best_slide(&G, sids, bys, n);
    return Py_BuildValue("(ii)", sids[best], bys[best]);
}

/* zobrist(pos, seat, tables): runs.zobrist(pos, Side(seat)) */
static PyObject *py_zobrist(PyObject *self, PyObject *args) {
    PyObject *pos, *tables;
    int seat;
    static game_t G;
    if (!PyArg_ParseTuple(args, "OiO", &pos, &seat, &tables) || snap_read(&G.S, pos)) return NULL;
    if (!(G.Z = ztab_for(G.S.rows, G.S.nseg, tables))) return NULL;
    G.seat = seat != 0;
    G.zob = 0;
    for (int i = 0; i < G.S.nsticks; i++) G.zob ^= G.Z->stick[G.S.seg0[i]];
    return PyLong_FromUnsignedLongLong(g_key(&G));
}


static PyObject **lay_cache[MAX_ROWS + 1][2];   /* per board length and seat: Lay(side, stick) made once */

static PyObject *lay_of(int rows, int seat, int k, PyObject *lay, PyObject *side, PyObject *stick) {
    if (k >= MAX_PLACES) {
        PyErr_SetString(PyExc_ValueError, "too many stick places");
        return NULL;
    }
    if (!lay_cache[rows][seat] && !(lay_cache[rows][seat] = PyMem_Calloc(MAX_PLACES, sizeof(PyObject *))))
        return PyErr_NoMemory();
    PyObject **slot = &lay_cache[rows][seat][k];
    if (!*slot) *slot = PyObject_CallFunctionObjArgs(lay, side, stick, NULL);
    return *slot;
}

/* maze.legal_lays: the legal places of `all_sticks` (grid.Grid.all_sticks, in its order); given
 * `lay`, `side` and `seat` (side.value), the moves `lay(side, stick)` instead (made once) */
static PyObject *py_legal_lays(PyObject *self, PyObject *args) {
    PyObject *pos, *all, *lay = NULL, *side = NULL, *out;
    int first_only, seat = 0;
    static game_t G;
    if (!PyArg_ParseTuple(args, "OO!p|OOi", &pos, &PyTuple_Type, &all, &first_only, &lay, &side, &seat)) return NULL;
    if (lay && (seat < 0 || seat > 1 || !side)) {
        PyErr_SetString(PyExc_ValueError, "a lay needs its side and seat 0 or 1");
        return NULL;
    }
    if (g_read_pos(&G, pos)) return NULL;
    int rows = G.S.rows, places = (COLUMNS - 1) * (rows - 2) + (rows - 1) * (COLUMNS - 2);
    static int segs[MAX_PLACES], index[MAX_PLACES];
    if (PyTuple_GET_SIZE(all) != places || places > MAX_PLACES) {
        PyErr_SetString(PyExc_ValueError, "all_sticks is not the grid's list of stick places");
        return NULL;
    }
    int n = g_lays(&G, first_only, segs, index);
    if (!(out = PyList_New(n))) return NULL;
    for (int i = 0; i < n; i++) {
        int k = index[i];
        PyObject *item = PyTuple_GET_ITEM(all, k);
        if (lay && !(item = lay_of(rows, seat, k, lay, side, item))) {
            Py_DECREF(out);
            return NULL;
        }
        Py_INCREF(item);
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

/* runs.slide_moves: the allowed slides of the turn as `Slide` moves, each stick's tuple of
 * them made once into `cache` (runs.Tables.slides[seat], by 8 * first segment + 4 * backward
 * + run) as runs._moves does */
static PyObject *py_slide_moves(PyObject *self, PyObject *args) {
    PyObject *pos, *side, *used, *banned, *cache, *slide, *sticks = NULL, *out = NULL;
    int remaining;
    if (!PyArg_ParseTuple(args, "OOOOiO!O", &pos, &side, &used, &banned, &remaining, &PyList_Type, &cache, &slide))
        return NULL;
    static game_t G;
    char skip[2 * MAX_STICKS];
    if (g_read_slide_step(&G, pos, used, banned, remaining)) return NULL;
    if (PyList_GET_SIZE(cache) < 8 * G.S.nseg) {
        PyErr_SetString(PyExc_ValueError, "a slide cache too short");
        return NULL;
    }
    if (!(sticks = get_list(pos, s_sticks)) || !(out = PyList_New(0))) goto fail;
    g_skipped(&G, skip);
    for (int i = 0; i < 2 * G.S.nsticks; i++) {
        int run = G.runs[i];
        if (!run || skip[i]) continue;
        if (run > remaining) run = remaining;
        int sid = i >> 1, sign = (i & 1) ? -1 : 1;
        Py_ssize_t at = 8 * G.S.seg0[sid] + 4 * (i & 1) + run;
        PyObject *moves = PyList_GET_ITEM(cache, at);
        if (moves == Py_None) {   /* runs._moves */
            if (!(moves = PyTuple_New(run))) goto fail;
            for (int k = 1; k <= run; k++) {
                PyObject *m = PyObject_CallFunction(slide, "OOi", side, PyList_GET_ITEM(sticks, sid), sign * k);
                if (!m) {
                    Py_DECREF(moves);
                    goto fail;
                }
                PyTuple_SET_ITEM(moves, k - 1, m);
            }
            if (PyList_SetItem(cache, at, moves)) goto fail;   /* steals the tuple */
        }
        if (!PyTuple_Check(moves) || PyTuple_GET_SIZE(moves) != run) {
            PyErr_SetString(PyExc_ValueError, "a slide cache entry of the wrong kind");
            goto fail;
        }
        for (int k = 1; k <= run; k++) {
            if (k < remaining && !g_rest_after(&G, skip, sid, sign * k, remaining - k)) continue;
            if (PyList_Append(out, PyTuple_GET_ITEM(moves, k - 1))) goto fail;
        }
    }
    Py_DECREF(sticks);
    return out;
fail:
    Py_XDECREF(sticks);
    Py_XDECREF(out);
    return NULL;
}

/* runs.run_table measured afresh: a new list, or written into `runs` (a list as long) in place.
 * The table is exact (every stick's free run, at most 3), so measuring every stick gives the
 * table runs.remeasure keeps up to date around a change. */
/* list[i] = v (a new reference to an int), 0 or -1 */
static int set_int(PyObject *list, Py_ssize_t i, long v) {
    if (i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_SetString(PyExc_IndexError, "a stick would leave its board");
        return -1;
    }
    PyObject *o = PyLong_FromLong(v);
    return o ? PyList_SetItem(list, i, o) : -1;
}

/* A Position's lists as runs.slid reads and writes them (borrowed from `l`). */
enum { P_START, P_SEG0, P_X0, P_LEN, P_STRIDE, P_SEG, P_CROSS, P_STICKS, P_RUNS, P_LISTS };

static long item(PyObject **l, int which, Py_ssize_t i) {
    return PyLong_AsLong(PyList_GET_ITEM(l[which], i));   /* the lists hold small ints */
}

/* sliding.free_run(pos, o, -1 if back else 1, REACH) on the Position's own lists */
static int list_free_run(PyObject **l, const char *block, int o, int back) {
    long start = item(l, P_START, o), a = item(l, P_SEG0, o), x = item(l, P_X0, o), stride = item(l, P_STRIDE, o);
    long room = back ? start - 1 : item(l, P_LEN, o) - start - 2, lim = room < REACH_RUN ? room : REACH_RUN;
    Py_ssize_t nseg = PyList_GET_SIZE(l[P_SEG]), ncross = PyList_GET_SIZE(l[P_CROSS]);
    for (long i = 1; i <= lim; i++) {
        long k = back ? a - i : a + 2 + i, c = back ? x - i * stride : x + (1 + i) * stride;
        if (k < 0 || k >= nseg || c < 0 || c >= ncross) return -1;
        if (block[k] || item(l, P_SEG, k) >= 0 || item(l, P_CROSS, c) >= 0) return (int)i - 1;
    }
    return (int)lim;
}

/* runs.remeasure of the sticks near a stick whose first segment is `a` (near_segments), on the
 * Position's lists: each run table entry that changed written */
static int list_remeasure_near(PyObject **l, const char *block, int rows, int a) {
    int near[NEAR_MAX], n = near_segments(rows, a, near);
    for (int k = 0; k < n; k++) {
        long o = item(l, P_SEG, near[k]);
        if (o < 0) continue;
        for (int back = 0; back < 2; back++) {
            int run = list_free_run(l, block, (int)o, back);
            if (run < 0) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a stick runs off its line");
                return -1;
            }
            if (item(l, P_RUNS, 2 * o + back) != run && set_int(l[P_RUNS], 2 * o + back, run)) return -1;
        }
    }
    return 0;
}

static PyObject *stick_cache[MAX_ROWS + 1][NSEG_MAX];   /* per board length and first segment: the Stick there */

/* slid(pos, sid, by, tables): runs.slid: stick `sid` slid by `by` fields (unchecked, as
 * Position.move_stick: its place in s_start, s_seg0, s_x0, the occupancy of seg and cross, the
 * Stick in sticks, one object per place), the sticks' Zobrist code brought up to date and the
 * run table measured again around the stick's old and new place (runs.remeasure) */
static PyObject *py_slid(PyObject *self, PyObject *args) {
    PyObject *pos, *tables, *names[P_LISTS] = {s_s_start, s_s_seg0, s_s_x0, s_s_len, s_s_stride, s_seg, s_cross,
                                                s_sticks, s_runs};
    PyObject *l[P_LISTS] = {NULL}, *zob = NULL, *block = NULL, *out = NULL;
    int sid, by;
    if (!PyArg_ParseTuple(args, "OiiO", &pos, &sid, &by, &tables)) return NULL;
    for (int k = 0; k < P_LISTS; k++) {
        if (k == P_RUNS) {
            if (!(l[k] = PyObject_GetAttr(pos, s_runs))) goto done;
            if (l[k] == Py_None) continue;
        }
        if (!(l[k] = k == P_RUNS ? l[k] : get_list(pos, names[k]))) goto done;
        if (!PyList_Check(l[k])) {
            PyErr_SetString(PyExc_TypeError, "a Position list attribute is not a list");
            goto done;
        }
    }
    Py_ssize_t nsticks = PyList_GET_SIZE(l[P_SEG0]), nseg = PyList_GET_SIZE(l[P_SEG]);
    int rows = (int)((nseg + COLUMNS) / (2 * COLUMNS - 1));
    if (sid < 0 || sid >= nsticks || PyList_GET_SIZE(l[P_STICKS]) != nsticks || rows < 1 || rows > MAX_ROWS
        || (2 * COLUMNS - 1) * rows - COLUMNS != nseg || (l[P_RUNS] != Py_None && PyList_GET_SIZE(l[P_RUNS]) != 2 * nsticks)) {
        PyErr_SetString(PyExc_ValueError, "no such stick, or a Position's lists out of step");
        goto done;
    }
    long start = item(l, P_START, sid), a = item(l, P_SEG0, sid), x = item(l, P_X0, sid), stride = item(l, P_STRIDE, sid);
    long a2 = a + by, x2 = x + by * stride;
    if (PyErr_Occurred()) goto done;
    if (a2 < 0 || a2 + 2 >= nseg) {
        PyErr_SetString(PyExc_ValueError, "a stick would leave its board");
        goto done;
    }
    /* Position.shift: unmarked, moved, marked again */
    for (int k = 0; k < 3; k++)
        if (set_int(l[P_SEG], a + k, -1)) goto done;
    if (set_int(l[P_CROSS], x, -1) || set_int(l[P_CROSS], x + stride, -1)) goto done;
    for (int k = 0; k < 3; k++)
        if (set_int(l[P_SEG], a2 + k, sid)) goto done;
    if (set_int(l[P_CROSS], x2, sid) || set_int(l[P_CROSS], x2 + stride, sid)) goto done;
    if (set_int(l[P_START], sid, start + by) || set_int(l[P_SEG0], sid, a2) || set_int(l[P_X0], sid, x2)) goto done;
    PyObject **there = &stick_cache[rows][a2];   /* Stick.moved, made once per place */
    if (!*there && !(*there = PyObject_CallMethod(PyList_GET_ITEM(l[P_STICKS], sid), "moved", "i", by))) goto done;
    Py_INCREF(*there);
    if (PyList_SetItem(l[P_STICKS], sid, *there)) goto done;
    if (!(zob = PyObject_GetAttr(pos, s_zob))) goto done;
    if (zob != Py_None) {
        const ztab_t *Z = ztab_for(rows, (int)nseg, tables);
        uint64_t z = PyLong_AsUnsignedLongLong(zob);
        if (!Z || (z == (uint64_t)-1 && PyErr_Occurred())) goto done;
        PyObject *v = PyLong_FromUnsignedLongLong(z ^ Z->stick[a] ^ Z->stick[a2]);
        if (!v || PyObject_SetAttr(pos, s_zob, v)) {
            Py_XDECREF(v);
            goto done;
        }
        Py_DECREF(v);
    }
    if (l[P_RUNS] != Py_None) {
        if (!(block = PyObject_GetAttr(pos, s_castle_block))) goto done;
        static char blocked[NSEG_MAX];   /* pos.castle_block as flags */
        PyObject *it = PyObject_GetIter(block), *key;
        if (!it) goto done;
        memset(blocked, 0, (size_t)nseg);
        while ((key = PyIter_Next(it))) {
            long k = PyLong_AsLong(key);
            Py_DECREF(key);
            if (k == -1 && PyErr_Occurred()) break;
            if (k >= 0 && k < nseg) blocked[k] = 1;
        }
        Py_DECREF(it);
        if (PyErr_Occurred()) goto done;
        if (list_remeasure_near(l, blocked, rows, (int)a) || list_remeasure_near(l, blocked, rows, (int)a2)) goto done;
    }
    out = Py_NewRef(Py_None);
done:
    for (int k = 0; k < P_LISTS; k++) Py_XDECREF(l[k]);
    Py_XDECREF(zob);
    Py_XDECREF(block);
    return out;
}

static PyObject *py_measure(PyObject *self, PyObject *args) {
    PyObject *pos, *runs = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &pos, &runs)) return NULL;
    static game_t G;
    if (g_read_pos(&G, pos)) return NULL;
    Py_ssize_t n = 2 * G.S.nsticks;
    int fresh = runs == Py_None;
    if (fresh) {
        if (!(runs = PyList_New(n))) return NULL;
    } else if (!PyList_Check(runs) || PyList_GET_SIZE(runs) != n) {
        PyErr_SetString(PyExc_ValueError, "the run table is not a list of two entries per stick");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(G.runs[i]);
        if (!v) {
            if (fresh) Py_DECREF(runs);
            return NULL;
        }
        if (fresh) PyList_SET_ITEM(runs, i, v);
        else if (PyList_SetItem(runs, i, v)) return NULL;
    }
    if (fresh) return runs;
    Py_RETURN_NONE;
}

/* One engine step of a uniformly random player: the legal moves listed (IrrState.legal_moves)
 * and the one `rng.randrange(len(moves))` picks played. */
static int g_random_step(game_t *G, PyObject *getrandbits) {
    if (G->remaining > 0) return g_random_listed_slide(G, getrandbits);
    static movelist_t M;
    long j;
    int n = g_go_moves(G, &M);
    if (n < 0 || randbelow(getrandbits, n, &j)) return -1;
    if (j == M.n) return g_end_turn(G, 0);
    return g_go(G, M.src[j], M.dst[j]);
}

/* random_game(state, getrandbits, tables): the rest of a phase-2 game between uniformly random
 * players (bench/bench_irr's loop: list the legal moves, play a random one) on a copy; returns
 * (steps, winner seat or -1, ending id, phase-2 turns), or None where the engine here does not
 * serve the state (phase 1, a slide budget beyond the run table). */
static PyObject *py_random_game(PyObject *self, PyObject *args) {
    PyObject *state, *getrandbits, *tables, *outcome;
    if (!PyArg_ParseTuple(args, "OOO", &state, &getrandbits, &tables)) return NULL;
    if (!sides[0] || !sides[1]) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled core is not bound to the sides");
        return NULL;
    }
    if (!(outcome = PyObject_GetAttr(state, s_outcome))) return NULL;
    Py_DECREF(outcome);
    if (outcome != Py_None) Py_RETURN_NONE;
    static game_t G;
    int got = g_read(&G, state, tables);
    if (got < 0) return NULL;
    if (got > 0 || G.phase != 2) Py_RETURN_NONE;
    long steps = 0;
    for (; G.outcome < 0; steps++)
        if (g_random_step(&G, getrandbits)) return NULL;
    return Py_BuildValue("(lisi)", steps, G.outcome < 2 ? G.outcome : -1, RULES[G.rule], G.turns);
}

static PyObject *py_playout(PyObject *self, PyObject *args) {
    PyObject *state, *getrandbits, *tables, *outcome;
    int limit;
    if (!PyArg_ParseTuple(args, "OOiO", &state, &getrandbits, &limit, &tables)) return NULL;
    if (!sides[0] || !sides[1]) {
        PyErr_SetString(PyExc_RuntimeError, "the compiled core is not bound to the sides");
        return NULL;
    }
    if (!(outcome = PyObject_GetAttr(state, s_outcome))) return NULL;
    Py_DECREF(outcome);
    if (outcome != Py_None) Py_RETURN_NONE;   /* an ended game: the caller scores it */
    static game_t G;
    int got = g_read(&G, state, tables);
    if (got < 0) return NULL;
    if (got > 0) Py_RETURN_NONE;
    for (int steps = 0; G.outcome < 0 && steps < limit; steps++)
        if (g_playout_step(&G, getrandbits)) return NULL;
    double v0, v1;
    if (G.outcome >= 0) {
        v0 = G.outcome == 2 ? 0.5 : G.outcome == 0 ? 1.0 : 0.0;
        v1 = G.outcome == 2 ? 0.5 : G.outcome == 1 ? 1.0 : 0.0;
    } else {
        static masks_t M;
        stick_masks(&G.S, G.S.seg0, &M);
        v0 = g_evaluate(&G, &M, 0);
        v1 = g_evaluate(&G, &M, 1);
    }
    return Py_BuildValue("[dd]", v0, v1);
}

static PyObject *py_bind(PyObject *self, PyObject *args) {
    PyObject *go, *red, *blue;
    if (!PyArg_ParseTuple(args, "OOO", &go, &red, &blue)) return NULL;
    Py_INCREF(go);
    Py_XSETREF(go_type, go);
    Py_INCREF(red);
    Py_XSETREF(sides[0], red);
    Py_INCREF(blue);
    Py_XSETREF(sides[1], blue);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"closeness", py_closeness, METH_VARARGS, "strategy.closeness(pos, side, through)"},
    {"flat_distances", py_flat_distances, METH_VARARGS, "strategy._flat_distances(pos, goals, through)"},
    {"best_go", py_best_go, METH_VARARGS, "the index strategy.best_go picks among `order`"},
    {"best_slide", py_best_slide, METH_VARARGS, "the index CastlePlayer._best_slide picks"},
    {"legal_lays", py_legal_lays, METH_VARARGS, "maze.legal_lays(pos, all_sticks, first_only)"},
    {"draw_slides", py_draw_slides, METH_VARARGS, "strategy.draw_slides on the run table"},
    {"castle_slide", py_castle_slide, METH_VARARGS, "CastlePlayer's slide: draw_slides and _best_slide"},
    {"zobrist", py_zobrist, METH_VARARGS, "runs.zobrist(pos, Side(seat)) with runs.tables_for's codes"},
    {"go_moves", py_go_moves, METH_VARARGS, "rules.IrrState.legal_moves after the slides"},
    {"field_moves", py_field_moves, METH_VARARGS, "movement.leaving_moves / free_moves"},
    {"slid", py_slid, METH_VARARGS, "runs.slid(pos, sid, by) (slid(pos, sid, by, tables))"},
    {"measure", py_measure, METH_VARARGS, "runs.run_table measured afresh (measure(pos[, runs]))"},
    {"slide_moves", py_slide_moves, METH_VARARGS, "runs.slide_moves(pos, side, used, banned, remaining, cache, Slide)"},
    {"random_game", py_random_game, METH_VARARGS, "random_game(state, getrandbits, tables): a random phase 2"},
    {"order_moves", py_order_moves, METH_VARARGS, "order_moves(pos, moves): hooks.expansion_order's sort, in place"},
    {"shuffle", py_shuffle, METH_VARARGS, "shuffle(list, getrandbits): random.shuffle's draws and order"},
    {"playout", py_playout, METH_VARARGS, "playout(state, getrandbits, limit, tables): mcts._playout's values"},
    {"bind", py_bind, METH_VARARGS, "bind(Go, Side.RED, Side.BLUE): the move type and the sides"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core", "Irrläufer's compiled core (see _core.c).", -1, methods,
};

PyMODINIT_FUNC PyInit__core(void) {
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_board, "board"); INTERN(s_rows, "rows"); INTERN(s_s_seg0, "s_seg0"); INTERN(s_pieces, "pieces");
    INTERN(s_c_owner, "c_owner"); INTERN(s_c_on, "c_on"); INTERN(s_c_piece, "c_piece"); INTERN(s_c_pos, "c_pos");
    INTERN(s_castle_at, "castle_at"); INTERN(s_src, "src"); INTERN(s_dst, "dst");
    INTERN(s_s_start, "s_start"); INTERN(s_s_len, "s_len");
    INTERN(s_s_x0, "s_x0"); INTERN(s_s_stride, "s_stride");
    INTERN(s_seg, "seg"); INTERN(s_cross, "cross"); INTERN(s_castle_block, "castle_block");
    INTERN(s_capture_own, "capture_own");
    INTERN(s_pos, "pos"); INTERN(s_to_move, "to_move"); INTERN(s_phase, "phase"); INTERN(s_remaining, "remaining");
    INTERN(s_used, "used"); INTERN(s_banned, "banned"); INTERN(s_quiet, "quiet"); INTERN(s_seen, "seen");
    INTERN(s_outcome, "outcome"); INTERN(s_turns, "turns"); INTERN(s_budget, "budget");
    INTERN(s_quiet_limit, "quiet_limit"); INTERN(s_zob, "zob"); INTERN(s_runs, "runs"); INTERN(s_z_stick, "z_stick");
    INTERN(s_z_piece, "z_piece"); INTERN(s_z_castle, "z_castle"); INTERN(s_z_blue, "z_blue");
    INTERN(s_sticks, "sticks");
#undef INTERN
    return PyModule_Create(&module);
}
