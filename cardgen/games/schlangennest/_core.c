/* Schlangennest's compiled core: the legal cards of a decision, and the `room` player's values of
 * them, each in one call (cardgen/native.py; the pure-Python references are
 * legality.placement_problem and strategy.seat_value on a copy of the state with the move played).
 *
 * The board stays the Python `NestState` (cells, port_at, chains, hands); this module only reads
 * it, so a state is the same whichever core plays.
 *
 * `seat_value(state, seat)` is strategy.seat_value. `place_values(state, seat, places)` gives,
 * for each card laid (colour, card, x, y, rotation), the seat's value right after it without
 * laying it: the chains the card's parts would join are merged on the side (parts, caps, free
 * ports), the hand loses the card and the bounding box grows. Nothing else the move changes
 * reaches a value: the turn order may mark a loop finished for good (`dead`), but a loop is worth
 * its parts either way. A move that would join two snakes (not a legal move) gets None: the caller
 * plays it on a copy and asks `seat_value` of it.
 *
 * `places_legal(state, places)` is legality.placement_problem(...) is None for each card, from
 * the same merged chains: the area, `joins-snakes`, `double-crossing`; it answers None (the
 * caller asks the reference) where a card of three or more parts is laid or on the board
 * (`three-snakes`) or the curve guard must be tried on a copy.
 *
 * Every value is a sum of small whole numbers and halves of them, so the doubles are exact and the
 * order of the additions cannot change a value.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define BODY 0
#define REACH 6
#define PER_CARD 2.0
#define PER_END 2.0
#define RIVALS 0.5
#define MAX_PARTS 4
#define MAX_LINKS 8

static const int DX[4] = {0, 1, 0, -1};
static const int DY[4] = {-1, 0, 1, 0};

typedef struct {
    long x, y;
    int e;
} Port;

/* One chain as read from the state's Chain object. */
typedef struct {
    long id, owner;
    long score; /* its parts, or its coloured parts under snake_score = "coloured" */
    long caps;
    Py_ssize_t nfree;
    Port *free;
} ChainInfo;

/* The laid cells as an open-addressing set of (x, y). */
typedef struct {
    size_t mask;
    long *xs, *ys;
    unsigned char *used;
} Cells;

typedef struct {
    PyObject *state, *port_at, *chain_of, *chains, *part_colour;
    Cells cells;
    int ncolours, ncards, nseats;
    long *snake;
    int *dead;
    long *hands; /* ncolours x ncards */
    int *counted;
    int *seat_start, *seat_colours; /* seat s plays seat_colours[seat_start[s] .. seat_start[s + 1]) */
    int area_applies; /* the first counted card kind exists (strategy.colour_value's `body`) */
    int has_box, has_area, has_bbox, coloured;
    long box[4], area[2], bbox[4];
    ChainInfo **cache; /* each entry allocated on its own: a View keeps pointers to entries while the cache grows */
    int ncache, capcache;
} Ctx;

/* One colour's snake as it would be: the chains it joins, the new card's free ports, its totals. */
typedef struct {
    int present, claimed; /* claimed: the view is a chain the new card forms */
    long score, caps;
    Py_ssize_t nfree;
    int nchains;
    ChainInfo *chains[MAX_LINKS];
    int nnew;
    Port fresh[4];
} View;

/* The card being laid, if any (the hypothetical board: the cells and bounding box with it). */
typedef struct {
    int active;
    int colour, card;
    long x, y;
} Hyp;

/* ------------------------------------------------------------------ reading the state */

static size_t cell_slot(const Cells *cs, long x, long y) {
    size_t h = ((size_t)x * 73856093u) ^ ((size_t)y * 19349663u);
    return h & cs->mask;
}

static int cells_read(PyObject *cells, Cells *cs) {
    size_t cap = 16;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    if (!PyDict_Check(cells)) {
        PyErr_SetString(PyExc_TypeError, "schlangennest core: state.cells is not a dict");
        return -1;
    }
    while (cap < (size_t)PyDict_GET_SIZE(cells) * 2 + 2)
        cap *= 2;
    cs->mask = cap - 1;
    cs->xs = PyMem_Calloc(cap, sizeof(long));
    cs->ys = PyMem_Calloc(cap, sizeof(long));
    cs->used = PyMem_Calloc(cap, 1);
    if (cs->xs == NULL || cs->ys == NULL || cs->used == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    while (PyDict_Next(cells, &pos, &key, &value)) {
        long x, y;
        size_t i;
        if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2) {
            PyErr_SetString(PyExc_TypeError, "schlangennest core: state.cells keys are (x, y)");
            return -1;
        }
        x = PyLong_AsLong(PyTuple_GET_ITEM(key, 0));
        y = PyLong_AsLong(PyTuple_GET_ITEM(key, 1));
        if (PyErr_Occurred())
            return -1;
        for (i = cell_slot(cs, x, y); cs->used[i]; i = (i + 1) & cs->mask)
            ;
        cs->used[i] = 1;
        cs->xs[i] = x;
        cs->ys[i] = y;
    }
    return 0;
}

static int cells_has(const Cells *cs, long x, long y) {
    size_t i;
    for (i = cell_slot(cs, x, y); cs->used[i]; i = (i + 1) & cs->mask)
        if (cs->xs[i] == x && cs->ys[i] == y)
            return 1;
    return 0;
}

static PyObject *attr(PyObject *obj, const char *name) { return PyObject_GetAttrString(obj, name); }

/* A sequence attribute as a new reference to a tuple or list (TypeError otherwise). */
static PyObject *seq_attr(PyObject *obj, const char *name) {
    PyObject *v = attr(obj, name);
    if (v != NULL && !PyList_Check(v) && !PyTuple_Check(v)) {
        PyErr_Format(PyExc_TypeError, "schlangennest core: %s is not a list or tuple", name);
        Py_DECREF(v);
        return NULL;
    }
    return v;
}

