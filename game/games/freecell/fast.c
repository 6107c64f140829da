/* FreeCell's search in C (game/games/freecell/fast.py loads it with ctypes): one member of the
 * solver's portfolio, the same search as game/games/freecell/solver.py's FreeCellProblem run by the
 * lazy best-first walk (game/solver/walks.py LazyBestFirst, game/solver/engine.py Search), so that a
 * budget of positions gives the same status, the same line and the same counts. The portfolio's
 * turns stay in Python (game/solver/portfolio.py) around two of these.
 *
 * "The same" is kept by doing each thing in the Python search's order:
 * - the moves of a position come in solver.py's order (home, column to column, free cell to column,
 *   column to free cell) and a card's two parents in the order Python's sets give them, which
 *   fast.py passes in rather than this file guessing them;
 * - each score is the same IEEE double: the same operations on the same values in the same order
 *   (a child's score is its parent's with the changed columns' shares swapped, or counted afresh
 *   when the foundations change), and never contracted into fused multiply-adds, which round once
 *   where Python rounds twice;
 * - the heap orders moves by (score, order of generation), as Python's tuples compare, and any
 *   heap pops those distinct keys in one order;
 * - positions are told apart as by the same canonical key (the columns as a multiset, the cells):
 *   the table compares the positions themselves (same_pos), never trusting a hash alone.
 * The scores are worked out in score.c.
 * Only standard FreeCell: 8 columns, 4 cells, alternate colours, FC-4's run limit (fast.py leaves
 * the family's other games to Python).
 *
 * Cards are 0-51: suit * 13 + rank - 1, suits spades, hearts, diamonds, clubs.
 * fc_new(input, n, parents, weights, most): input = per column its length and cards (bottom first),
 * the number of cells used and their cards (sorted), the four foundations' ranks; parents = for
 * each card three ints, the number of its parents (the cards it may go on) and those cards;
 * weights = problem.WEIGHTS' five; most = the member's budget of positions. NULL if the input is not
 * a position of this game.
 * fc_step(s, budget, cancelled): up to budget more positions; 0 running, 1 won, 2 lost (every
 * position searched), 3 unknown (the budget spent or cancelled), 4 out of memory.
 * fc_line(s, out, room): the winning line, an int a move (search.h's pack_move: src kind, src, dst
 * kind, dst, size; kinds 0 column, 1 free cell, 2 home; a free cell's src is its card), its length.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include "search.h"

/* The columns' starts in p->cards. */
static void starts(const Pos *p, int *at) {
    int a = 0;
    for (int i = 0; i < COLS; i++) at[i] = a, a += p->len[i];
}

/* No card could ever need to go on c (solver._safe_cards): the next card of its suit, and an ace
 * or a two, or a card whose two opposite-colour suits are home up to one rank below it. */
static int safe(int c, const uint8_t *home) {
    int h = home[SUIT(c)];
    if (h != RANK(c) - 1) return 0;
    if (h <= 1) return 1;
    int black = home[0] < home[3] ? home[0] : home[3], red = home[1] < home[2] ? home[1] : home[2];
    return (RED(c) ? black : red) >= h;
}

static void remove_cell(Pos *p, int c) {
    int k = 0;
    while (p->cells[k] != c) k++;
    memmove(p->cells + k, p->cells + k + 1, p->ncells - k - 1);
    p->ncells--;
}

static void add_cell(Pos *p, int c) {
    int k = p->ncells++;
    while (k > 0 && p->cells[k - 1] > c) p->cells[k] = p->cells[k - 1], k--;
    p->cells[k] = (uint8_t)c;
}

/* Take k cards from column i's end into `taken` (NULL: dropped). */
static void take(Pos *p, int i, int k, uint8_t *taken) {
    int at[COLS];
    starts(p, at);
    int end = at[i] + p->len[i], total = at[COLS - 1] + p->len[COLS - 1];
    if (taken) memcpy(taken, p->cards + end - k, k);
    memmove(p->cards + end - k, p->cards + end, total - end);
    p->len[i] -= k;
}

