/* Schlangengrube's compiled core: the legal placements of a hand and the score each would bring,
 * in one call (cardgen/native.py; the pure-Python reference is table.Board.placements with
 * rules._would_complete and PitState.score_after).
 *
 * The table stays the Python `Board` (cells, frontier groups, the union-find lists); this module
 * only reads it, so a state is the same whichever core plays. One call walks the frontier once,
 * reading each frontier cell's neighbours and their snakes' roots, then lists the placements in
 * the reference's order (the kinds as given, then the frontier groups and their cells in the order
 * they arose, then the tile's faces) and, when asked, the mover's score after each.
 *
 * `lay` is Board.lay: it updates the Python table's cells, snakes and frontier as the reference
 * does (the same dict operations in the same order, so the frontier's order is the same).
 *
 * The faces of the set's tiles (side codes and parts) are copied once per catalogue into a
 * capsule kept on the catalogue object (`_core_faces`).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define HEAD 1
#define TAIL 2
#define MAX_PARTS 4

static const int DX[4] = {0, 1, 0, -1};
static const int DY[4] = {-1, 0, 1, 0};

typedef struct {
    int colour, kind, nports;
    int ports[4];
} Part;

typedef struct {
    int codes[4];
    int nparts;
    Part parts[MAX_PARTS];
    int flat; /* index into the catalogue's memo row of Place values */
    PyObject *codes_obj; /* the Orient's codes tuple, as Board.lay stores it in cells */
} Face;

typedef struct {
    int ntiles;
    int base;
    long powers[4];
    int *first;  /* per tile: index of its first face in faces */
    int *count;  /* per tile: how many faces */
    Py_ssize_t nfaces;
    Face *faces;
} Faces;

static void faces_release(Faces *f) {
    Py_ssize_t i;
    for (i = 0; i < f->nfaces; i++)
        Py_XDECREF(f->faces[i].codes_obj);
    free(f->first);
    free(f->count);
    free(f->faces);
    free(f);
}

static void faces_free(PyObject *capsule) {
    Faces *f = (Faces *)PyCapsule_GetPointer(capsule, "schlangengrube.faces");
    if (f != NULL)
        faces_release(f);
}

static long long_attr(PyObject *obj, const char *name, int *ok) {
    PyObject *v = PyObject_GetAttrString(obj, name);
    long out = -1;
    if (v == NULL) {
        *ok = 0;
        return -1;
    }
    out = PyLong_AsLong(v);
    Py_DECREF(v);
    if (out == -1 && PyErr_Occurred())
        *ok = 0;
    return out;
}

