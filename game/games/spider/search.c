/* Spider's compiled search, its walk (see fast.c for the game): the search deal by deal of
 * game/solver/phases.py (PhaseSearch) with the bookkeeping of game/solver/engine.py (Search), step
 * for step. Each phase is a best-first search of the moves but the deal within its budget of
 * positions; the positions it expanded that may deal are candidates, the best `fan` of them (by the
 * position each deal leads to) start the next phase in turn, and a phase that finds no way on goes
 * back to the one before. A round that left something out starts again from the start, wider. Or
 * (one or two suits) plain best first: game/solver/walks.py's BestFirst, the deal one more move.
 *
 * sp_new(input, n, weights, params, most): input = per column its length, face-down count and
 * cards (bottom first), the stock's length and cards (the next deal is its last ten, the last card
 * to the last column), the suits completed; weights = the problem's five; params = phase_nodes,
 * fan, last_nodes, widen, and 1 for a best-first search instead (Search with BestFirst, the phase
 * parameters unused); most = the search's budget of positions. NULL if the input is not a Spider
 * position this search reads.
 * sp_step(s, budget, cancelled): up to budget more turns of the walk's loop; 0 running,
 * 1 won, 3 unknown (the budget spent, cancelled, or every position searched: sp_exhausted), 4 out of
 * memory.
 * sp_line(s, out, room): the winning line, an int a move (search.h's pack_move), its length.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../solver/compiled.h"
#include "search.h"

static int before(const Entry *a, const Entry *b) {
    return a->score < b->score || (a->score == b->score && a->order < b->order);
}

/* An entry on a binary heap; 0 when out of memory. Any heap takes the entries in one order: no two
 * have the same (score, order). */
int push(Entries *h, double score, uint64_t order, uint32_t id) {
    if (!grow((void **)&h->items, &h->room, h->len + 1, sizeof *h->items)) return 0;
    Entry e = {score, order, id};
    uint64_t k = h->len++;
    while (k > 0) {
        uint64_t up = (k - 1) / 2;
        if (!before(&e, &h->items[up])) break;
        h->items[k] = h->items[up], k = up;
    }
    h->items[k] = e;
    return 1;
}

static Entry pop(Entries *h) {
    Entry top = h->items[0], last = h->items[--h->len];
    uint64_t k = 0, n = h->len;
    for (;;) {
        uint64_t c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && before(&h->items[c + 1], &h->items[c])) c++;
        if (!before(&h->items[c], &last)) break;
        h->items[k] = h->items[c], k = c;
    }
    if (n) h->items[k] = last;
    return top;
}

static int compare_entries(const void *a, const void *b) {
    return before(a, b) ? -1 : before(b, a) ? 1 : 0;
}

static uint64_t *slot_for(Search *s, const View *v, uint64_t hash, int *found) {
    View other;
    for (uint64_t i = hash & s->mask;; i = (i + 1) & s->mask) {
        uint64_t *slot = &s->slots[i];
        if (!*slot) {
            *found = 0;
            return slot;
        }
        if (*slot >> 32 == hash >> 32) {
            view_at(s->arena + s->at[(uint32_t)*slot - 1], &other);
            if (same_key(v, &other)) {
                *found = 1;
                return slot;
            }
        }
    }
}

/* The table twice as large, its positions placed again. */
static int rehash(Search *s) {
    uint64_t size = 2 * (s->mask + 1);
    uint64_t *slots = calloc(size, sizeof *slots);
    if (!slots) return 0;
    free(s->slots);
    s->slots = slots, s->mask = size - 1;
    for (uint32_t id = 0; id < s->count; id++) {
        uint64_t i = s->hash[id] & s->mask;
        while (slots[i]) i = (i + 1) & s->mask;
        slots[i] = (s->hash[id] >> 32 << 32) | (id + 1u);
    }
    return 1;
}

/* 1 if the position (its key's hash given) is new (now remembered with its parent, move and depth, as id count - 1), 0
 * if its key was met before, -1 when out of memory. */