static long seq_long(PyObject *seq, Py_ssize_t i) {
    PyObject *v = PySequence_Fast_GET_ITEM(seq, i);
    return PyLong_AsLong(v);
}

/* The n longs of an n-tuple attribute into out; 0 if the attribute is None (nothing written). */
static int box_attr(PyObject *obj, const char *name, long *out, int n) {
    PyObject *v = attr(obj, name);
    int i;
    if (v == NULL)
        return -1;
    if (v == Py_None) {
        Py_DECREF(v);
        return 0;
    }
    if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != n) {
        PyErr_Format(PyExc_TypeError, "schlangennest core: %s is not a %d-tuple", name, n);
        Py_DECREF(v);
        return -1;
    }
    for (i = 0; i < n; i++)
        out[i] = PyLong_AsLong(PyTuple_GET_ITEM(v, i));
    Py_DECREF(v);
    return PyErr_Occurred() ? -1 : 1;
}

static void ctx_release(Ctx *cx) {
    int i;
    for (i = 0; i < cx->ncache; i++) {
        PyMem_Free(cx->cache[i]->free);
        PyMem_Free(cx->cache[i]);
    }
    PyMem_Free(cx->cache);
    PyMem_Free(cx->cells.xs);
    PyMem_Free(cx->cells.ys);
    PyMem_Free(cx->cells.used);
    PyMem_Free(cx->snake);
    PyMem_Free(cx->dead);
    PyMem_Free(cx->hands);
    PyMem_Free(cx->counted);
    PyMem_Free(cx->seat_start);
    PyMem_Free(cx->seat_colours);
    Py_XDECREF(cx->port_at);
    Py_XDECREF(cx->chain_of);
    Py_XDECREF(cx->chains);
    Py_XDECREF(cx->part_colour);
}

static int rules_read(Ctx *cx, PyObject *rules) {
    PyObject *counted = NULL, *seats = NULL, *options = NULL, *flag = NULL;
    Py_ssize_t i, j, total = 0;
    int first_counted = -1, ok = -1;
    counted = seq_attr(rules, "counted");
    seats = seq_attr(rules, "seats");
    if (counted == NULL || seats == NULL)
        goto done;
    cx->ncards = (int)PySequence_Fast_GET_SIZE(counted);
    cx->nseats = (int)PySequence_Fast_GET_SIZE(seats);
    cx->counted = PyMem_Calloc((size_t)cx->ncards + 1, sizeof(int));
    cx->seat_start = PyMem_Calloc((size_t)cx->nseats + 1, sizeof(int));
    if (cx->counted == NULL || cx->seat_start == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < cx->ncards; i++) {
        int t = PyObject_IsTrue(PySequence_Fast_GET_ITEM(counted, i));
        if (t < 0)
            goto done;
        cx->counted[i] = t;
        if (t && first_counted < 0)
            first_counted = (int)i;
    }
    cx->area_applies = first_counted >= 0;
    for (i = 0; i < cx->nseats; i++) {
        PyObject *s = PySequence_Fast_GET_ITEM(seats, i);
        if (!PyTuple_Check(s)) {
            PyErr_SetString(PyExc_TypeError, "schlangennest core: rules.seats holds tuples");
            goto done;
        }
        total += PyTuple_GET_SIZE(s);
    }
    cx->seat_colours = PyMem_Calloc((size_t)total + 1, sizeof(int));
    if (cx->seat_colours == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    total = 0;
    for (i = 0; i < cx->nseats; i++) {
        PyObject *s = PySequence_Fast_GET_ITEM(seats, i);
        cx->seat_start[i] = (int)total;
        for (j = 0; j < PyTuple_GET_SIZE(s); j++) {
            long c = PyLong_AsLong(PyTuple_GET_ITEM(s, j));
            if (c < 0 || c >= cx->ncolours) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "schlangennest core: a seat names an unknown colour");
                goto done;
            }
            cx->seat_colours[total++] = (int)c;
        }
    }
    cx->seat_start[cx->nseats] = (int)total;
    cx->has_box = box_attr(rules, "fixed_box", cx->box, 4);
    if (cx->has_box < 0)
        goto done;
    options = attr(rules, "options");
    if (options == NULL)
        goto done;
    cx->has_area = box_attr(options, "area", cx->area, 2);
    if (cx->has_area < 0)
        goto done;
    flag = attr(rules, "coloured_score");
    if (flag == NULL || (cx->coloured = PyObject_IsTrue(flag)) < 0)
        goto done;
    ok = 0;
done:
    Py_XDECREF(counted);
    Py_XDECREF(seats);
    Py_XDECREF(options);
    Py_XDECREF(flag);
    return ok;
}