/* Put k cards at column j's end. */
static void put(Pos *p, int j, const uint8_t *cards, int k) {
    int at[COLS];
    starts(p, at);
    int end = at[j] + p->len[j], total = at[COLS - 1] + p->len[COLS - 1];
    memmove(p->cards + end + k, p->cards + end, total - end);
    memcpy(p->cards + end, cards, k);
    p->len[j] += k;
}

/* A move played on p; the score is left as it was (the caller sets it). */
static void play(Pos *p, Move m) {
    uint8_t run[52];
    if (m.src == CELL) {
        remove_cell(p, m.src_i);
        run[0] = m.src_i;
    } else {
        take(p, m.src_i, m.size, run);
    }
    if (m.dst == HOME)
        p->home[SUIT(run[0])]++;
    else if (m.dst == CELL)
        add_cell(p, run[0]);
    else
        put(p, m.dst_i, run, m.size);
}

/* The safe moves home, one after the other, appended to line (FreeCellProblem.safe_move: the
 * columns in order, then the cells); the position is scored again after the last (a score depends
 * on the position alone, so the ones between would be thrown away). The line's new length. */
static int settle(Pos *p, Move *line, int len, const double *w) {
    int first = len;
    for (;;) {
        int at[COLS], found = 0;
        starts(p, at);
        for (int i = 0; i < COLS && !found; i++)
            if (p->len[i] && safe(p->cards[at[i] + p->len[i] - 1], p->home)) {
                line[len++] = (Move){COLUMN, (uint8_t)i, HOME, 0, 1};
                found = 1;
            }
        for (int k = 0; k < p->ncells && !found; k++)
            if (safe(p->cells[k], p->home)) {
                line[len++] = (Move){CELL, p->cells[k], HOME, 0, 1};
                found = 1;
            }
        if (!found) {
            if (len > first) scored(p, w);
            return len;
        }
        play(p, line[len - 1]);
    }
}

/* Positions are told apart as FreeCellProblem.key tells them: the columns as a multiset, then the
 * cells (the foundations follow from the cards left, so they need no place). The hash adds up one
 * mixed word per column, so the columns' order cannot change it, and no key is sorted or written:
 * the table compares the positions themselves (same_pos) only where two hashes are equal. */
static uint64_t mix(uint64_t h) {
    h ^= h >> 33, h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33, h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ h >> 33;
}

/* A run of n bytes, eight at a time. */
static uint64_t hash_bytes(const uint8_t *bytes, int n, uint64_t h) {
    uint64_t word = 0;
    int k = 0;
    h ^= (uint64_t)n;
    for (; k + 8 <= n; k += 8) {
        memcpy(&word, bytes + k, 8);
        h = (h ^ word) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 32;
    }
    word = 0;
    memcpy(&word, bytes + k, n - k);
    return (h ^ word) * 0xFF51AFD7ED558CCDULL;
}

uint64_t hash_pos(const Pos *p) {
    uint64_t total = 0;
    const uint8_t *col = p->cards;
    for (int i = 0; i < COLS; col += p->len[i], i++) total += hash_bytes(col, p->len[i], 0x9E3779B97F4A7C15ULL);
    return mix(total ^ mix(hash_bytes(p->cells, p->ncells, 0x243F6A8885A308D3ULL)));
}

enum { NONE = 0xFF };

/* The same columns in any order, and the same cells (FreeCellProblem.key's equality). No two
 * columns share a card, so a column of a can only be the column of b that starts with its card. */

int same_pos(const Pos *a, const Pos *b) {
    if (a->ncells != b->ncells || memcmp(a->cells, b->cells, a->ncells)) return 0;
    uint8_t column_of[52]; /* b's column starting with each card, NONE where none does */
    const uint8_t *start_b[COLS];
    memset(column_of, NONE, sizeof column_of);
    int filled = 0;
    const uint8_t *col = b->cards;
    for (int j = 0; j < COLS; col += b->len[j], j++) {
        start_b[j] = col;
        if (b->len[j]) column_of[col[0]] = (uint8_t)j, filled++;
    }
    col = a->cards;
    for (int i = 0; i < COLS; col += a->len[i], i++) {
        int n = a->len[i];
        if (!n) continue;
        int j = column_of[col[0]];
        if (j == NONE || b->len[j] != n || memcmp(start_b[j], col, n)) return 0;
        filled--;
    }
    return filled == 0;
}

