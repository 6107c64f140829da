/* The engine's depth-first walk in C (game/solver/engine.py's Search with walks.DepthFirst), step
 * for step, for the games whose complete search runs compiled (Klondike's and Canfield's
 * complete.c give the moves): a position taken from the stack is expanded (one position of the
 * budget); each of its moves is played and followed by the safe moves; a child met before is
 * dropped, else remembered at once (so a later sibling's subtree never enters it), and the win
 * ends the search; the new children go on the stack sorted by score (stable: equal scores keep
 * the moves' order), the most promising on top. Positions are remembered by a 128-bit hash of the
 * Python key: two sharing one would cut a branch, a chance of about n^2 / 2^129 for n positions.
 * The winning line is kept as a path of levels, so memory holds only the stack, the path and the
 * hashes. */
#include "depth_first.h"

#include <stdlib.h>
#include <string.h>

#include "compiled.h"

enum { RUNNING, WON, LOST, UNKNOWN, NO_MEMORY };
#define MOST_MOVES 256

/* A position waiting on the stack: this head, then the position's bytes. */
typedef struct {
    uint32_t depth; /* the moves from the start, as the Python search counts them (not the start's safe moves) */
    uint32_t level; /* its parent's level + 1: its line's place on the path */
    uint32_t len;
    int line[LINE_MOST]; /* the moves from its parent */
} Head;

struct Walk {
    const GameFunctions *rules;
    void *game;
    size_t stride;     /* a stack entry's bytes: the head and the position */
    uint8_t *stack;    /* the positions waiting */
    uint8_t *kids;     /* the children of one expansion */
    uint64_t n, cap;
    int *path;         /* the moves from the start to the position being expanded */
    uint64_t path_cap;
    uint64_t *level_end; /* where each level's line ends on the path */
    uint64_t levels_cap;
    uint64_t *table, mask, seen; /* the positions met: two words of hash a slot, 0 free */
    uint64_t nodes, generated, most;
    int status;
    int *won_line;
    uint64_t won_len;
};

static Head *entry(uint8_t *base, size_t stride, uint64_t k) { return (Head *)(base + k * stride); }
static void *position_of(Head *h) { return (uint8_t *)h + sizeof *h; }

static void put(uint64_t *table, uint64_t mask, uint64_t a, uint64_t b) {
    uint64_t i = a & mask;
    while (table[2 * i]) i = (i + 1) & mask;
    table[2 * i] = a, table[2 * i + 1] = b;
}

/* 1 if the position is new (now remembered), 0 if met before, -1 when out of memory. */
static int remember_new(Walk *w, const void *pos) {
    uint64_t a, b;
    w->rules->hash(w->game, pos, &a, &b);
    for (uint64_t i = a & w->mask; w->table[2 * i]; i = (i + 1) & w->mask)
        if (w->table[2 * i] == a && w->table[2 * i + 1] == b) return 0;
    if (10 * (w->seen + 1) > 7 * (w->mask + 1)) { /* the table twice as large, its hashes placed again */
        uint64_t mask = 2 * w->mask + 1;
        uint64_t *table = calloc(2 * (mask + 1), sizeof *table);
        if (!table) return -1;
        for (uint64_t i = 0; i <= w->mask; i++)
            if (w->table[2 * i]) put(table, mask, w->table[2 * i], w->table[2 * i + 1]);
        free(w->table);
        w->table = table, w->mask = mask;
    }
    put(w->table, w->mask, a, b);
    w->seen++;
    return 1;
}

static int push(Walk *w, const Head *h) {
    if (!grow((void **)&w->stack, &w->cap, w->n + 1, w->stride)) return 0;
    memcpy(w->stack + w->n++ * w->stride, h, w->stride);
    return 1;
}

/* The win's line: the path to the position expanded (path_len moves), then the winning child's. */
static int keep_win(Walk *w, uint64_t path_len, const int *line, uint32_t len) {
    w->won_len = path_len + len;
    w->won_line = malloc((w->won_len ? w->won_len : 1) * sizeof *w->won_line);
    if (!w->won_line) return NO_MEMORY;
    memcpy(w->won_line, w->path, path_len * sizeof *w->path);
    memcpy(w->won_line + path_len, line, len * sizeof *line);
    return WON;
}

void walk_free(Walk *w) {
    if (!w) return;
    if (w->game) w->rules->release(w->game);
    free(w->stack), free(w->kids), free(w->path), free(w->level_end), free(w->table), free(w->won_line), free(w);
}