static int ctx_read(Ctx *cx, PyObject *state) {
    PyObject *rules = NULL, *snake = NULL, *dead = NULL, *hands = NULL, *cells = NULL;
    Py_ssize_t c, k;
    int ok = -1;
    memset(cx, 0, sizeof(*cx));
    cx->state = state;
    snake = seq_attr(state, "snake");
    dead = seq_attr(state, "dead");
    hands = seq_attr(state, "hands");
    rules = attr(state, "rules");
    cells = attr(state, "cells");
    cx->port_at = attr(state, "port_at");
    cx->chain_of = seq_attr(state, "chain_of");
    cx->chains = attr(state, "chains");
    cx->part_colour = seq_attr(state, "part_colour");
    if (snake == NULL || dead == NULL || hands == NULL || rules == NULL || cells == NULL || cx->port_at == NULL
        || cx->chain_of == NULL || cx->chains == NULL || cx->part_colour == NULL)
        goto done;
    if (!PyDict_Check(cx->port_at) || !PyDict_Check(cx->chains)) {
        PyErr_SetString(PyExc_TypeError, "schlangennest core: port_at and chains are dicts");
        goto done;
    }
    cx->ncolours = (int)PySequence_Fast_GET_SIZE(snake);
    if (PySequence_Fast_GET_SIZE(dead) != cx->ncolours || PySequence_Fast_GET_SIZE(hands) != cx->ncolours) {
        PyErr_SetString(PyExc_ValueError, "schlangennest core: snake, dead and hands differ in length");
        goto done;
    }
    if (rules_read(cx, rules) < 0 || cells_read(cells, &cx->cells) < 0)
        goto done;
    cx->snake = PyMem_Calloc((size_t)cx->ncolours + 1, sizeof(long));
    cx->dead = PyMem_Calloc((size_t)cx->ncolours + 1, sizeof(int));
    cx->hands = PyMem_Calloc((size_t)cx->ncolours * (size_t)cx->ncards + 1, sizeof(long));
    if (cx->snake == NULL || cx->dead == NULL || cx->hands == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (c = 0; c < cx->ncolours; c++) {
        PyObject *hand = PySequence_Fast_GET_ITEM(hands, c);
        int d = PyObject_IsTrue(PySequence_Fast_GET_ITEM(dead, c));
        if (d < 0)
            goto done;
        cx->dead[c] = d;
        cx->snake[c] = seq_long(snake, c);
        if (!PyList_Check(hand) || PyList_GET_SIZE(hand) != cx->ncards) {
            PyErr_SetString(PyExc_ValueError, "schlangennest core: a hand is not a list of the card kinds");
            goto done;
        }
        for (k = 0; k < cx->ncards; k++)
            cx->hands[c * cx->ncards + k] = PyLong_AsLong(PyList_GET_ITEM(hand, k));
    }
    if (PyErr_Occurred())
        goto done;
    cx->has_bbox = box_attr(state, "bbox", cx->bbox, 4);
    if (cx->has_bbox < 0)
        goto done;
    ok = 0;
done:
    Py_XDECREF(rules);
    Py_XDECREF(snake);
    Py_XDECREF(dead);
    Py_XDECREF(hands);
    Py_XDECREF(cells);
    return ok;
}

/* Chain `id` of the state (read once per call, then kept). */
static ChainInfo *chain_get(Ctx *cx, long id) {
    PyObject *key, *chain, *parts = NULL, *free = NULL, *caps = NULL, *owner = NULL, *iter = NULL, *port;
    ChainInfo *ch;
    Py_ssize_t i, n;
    int j;
    for (j = 0; j < cx->ncache; j++)
        if (cx->cache[j]->id == id)
            return cx->cache[j];
    if (cx->ncache == cx->capcache) {
        int cap = cx->capcache ? 2 * cx->capcache : 16;
        ChainInfo **grown = PyMem_Realloc(cx->cache, (size_t)cap * sizeof(ChainInfo *));
        if (grown == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        cx->cache = grown;
        cx->capcache = cap;
    }
    key = PyLong_FromLong(id);
    if (key == NULL)
        return NULL;
    chain = PyDict_GetItemWithError(cx->chains, key); /* borrowed */
    Py_DECREF(key);
    if (chain == NULL) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_KeyError, "schlangennest core: no chain %ld", id);
        return NULL;
    }
    ch = PyMem_Calloc(1, sizeof(ChainInfo));
    if (ch == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    ch->id = id;
    parts = attr(chain, "parts");
    free = attr(chain, "free");
    caps = attr(chain, "caps");
    owner = attr(chain, "owner");
    if (parts == NULL || free == NULL || caps == NULL || owner == NULL)
        goto fail;
    if (!PyList_Check(parts) || !PyAnySet_Check(free)) {
        PyErr_SetString(PyExc_TypeError, "schlangennest core: a chain's parts is a list, its free ports a set");
        goto fail;
    }
    ch->caps = PyLong_AsLong(caps);
    ch->owner = PyLong_AsLong(owner);
    n = PyList_GET_SIZE(parts);
    if (cx->coloured) {
        ch->score = 0;
        for (i = 0; i < n; i++) {
            long p = PyLong_AsLong(PyList_GET_ITEM(parts, i));
            if (p < 0 || p >= PySequence_Fast_GET_SIZE(cx->part_colour)) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "schlangennest core: a part beyond part_colour");
                goto fail;
            }
            ch->score += seq_long(cx->part_colour, p) >= 0;
        }
    } else {
        ch->score = (long)n;
    }
    ch->free = PyMem_Calloc((size_t)PySet_GET_SIZE(free) + 1, sizeof(Port));
    if (ch->free == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    iter = PyObject_GetIter(free);
    if (iter == NULL)
        goto fail;
    while ((port = PyIter_Next(iter)) != NULL) {
        int bad = !PyTuple_Check(port) || PyTuple_GET_SIZE(port) != 3 || ch->nfree >= PySet_GET_SIZE(free);
        if (!bad) {
            ch->free[ch->nfree].x = PyLong_AsLong(PyTuple_GET_ITEM(port, 0));
            ch->free[ch->nfree].y = PyLong_AsLong(PyTuple_GET_ITEM(port, 1));
            ch->free[ch->nfree].e = (int)(PyLong_AsLong(PyTuple_GET_ITEM(port, 2)) & 3);
            ch->nfree++;
        }
        Py_DECREF(port);
        if (bad) {
            PyErr_SetString(PyExc_TypeError, "schlangennest core: a free port is (x, y, edge)");
            goto fail;
        }
    }
    if (PyErr_Occurred())
        goto fail;
    Py_DECREF(iter);
    Py_DECREF(parts);
    Py_DECREF(free);
    Py_DECREF(caps);
    Py_DECREF(owner);
    cx->cache[cx->ncache++] = ch;
    return ch;
fail:
    PyMem_Free(ch->free);
    PyMem_Free(ch);
    Py_XDECREF(iter);
    Py_XDECREF(parts);
    Py_XDECREF(free);
    Py_XDECREF(caps);
    Py_XDECREF(owner);
    return NULL;
}

/* ------------------------------------------------------------------ the evaluation */