/* Read cat.orients (per tile a tuple of Orient(rot, flip, codes, parts)) and cat.flat. */
static Faces *faces_build(PyObject *cat) {
    PyObject *orients = NULL, *flat = NULL, *powers = NULL;
    Faces *f = NULL;
    Py_ssize_t total = 0, t, i, j, k;
    int ok = 1;
    f = calloc(1, sizeof(Faces));
    if (f == NULL)
        return (Faces *)PyErr_NoMemory();
    orients = PyObject_GetAttrString(cat, "orients");
    flat = PyObject_GetAttrString(cat, "flat");
    powers = PyObject_GetAttrString(cat, "powers");
    if (orients == NULL || flat == NULL || powers == NULL || !PyTuple_Check(orients) || !PyTuple_Check(flat)
        || !PyTuple_Check(powers) || PyTuple_GET_SIZE(powers) != 4)
        goto fail;
    f->base = (int)long_attr(cat, "base", &ok);
    if (!ok)
        goto fail;
    for (i = 0; i < 4; i++) {
        f->powers[i] = PyLong_AsLong(PyTuple_GET_ITEM(powers, i));
        if (PyErr_Occurred())
            goto fail;
    }
    f->ntiles = (int)PyTuple_GET_SIZE(orients);
    for (t = 0; t < f->ntiles; t++) {
        PyObject *o = PyTuple_GET_ITEM(orients, t);
        if (!PyTuple_Check(o))
            goto fail;
        total += PyTuple_GET_SIZE(o);
    }
    f->first = calloc((size_t)f->ntiles + 1, sizeof(int));
    f->count = calloc((size_t)f->ntiles + 1, sizeof(int));
    f->faces = calloc((size_t)total + 1, sizeof(Face));
    if (f->first == NULL || f->count == NULL || f->faces == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    total = 0;
    for (t = 0; t < f->ntiles; t++) {
        PyObject *tile_faces = PyTuple_GET_ITEM(orients, t);
        PyObject *tile_flat = PyTuple_GET_ITEM(flat, t);
        f->first[t] = (int)total;
        f->count[t] = (int)PyTuple_GET_SIZE(tile_faces);
        if (!PyTuple_Check(tile_flat) || PyTuple_GET_SIZE(tile_flat) != f->count[t])
            goto fail;
        for (i = 0; i < f->count[t]; i++) {
            Face *face = &f->faces[total + i];
            PyObject *o = PyTuple_GET_ITEM(tile_faces, i);
            PyObject *codes = PyObject_GetAttrString(o, "codes");
            PyObject *parts = PyObject_GetAttrString(o, "parts");
            int good = codes != NULL && parts != NULL && PyTuple_Check(codes) && PyTuple_GET_SIZE(codes) == 4
                       && PyTuple_Check(parts) && PyTuple_GET_SIZE(parts) <= MAX_PARTS;
            if (good) {
                for (j = 0; j < 4; j++)
                    face->codes[j] = (int)PyLong_AsLong(PyTuple_GET_ITEM(codes, j));
                face->nparts = (int)PyTuple_GET_SIZE(parts);
                for (j = 0; j < face->nparts && good; j++) {
                    PyObject *p = PyTuple_GET_ITEM(parts, j);
                    PyObject *ports = PyObject_GetAttrString(p, "ports");
                    Part *part = &face->parts[j];
                    part->colour = (int)long_attr(p, "colour", &ok);
                    part->kind = (int)long_attr(p, "kind", &ok);
                    if (ports == NULL || !PyTuple_Check(ports) || PyTuple_GET_SIZE(ports) > 4) {
                        good = 0;
                    } else {
                        part->nports = (int)PyTuple_GET_SIZE(ports);
                        for (k = 0; k < part->nports; k++)
                            part->ports[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(ports, k));
                    }
                    Py_XDECREF(ports);
                }
                face->flat = (int)PyLong_AsLong(PyTuple_GET_ITEM(tile_flat, i));
                Py_INCREF(codes);
                face->codes_obj = codes;
                f->nfaces = total + i + 1;
            }
            Py_XDECREF(codes);
            Py_XDECREF(parts);
            if (!good || !ok || PyErr_Occurred())
                goto fail;
        }
        total += f->count[t];
    }
    Py_DECREF(orients);
    Py_DECREF(flat);
    Py_DECREF(powers);
    return f;
fail:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "schlangengrube core: unexpected catalogue layout");
    Py_XDECREF(orients);
    Py_XDECREF(flat);
    Py_XDECREF(powers);
    faces_release(f);
    return NULL;
}

static Faces *faces_of(PyObject *cat) {
    PyObject *capsule = PyObject_GetAttrString(cat, "_core_faces");
    Faces *f;
    if (capsule == NULL) {
        PyErr_Clear();
        f = faces_build(cat);
        if (f == NULL)
            return NULL;
        capsule = PyCapsule_New(f, "schlangengrube.faces", faces_free);
        if (capsule == NULL) {
            faces_release(f);
            return NULL;
        }
        if (PyObject_SetAttrString(cat, "_core_faces", capsule) < 0) {
            Py_DECREF(capsule);
            return NULL;
        }
    }
    f = (Faces *)PyCapsule_GetPointer(capsule, "schlangengrube.faces");
    Py_DECREF(capsule); /* the catalogue keeps it */
    return f;
}

/* ------------------------------------------------------------------ the table, read */

typedef struct {
    PyObject *cell; /* borrowed: the frontier's (x, y) key */
    long key;
    int side[4];   /* side code the neighbour shows towards this cell, 0 when no neighbour */
    long root[4];  /* root of the neighbour's snake part on that edge, -1 when none */
} Spot;

typedef struct {
    PyObject *parent, *size, *open, *heads, *tails; /* borrowed lists */
} Snakes;

static long item(PyObject *list, long i) { return PyLong_AsLong(PyList_GET_ITEM(list, i)); }

/* A new (x, y) tuple, as the reference's cell keys. */
static PyObject *cell_of(long x, long y) {
    PyObject *cell = PyTuple_New(2), *a, *b;
    if (cell == NULL)
        return NULL;
    a = PyLong_FromLong(x);
    b = PyLong_FromLong(y);
    if (a == NULL || b == NULL) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        Py_DECREF(cell);
        return NULL;
    }
    PyTuple_SET_ITEM(cell, 0, a);
    PyTuple_SET_ITEM(cell, 1, b);
    return cell;
}

/* The laid cells in an open-addressing table (x, y) -> the cells dict's value (borrowed), read
 * once per call instead of a dict lookup with a new tuple per neighbour. */
typedef struct {
    long x, y;
    PyObject *info;
} Slot;

typedef struct {
    size_t mask;
    Slot *slots;
} Table;

static size_t slot_of(const Table *tb, long x, long y) {
    size_t h = ((size_t)x * 73856093u) ^ ((size_t)y * 19349663u);
    return h & tb->mask;
}

