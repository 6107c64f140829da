/* FreeCell's compiled search, its walk (see fast.c for the game): the lazy best-first walk of
 * game/solver/walks.py (LazyBestFirst) with the bookkeeping of game/solver/engine.py (Search), step
 * for step: the moves wait on a heap by (score, order generated); a move taken builds its position,
 * which is dropped if its key was met before, else remembered with its parent and line, and
 * expanded (one position of the budget) unless it is the win. The functions Python calls are here. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../solver/compiled.h"
#include "search.h"

enum { RUNNING, WON, LOST, UNKNOWN, NO_MEMORY };

/* The heap's children a node: four, so a move taken from it goes down half as many levels as in a
 * binary heap, each level's entries side by side in memory. Any heap takes the moves in one order:
 * no two have the same (score, order). */
#define ARITY 4

static int before(const Entry *a, const Entry *b) {
    return a->score < b->score || (a->score == b->score && a->order < b->order);
}

/* A move on the heap (each gets the next order, as Python's counter). 0 when out of memory. */
int push(Search *s, double score, double h, uint32_t parent, Move m, int built) {
    if (!grow((void **)&s->heap, &s->heap_room, s->heap_len + 1, sizeof *s->heap)) return 0;
    Entry e = {score, h, ++s->order, parent, pack_move(m, built)};
    uint64_t k = s->heap_len++;
    while (k > 0) {
        uint64_t up = (k - 1) / ARITY;
        if (!before(&e, &s->heap[up])) break;
        s->heap[k] = s->heap[up], k = up;
    }
    s->heap[k] = e;
    return 1;
}

static Entry pop(Search *s) {
    Entry top = s->heap[0], last = s->heap[--s->heap_len];
    uint64_t k = 0, n = s->heap_len;
    for (;;) {
        uint64_t c = ARITY * k + 1, end = c + ARITY < n ? c + ARITY : n;
        if (c >= n) break;
        for (uint64_t d = c + 1; d < end; d++)
            if (before(&s->heap[d], &s->heap[c])) c = d;
        if (!before(&s->heap[c], &last)) break;
        s->heap[k] = s->heap[c], k = c;
    }
    if (n) s->heap[k] = last;
    return top;
}

/* The slot of a position equal to p (found = 1), or the free slot where it would go. A slot holds
 * its position's hash's high half, so most others are passed over without a look at them. */
static uint64_t *slot_for(Search *s, const Pos *p, uint64_t hash, int *found) {
    for (uint64_t i = hash & s->mask;; i = (i + 1) & s->mask) {
        uint64_t *slot = &s->slots[i];
        if (!*slot) {
            *found = 0;
            return slot;
        }
        uint32_t id = (uint32_t)*slot - 1;
        if (*slot >> 32 == hash >> 32 && s->hashes[id] == hash && same_pos(&s->pos[id], p)) {
            *found = 1;
            return slot;
        }
    }
}

/* The table twice as large, its positions placed again by the hashes kept. */
static int rehash(Search *s) {
    uint64_t size = 2 * (s->mask + 1);
    uint64_t *slots = calloc(size, sizeof *slots);
    if (!slots) return 0;
    free(s->slots);
    s->slots = slots, s->mask = size - 1;
    for (uint32_t id = 0; id < s->count; id++) {
        uint64_t hash = s->hashes[id], i = hash & s->mask;
        while (slots[i]) i = (i + 1) & s->mask;
        slots[i] = (hash >> 32 << 32) | (id + 1u);
    }
    return 1;
}

/* 1 if the position is new (now remembered with its parent, line and depth), 0 if it was met
 * before, -1 when out of memory. */