int remember(Search *s, const View *v, uint64_t hash, uint32_t parent, uint32_t move, uint32_t depth) {
    int found;
    uint64_t *slot = slot_for(s, v, hash, &found);
    if (found) return 0;
    if (s->count == UINT32_MAX - 1) return -1;
    if (s->count == s->room) {
        uint64_t room = s->room, r;
#define GROW(field) (r = room, grow((void **)&s->field, &r, room + 1, sizeof *s->field))
        if (!GROW(at) || !GROW(hash) || !GROW(parent) || !GROW(move) || !GROW(depth)) return -1;
#undef GROW
        s->room = (uint32_t)(r < UINT32_MAX ? r : UINT32_MAX - 1);
    }
    if (!grow((void **)&s->arena, &s->arena_room, s->arena_len + MOST_BYTES, 1)) return -1;
    uint32_t id = s->count++;
    s->at[id] = s->arena_len;
    s->arena_len += (uint64_t)store_view(v, s->arena + s->arena_len);
    s->hash[id] = hash, s->parent[id] = parent, s->move[id] = move, s->depth[id] = depth;
    *slot = (hash >> 32 << 32) | (id + 1u);
    if (2 * (uint64_t)s->count > s->mask + 1 && !rehash(s)) return -1;
    return 1;
}

/* A new phase from the position `id` (PhaseSearch._open). 0 when out of memory. */
static int open_phase(Search *s, uint32_t id) {
    if (s->nphases == s->phases_room) {
        int room = s->phases_room ? 2 * s->phases_room : 16;
        Phase *more = realloc(s->phases, room * sizeof *more);
        if (!more) return 0;
        s->phases = more, s->phases_room = room;
    }
    View v;
    view_at(s->arena + s->at[id], &v);
    Phase *ph = &s->phases[s->nphases++];
    memset(ph, 0, sizeof *ph);
    ph->last = !v.stock;
    return push(&ph->heap, score_of(s, &v, (int)s->depth[id]), ++s->order, id);
}

static void close_phase(Phase *ph) { free(ph->heap.items), free(ph->deals.items), free(ph->chosen); }

/* A round from the start (PhaseSearch._begin): the positions met forgotten but the start; best
 * first, the one search (BestFirst.begin). */
static int begin(Search *s) {
    s->count = 0, s->arena_len = 0, s->cut_positions = s->cut_deals = 0;
    memset(s->slots, 0, (s->mask + 1) * sizeof *s->slots);
    View v;
    view_at(s->root, &v);
    if (remember(s, &v, hash_of(&v), NO_ID, 0, 0) != 1) return 0;
    return s->best_first ? push(&s->open, score_of(s, &v, 0), ++s->order, 0) : open_phase(s, 0);
}

/* Best first, one turn (BestFirst.advance): the best position expanded, its new children pushed
 * in the order they came. 1 when one is the win, -1 out of memory, else 0. */
static int best_first_turn(Search *s) {
    Entry e = pop(&s->open);
    s->nodes++;
    Children out;
    out.n = out.generated = 0;
    int r = expand_moves(s, e.id, e.score, &out);
    if (r) return r;
    s->generated += (uint64_t)out.generated;
    for (int k = 0; k < out.n; k++)
        if (!push(&s->open, out.score[k], ++s->order, out.id[k])) return -1;
    return 0;
}

/* A budget `widen` times larger; at most the largest, which no search reaches (Python's ints
 * have no largest: the phase budgets double at every round, while every phase may be exhausted). */
static uint64_t wider(uint64_t budget, int widen) {
    return budget > UINT64_MAX / (uint64_t)widen ? UINT64_MAX : budget * (uint64_t)widen;
}

/* Every phase tried (PhaseSearch._again): from the start again, with larger phases if positions
 * were left out, else with one more deal tried from each if deals were; else every position the
 * moves reach was searched. */