static int table_read(PyObject *cells, Table *tb) {
    size_t cap = 16;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (cap < (size_t)PyDict_GET_SIZE(cells) * 2 + 2)
        cap *= 2;
    tb->mask = cap - 1;
    tb->slots = PyMem_Calloc(cap, sizeof(Slot));
    if (tb->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    while (PyDict_Next(cells, &pos, &key, &value)) {
        long x, y;
        size_t i;
        if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2 || !PyTuple_Check(value) || PyTuple_GET_SIZE(value) != 4) {
            PyErr_SetString(PyExc_TypeError, "schlangengrube core: board.cells maps (x, y) to a 4-tuple");
            return -1;
        }
        x = PyLong_AsLong(PyTuple_GET_ITEM(key, 0));
        y = PyLong_AsLong(PyTuple_GET_ITEM(key, 1));
        if (PyErr_Occurred())
            return -1;
        for (i = slot_of(tb, x, y); tb->slots[i].info != NULL; i = (i + 1) & tb->mask)
            ;
        tb->slots[i].x = x;
        tb->slots[i].y = y;
        tb->slots[i].info = value;
    }
    return 0;
}

static PyObject *table_get(const Table *tb, long x, long y) {
    size_t i;
    for (i = slot_of(tb, x, y); tb->slots[i].info != NULL; i = (i + 1) & tb->mask)
        if (tb->slots[i].x == x && tb->slots[i].y == y)
            return tb->slots[i].info;
    return NULL;
}

static long find(PyObject *parent, long node) {
    long up = item(parent, node);
    while (up != node) {
        node = up;
        up = item(parent, node);
    }
    return node;
}

static int snakes_read(PyObject *board, Snakes *s, PyObject **hold) {
    const char *names[5] = {"parent", "size", "open", "heads", "tails"};
    PyObject **slots[5] = {&s->parent, &s->size, &s->open, &s->heads, &s->tails};
    int i;
    for (i = 0; i < 5; i++) {
        hold[i] = PyObject_GetAttrString(board, names[i]);
        if (hold[i] == NULL)
            return -1;
        if (!PyList_Check(hold[i])) {
            PyErr_Format(PyExc_TypeError, "schlangengrube core: board.%s is not a list", names[i]);
            return -1;
        }
        *slots[i] = hold[i];
    }
    return 0;
}

/* The frontier, group by group in the dict's order: spots[] in that order, group_end[g] the end. */
static int read_frontier(PyObject *groups, PyObject *cells, Faces *f, Snakes *s, Spot **spots_out,
                         Py_ssize_t *nspots, Py_ssize_t **ends_out, Py_ssize_t *ngroups) {
    Py_ssize_t pos = 0, total = 0, g = 0, n = 0;
    PyObject *key, *members;
    Spot *spots;
    Py_ssize_t *ends;
    Table tb = {0, NULL};
    if (table_read(cells, &tb) < 0) {
        PyMem_Free(tb.slots);
        return -1;
    }
    while (PyDict_Next(groups, &pos, &key, &members)) {
        if (!PyDict_Check(members)) {
            PyErr_SetString(PyExc_TypeError, "schlangengrube core: a frontier group is not a dict");
            PyMem_Free(tb.slots);
            return -1;
        }
        total += PyDict_GET_SIZE(members);
        g++;
    }
    spots = PyMem_Malloc(sizeof(Spot) * (size_t)(total + 1));
    ends = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(g + 1));
    if (spots == NULL || ends == NULL) {
        PyMem_Free(spots);
        PyMem_Free(ends);
        PyMem_Free(tb.slots);
        PyErr_NoMemory();
        return -1;
    }
    pos = 0;
    g = 0;
    while (PyDict_Next(groups, &pos, &key, &members)) {
        long k = PyLong_AsLong(key);
        Py_ssize_t inner = 0;
        PyObject *cell, *none;
        if (k == -1 && PyErr_Occurred())
            goto fail;
        while (PyDict_Next(members, &inner, &cell, &none)) {
            Spot *sp = &spots[n++];
            long x, y;
            int e;
            if (!PyTuple_Check(cell) || PyTuple_GET_SIZE(cell) != 2) {
                PyErr_SetString(PyExc_TypeError, "schlangengrube core: a frontier cell is not (x, y)");
                goto fail;
            }
            x = PyLong_AsLong(PyTuple_GET_ITEM(cell, 0));
            y = PyLong_AsLong(PyTuple_GET_ITEM(cell, 1));
            if (PyErr_Occurred())
                goto fail;
            sp->cell = cell;
            sp->key = k;
            for (e = 0; e < 4; e++) {
                int v = (int)((k / f->powers[e]) % f->base);
                sp->side[e] = v;
                sp->root[e] = -1;
                if (v != 0 && v != 1) { /* a port: the neighbour's snake part behind it */
                    PyObject *info = table_get(&tb, x + DX[e], y + DY[e]), *nodes;
                    long node;
                    if (info == NULL) {
                        if (!PyErr_Occurred())
                            PyErr_SetString(PyExc_TypeError, "schlangengrube core: frontier and cells disagree");
                        goto fail;
                    }
                    nodes = PyTuple_GET_ITEM(info, 3);
                    node = PyLong_AsLong(PyTuple_GET_ITEM(nodes, (e + 2) % 4));
                    if (PyErr_Occurred())
                        goto fail;
                    sp->root[e] = node < 0 ? -1 : find(s->parent, node);
                }
            }
        }
        ends[g++] = n;
    }
    if (PyErr_Occurred())
        goto fail;
    *spots_out = spots;
    *nspots = n;
    *ends_out = ends;
    *ngroups = g;
    PyMem_Free(tb.slots);
    return 0;