Walk *walk_new(const GameFunctions *rules, void *game, const void *start, const int *prefix, int prefix_len, uint64_t most) {
    Walk *w = calloc(1, sizeof *w);
    if (!w) {
        rules->release(game);
        return NULL;
    }
    w->rules = rules, w->game = game, w->most = most;
    w->stride = (sizeof(Head) + rules->pos_size + 7) / 8 * 8;
    w->mask = (1u << 12) - 1;
    w->table = calloc(2 * (w->mask + 1), sizeof *w->table);
    w->kids = malloc(MOST_MOVES * w->stride);
    w->path = malloc(LINE_MOST * sizeof *w->path), w->path_cap = LINE_MOST;
    Head *root = calloc(1, w->stride);
    int ok = w->table && w->kids && w->path && root && prefix_len >= 0 && prefix_len <= LINE_MOST;
    if (ok) {
        root->len = (uint32_t)prefix_len;
        memcpy(root->line, prefix, prefix_len * sizeof *prefix);
        memcpy(position_of(root), start, rules->pos_size);
        ok = remember_new(w, start) >= 0;
    }
    if (ok && rules->won(game, start))
        ok = (w->status = keep_win(w, 0, root->line, root->len)) == WON;
    else if (ok)
        ok = push(w, root);
    free(root);
    if (!ok) {
        walk_free(w);
        return NULL;
    }
    return w;
}

/* The position on top of the stack expanded (Search.expand and DepthFirst.advance). */
static int expand(Walk *w) {
    Head *e = entry(w->stack, w->stride, --w->n); /* read before anything is pushed */
    uint64_t start = e->level ? w->level_end[e->level - 1] : 0;
    if (!grow((void **)&w->level_end, &w->levels_cap, e->level + 1, sizeof *w->level_end)) return NO_MEMORY;
    if (!grow((void **)&w->path, &w->path_cap, start + e->len, sizeof *w->path)) return NO_MEMORY;
    memcpy(w->path + start, e->line, e->len * sizeof *e->line);
    uint64_t path_len = w->level_end[e->level] = start + e->len;
    uint32_t depth = e->depth, level = e->level;
    const void *pos = position_of(e);
    w->nodes++;
    int n = w->rules->moves(w->game, pos), kept = 0;
    if (n < 0 || n > MOST_MOVES) return NO_MEMORY;
    double keys[MOST_MOVES];
    for (int k = 0; k < n; k++) {
        Head *kid = entry(w->kids, w->stride, (uint64_t)kept);
        int len = w->rules->child(w->game, pos, k, position_of(kid), kid->line);
        if (len < 0) return NO_MEMORY;
        int fresh = remember_new(w, position_of(kid));
        if (fresh < 0) return NO_MEMORY;
        if (!fresh) continue;
        if (w->rules->won(w->game, position_of(kid))) return keep_win(w, path_len, kid->line, (uint32_t)len);
        kid->len = (uint32_t)len, kid->depth = depth + kid->len, kid->level = level + 1;
        keys[kept++] = w->rules->score(w->game, position_of(kid), kid->depth);
    }
    w->generated += (uint64_t)n;
    int order[MOST_MOVES]; /* a stable sort of the children by score */
    for (int a = 0; a < kept; a++) {
        int b = a;
        while (b > 0 && keys[order[b - 1]] > keys[a]) order[b] = order[b - 1], b--;
        order[b] = a;
    }
    for (int k = kept - 1; k >= 0; k--)
        if (!push(w, entry(w->kids, w->stride, (uint64_t)order[k]))) return NO_MEMORY;
    return RUNNING;
}

int walk_step(Walk *w, uint64_t budget, int cancelled) {
    for (uint64_t k = 0; k < budget && w->status == RUNNING; k++) {
        if (!w->n) {
            w->status = LOST; /* every position searched, and no move was left out */
            break;
        }
        if (cancelled || w->nodes >= w->most) {
            w->status = UNKNOWN;
            break;
        }
        w->status = expand(w);
    }
    return w->status;
}

uint64_t walk_nodes(const Walk *w) { return w->nodes; }
uint64_t walk_generated(const Walk *w) { return w->generated; }
uint64_t walk_seen(const Walk *w) { return w->seen; }

/* The winning line, an int a move (the game's packing), up to room of them; its whole length. */
int walk_line(const Walk *w, int *out, int room) {
    if (w->status != WON) return 0;
    for (uint64_t k = 0; k < w->won_len && room > 0 && k < (uint64_t)room; k++) out[k] = w->won_line[k];
    return (int)w->won_len;
}