static int again(Search *s) {
    if (!s->cut_positions && !s->cut_deals) {
        s->exhausted = 1, s->status = UNKNOWN; /* the moves leave some out: no loss is proved */
        return 1;
    }
    if (s->cut_positions)
        s->phase_nodes = wider(s->phase_nodes, s->widen), s->last_nodes = wider(s->last_nodes, s->widen);
    else
        s->fan++;
    return begin(s);
}

/* The top phase is over (PhaseSearch._next_phase): its deals chosen (the first time), then the
 * next phase opened from the next of them, or the phase left. 0 when out of memory. */
static int next_phase(Search *s) {
    Phase *ph = &s->phases[s->nphases - 1];
    if (!ph->chosen_made) {
        free(ph->heap.items);
        ph->heap = (Entries){0};
        ph->chosen_made = 1;
        ph->chosen = malloc((s->fan > 0 ? s->fan : 1) * sizeof *ph->chosen);
        if (!ph->chosen) return 0;
        qsort(ph->deals.items, ph->deals.len, sizeof *ph->deals.items, compare_entries);
        for (uint64_t k = 0; k < ph->deals.len; k++) {
            if (ph->nchosen == s->fan) {
                s->cut_deals = 1;
                break;
            }
            uint32_t parent = ph->deals.items[k].id;
            uint8_t bytes[MOST_BYTES];
            View v, c;
            view_at(s->arena + s->at[parent], &v);
            deal_child(s, &v, bytes);
            view_at(bytes, &c);
            int fresh = remember(s, &c, hash_of(&c), parent, pack_move(DEAL_FROM, DEAL_FROM, DEAL_SIZE), s->depth[parent] + 1);
            if (fresh < 0) return 0;
            if (!fresh) continue;
            if (c.done == 8) {
                s->status = WON, s->won = s->count - 1;
                return 1;
            }
            ph->chosen[ph->nchosen++] = s->count - 1;
        }
        free(ph->deals.items);
        ph->deals = (Entries){0};
    }
    if (ph->tried < ph->nchosen) return open_phase(s, ph->chosen[ph->tried++]);
    close_phase(ph);
    s->nphases--;
    return 1;
}

void sp_free(Search *s) {
    if (!s) return;
    for (int k = 0; k < s->nphases; k++) close_phase(&s->phases[k]);
    free(s->phases), free(s->arena), free(s->at), free(s->hash), free(s->parent), free(s->move);
    free(s->depth), free(s->slots), free(s->open.items), free(s);
}

/* The start from fast.py's input; 0 if it is not a position this search reads. */
static int read_input(Search *s, const int *in, int n) {
    View v;
    uint8_t cards[CARDS];
    int at = 0, used = 0;
    for (int i = 0; i < COLS; i++) {
        if (at + 2 > n) return 0;
        int len = in[at++], down = in[at++];
        /* each bound as a difference: a huge length must not wrap round a sum and pass */
        if (len < 0 || down < 0 || (down >= len && down) || len > CARDS - used || len > n - at) return 0;
        v.len[i] = (uint8_t)len, v.down[i] = (uint8_t)down;
        for (int k = 0; k < len; k++) {
            if (in[at + k] < 0 || in[at + k] >= 52) return 0;
            cards[used + k] = (uint8_t)in[at + k];
        }
        v.col[i] = cards + used;
        used += len, at += len;
    }
    if (at >= n) return 0;
    int stock = in[at++];
    if (stock < 0 || stock % DEAL_SIZE || stock > CARDS - used || stock != n - at - 1) return 0;
    for (int k = 0; k < stock; k++) {
        if (in[at + k] < 0 || in[at + k] >= 52) return 0;
        s->stock_cards[k] = (uint8_t)in[at + k];
    }
    int done = in[at + stock];
    if (done < 0 || done > 8) return 0;
    v.stock = (uint8_t)stock, v.done = (uint8_t)done;
    store_view(&v, s->root);
    return 1;
}

