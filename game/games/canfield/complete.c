/* Canfield's complete search in C: the game's side of game/solver/depth_first.c's walk, so that the
 * winnability table, `solve --complete` and `--prove-lost` run step for step the engine's
 * depth-first search of game/games/canfield/problem.py's CanfieldProblem(complete=True), many times
 * sooner: the same moves in the same order (every run split, no card home but by the safe rule), the
 * same safe moves home, the same key (the columns as a multiset, the reserve's size, the talon, the
 * waste's size unless draw 1, the foundations) and the same score (DEFAULT_WEIGHTS).
 *
 * cx_new(input, n, most): input = draw, whole (moves=whole), the base rank, the reserve's length and
 * its cards (the top last), the reserve cards left, four columns (length, cards from the bottom),
 * the talon's length, the waste's size and the talon (the waste from its bottom, then the stock
 * from its top), the four foundations' heights; most = the budget of positions expanded. NULL if
 * the input is not a position it reads. The walk's functions (walk_step, walk_line, ...) do the
 * rest; a move of the line is an int: src + 3 | (dst + 3) << 4 | size << 8 | card << 16 (src -1
 * the talon, -3 the reserve; dst -2 home).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../solver/compiled.h"
#include "../../solver/depth_first.h"

#define RANK(c) ((c) % 13 + 1)
#define SUIT(c) ((c) / 13)
#define RED(c) (SUIT(c) == 1 || SUIT(c) == 2)
#define TALON (-1)
#define HOME (-2)
#define RESERVE (-3)
#define COLS 4
#define ROOM 52
#define MOST_MOVES 256

typedef struct {
    uint8_t col[COLS][ROOM], len[COLS];
    uint8_t talon[52], tlen, at; /* the waste from its bottom, then the stock; at: the waste's size */
    uint8_t left;                /* the reserve's cards left */
    uint8_t home[4];             /* each suit's cards home */
} Pos;

typedef struct {
    int8_t src, dst;
    uint8_t size, card, at; /* at: the waste's size after a talon move */
} Move;

typedef struct {
    int draw, whole, free_talon, base;
    uint8_t reserve[52], height[52]; /* height: a card's place on its foundation, 0 the base rank */
    int reserve_len;
    Move list[MOST_MOVES];
    int n;
} Canfield;

static const int OTHER_COLOUR[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};

static int pack(Move m) { return (m.src + 3) | (m.dst + 3) << 4 | m.size << 8 | m.card << 16; }

/* The two cards c may go on in a column (the other colour, one rank higher, an ace under a king),
 * in problem.PARENTS's order (ascending). */
static void parents_of(int c, int out[2]) {
    const int *suits = OTHER_COLOUR[SUIT(c)];
    out[0] = 13 * suits[0] + RANK(c) % 13, out[1] = 13 * suits[1] + RANK(c) % 13;
}

static int fits(int c, int t) { return RED(c) != RED(t) && RANK(c) % 13 + 1 == RANK(t); }

/* CF-4: an empty column takes the reserve's top card at once, while the reserve lasts. */
static void filled(const Canfield *g, Pos *p) {
    for (int i = 0; i < COLS; i++)
        if (!p->len[i] && p->left) p->col[i][0] = g->reserve[--p->left], p->len[i] = 1;
}

/* The complete search's safe rule (CanfieldProblem._safe): c can go home and the cards that could
 * go on it in a column are home. */
static int safe(const Canfield *g, const Pos *p, int c) {
    int h = g->height[c];
    if (p->home[SUIT(c)] != h) return 0;
    const int *other = OTHER_COLOUR[SUIT(c)];
    return h >= 1 && p->home[other[0]] >= h && p->home[other[1]] >= h;
}

static int add(Canfield *g, Move m) {
    if (g->n >= MOST_MOVES) return 0;
    g->list[g->n++] = m;
    return 1;
}

/* Each talon card some turns bring to the waste's top: its index, the waste's size then
 * (CanfieldProblem.reachable). */