static int occupied(const Ctx *cx, const Hyp *h, long x, long y) {
    return (h->active && h->x == x && h->y == y) || cells_has(&cx->cells, x, y);
}

/* legality.area_problem is None for a body card on (x, y), with the bounding box `bb` (or none). */
static int area_fits(const Ctx *cx, int has_bb, const long bb[4], long x, long y) {
    long w, h, W, H;
    if (!cx->area_applies)
        return 1;
    if (cx->has_box)
        return cx->box[0] <= x && x <= cx->box[2] && cx->box[1] <= y && y <= cx->box[3];
    if (!cx->has_area || !has_bb)
        return 1;
    w = (bb[2] > x ? bb[2] : x) - (bb[0] < x ? bb[0] : x) + 1;
    h = (bb[3] > y ? bb[3] : y) - (bb[1] < y ? bb[1] : y) + 1;
    W = cx->area[0];
    H = cx->area[1];
    return (w <= W && h <= H) || (w <= H && h <= W);
}

/* strategy._room: empty cells a body card may fill reachable from (x, y), at most REACH (the
 * reference's depth-first count stops at REACH or at the whole region, whichever is smaller). */
static long room(const Ctx *cx, const Hyp *h, int has_bb, const long bb[4], long x, long y) {
    long qx[4 * REACH + 4], qy[4 * REACH + 4];
    int n = 0, head = 0, i, e, seen;
    if (occupied(cx, h, x, y) || !area_fits(cx, has_bb, bb, x, y))
        return 0;
    qx[n] = x;
    qy[n] = y;
    n++;
    while (head < n && n < REACH) {
        long cxx = qx[head], cyy = qy[head];
        head++;
        for (e = 0; e < 4 && n < REACH; e++) {
            long nx = cxx + DX[e], ny = cyy + DY[e];
            seen = 0;
            for (i = 0; i < n; i++)
                if (qx[i] == nx && qy[i] == ny) {
                    seen = 1;
                    break;
                }
            if (seen || occupied(cx, h, nx, ny) || !area_fits(cx, has_bb, bb, nx, ny))
                continue;
            qx[n] = nx;
            qy[n] = ny;
            n++;
        }
    }
    return n < REACH ? n : REACH;
}

static long hand_of(const Ctx *cx, const Hyp *h, int c, int k) {
    long n = cx->hands[c * cx->ncards + k];
    return (h->active && h->colour == c && h->card == k) ? n - 1 : n;
}

/* strategy.colour_value of colour c seen through `v` (its snake on the board, as it is or would be). */
static double colour_value(const Ctx *cx, const Hyp *h, int has_bb, const long bb[4], int c, const View *v) {
    long cards = 0, rooms = 0, open = 0;
    int k, i, j, any = 0, all_blocked = 1;
    if (!v->present)
        return 0.0;
    if (cx->dead[c])
        return (double)v->score;
    for (k = 0; k < cx->ncards; k++) {
        long n = hand_of(cx, h, c, k);
        any |= n != 0;
        if (cx->counted[k])
            cards += n;
    }
    if (!any || (v->nfree == 0 && v->caps == 0))
        return (double)v->score; /* finished, or a loop (no open end: nothing to add) */
    for (j = 0; j <= v->nchains; j++) {
        const Port *ports = j < v->nchains ? v->chains[j]->free : v->fresh;
        Py_ssize_t n = j < v->nchains ? v->chains[j]->nfree : v->nnew;
        for (i = 0; i < n; i++) {
            long tx = ports[i].x + DX[ports[i].e], ty = ports[i].y + DY[ports[i].e];
            long r;
            if (occupied(cx, h, tx, ty))
                continue;
            all_blocked = 0;
            r = room(cx, h, has_bb, bb, tx, ty);
            rooms += r;
            open += r != 0;
        }
    }
    if (all_blocked)
        return (double)v->score;
    return (double)v->score + PER_CARD * (double)(cards < rooms ? cards : rooms) + PER_END * (double)open;
}

static int view_of_chain(Ctx *cx, long sid, View *v) {
    ChainInfo *ch;
    memset(v, 0, sizeof(*v));
    if (sid < 0)
        return 0;
    ch = chain_get(cx, sid);
    if (ch == NULL)
        return -1;
    v->present = 1;
    v->score = ch->score;
    v->caps = ch->caps;
    v->nfree = ch->nfree;
    v->nchains = 1;
    v->chains[0] = ch;
    return 0;
}

/* strategy.seat_value from the views of every colour. */
static double seat_total(const Ctx *cx, const Hyp *h, int has_bb, const long bb[4], int seat, const View *views) {
    double own = 0.0, rivals = 0.0;
    int s, i;
    for (s = 0; s < cx->nseats; s++)
        for (i = cx->seat_start[s]; i < cx->seat_start[s + 1]; i++) {
            int c = cx->seat_colours[i];
            double v = colour_value(cx, h, has_bb, bb, c, &views[c]);
            if (s == seat)
                own += v;
            else
                rivals += v;
        }
    return own - RIVALS * rivals;
}

/* A new (x, y, e) tuple, as port_at's keys. */
static PyObject *port_key(long x, long y, int e) {
    return Py_BuildValue("(lli)", x, y, e);
}

/* The part facing port (x, y, e) across the edge, -1 if none, -2 on error. */
static long facing(Ctx *cx, long x, long y, int e) {
    PyObject *key = port_key(x + DX[e], y + DY[e], e ^ 2), *pid;
    long out;
    if (key == NULL)
        return -2;
    pid = PyDict_GetItemWithError(cx->port_at, key);
    Py_DECREF(key);
    if (pid == NULL)
        return PyErr_Occurred() ? -2 : -1;
    out = PyLong_AsLong(pid);
    return (out == -1 && PyErr_Occurred()) ? -2 : out;
}

typedef struct {
    int kind, own, nports;
    int ports[4];
} PartSpec;