fail:
    PyMem_Free(spots);
    PyMem_Free(ends);
    PyMem_Free(tb.slots);
    return -1;
}

/* Whether `face` fits the sides of `sp` (Catalogue.matches). */
static int fits(const Face *face, const Spot *sp) {
    int e;
    for (e = 0; e < 4; e++)
        if (sp->side[e] && sp->side[e] != face->codes[e])
            return 0;
    return 1;
}

/* Board._end_clash over the parts Catalogue.matches lists: nonzero if a snake would get two heads
 * or two tails. */
static int clashes(const Face *face, const Spot *sp, Snakes *s) {
    int pi, i, j;
    for (pi = 0; pi < face->nparts; pi++) {
        const Part *part = &face->parts[pi];
        long seen[4];
        int nseen = 0, joins = 0;
        long h = part->kind == HEAD, tl = part->kind == TAIL;
        for (i = 0; i < part->nports; i++)
            joins += sp->side[part->ports[i]] != 0;
        if (!(joins == 2 || (joins == 1 && part->kind != 0)))
            continue;
        for (i = 0; i < part->nports; i++) {
            long root = sp->root[part->ports[i]];
            int dup = 0;
            if (sp->side[part->ports[i]] == 0)
                continue;
            for (j = 0; j < nseen; j++)
                dup |= seen[j] == root;
            if (dup)
                continue;
            seen[nseen++] = root;
            h += item(s->heads, root);
            tl += item(s->tails, root);
        }
        if (h > 1 || tl > 1)
            return 1;
    }
    return 0;
}

typedef struct {
    long long base;   /* the mover's points now */
    int ready;        /* the mover holds a "2x" marker ready */
    long long factor; /* rule double_factor */
    int rule;         /* 0 triangular, 1 linear, 2 square */
} Scoring;

static long long snake_score(int rule, long long n) {
    return rule == 0 ? n * (n + 1) / 2 : rule == 1 ? n : n * n;
}

/* PitState.score_after of a placement (rules._would_complete, scoring.factor). */
static long long score(const Face *face, const Spot *sp, Snakes *s, const Scoring *sc) {
    long long sum = 0;
    int pi, i, j, completed = 0;
    for (pi = 0; pi < face->nparts; pi++) {
        const Part *part = &face->parts[pi];
        long roots[4];
        int nroots = 0, joins = 0;
        long long tiles = 1, ports = part->nports;
        for (i = 0; i < part->nports; i++) {
            int e = part->ports[i];
            long root;
            int dup = 0;
            if (sp->side[e] == 0)
                continue;
            joins++;
            root = sp->root[e];
            for (j = 0; j < nroots; j++)
                dup |= roots[j] == root;
            if (!dup) {
                roots[nroots++] = root;
                tiles += item(s->size, root);
                ports += item(s->open, root);
            }
            ports -= 2;
        }
        if (joins && ports == 0) {
            sum += snake_score(sc->rule, tiles);
            completed++;
        }
    }
    if (completed == 0)
        return sc->base;
    return sc->base + sum * (completed >= 2 ? sc->factor : 1) * (sc->ready ? 2 : 1);
}

/* ------------------------------------------------------------------ the call */

/* The Place of face index `flat` at the spot's cell from the catalogue's memo row `*row` (a
 * reference this call holds; the row is made by Catalogue.place_row when the cell has none, the
 * Place by Catalogue.make_place when the row has none yet). */