/* The child of a move built at once and settled (FreeCellProblem._built), with its line. */
static int built(const Pos *parent, Move m, Pos *child, Move *line, const double *w) {
    *child = *parent;
    play(child, m);
    line[0] = m;
    int len = settle(child, line, 1, w);
    if (m.dst == HOME && len == 1) scored(child, w); /* settled: scored there */
    return len;
}

/* Every move from the expanded position `id`, pushed in FreeCellProblem.moves' order, each scored:
 * a lazy move by its parent's score with the changed columns' shares swapped, a move the
 * foundations follow by its settled child. 0 when out of memory. */
int expand(Search *s, uint32_t id) {
    const Pos *p = &s->pos[id];
    const double *w = s->w;
    int depth = (int)s->depth[id];
    int at[COLS], top_of[52], first_empty = -1, n_empty = 0, free = CELLS - p->ncells;
    Columns cs;
    Line line;
    Pos child;
    uint64_t before = s->order;
    starts(p, at);
    columns_of(p, w, &cs);
    memset(top_of, -1, sizeof top_of);
    for (int j = 0; j < COLS; j++) {
        if (p->len[j])
            top_of[p->cards[at[j] + p->len[j] - 1]] = j;
        else if (n_empty++ == 0)
            first_empty = j; /* empty columns are all alike: only the first is tried */
    }
    double step = w[W_DEPTH] * (double)(depth + 1);
#define TOP(j) (p->cards[at[j] + p->len[j] - 1])
#define BUILT(m)                                                              \
    do {                                                                      \
        int len_ = built(p, (m), &child, line, w);                            \
        double sc_ = child.h + w[W_DEPTH] * (double)(depth + len_);           \
        if (!push(s, sc_, 0.0, id, (m), 1)) return 0;                         \
        p = &s->pos[id];                                                      \
    } while (0)
#define LAZY(m)                                                               \
    do {                                                                      \
        double h_ = lazy_h(p, &cs, (m), w);                                   \
        if (!push(s, h_ + step, h_, id, (m), 0)) return 0;                    \
        p = &s->pos[id];                                                      \
    } while (0)
    /* home: the foundations change, so the child is settled and scored from scratch */
    for (int i = 0; i < COLS; i++)
        if (p->len[i] && p->home[SUIT(TOP(i))] == RANK(TOP(i)) - 1) BUILT(((Move){COLUMN, (uint8_t)i, HOME, 0, 1}));
    for (int k = 0; k < p->ncells; k++)
        if (p->home[SUIT(p->cells[k])] == RANK(p->cells[k]) - 1) BUILT(((Move){CELL, p->cells[k], HOME, 0, 1}));
    /* column to column: the k cards at a column's end onto the column whose end card takes the
     * first of them, then onto the first empty column */
    int most = (free + 1) << n_empty, most_to_empty = n_empty ? (free + 1) << (n_empty - 1) : 0;
    for (int i = 0; i < COLS; i++) {
        int n = p->len[i];
        if (!n) continue;
        const uint8_t *col = p->cards + at[i];
        int run = 1;
        while (run < n && RANK(col[n - run - 1]) == RANK(col[n - run]) + 1 && RED(col[n - run - 1]) != RED(col[n - run]))
            run++;
        int dj[64], dk[64], nd = 0;
        for (int k = 1; k <= (run < most ? run : most); k++) {
            const uint8_t *par = s->parents[col[n - k]];
            for (int q = 1; q <= par[0]; q++)
                if (top_of[par[q]] >= 0) dj[nd] = top_of[par[q]], dk[nd++] = k;
        }
        if (first_empty >= 0) {
            int limit = run < most_to_empty ? run : most_to_empty;
            if (limit == n) limit--; /* a whole column onto an empty one changes nothing */
            for (int k = 1; k <= limit; k++) dj[nd] = first_empty, dk[nd++] = k;
        }
        for (int d = 0; d < nd; d++) {
            int j = dj[d], k = dk[d];
            Move m = {COLUMN, (uint8_t)i, COLUMN, (uint8_t)j, (uint8_t)k};
            if (n > k && safe(col[n - k - 1], p->home)) { /* the card it shows may go home */
                BUILT(m);
                col = p->cards + at[i];
                continue;
            }
            LAZY(m);
            col = p->cards + at[i];
        }
    }
    /* free cell to column: nothing new shows, so nothing new can go home */
    for (int k = 0; k < p->ncells; k++) {
        int c = p->cells[k], dj[3], nd = 0;
        const uint8_t *par = s->parents[c];
        for (int q = 1; q <= par[0]; q++)
            if (top_of[par[q]] >= 0) dj[nd++] = top_of[par[q]];
        if (first_empty >= 0) dj[nd++] = first_empty;
        for (int d = 0; d < nd; d++) {
            int j = dj[d];
            LAZY(((Move){CELL, (uint8_t)c, COLUMN, (uint8_t)j, 1}));
        }
    }
    /* column to free cell */
    if (free)
        for (int i = 0; i < COLS; i++) {
            int n = p->len[i];
            if (!n) continue;
            Move m = {COLUMN, (uint8_t)i, CELL, 0, 1};
            if (n > 1 && safe(p->cards[at[i] + n - 2], p->home)) {
                BUILT(m);
                continue;
            }
            LAZY(m);
        }
#undef TOP
#undef BUILT
#undef LAZY
    s->nodes++;
    s->generated += s->order - before;
    return 1;
}