/* The parts of card k at rotation r: rules.spec[k][r]. */
static int spec_read(PyObject *spec, int k, int r, PartSpec *out, int *n) {
    PyObject *rots, *parts;
    Py_ssize_t i, j;
    if (k < 0 || k >= PyTuple_GET_SIZE(spec) || r < 0 || r > 3) {
        PyErr_SetString(PyExc_ValueError, "schlangennest core: card or rotation out of range");
        return -1;
    }
    rots = PyTuple_GET_ITEM(spec, k);
    if (!PyTuple_Check(rots) || PyTuple_GET_SIZE(rots) != 4)
        goto bad;
    parts = PyTuple_GET_ITEM(rots, r);
    if (!PyTuple_Check(parts) || PyTuple_GET_SIZE(parts) > MAX_PARTS)
        goto bad;
    *n = (int)PyTuple_GET_SIZE(parts);
    for (i = 0; i < *n; i++) {
        PyObject *part = PyTuple_GET_ITEM(parts, i), *ports;
        int own;
        if (!PyTuple_Check(part) || PyTuple_GET_SIZE(part) != 3)
            goto bad;
        ports = PyTuple_GET_ITEM(part, 1);
        if (!PyTuple_Check(ports) || PyTuple_GET_SIZE(ports) > 4)
            goto bad;
        out[i].kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(part, 0));
        own = PyObject_IsTrue(PyTuple_GET_ITEM(part, 2));
        if (own < 0)
            return -1;
        out[i].own = own;
        out[i].nports = (int)PyTuple_GET_SIZE(ports);
        for (j = 0; j < out[i].nports; j++)
            out[i].ports[j] = (int)(PyLong_AsLong(PyTuple_GET_ITEM(ports, j)) & 3);
    }
    return PyErr_Occurred() ? -1 : 0;
bad:
    PyErr_SetString(PyExc_TypeError, "schlangennest core: rules.spec is not cards x 4 rotations x parts");
    return -1;
}

static int uf_find(int *parent, int i) {
    while (parent[i] != i)
        i = parent[i];
    return i;
}

/* Card k laid by colour c on empty (x, y) at rotation r, worked out without laying it (as
 * legality.placement_problem does): which chain each new port joins, the new parts joined through
 * a shared chain (a tiny union-find), and each such group with the chains it joins as one chain. */
typedef struct {
    int c, k;
    long x, y;
    int n;
    PartSpec parts[MAX_PARTS];
    int parent[MAX_PARTS];
    int linked[MAX_PARTS][4];
    long link_chain[MAX_PARTS][4];
    int ngroups;
    int group_of[MAX_PARTS];  /* per part: its group */
    View group[MAX_PARTS];    /* per group: the chain it becomes */
    int owner[MAX_PARTS];     /* per group: the snake (colour) it belongs to, -1 for a grey chain */
    int clash;                /* a group would hold two snakes (`joins-snakes`) */
} Laid;

static int laid_read(Ctx *cx, PyObject *spec, int c, int k, long x, long y, int r, Laid *L) {
    int i, j, g, m;
    if (c < 0 || c >= cx->ncolours || k < 0 || k >= cx->ncards) {
        PyErr_SetString(PyExc_ValueError, "schlangennest core: colour or card out of range");
        return -1;
    }
    memset(L, 0, sizeof(*L));
    L->c = c;
    L->k = k;
    L->x = x;
    L->y = y;
    if (spec_read(spec, k, r, L->parts, &L->n) < 0)
        return -1;
    for (i = 0; i < L->n; i++) {
        L->parent[i] = i;
        for (j = 0; j < L->parts[i].nports; j++) {
            long other = facing(cx, x, y, L->parts[i].ports[j]);
            if (other == -2)
                return -1;
            L->linked[i][j] = other >= 0;
            L->link_chain[i][j] = -1;
            if (other >= 0) {
                if (other >= PySequence_Fast_GET_SIZE(cx->chain_of)) {
                    PyErr_SetString(PyExc_IndexError, "schlangennest core: a part beyond chain_of");
                    return -1;
                }
                L->link_chain[i][j] = seq_long(cx->chain_of, other);
            }
        }
    }
    if (PyErr_Occurred())
        return -1;
    for (i = 0; i < L->n; i++)
        for (j = 0; j < L->parts[i].nports; j++) {
            int i2, j2;
            if (!L->linked[i][j])
                continue;
            for (i2 = 0; i2 < i; i2++)
                for (j2 = 0; j2 < L->parts[i2].nports; j2++)
                    if (L->linked[i2][j2] && L->link_chain[i2][j2] == L->link_chain[i][j]) {
                        int a = uf_find(L->parent, i), b = uf_find(L->parent, i2);
                        if (a != b)
                            L->parent[a] = b;
                    }
        }
    for (i = 0; i < L->n; i++) {
        int root = uf_find(L->parent, i);
        if (root == i) {
            L->owner[L->ngroups] = -1;
            L->group[L->ngroups].present = 1;
            L->group_of[i] = L->ngroups++;
        }
    }
    for (i = 0; i < L->n; i++) {
        View *v;
        g = L->group_of[uf_find(L->parent, i)];
        L->group_of[i] = g;
        v = &L->group[g];
        if (L->parts[i].own)
            L->owner[g] = c;
        v->score += L->parts[i].own || !cx->coloured;
        v->caps += L->parts[i].kind != BODY;
        for (j = 0; j < L->parts[i].nports; j++) {
            long cid = L->link_chain[i][j];
            if (!L->linked[i][j]) {
                v->fresh[v->nnew].x = x;
                v->fresh[v->nnew].y = y;
                v->fresh[v->nnew].e = L->parts[i].ports[j];
                v->nnew++;
                v->nfree++;
                continue;
            }
            v->nfree--; /* the facing port is joined */
            for (m = 0; m < v->nchains; m++)
                if (v->chains[m]->id == cid)
                    break;
            if (m == v->nchains) {
                ChainInfo *ch = chain_get(cx, cid);
                if (ch == NULL)
                    return -1;
                v->chains[v->nchains++] = ch;
            }
        }
    }
    for (g = 0; g < L->ngroups; g++) {
        View *v = &L->group[g];
        for (m = 0; m < v->nchains; m++) {
            long o = v->chains[m]->owner;
            v->score += v->chains[m]->score;
            v->caps += v->chains[m]->caps;
            v->nfree += v->chains[m]->nfree;
            if (o >= cx->ncolours) {
                PyErr_SetString(PyExc_ValueError, "schlangennest core: a chain's owner is no colour");
                return -1;
            }
            if (o >= 0 && L->owner[g] >= 0 && L->owner[g] != o)
                L->clash = 1;
            if (o >= 0)
                L->owner[g] = (int)o;
        }
    }
    return 0;
}