static PyObject *place_of(PyObject *cat, PyObject **row, const Spot *sp, int flat) {
    PyObject *place;
    if (*row == NULL) {
        PyObject *name = PyUnicode_FromString("place_row");
        if (name == NULL)
            return NULL;
        *row = PyObject_CallMethodObjArgs(cat, name, sp->cell, NULL); /* (a tuple is one argument) */
        Py_DECREF(name);
        if (*row == NULL)
            return NULL;
    }
    if (!PyList_Check(*row) || flat >= PyList_GET_SIZE(*row)) {
        PyErr_SetString(PyExc_TypeError, "schlangengrube core: a memo row is not a list of places");
        return NULL;
    }
    place = PyList_GET_ITEM(*row, flat);
    if (place == Py_None)
        return PyObject_CallMethod(cat, "make_place", "OiO", *row, flat, sp->cell);
    Py_INCREF(place);
    return place;
}

PyDoc_STRVAR(placements_doc,
"placements(board, kinds, scoring=None) -> list | (list, list)\n\n"
"Board.placements(kinds) of the Python board, with the same Place values in the same order.\n"
"With scoring = (points, ready, double_factor, rule) (rule 0 triangular, 1 linear, 2 square)\n"
"also the mover's score after each placement (PitState.score_after).");

static PyObject *placements(PyObject *self, PyObject *args) {
    PyObject *board, *kinds, *scoring = Py_None;
    PyObject *cat = NULL, *cells = NULL, *groups = NULL, *memo = NULL, *hold[5] = {0};
    PyObject *out = NULL, *scores = NULL, *result = NULL;
    Faces *f;
    Snakes s;
    Scoring sc = {0, 0, 1, 0};
    Spot *spots = NULL;
    PyObject **rows = NULL; /* per spot: its memo row of Place values, once looked up */
    Py_ssize_t nspots = 0, *ends = NULL, ngroups = 0, ki, g, c, start;
    int i;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!|O", &board, &PyList_Type, &kinds, &scoring))
        return NULL;
    if (scoring != Py_None) {
        int ready = 0;
        if (!PyArg_ParseTuple(scoring, "LpLi", &sc.base, &ready, &sc.factor, &sc.rule))
            return NULL;
        sc.ready = ready;
    }
    cat = PyObject_GetAttrString(board, "cat");
    cells = PyObject_GetAttrString(board, "cells");
    groups = PyObject_GetAttrString(board, "groups");
    if (cat == NULL || cells == NULL || groups == NULL)
        goto done;
    if (!PyDict_Check(cells) || !PyDict_Check(groups)) {
        PyErr_SetString(PyExc_TypeError, "schlangengrube core: board.cells and board.groups must be dicts");
        goto done;
    }
    memo = PyObject_GetAttrString(cat, "_places");
    if (memo == NULL || !PyDict_Check(memo)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "schlangengrube core: catalogue._places must be a dict");
        goto done;
    }
    f = faces_of(cat);
    if (f == NULL || snakes_read(board, &s, hold) < 0)
        goto done;
    if (read_frontier(groups, cells, f, &s, &spots, &nspots, &ends, &ngroups) < 0)
        goto done;
    rows = PyMem_Calloc((size_t)nspots + 1, sizeof(PyObject *));
    if (rows == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyList_New(0);
    if (out == NULL || (scoring != Py_None && (scores = PyList_New(0)) == NULL))
        goto done;
    for (ki = 0; ki < PyList_GET_SIZE(kinds); ki++) {
        long t = PyLong_AsLong(PyList_GET_ITEM(kinds, ki));
        const Face *faces;
        int nfaces;
        if (PyErr_Occurred())
            goto done;
        if (t < 0 || t >= f->ntiles) {
            PyErr_Format(PyExc_IndexError, "schlangengrube core: no tile kind %ld", t);
            goto done;
        }
        faces = &f->faces[f->first[t]];
        nfaces = f->count[t];
        start = 0;
        for (g = 0; g < ngroups; start = ends[g], g++) {
            int any = 0;
            if (start == ends[g])
                continue;
            for (i = 0; i < nfaces && !any; i++)
                any = fits(&faces[i], &spots[start]); /* one key per group */
            if (!any)
                continue;
            for (c = start; c < ends[g]; c++) {
                const Spot *sp = &spots[c];
                if (rows[c] == NULL) { /* read once per cell, for every kind */
                    rows[c] = PyDict_GetItemWithError(memo, sp->cell);
                    if (rows[c] == NULL && PyErr_Occurred())
                        goto done;
                    Py_XINCREF(rows[c]);
                }
                for (i = 0; i < nfaces; i++) {
                    PyObject *place;
                    if (!fits(&faces[i], sp) || clashes(&faces[i], sp, &s))
                        continue;
                    place = place_of(cat, &rows[c], sp, faces[i].flat);
                    if (place == NULL)
                        goto done;
                    if (PyList_Append(out, place) < 0) {
                        Py_DECREF(place);
                        goto done;
                    }
                    Py_DECREF(place);
                    if (scores != NULL) {
                        PyObject *v = PyLong_FromLongLong(score(&faces[i], sp, &s, &sc));
                        if (v == NULL || PyList_Append(scores, v) < 0) {
                            Py_XDECREF(v);
                            goto done;
                        }
                        Py_DECREF(v);
                    }
                }
            }
        }
    }
    if (PyErr_Occurred())
        goto done;
    result = scores != NULL ? PyTuple_Pack(2, out, scores) : (Py_INCREF(out), out);
done:
    if (rows != NULL)
        for (c = 0; c < nspots; c++)
            Py_XDECREF(rows[c]);
    PyMem_Free(rows);
    PyMem_Free(spots);
    PyMem_Free(ends);
    for (i = 0; i < 5; i++)
        Py_XDECREF(hold[i]);
    Py_XDECREF(out);
    Py_XDECREF(scores);
    Py_XDECREF(memo);
    Py_XDECREF(cat);
    Py_XDECREF(cells);
    Py_XDECREF(groups);
    return result;
}