/* The child a move taken from the heap leads to, with its line (LazyBestFirst.advance). */
int child_of(const Search *s, const Entry *e, Pos *child, Move *line) {
    const Pos *parent = &s->pos[e->parent];
    const double *w = s->w;
    Move m = unpack_move(e->move);
    if (is_built(e->move)) return built(parent, m, child, line, w);
    *child = *parent;
    play(child, m);
    child->h = e->h; /* as lazy_h worked it out when the move was pushed */
    line[0] = m;
    return 1;
}

/* The start as Python's FreeCellProblem and Search take it: scored, then settled. Each card at most
 * once on the table; as in Python, a position may lack cards (a test's few cards), since within one
 * search the cards left still say which are home, so the key stays canonical. */
int start_of(Search *s, const int *in, int n, const int *parents, Pos *p, Move *line) {
    int k = 0, total = 0;
    memset(p, 0, sizeof *p);
#define NEXT(lo, hi) (k < n && in[k] >= (lo) && in[k] <= (hi) ? in[k++] : -1)
    uint64_t seen = 0;
    for (int i = 0; i < COLS; i++) {
        int len = NEXT(0, 52);
        if (len < 0 || total + len > 52) return -1;
        for (int q = 0; q < len; q++) {
            int c = NEXT(0, 51);
            if (c < 0 || (seen >> c & 1)) return -1;
            seen |= 1ULL << c, p->cards[total++] = (uint8_t)c;
        }
        p->len[i] = (uint8_t)len;
    }
    int cells = NEXT(0, CELLS);
    if (cells < 0) return -1;
    for (int q = 0; q < cells; q++) {
        int c = NEXT(0, 51);
        if (c < 0 || (seen >> c & 1) || (q && c <= p->cells[q - 1])) return -1;
        seen |= 1ULL << c, p->cells[q] = (uint8_t)c;
    }
    p->ncells = (uint8_t)cells;
    for (int suit = 0; suit < 4; suit++) {
        int h = NEXT(0, 13);
        if (h < 0) return -1;
        p->home[suit] = (uint8_t)h;
    }
#undef NEXT
    if (k != n) return -1;
    for (int c = 0; c < 52; c++) {
        const int *q = parents + 3 * c;
        if (q[0] < 0 || q[0] > 2 || (q[0] > 0 && (q[1] < 0 || q[1] > 51)) || (q[0] > 1 && (q[2] < 0 || q[2] > 51)))
            return -1;
        for (int k = 0; k < 3; k++) s->parents[c][k] = (uint8_t)(k <= q[0] ? q[k] : 0);
    }
    scored(p, s->w);
    return settle(p, line, 0, s->w);
}