/* The seat's value after the card `L` is laid; 1 and *out set, or 0 when the move is left to the
 * caller (not a legal move), or -1 on error. */
static int place_value(Ctx *cx, const Laid *L, int seat, double *out) {
    long bb[4], x = L->x, y = L->y;
    int has_bb = cx->has_bbox, o, g, result = -1;
    View *views;
    Hyp h;
    if (L->clash)
        return 0;
    h.active = 1;
    h.colour = L->c;
    h.card = L->k;
    h.x = x;
    h.y = y;
    memcpy(bb, cx->bbox, sizeof(bb));
    if (cx->counted[L->k]) {
        if (!has_bb) {
            bb[0] = bb[2] = x;
            bb[1] = bb[3] = y;
            has_bb = 1;
        } else {
            bb[0] = bb[0] < x ? bb[0] : x;
            bb[1] = bb[1] < y ? bb[1] : y;
            bb[2] = bb[2] > x ? bb[2] : x;
            bb[3] = bb[3] > y ? bb[3] : y;
        }
    }
    views = PyMem_Calloc((size_t)cx->ncolours + 1, sizeof(View));
    if (views == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (o = 0; o < cx->ncolours; o++)
        if (view_of_chain(cx, cx->snake[o], &views[o]) < 0)
            goto done;
    for (g = 0; g < L->ngroups; g++) {
        o = L->owner[g];
        if (o < 0)
            continue;
        if (views[o].claimed) {
            result = 0; /* two chains of one colour: not a legal move */
            goto done;
        }
        views[o] = L->group[g];
        views[o].claimed = 1;
    }
    *out = seat_total(cx, &h, has_bb, bb, seat, views);
    result = 1;
done:
    PyMem_Free(views);
    return result;
}

/* ------------------------------------------------------------------ legality of a card laid */

/* The snake part `pid` would belong to once `L` is laid (legality's hyp_owner); -2 on error. */
static long hyp_owner(Ctx *cx, const Laid *L, long pid) {
    long cid;
    int i, j;
    ChainInfo *ch;
    if (pid < 0 || pid >= PySequence_Fast_GET_SIZE(cx->chain_of)) {
        PyErr_SetString(PyExc_IndexError, "schlangennest core: a part beyond chain_of");
        return -2;
    }
    cid = seq_long(cx->chain_of, pid);
    for (i = 0; i < L->n; i++)
        for (j = 0; j < L->parts[i].nports; j++)
            if (L->linked[i][j] && L->link_chain[i][j] == cid)
                return L->owner[L->group_of[i]];
    ch = chain_get(cx, cid);
    return ch == NULL ? -2 : ch->owner;
}

/* legality's pair_at: the two different snakes crossing on (px, py) once `L` is laid, as
 * pair[0] < pair[1]; 1 if there are, 0 if not, -1 on error. */
static int pair_at(Ctx *cx, const Laid *L, PyObject *pairs, PyObject *cross_at, long px, long py, long pair[2]) {
    Py_ssize_t i;
    long a, b;
    if (px == L->x && py == L->y) {
        for (i = 0; i < PyTuple_GET_SIZE(pairs); i++) {
            PyObject *ij = PyTuple_GET_ITEM(pairs, i);
            long pi = PyLong_AsLong(PyTuple_GET_ITEM(ij, 0)), pj = PyLong_AsLong(PyTuple_GET_ITEM(ij, 1));
            if (PyErr_Occurred())
                return -1;
            if (pi < 0 || pj < 0 || pi >= L->n || pj >= L->n) {
                PyErr_SetString(PyExc_IndexError, "schlangennest core: a crossing names no part of the card");
                return -1;
            }
            a = L->owner[L->group_of[pi]];
            b = L->owner[L->group_of[pj]];
            if (a >= 0 && b >= 0 && a != b)
                goto found;
        }
        return 0;
    } else {
        PyObject *key = Py_BuildValue("(ll)", px, py), *here;
        if (key == NULL)
            return -1;
        here = PyDict_GetItemWithError(cross_at, key);
        Py_DECREF(key);
        if (here == NULL)
            return PyErr_Occurred() ? -1 : 0;
        if (!PyTuple_Check(here))
            goto bad;
        for (i = 0; i < PyTuple_GET_SIZE(here); i++) {
            PyObject *ab = PyTuple_GET_ITEM(here, i);
            if (!PyTuple_Check(ab) || PyTuple_GET_SIZE(ab) != 2)
                goto bad;
            a = hyp_owner(cx, L, PyLong_AsLong(PyTuple_GET_ITEM(ab, 0)));
            b = hyp_owner(cx, L, PyLong_AsLong(PyTuple_GET_ITEM(ab, 1)));
            if (a == -2 || b == -2)
                return -1;
            if (a >= 0 && b >= 0 && a != b)
                goto found;
        }
        return 0;
    }
found:
    pair[0] = a < b ? a : b;
    pair[1] = a < b ? b : a;
    return 1;
bad:
    PyErr_SetString(PyExc_TypeError, "schlangennest core: cross_at maps a cell to pairs of parts");
    return -1;
}

/* `double-crossing` (legality.placement_problem): 1 if laying `L` makes two orthogonally adjacent
 * cells crossings of the same two snakes, 0 if not, -1 on error. */
static int double_crossing(Ctx *cx, const Laid *L, PyObject *pairs, PyObject *cross_at) {
    long ax[64], ay[64];
    int na = 0, g, m, e, found;
    if (PyTuple_GET_SIZE(pairs)) {
        ax[na] = L->x;
        ay[na++] = L->y;
    }
    for (g = 0; g < L->ngroups; g++) {
        if (L->owner[g] < 0)
            continue;
        for (m = 0; m < L->group[g].nchains; m++) {
            const ChainInfo *ch = L->group[g].chains[m];
            PyObject *key, *chain, *cross, *iter, *cell;
            if (ch->owner >= 0)
                continue;
            key = PyLong_FromLong(ch->id);
            if (key == NULL)
                return -1;
            chain = PyDict_GetItemWithError(cx->chains, key); /* borrowed */
            Py_DECREF(key);
            if (chain == NULL || (cross = attr(chain, "cross")) == NULL) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_KeyError, "schlangennest core: a chain vanished");
                return -1;
            }
            iter = PyObject_GetIter(cross);
            Py_DECREF(cross);
            if (iter == NULL)
                return -1;
            while ((cell = PyIter_Next(iter)) != NULL) {
                int bad = !PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2 || na >= 64;
                if (!bad) {
                    ax[na] = PyLong_AsLong(PyTuple_GET_ITEM(cell, 0));
                    ay[na++] = PyLong_AsLong(PyTuple_GET_ITEM(cell, 1));
                }
                Py_DECREF(cell);
                if (bad) {
                    Py_DECREF(iter);
                    return -3; /* more crossings than kept here: the caller asks the reference */
                }
            }
            Py_DECREF(iter);
            if (PyErr_Occurred())
                return -1;
        }
    }
    for (m = 0; m < na; m++) {
        long pair[2], other[2];
        found = pair_at(cx, L, pairs, cross_at, ax[m], ay[m], pair);
        if (found <= 0) {
            if (found < 0)
                return -1;
            continue;
        }
        for (e = 0; e < 4; e++) {
            long nx = ax[m] + DX[e], ny = ay[m] + DY[e];
            int here = (nx == L->x && ny == L->y) ? PyTuple_GET_SIZE(pairs) > 0 : 0;
            if (!here && !(nx == L->x && ny == L->y)) {
                PyObject *key = Py_BuildValue("(ll)", nx, ny);
                if (key == NULL)
                    return -1;
                here = PyDict_Contains(cross_at, key);
                Py_DECREF(key);
                if (here < 0)
                    return -1;
            }
            if (!here)
                continue;
            found = pair_at(cx, L, pairs, cross_at, nx, ny, other);
            if (found < 0)
                return -1;
            if (found && other[0] == pair[0] && other[1] == pair[1])
                return 1;
        }
    }
    return 0;
}