/* ------------------------------------------------------------------ laying a tile (Board.lay) */

static int set_long(PyObject *list, long i, long v) {
    PyObject *o = PyLong_FromLong(v);
    if (o == NULL)
        return -1;
    return PyList_SetItem(list, i, o); /* steals o */
}

static int append_long(PyObject *list, long v) {
    PyObject *o = PyLong_FromLong(v);
    int r;
    if (o == NULL)
        return -1;
    r = PyList_Append(list, o);
    Py_DECREF(o);
    return r;
}

/* Board.find: the root, halving the path as the reference does. */
static long find_halving(PyObject *parent, long node) {
    long up = item(parent, node);
    while (up != node) {
        PyObject *grand = PyList_GET_ITEM(parent, up);
        Py_INCREF(grand);
        PyList_SetItem(parent, node, grand);
        node = PyLong_AsLong(grand);
        up = item(parent, node);
    }
    return node;
}

/* Board._ungroup */
static int ungroup(PyObject *groups, PyObject *cell, PyObject *key) {
    PyObject *group = PyDict_GetItemWithError(groups, key);
    if (group == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_KeyError, "schlangengrube core: a frontier cell's group is missing");
        return -1;
    }
    if (PyDict_DelItem(group, cell) < 0)
        return -1;
    if (PyDict_GET_SIZE(group) == 0)
        return PyDict_DelItem(groups, key);
    return 0;
}

/* Board._update_frontier */
static int update_frontier(PyObject *cells, PyObject *frontier, PyObject *groups, const Faces *f, PyObject *cell,
                           long x, long y, const int *codes) {
    PyObject *old = PyDict_GetItemWithError(frontier, cell);
    int e;
    if (old == NULL && PyErr_Occurred())
        return -1;
    if (old != NULL) {
        int r;
        Py_INCREF(old);
        r = PyDict_DelItem(frontier, cell) < 0 || ungroup(groups, cell, old) < 0;
        Py_DECREF(old);
        if (r)
            return -1;
    }
    for (e = 0; e < 4; e++) {
        PyObject *nb = cell_of(x + DX[e], y + DY[e]);
        PyObject *found, *key, *group;
        long k = 0;
        int r;
        if (nb == NULL)
            return -1;
        r = PyDict_Contains(cells, nb);
        if (r != 0) {
            Py_DECREF(nb);
            if (r < 0)
                return -1;
            continue;
        }
        found = PyDict_GetItemWithError(frontier, nb);
        if (found != NULL) {
            k = PyLong_AsLong(found);
            if ((k == -1 && PyErr_Occurred()) || ungroup(groups, nb, found) < 0) {
                Py_DECREF(nb);
                return -1;
            }
        } else if (PyErr_Occurred()) {
            Py_DECREF(nb);
            return -1;
        }
        k += codes[e] * f->powers[(e + 2) % 4];
        key = PyLong_FromLong(k);
        if (key == NULL || PyDict_SetItem(frontier, nb, key) < 0) {
            Py_XDECREF(key);
            Py_DECREF(nb);
            return -1;
        }
        group = PyDict_GetItemWithError(groups, key);
        if (group == NULL) {
            if (PyErr_Occurred() || (group = PyDict_New()) == NULL) {
                Py_DECREF(key);
                Py_DECREF(nb);
                return -1;
            }
            r = PyDict_SetItem(group, nb, Py_None) < 0 || PyDict_SetItem(groups, key, group) < 0;
            Py_DECREF(group);
        } else {
            r = PyDict_SetItem(group, nb, Py_None) < 0;
        }
        Py_DECREF(key);
        Py_DECREF(nb);
        if (r)
            return -1;
    }
    return 0;
}