static int reach(const Canfield *g, const Pos *p, int *idx, int *waste) {
    int n = p->tlen, k = 0;
    if (g->free_talon) {
        for (int j = 0; j < n; j++) idx[k] = j, waste[k++] = j + 1;
        return k;
    }
    char met[54] = {0};
    if (p->at) idx[k] = p->at - 1, waste[k++] = p->at;
    int q = p->at;
    met[q] = 1;
    while (n) {
        q = q < n ? (q + g->draw < n ? q + g->draw : n) : 0; /* at the end, the waste turns over */
        if (met[q]) break;
        met[q] = 1;
        if (q) idx[k] = q - 1, waste[k++] = q;
    }
    return k;
}

static int game_moves(void *game, const void *position) {
    Canfield *g = game;
    const Pos *p = position;
    int top_col[52], empty = -1, idx[54], waste[54], parents[2];
    memset(top_col, -1, sizeof top_col);
    for (int j = 0; j < COLS; j++) {
        if (p->len[j]) top_col[p->col[j][p->len[j] - 1]] = j;
        else if (empty < 0) empty = j;
    }
    g->n = 0;
    for (int i = 0; i < COLS; i++) { /* column cards home */
        if (!p->len[i]) continue;
        int c = p->col[i][p->len[i] - 1];
        if (p->home[SUIT(c)] == g->height[c] && !add(g, (Move){i, HOME, 1, c, 0})) return -1;
    }
    if (p->left) { /* the reserve's top card home or onto a column */
        int c = g->reserve[p->left - 1];
        if (p->home[SUIT(c)] == g->height[c] && !add(g, (Move){RESERVE, HOME, 1, c, 0})) return -1;
        parents_of(c, parents);
        for (int k = 0; k < 2; k++)
            if (top_col[parents[k]] >= 0 && !add(g, (Move){RESERVE, top_col[parents[k]], 1, c, 0})) return -1;
    }
    int r = reach(g, p, idx, waste);
    for (int k = 0; k < r; k++) { /* talon cards home, onto a column, or into an empty column */
        int c = p->talon[idx[k]], at = waste[k] - 1;
        if (p->home[SUIT(c)] == g->height[c] && !add(g, (Move){TALON, HOME, 1, c, at})) return -1;
        parents_of(c, parents);
        for (int t = 0; t < 2; t++)
            if (top_col[parents[t]] >= 0 && !add(g, (Move){TALON, top_col[parents[t]], 1, c, at})) return -1;
        if (empty >= 0 && !add(g, (Move){TALON, empty, 1, c, at})) return -1;
    }
    for (int i = 0; i < COLS; i++) { /* runs between columns (rules.lifts: any card of the run, or its head and top) */
        int len = p->len[i];
        if (!len) continue;
        int start = len - 1;
        while (start > 0 && fits(p->col[i][start], p->col[i][start - 1])) start--;
        for (int k = start; k < len; k++) {
            if (g->whole && k != start && k != len - 1) continue;
            int c = p->col[i][k];
            parents_of(c, parents);
            for (int t = 0; t < 2; t++) {
                int d = top_col[parents[t]];
                if (d >= 0 && d != i && !add(g, (Move){i, d, len - k, c, 0})) return -1;
            }
        }
    }
    return g->n;
}

static void play(const Canfield *g, Pos *c, const Pos *p, Move m) {
    *c = *p;
    if (m.src == TALON) {
        int j = 0;
        while (c->talon[j] != m.card) j++;
        memmove(c->talon + j, c->talon + j + 1, c->tlen - j - 1);
        c->tlen--, c->at = m.at;
    } else if (m.src == RESERVE) {
        c->left--;
    } else {
        c->len[m.src] -= m.size;
    }
    if (m.dst == HOME) {
        c->home[SUIT(m.card)]++;
    } else if (m.src >= 0) {
        memcpy(c->col[m.dst] + c->len[m.dst], p->col[m.src] + p->len[m.src] - m.size, m.size);
        c->len[m.dst] += m.size;
    } else {
        c->col[m.dst][c->len[m.dst]++] = m.card;
    }
    if (m.src >= 0) filled(g, c); /* a column's card or run moved: the reserve fills what it emptied */
}

/* The safe moves home, one after the other (CanfieldProblem.safe_move): a column's top card, the
 * reserve's, and with draw 1 any talon card; each written to the line after `at` moves. */