/* Whether the curve guard would have to be tried on a copy (legality.placement_problem: a snake
 * whose two free ends would both point into one empty cell other than the new card's). */
static int guard_possible(Ctx *cx, const Laid *L) {
    int g, m, i, j, l;
    for (g = 0; g < L->ngroups; g++) {
        const View *v = &L->group[g];
        long tx[2], ty[2];
        int nt = 0;
        if (L->owner[g] < 0 || v->caps || v->nfree != 2)
            continue;
        for (m = 0; m <= v->nchains; m++) {
            const Port *ports = m < v->nchains ? v->chains[m]->free : v->fresh;
            Py_ssize_t n = m < v->nchains ? v->chains[m]->nfree : v->nnew;
            for (i = 0; i < n; i++) {
                int joined = 0;
                if (m < v->nchains) /* a port the new card joins is no longer free */
                    for (l = 0; l < L->n && !joined; l++)
                        for (j = 0; j < L->parts[l].nports; j++) {
                            int e = L->parts[l].ports[j];
                            if (L->linked[l][j] && ports[i].x == L->x + DX[e] && ports[i].y == L->y + DY[e]
                                && ports[i].e == (e ^ 2)) {
                                joined = 1;
                                break;
                            }
                        }
                if (joined)
                    continue;
                if (nt < 2) {
                    tx[nt] = ports[i].x + DX[ports[i].e];
                    ty[nt] = ports[i].y + DY[ports[i].e];
                }
                nt++;
            }
        }
        if (nt == 2 && tx[0] == tx[1] && ty[0] == ty[1] && !(tx[0] == L->x && ty[0] == L->y)
            && !cells_has(&cx->cells, tx[0], ty[0]))
            return 1;
    }
    return 0;
}

/* Whether `L` breaks none of the after-the-move rules: 1 legal, 0 not, 2 when the reference must
 * judge it (three or more parts on a card, or a guard to try on a copy), -1 on error. */
static int place_legal(Ctx *cx, const Laid *L, PyObject *crossing, PyObject *cross_at, int multi) {
    PyObject *pairs;
    int dc;
    if (cx->counted[L->k] && !area_fits(cx, cx->has_bbox, cx->bbox, L->x, L->y))
        return 0; /* `outside-area` */
    if (L->clash)
        return 0;
    if (L->n > 2 || multi)
        return 2;
    pairs = PyTuple_GET_ITEM(crossing, L->k);
    if (!PyTuple_Check(pairs)) {
        PyErr_SetString(PyExc_TypeError, "schlangennest core: rules.crossing holds tuples");
        return -1;
    }
    dc = double_crossing(cx, L, pairs, cross_at);
    if (dc == -3)
        return 2;
    if (dc != 0)
        return dc < 0 ? -1 : 0;
    return guard_possible(cx, L) ? 2 : 1;
}

/* ------------------------------------------------------------------ the module's functions */