PyDoc_STRVAR(lay_doc,
"lay(board, t, oi, cell) -> list\n\n"
"Board.lay of the Python board: lay face `oi` of tile kind `t` (known to be legal) at `cell`,\n"
"updating the cells, the snakes and the frontier as the reference does; return (colour, tiles)\n"
"of each snake it completes.");

static PyObject *lay(PyObject *self, PyObject *args) {
    PyObject *board, *cell, *cat = NULL, *cells = NULL, *frontier = NULL, *groups = NULL, *hold[5] = {0};
    PyObject *completed = NULL, *nodes_obj = NULL, *info = NULL, *result = NULL;
    Snakes s;
    Faces *f;
    const Face *face;
    long t, oi, x, y, nodes[4] = {-1, -1, -1, -1};
    int pi, i;
    (void)self;
    if (!PyArg_ParseTuple(args, "OllO!", &board, &t, &oi, &PyTuple_Type, &cell))
        return NULL;
    if (PyTuple_GET_SIZE(cell) != 2) {
        PyErr_SetString(PyExc_TypeError, "schlangengrube core: a cell is (x, y)");
        return NULL;
    }
    x = PyLong_AsLong(PyTuple_GET_ITEM(cell, 0));
    y = PyLong_AsLong(PyTuple_GET_ITEM(cell, 1));
    if (PyErr_Occurred())
        return NULL;
    cat = PyObject_GetAttrString(board, "cat");
    cells = PyObject_GetAttrString(board, "cells");
    frontier = PyObject_GetAttrString(board, "frontier");
    groups = PyObject_GetAttrString(board, "groups");
    if (cat == NULL || cells == NULL || frontier == NULL || groups == NULL)
        goto done;
    if (!PyDict_Check(cells) || !PyDict_Check(frontier) || !PyDict_Check(groups)) {
        PyErr_SetString(PyExc_TypeError, "schlangengrube core: the board's cells, frontier and groups are dicts");
        goto done;
    }
    f = faces_of(cat);
    if (f == NULL || snakes_read(board, &s, hold) < 0)
        goto done;
    if (t < 0 || t >= f->ntiles || oi < 0 || oi >= f->count[t]) {
        PyErr_Format(PyExc_IndexError, "schlangengrube core: no face %ld of tile kind %ld", oi, t);
        goto done;
    }
    face = &f->faces[f->first[t] + oi];
    completed = PyList_New(0);
    if (completed == NULL)
        goto done;
    for (pi = 0; pi < face->nparts; pi++) {
        const Part *part = &face->parts[pi];
        long node = PyList_GET_SIZE(s.parent), root;
        int joined = 0;
        if (append_long(s.parent, node) < 0 || append_long(s.size, 1) < 0
            || append_long(s.heads, part->kind == HEAD) < 0 || append_long(s.tails, part->kind == TAIL) < 0
            || append_long(s.open, part->nports) < 0)
            goto done;
        for (i = 0; i < part->nports; i++) {
            int e = part->ports[i];
            PyObject *nb, *other;
            long a, b, other_node;
            nodes[e] = node;
            nb = cell_of(x + DX[e], y + DY[e]);
            if (nb == NULL)
                goto done;
            other = PyDict_GetItemWithError(cells, nb);
            Py_DECREF(nb);
            if (other == NULL) {
                if (PyErr_Occurred())
                    goto done;
                continue;
            }
            joined = 1;
            other_node = PyLong_AsLong(PyTuple_GET_ITEM(PyTuple_GET_ITEM(other, 3), (e + 2) % 4));
            a = find_halving(s.parent, node);
            b = find_halving(s.parent, other_node);
            if (a != b) {
                if (item(s.size, a) < item(s.size, b)) {
                    long swap = a;
                    a = b;
                    b = swap;
                }
                if (set_long(s.parent, b, a) < 0 || set_long(s.size, a, item(s.size, a) + item(s.size, b)) < 0
                    || set_long(s.heads, a, item(s.heads, a) + item(s.heads, b)) < 0
                    || set_long(s.tails, a, item(s.tails, a) + item(s.tails, b)) < 0
                    || set_long(s.open, a, item(s.open, a) + item(s.open, b)) < 0)
                    goto done;
            }
            if (set_long(s.open, a, item(s.open, a) - 2) < 0)
                goto done;
        }
        if (joined) {
            root = find_halving(s.parent, node);
            if (item(s.open, root) == 0) {
                PyObject *pair = Py_BuildValue("(il)", part->colour, item(s.size, root));
                if (pair == NULL || PyList_Append(completed, pair) < 0) {
                    Py_XDECREF(pair);
                    goto done;
                }
                Py_DECREF(pair);
            }
        }
    }
    nodes_obj = Py_BuildValue("(llll)", nodes[0], nodes[1], nodes[2], nodes[3]);
    if (nodes_obj == NULL)
        goto done;
    info = Py_BuildValue("(llOO)", t, oi, face->codes_obj, nodes_obj);
    if (info == NULL || PyDict_SetItem(cells, cell, info) < 0)
        goto done;
    if (update_frontier(cells, frontier, groups, f, cell, x, y, face->codes) < 0)
        goto done;
    result = completed;
    completed = NULL;
done:
    for (i = 0; i < 5; i++)
        Py_XDECREF(hold[i]);
    Py_XDECREF(completed);
    Py_XDECREF(nodes_obj);
    Py_XDECREF(info);
    Py_XDECREF(cat);
    Py_XDECREF(cells);
    Py_XDECREF(frontier);
    Py_XDECREF(groups);
    return result;
}

