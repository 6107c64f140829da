/* Klondike's complete search in C (see fast.c for the game): the search the winnability table,
 * `solve --complete` and `--prove-lost` run when every move must be tried, step for step as the
 * Python engine runs it (game/solver/engine.py's Search with walks.DepthFirst over
 * klondike_problem.KlondikeProblem(complete=True)): a position taken from the stack is expanded
 * (one position of the budget); each of its moves is played and followed by the safe moves home;
 * a child met before is dropped, else remembered at once (so a later sibling's subtree never
 * enters it), and the win ends the search; the new children go on the stack sorted by the score
 * (stable: equal scores keep the moves' order), the most promising on top. Positions are
 * remembered by a 128-bit hash of the Python key (fast.c's hash): two positions sharing one would
 * cut a branch, a chance of about n^2 / 2^129 for n positions.
 *
 * kx_new(input, n, most): input as kf_new reads it; most = the budget of positions expanded.
 * kx_step(x, budget, cancelled): up to budget positions more; 0 running, 1 won, 2 lost (every
 * position searched), 3 unknown (the budget spent, or cancelled), 4 out of memory.
 * kx_line(x, out, room): the winning line, an int a move (pack below), its whole length.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../solver/compiled.h"
#include "fast.h"

enum { RUNNING, WON, LOST, UNKNOWN, NO_MEMORY };
#define LINE_MOST 64 /* a move and the safe moves home after it (at most 52) */

/* A position waiting on the stack, with the moves that lead to it from its parent. */
typedef struct {
    Pos pos;
    uint32_t depth; /* the moves from the start, as the Python search counts them (not the start's safe moves) */
    uint32_t level; /* its parent's level + 1: its line's place on the path */
    uint32_t len;
    Move line[LINE_MOST];
} Entry;

typedef struct {
    Search game;        /* the rules (draw, redeal limit, every move) and settle's scratch line */
    Entry *stack, *kids; /* the positions waiting; the children of one expansion */
    uint64_t n, cap;
    Move *path;          /* the moves from the start to the position being expanded */
    uint64_t path_len, path_cap;
    uint64_t *level_end; /* where each level's line ends on the path */
    uint64_t levels_cap;
    uint64_t *table, mask, seen; /* the positions met: two words of hash a slot, 0 free */
    uint64_t nodes, generated, most;
    int status;
    Move *won_line;
    size_t won_len;
} Exact;

static void put(uint64_t *table, uint64_t mask, uint64_t a, uint64_t b) {
    uint64_t i = a & mask;
    while (table[2 * i]) i = (i + 1) & mask;
    table[2 * i] = a, table[2 * i + 1] = b;
}

/* 1 if the position is new (now remembered), 0 if met before, -1 when out of memory. */
static int remember_new(Exact *x, const Pos *p) {
    uint64_t a, b;
    hash(&x->game, p, &a, &b);
    for (uint64_t i = a & x->mask; x->table[2 * i]; i = (i + 1) & x->mask)
        if (x->table[2 * i] == a && x->table[2 * i + 1] == b) return 0;
    if (10 * (x->seen + 1) > 7 * (x->mask + 1)) { /* the table twice as large, its hashes placed again */
        uint64_t mask = 2 * x->mask + 1;
        uint64_t *table = calloc(2 * (mask + 1), sizeof *table);
        if (!table) return -1;
        for (uint64_t i = 0; i <= x->mask; i++)
            if (x->table[2 * i]) put(table, mask, x->table[2 * i], x->table[2 * i + 1]);
        free(x->table);
        x->table = table, x->mask = mask;
    }
    put(x->table, x->mask, a, b);
    x->seen++;
    return 1;
}

static int push_entry(Exact *x, const Entry *e) {
    if (!grow((void **)&x->stack, &x->cap, x->n + 1, sizeof *x->stack)) return 0;
    x->stack[x->n++] = *e;
    return 1;
}

/* The win's line: the path to the position expanded, then the winning child's moves. */
static int keep_win(Exact *x, const Move *line, size_t len) {
    x->won_len = x->path_len + len;
    x->won_line = malloc((x->won_len ? x->won_len : 1) * sizeof *x->won_line);
    if (!x->won_line) return 0;
    memcpy(x->won_line, x->path, x->path_len * sizeof *x->path);
    memcpy(x->won_line + x->path_len, line, len * sizeof *line);
    x->status = WON;
    return 1;
}

void kx_free(Exact *x) {
    if (!x) return;
    free(x->game.line), free(x->stack), free(x->kids), free(x->path), free(x->level_end);
    free(x->table), free(x->won_line), free(x);
}