static int seat_arg(const Ctx *cx, int seat) {
    if (seat < 0 || seat >= cx->nseats) {
        PyErr_Format(PyExc_ValueError, "schlangennest core: seat %d of %d", seat, cx->nseats);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(seat_value_doc,
"seat_value(state, seat) -> float\n\n"
"strategy.seat_value: the seat's colours' values minus half the others'.");

static PyObject *seat_value(PyObject *self, PyObject *args) {
    PyObject *state, *result = NULL;
    int seat, o;
    Ctx cx;
    View *views = NULL;
    Hyp h = {0, 0, 0, 0, 0};
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi", &state, &seat))
        return NULL;
    if (ctx_read(&cx, state) < 0 || seat_arg(&cx, seat) < 0)
        goto done;
    views = PyMem_Calloc((size_t)cx.ncolours + 1, sizeof(View));
    if (views == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (o = 0; o < cx.ncolours; o++)
        if (view_of_chain(&cx, cx.snake[o], &views[o]) < 0)
            goto done;
    result = PyFloat_FromDouble(seat_total(&cx, &h, cx.has_bbox, cx.bbox, seat, views));
done:
    PyMem_Free(views);
    ctx_release(&cx);
    return result;
}

PyDoc_STRVAR(place_values_doc,
"place_values(state, seat, places) -> list\n\n"
"For each (colour, card, x, y, rotation 0-3) of `places`, cards the state's colour may lay on an\n"
"empty cell: the seat's `seat_value` right after it, or None where the caller must play the move\n"
"on a copy (a move that would join two snakes, or give one colour two chains: not legal).");

/* One entry of place_values (seat >= 0) or places_legal (seat < 0); a new reference, NULL on error. */
static PyObject *place_entry(Ctx *cx, PyObject *spec, PyObject *crossing, PyObject *cross_at, int many, int seat,
                             PyObject *place) {
    int c, k, r, got;
    long x, y;
    double value = 0.0;
    PyObject *item;
    Laid laid;
    if (!PyArg_ParseTuple(place, "iilli", &c, &k, &x, &y, &r) || laid_read(cx, spec, c, k, x, y, r, &laid) < 0)
        return NULL;
    got = seat >= 0 ? place_value(cx, &laid, seat, &value) : place_legal(cx, &laid, crossing, cross_at, many);
    if (got < 0)
        return NULL;
    if (seat >= 0 && got == 1)
        return PyFloat_FromDouble(value);
    item = (seat >= 0 || got == 2) ? Py_None : got ? Py_True : Py_False;
    Py_INCREF(item);
    return item;
}

/* place_values (seat >= 0) or places_legal (seat < 0) over the list `places`. */
static PyObject *each_place(PyObject *state, int seat, PyObject *places) {
    PyObject *spec = NULL, *crossing = NULL, *rules = NULL, *cross_at = NULL, *multi = NULL;
    PyObject *out = NULL, *fast = NULL;
    Py_ssize_t i, n;
    int many;
    Ctx cx;
    if (ctx_read(&cx, state) < 0 || (seat >= 0 && seat_arg(&cx, seat) < 0))
        goto done;
    rules = attr(state, "rules");
    if (rules == NULL || (spec = attr(rules, "spec")) == NULL || (crossing = attr(rules, "crossing")) == NULL
        || (cross_at = attr(state, "cross_at")) == NULL || (multi = attr(state, "multi")) == NULL)
        goto done;
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != cx.ncards || !PyTuple_Check(crossing)
        || PyTuple_GET_SIZE(crossing) != cx.ncards || !PyDict_Check(cross_at)) {
        PyErr_SetString(PyExc_TypeError, "schlangennest core: rules.spec and rules.crossing are tuples per card "
                                         "kind, state.cross_at a dict");
        goto done;
    }
    if ((many = PyObject_IsTrue(multi)) < 0)
        goto done;
    fast = PySequence_Fast(places, "schlangennest core: places is a sequence");
    if (fast == NULL)
        goto done;
    n = PySequence_Fast_GET_SIZE(fast);
    out = PyList_New(n);
    if (out == NULL)
        goto done;
    for (i = 0; i < n; i++) {
        PyObject *item = place_entry(&cx, spec, crossing, cross_at, many, seat, PySequence_Fast_GET_ITEM(fast, i));
        if (item == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, item);
    }
done:
    Py_XDECREF(fast);
    Py_XDECREF(spec);
    Py_XDECREF(crossing);
    Py_XDECREF(cross_at);
    Py_XDECREF(multi);
    Py_XDECREF(rules);
    ctx_release(&cx);
    return out;
}

static PyObject *place_values(PyObject *self, PyObject *args) {
    PyObject *state, *places;
    int seat;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiO", &state, &seat, &places))
        return NULL;
    if (seat < 0) {
        PyErr_Format(PyExc_ValueError, "schlangennest core: seat %d", seat);
        return NULL;
    }
    return each_place(state, seat, places);
}

PyDoc_STRVAR(places_legal_doc,
"places_legal(state, places) -> list\n\n"
"For each (colour, card, x, y, rotation 0-3) of `places`, cards the state's colour may lay on an\n"
"empty cell at one of its open ends (the candidates of move generation): whether the card breaks\n"
"none of the after-the-move rules (legality.placement_problem is None), or None where the\n"
"reference must judge it (a card of three or more parts on the board, or a curve guard to try).");

static PyObject *places_legal(PyObject *self, PyObject *args) {
    PyObject *state, *places;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &state, &places))
        return NULL;
    return each_place(state, -1, places);
}

static PyMethodDef methods[] = {
    {"places_legal", places_legal, METH_VARARGS, places_legal_doc},
    {"seat_value", seat_value, METH_VARARGS, seat_value_doc},
    {"place_values", place_values, METH_VARARGS, place_values_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core",
    "Schlangennest's compiled core: the legal cards of a decision and the `room` player's values of\n"
"them, each in one call.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