Search *sp_new(const int *input, int n, const double *weights, const int *params, uint64_t most) {
    Search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    memcpy(s->w, weights, sizeof s->w);
    s->phase_nodes = (uint64_t)params[0], s->fan = params[1], s->last_nodes = (uint64_t)params[2];
    s->widen = params[3], s->best_first = params[4], s->most = most;
    s->mask = (1u << 12) - 1;
    s->slots = calloc(s->mask + 1, sizeof *s->slots);
    int bad = params[0] < 0 || params[1] < 1 || params[2] < 0 || params[3] < 1 || params[4] < 0 || params[4] > 1;
    if (!s->slots || bad || !read_input(s, input, n)) {
        sp_free(s);
        return NULL;
    }
    if (s->root[1] == 8) { /* won at the start: the line is empty */
        View v;
        view_at(s->root, &v);
        if (remember(s, &v, hash_of(&v), NO_ID, 0, 0) < 0) s->status = NO_MEMORY;
        else s->status = WON, s->won = 0;
    } else if (!begin(s)) {
        s->status = NO_MEMORY;
    }
    return s;
}

/* Best first (Search.stops, then BestFirst.advance): nothing left to search, or the budget spent. */
static int best_first_step(Search *s, uint64_t budget, int cancelled) {
    for (uint64_t n = 0; s->status == RUNNING && n < budget; n++) {
        if (!s->open.len) {
            s->exhausted = 1, s->status = UNKNOWN; /* the moves leave some out: no loss is proved */
            break;
        }
        if (cancelled || s->nodes >= s->most) {
            s->status = UNKNOWN;
            break;
        }
        int r = best_first_turn(s);
        if (r < 0) return s->status = NO_MEMORY;
        if (r) s->status = WON, s->won = s->count - 1;
    }
    return s->status;
}

int sp_step(Search *s, uint64_t budget, int cancelled) {
    if (s->best_first) return best_first_step(s, budget, cancelled);
    for (uint64_t n = 0; s->status == RUNNING && n < budget; n++) {
        if (cancelled || s->nodes >= s->most) {
            s->status = UNKNOWN;
            break;
        }
        if (!s->nphases) {
            if (!again(s)) return s->status = NO_MEMORY;
            continue;
        }
        Phase *ph = &s->phases[s->nphases - 1];
        uint64_t limit = ph->last ? s->last_nodes : s->phase_nodes;
        if (!ph->chosen_made && ph->heap.len && ph->expanded < limit) {
            Entry e = pop(&ph->heap);
            ph->expanded++, s->nodes++;
            int r = expand_moves(s, e.id, e.score, NULL);
            if (r < 0) return s->status = NO_MEMORY;
            if (r) s->status = WON, s->won = s->count - 1;
        } else {
            s->cut_positions |= ph->heap.len > 0;
            if (!next_phase(s)) return s->status = NO_MEMORY;
        }
    }
    return s->status;
}

uint64_t sp_nodes(const Search *s) { return s->nodes; }
uint64_t sp_generated(const Search *s) { return s->generated; }
uint64_t sp_seen(const Search *s) { return s->count; }
int sp_exhausted(const Search *s) { return s->exhausted; }

/* The won position's line from the start, a move an int (pack_move), up to `room` moves; its
 * whole length. */
int sp_line(const Search *s, int *out, int room) {
    if (s->status != WON) return 0;
    int total = 0;
    for (uint32_t id = s->won; s->parent[id] != NO_ID; id = s->parent[id]) total++;
    int at = total;
    for (uint32_t id = s->won; s->parent[id] != NO_ID; id = s->parent[id])
        if (--at < room) out[at] = (int)s->move[id];
    return total;
}

/* A module Python can import, so the build and the wheel find and ship these files as any
 * extension; its functions are reached through ctypes (game/games/spider/fast.py). */
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", "Spider's search in C", -1, NULL, NULL,
                                    NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