static int settle(const Canfield *g, Pos *p, int *line, int at) {
    for (;;) {
        Move m = {0, 0, 0, 0, 0};
        int found = 0;
        for (int i = 0; i < COLS && !found; i++)
            if (p->len[i] && safe(g, p, p->col[i][p->len[i] - 1])) m = (Move){i, HOME, 1, p->col[i][p->len[i] - 1], 0}, found = 1;
        if (!found && p->left && safe(g, p, g->reserve[p->left - 1]))
            m = (Move){RESERVE, HOME, 1, g->reserve[p->left - 1], 0}, found = 1;
        for (int j = 0; g->free_talon && j < p->tlen && !found; j++)
            if (safe(g, p, p->talon[j])) m = (Move){TALON, HOME, 1, p->talon[j], (uint8_t)(j < p->at ? p->at - 1 : p->at)}, found = 1;
        if (!found) return at;
        if (at >= LINE_MOST) return -1;
        Pos before = *p;
        play(g, p, &before, m);
        line[at++] = pack(m);
    }
}

static int game_child(void *game, const void *pos, int k, void *child, int *line) {
    Canfield *g = game;
    play(g, child, pos, g->list[k]);
    line[0] = pack(g->list[k]);
    return settle(g, child, line, 1);
}

static uint64_t zobrist[2][64][64];

/* A 128-bit hash of the problem's key: the columns summed (their order does not count). */
static void game_hash(const void *game, const void *position, uint64_t *a, uint64_t *b) {
    const Canfield *g = game;
    const Pos *p = position;
    uint64_t x = 0, y = 0;
    for (int i = 0; i < COLS; i++) {
        uint64_t u = 0x9E3779B97F4A7C15ULL, v = 0xC2B2AE3D27D4EB4FULL;
        for (int k = 0; k < p->len[i]; k++) {
            u = (u ^ zobrist[0][k][p->col[i][k]]) * 0x100000001B3ULL;
            v = (v ^ zobrist[1][k][p->col[i][k]]) * 0xFF51AFD7ED558CCDULL;
        }
        u ^= u >> 29, v ^= v >> 31;
        x += u * 0xBF58476D1CE4E5B9ULL, y += v * 0x94D049BB133111EBULL;
    }
    uint64_t u = 1469598103934665603ULL, v = 7;
    for (int j = 0; j < p->tlen; j++) {
        u = (u ^ zobrist[0][j][p->talon[j]]) * 0x100000001B3ULL;
        v = (v ^ zobrist[1][j][p->talon[j]]) * 0xFF51AFD7ED558CCDULL;
    }
    for (int k = 0; k < 4; k++) {
        u = (u ^ (p->home[k] + 16u * k)) * 0x100000001B3ULL;
        v = (v ^ (p->home[k] * 31u + k)) * 0xC2B2AE3D27D4EB4FULL;
    }
    int at = g->free_talon ? 0 : p->at;
    u = (u ^ (at + 977u + 64u * p->left)) * 0x100000001B3ULL;
    v = (v ^ (at * 131u + 5 + 7919u * p->left)) * 0xC2B2AE3D27D4EB4FULL;
    *a = (x ^ u) ? (x ^ u) : 1; /* 0 marks a free slot */
    *b = y + v;
}

static int game_won(const void *game, const void *position) {
    (void)game;
    const Pos *p = position;
    return p->home[0] + p->home[1] + p->home[2] + p->home[3] == 52;
}

/* CanfieldProblem.score with DEFAULT_WEIGHTS: lower is more promising; the same doubles, as the
 * build does not fuse a product into a sum (-ffp-contract=off, pyproject). */
static double game_score(const void *game, const void *position, uint32_t depth) {
    const Canfield *g = game;
    const Pos *p = position;
    int home = 0, dig = 0;
    for (int s = 0; s < 4; s++) {
        home += p->home[s];
        if (p->home[s] == 13) continue;
        int wanted = 13 * s + (g->base - 1 + p->home[s]) % 13; /* the next card the suit needs */
        for (int i = 0; i < COLS; i++)
            for (int k = 0; k < p->len[i]; k++)
                if (p->col[i][k] == wanted) dig += p->len[i] - 1 - k;
        for (int k = 0; k < p->left; k++)
            if (g->reserve[k] == wanted) dig += p->left - 1 - k;
    }
    return (52 - home) + 3.0 * p->left + 0.1 * p->tlen + 0.5 * dig + 0.01 * depth;
}