static int remember(Search *s, const Pos *p, uint32_t parent, const Move *line, int len) {
    uint64_t hash = hash_pos(p);
    int found;
    uint64_t *slot = slot_for(s, p, hash, &found);
    if (found) return 0;
    if (s->count == UINT32_MAX - 1) return -1;
    if (s->count == s->room) {
        uint64_t room = s->room, r;
#define GROW(field) (r = room, grow((void **)&s->field, &r, room + 1, sizeof *s->field))
        if (!GROW(pos) || !GROW(hashes) || !GROW(parent) || !GROW(line_at) || !GROW(depth) || !GROW(line_len))
            return -1;
#undef GROW
        s->room = (uint32_t)(r < UINT32_MAX ? r : UINT32_MAX - 1);
    }
    if (!grow((void **)&s->lines, &s->lines_room, s->lines_len + len, sizeof *s->lines)) return -1;
    uint32_t id = s->count++;
    s->pos[id] = *p;
    s->hashes[id] = hash;
    s->parent[id] = parent;
    s->depth[id] = parent == NO_PARENT ? 0 : s->depth[parent] + (uint32_t)len;
    s->line_at[id] = (uint32_t)s->lines_len, s->line_len[id] = (uint8_t)len;
    memcpy(s->lines + s->lines_len, line, len * sizeof *line);
    s->lines_len += len;
    *slot = (hash >> 32 << 32) | (id + 1u);
    if (2 * (uint64_t)s->count > s->mask + 1 && !rehash(s)) return -1;
    return 1;
}

static int won(const Pos *p) { return p->home[0] == 13 && p->home[1] == 13 && p->home[2] == 13 && p->home[3] == 13; }

void fc_free(Search *s) {
    if (!s) return;
    free(s->pos), free(s->hashes), free(s->parent), free(s->line_at), free(s->depth), free(s->line_len);
    free(s->lines), free(s->slots), free(s->heap), free(s);
}

Search *fc_new(const int *input, int n, const int *parents, const double *weights, uint64_t most) {
    Search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    memcpy(s->w, weights, sizeof s->w);
    s->most = most;
    s->mask = (1u << 10) - 1; /* most deals meet a few hundred positions: the table grows for more */
    s->slots = calloc(s->mask + 1, sizeof *s->slots);
    Pos start;
    Line prefix;
    int len = s->slots ? start_of(s, input, n, parents, &start, prefix) : -1;
    if (len < 0 || remember(s, &start, NO_PARENT, prefix, len) != 1) {
        fc_free(s);
        return NULL;
    }
    if (won(&start))
        s->status = WON, s->won = 0;
    else if (!expand(s, 0))
        s->status = NO_MEMORY;
    return s;
}

int fc_step(Search *s, uint64_t budget, int cancelled) {
    uint64_t n = 0;
    while (s->status == RUNNING && n < budget) {
        if (!s->heap_len) {
            s->status = LOST; /* every position searched, and the moves leave nothing out */
            break;
        }
        if (cancelled || s->nodes >= s->most) {
            s->status = UNKNOWN;
            break;
        }
        Entry e = pop(s);
        Pos child;
        Line line;
        int len = child_of(s, &e, &child, line);
        int fresh = remember(s, &child, e.parent, line, len);
        if (fresh < 0) return s->status = NO_MEMORY;
        if (!fresh) continue;
        if (won(&child)) {
            s->status = WON, s->won = s->count - 1;
            break;
        }
        n++;
        if (!expand(s, s->count - 1)) return s->status = NO_MEMORY;
    }
    return s->status;
}

uint64_t fc_nodes(const Search *s) { return s->nodes; }
uint64_t fc_generated(const Search *s) { return s->generated; }
uint64_t fc_seen(const Search *s) { return s->count; }

/* The won position's line from the start, a move an int (pack_move, search.h), up to `room` moves;
 * its whole length. */
int fc_line(const Search *s, int *out, int room) {
    if (s->status != WON) return 0;
    int total = 0;
    for (uint32_t id = s->won; id != NO_PARENT; id = s->parent[id]) total += s->line_len[id];
    int end = total;
    for (uint32_t id = s->won; id != NO_PARENT; id = s->parent[id]) {
        end -= s->line_len[id];
        for (int k = 0; k < s->line_len[id]; k++) {
            int at = end + k;
            if (at >= room) continue;
            out[at] = (int)pack_move(s->lines[s->line_at[id] + k], 0);
        }
    }
    return total;
}

/* A module Python can import, so the build and the wheel find and ship these files as any
 * extension; its functions are reached through ctypes (game/games/freecell/fast.py). */
static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast", "FreeCell's search in C", -1, NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