/* ------------------------------------------------------------------ scores in another order */

PyDoc_STRVAR(reorder_doc,
"reorder(moves, listed, values) -> list\n\n"
"values[i] of listed[i] for each of `moves` found among `listed` (the same object), in the order\n"
"of `moves`; None for a move not among them.");

static PyObject *reorder(PyObject *self, PyObject *args) {
    PyObject *moves, *listed, *values, *out;
    Py_ssize_t n, m, i, cap = 16, mask;
    Py_ssize_t *slots;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyList_Type, &moves, &PyList_Type, &listed, &PyList_Type, &values))
        return NULL;
    n = PyList_GET_SIZE(listed);
    m = PyList_GET_SIZE(moves);
    if (PyList_GET_SIZE(values) != n) {
        PyErr_SetString(PyExc_ValueError, "schlangengrube core: one value per listed move");
        return NULL;
    }
    while (cap < 2 * n + 2)
        cap *= 2;
    mask = cap - 1;
    slots = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)cap);
    out = PyList_New(m);
    if (slots == NULL || out == NULL) {
        PyMem_Free(slots);
        Py_XDECREF(out);
        return PyErr_NoMemory();
    }
    for (i = 0; i < cap; i++)
        slots[i] = -1;
    for (i = 0; i < n; i++) {
        Py_ssize_t h = (Py_ssize_t)(((size_t)PyList_GET_ITEM(listed, i) >> 4) & (size_t)mask);
        while (slots[h] >= 0)
            h = (h + 1) & mask;
        slots[h] = i;
    }
    for (i = 0; i < m; i++) {
        PyObject *move = PyList_GET_ITEM(moves, i), *value = Py_None;
        Py_ssize_t h = (Py_ssize_t)(((size_t)move >> 4) & (size_t)mask);
        for (; slots[h] >= 0; h = (h + 1) & mask)
            if (PyList_GET_ITEM(listed, slots[h]) == move) {
                value = PyList_GET_ITEM(values, slots[h]);
                break;
            }
        Py_INCREF(value);
        PyList_SET_ITEM(out, i, value);
    }
    PyMem_Free(slots);
    return out;
}

/* ------------------------------------------------------------------ ripe snakes (strategy.ripe_points) */

PyDoc_STRVAR(ripe_doc,
"ripe(board, rule) -> int\n\n"
"The points (rule 0 triangular, 1 linear, 2 square) of every snake on the table with exactly one\n"
"open port, counted with one tile more: strategy.ripe_points.");

static PyObject *ripe(PyObject *self, PyObject *args) {
    PyObject *board, *hold[5] = {0}, *result = NULL;
    Snakes s;
    int rule, i;
    long long sum = 0;
    Py_ssize_t n, node;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi", &board, &rule))
        return NULL;
    if (snakes_read(board, &s, hold) < 0)
        goto done;
    n = PyList_GET_SIZE(s.parent);
    if (PyList_GET_SIZE(s.size) < n || PyList_GET_SIZE(s.open) < n) {
        PyErr_SetString(PyExc_ValueError, "schlangengrube core: the snake lists differ in length");
        goto done;
    }
    for (node = 0; node < n; node++)
        if (item(s.parent, node) == node && item(s.open, node) == 1)
            sum += snake_score(rule, item(s.size, node) + 1);
    if (!PyErr_Occurred())
        result = PyLong_FromLongLong(sum);
done:
    for (i = 0; i < 5; i++)
        Py_XDECREF(hold[i]);
    return result;
}

static PyMethodDef methods[] = {
    {"ripe", ripe, METH_VARARGS, ripe_doc},
    {"reorder", reorder, METH_VARARGS, reorder_doc},
    {"placements", placements, METH_VARARGS, placements_doc},
    {"lay", lay, METH_VARARGS, lay_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core",
    "Schlangengrube's compiled core: the legal placements of a hand and their scores in one call, and\n"
"laying a tile on the Python table.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