static void game_release(void *game) { free(game); }

static const GameFunctions CANFIELD = {
    sizeof(Pos), game_moves, game_child, game_hash, game_won, game_score, game_release,
};

/* Marks card c met in cards; 0 if it was met already (a card twice: not a position). */
static int meet(uint64_t *cards, int c) {
    if (*cards >> c & 1) return 0;
    *cards |= 1ULL << c;
    return 1;
}

/* The game and the start from cx_new's input; 0 if it is not a position this search reads: a number
 * out of its range, numbers left over, or a card met twice (in the reserve's cards left, a column,
 * the talon, or home below its suit's height). A hand-made position may leave cards out. */
static int read_input(Canfield *g, Pos *p, const int *in, int count) {
    int at = 0;
#define NEXT(lo, hi) (at < count && in[at] >= (lo) && in[at] <= (hi) ? in[at++] : -1)
    memset(p, 0, sizeof *p);
    g->draw = NEXT(1, 3), g->whole = NEXT(0, 1), g->base = NEXT(1, 13), g->reserve_len = NEXT(0, 52);
    if (g->draw < 0 || g->whole < 0 || g->base < 0 || g->reserve_len < 0) return 0;
    g->free_talon = g->draw == 1;
    for (int k = 0; k < g->reserve_len; k++) {
        int c = NEXT(0, 51);
        if (c < 0) return 0;
        g->reserve[k] = (uint8_t)c;
    }
    int left = NEXT(0, g->reserve_len);
    if (left < 0) return 0;
    p->left = (uint8_t)left;
    for (int c = 0; c < 52; c++) g->height[c] = (uint8_t)((RANK(c) - g->base + 13) % 13);
    uint64_t cards = 0; /* the cards met, a bit each */
    for (int k = 0; k < left; k++)
        if (!meet(&cards, g->reserve[k])) return 0;
    for (int i = 0; i < COLS; i++) {
        int len = NEXT(0, ROOM);
        if (len < 0) return 0;
        p->len[i] = (uint8_t)len;
        for (int k = 0; k < len; k++) {
            int c = NEXT(0, 51);
            if (c < 0 || !meet(&cards, c)) return 0;
            p->col[i][k] = (uint8_t)c;
        }
    }
    int tlen = NEXT(0, 52), waste = tlen < 0 ? -1 : NEXT(0, tlen);
    if (waste < 0) return 0;
    p->tlen = (uint8_t)tlen, p->at = (uint8_t)waste;
    for (int j = 0; j < tlen; j++) {
        int c = NEXT(0, 51);
        if (c < 0 || !meet(&cards, c)) return 0;
        p->talon[j] = (uint8_t)c;
    }
    for (int s = 0; s < 4; s++) {
        int h = NEXT(0, 13);
        if (h < 0) return 0;
        p->home[s] = (uint8_t)h;
        for (int c = 13 * s; c < 13 * s + 13; c++) /* the cards of the suit below its height */
            if (g->height[c] < h && !meet(&cards, c)) return 0;
    }
#undef NEXT
    return at == count;
}

static int zobrist_ready;

Walk *cx_new(const int *input, int count, uint64_t most) {
    if (!zobrist_ready) random_words(&zobrist[0][0][0], 2 * 64 * 64, 0x2545F4914F6CDD1DULL), zobrist_ready = 1;
    Canfield *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    Pos start;
    int prefix[LINE_MOST];
    int len = read_input(g, &start, input, count) ? settle(g, &start, prefix, 0) : -1;
    if (len < 0) {
        free(g);
        return NULL;
    }
    return walk_new(&CANFIELD, g, &start, prefix, len, most);
}

/* A module Python can import, so the build and the wheel find and ship these files as any
 * extension; its functions are reached through ctypes (game/games/canfield/fast.py). */
static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast", "Canfield's complete search in C", -1, NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