Exact *kx_new(const int *input, int count, uint64_t most) {
    init_zobrist();
    Exact *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->game.complete = 1, x->game.python_order = 1;
    x->most = most;
    x->mask = (1u << 12) - 1;
    x->table = calloc(2 * (x->mask + 1), sizeof *x->table);
    x->kids = malloc(MAXM * sizeof *x->kids);
    Entry root;
    memset(&root, 0, sizeof root);
    if (!x->table || !x->kids || !read_position(&x->game, input, count, &root.pos) || !settle(&x->game, &root.pos)) {
        kx_free(x);
        return NULL;
    }
    root.len = (uint32_t)x->game.line_len; /* the start's safe moves */
    memcpy(root.line, x->game.line, root.len * sizeof *root.line);
    if (remember_new(x, &root.pos) < 0) return kx_free(x), NULL;
    if (won(&root.pos)) return keep_win(x, root.line, root.len) ? x : (kx_free(x), NULL);
    if (!push_entry(x, &root)) return kx_free(x), NULL;
    return x;
}

/* The position on top of the stack expanded (Search.expand and DepthFirst.advance). */
static int expand(Exact *x) {
    Entry *e = &x->stack[--x->n]; /* read before anything is pushed */
    uint64_t start = e->level ? x->level_end[e->level - 1] : 0;
    if (!grow((void **)&x->level_end, &x->levels_cap, e->level + 1, sizeof *x->level_end)) return NO_MEMORY;
    if (!grow((void **)&x->path, &x->path_cap, start + e->len, sizeof *x->path)) return NO_MEMORY;
    memcpy(x->path + start, e->line, e->len * sizeof *e->line);
    x->path_len = x->level_end[e->level] = start + e->len;
    Pos pos = e->pos;
    uint32_t depth = e->depth, level = e->level;
    x->nodes++;
    Move list[MAXM];
    double keys[MAXM];
    int n = moves(&x->game, &pos, list), kept = 0;
    for (int k = 0; k < n; k++) {
        Entry *kid = &x->kids[kept];
        x->game.line_len = 0;
        play(&kid->pos, &pos, list[k]);
        if (!push_line(&x->game, list[k]) || !settle(&x->game, &kid->pos)) return NO_MEMORY;
        int fresh = remember_new(x, &kid->pos);
        if (fresh < 0) return NO_MEMORY;
        if (!fresh) continue;
        if (won(&kid->pos)) return keep_win(x, x->game.line, x->game.line_len) ? WON : NO_MEMORY;
        kid->len = (uint32_t)x->game.line_len;
        memcpy(kid->line, x->game.line, kid->len * sizeof *kid->line);
        kid->depth = depth + kid->len, kid->level = level + 1;
        keys[kept++] = score(&kid->pos, kid->depth);
    }
    x->generated += (uint64_t)n;
    int order[MAXM]; /* a stable sort of the children by score */
    for (int a = 0; a < kept; a++) {
        int b = a;
        while (b > 0 && keys[order[b - 1]] > keys[a]) order[b] = order[b - 1], b--;
        order[b] = a;
    }
    for (int k = kept - 1; k >= 0; k--)
        if (!push_entry(x, &x->kids[order[k]])) return NO_MEMORY;
    return RUNNING;
}

int kx_step(Exact *x, uint64_t budget, int cancelled) {
    for (uint64_t k = 0; k < budget && x->status == RUNNING; k++) {
        if (!x->n) {
            x->status = LOST; /* every position searched, and no move was left out */
            break;
        }
        if (cancelled || x->nodes >= x->most) {
            x->status = UNKNOWN;
            break;
        }
        int code = expand(x);
        if (code != RUNNING) x->status = code;
    }
    return x->status;
}

uint64_t kx_nodes(const Exact *x) { return x->nodes; }
uint64_t kx_generated(const Exact *x) { return x->generated; }
uint64_t kx_seen(const Exact *x) { return x->seen; }

/* A move as an int: src + 2 | (dst + 2) << 4 | size << 8 | card << 16 (src -1 the talon, -2 a
 * foundation; dst -2 home). */
int kx_line(const Exact *x, int *out, int room) {
    if (x->status != WON) return 0;
    for (size_t k = 0; k < x->won_len && k < (size_t)room; k++) {
        Move m = x->won_line[k];
        out[k] = (m.src + 2) | (m.dst + 2) << 4 | m.size << 8 | m.card << 16;
    }
    return (int)x->won_len;
}
