/* Spider's search in C, the game (game/games/spider/fast.py loads it with ctypes; search.c has the
 * walks, deal by deal and best first): the same moves, scores and keys as
 * game/games/spider/problem.py's SpiderProblem without `complete`, in the same order, so that a
 * budget of positions gives the same status, the same line and the same counts as the Python search.
 *
 * "The same" is kept by doing each thing in the Python search's order:
 * - a position's moves come in SpiderProblem.phase_moves' order: column by column, each column's
 *   run onto the columns whose last card takes it (left to right), then onto the first empty column;
 * - each score is the same IEEE double: the same operations on the same counts in the same order,
 *   never contracted into fused multiply-adds, which round once where Python rounds twice;
 * - positions are told apart by the same key: the (face-down count, column) pairs as a multiset,
 *   and the stock; the table compares whole positions so, never trusting a hash alone.
 *
 * Cards are 0-51, suit * 13 + rank - 1 (two or more cards of a number in a game). Without
 * `complete` only: SpiderProblem(complete=True) keeps the Python search.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

#include "search.h"

#define RANK(c) ((c) % 13)
#define SUIT(c) ((c) / 13)

void view_at(const uint8_t *bytes, View *v) {
    v->stock = bytes[0], v->done = bytes[1];
    const uint8_t *cards = bytes + HEAD;
    for (int i = 0; i < COLS; i++) {
        v->len[i] = bytes[2 + i], v->down[i] = bytes[2 + COLS + i];
        v->col[i] = cards, cards += v->len[i];
    }
}

/* The position's bytes as stored (view_at reads them back); their number. */
int store_view(const View *v, uint8_t *out) {
    out[0] = v->stock, out[1] = v->done;
    int at = HEAD;
    for (int i = 0; i < COLS; i++) {
        out[2 + i] = v->len[i], out[2 + COLS + i] = v->down[i];
        memcpy(out + at, v->col[i], v->len[i]);
        at += v->len[i];
    }
    return at;
}

static uint64_t mix(uint64_t h) {
    h ^= h >> 33, h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33, h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

/* A column's share of the key's hash: the shares are added, so the columns' order does not count. */
static uint64_t column_hash(const uint8_t *col, int len, int down) {
    uint64_t h = 0xCBF29CE484222325ULL ^ (uint64_t)down << 8 ^ (uint64_t)len << 56, word;
    int k = 0;
    for (; k + 8 <= len; k += 8) { /* eight cards at a time */
        memcpy(&word, col + k, 8);
        h = (h ^ word) * 0x100000001B3ULL;
        h ^= h >> 29;
    }
    for (; k < len; k++) h = (h ^ col[k]) * 0x100000001B3ULL;
    return mix(h);
}

/* The key's hash from the sum of the columns' shares. */
static uint64_t hash_from(uint64_t columns, int stock) { return mix(columns + (uint64_t)stock * 0x9E3779B97F4A7C15ULL); }

uint64_t hash_of(const View *v) {
    uint64_t h = 0;
    for (int i = 0; i < COLS; i++) h += column_hash(v->col[i], v->len[i], v->down[i]);
    return hash_from(h, v->stock);
}

/* SpiderProblem.key: the same (face-down count, column) pairs, in any order, and the same stock. */
int same_key(const View *a, const View *b) {
    if (a->stock != b->stock) return 0;
    int used[COLS] = {0};
    for (int i = 0; i < COLS; i++) {
        int j = 0;
        for (; j < COLS; j++)
            if (!used[j] && a->len[i] == b->len[j] && a->down[i] == b->down[j] &&
                !memcmp(a->col[i], b->col[j], a->len[i]))
                break;
        if (j == COLS) return 0;
        used[j] = 1;
    }
    return 1;
}

/* The first card of the same-suit descending run at the column's end (problem.run_start). */
static int run_start(const uint8_t *col, int len, int down) {
    int i = len - 1;
    while (i > down && col[i - 1] == col[i] + 1 && SUIT(col[i - 1]) == SUIT(col[i])) i--;
    return i;
}

/* The cards not on their suit's next higher card (SpiderProblem.score's breaks). */
static int column_breaks(const uint8_t *col, int len, int down) {
    int breaks = 0;
    for (int k = down > 1 ? down : 1; k < len; k++) breaks += col[k - 1] != col[k] + 1;
    return breaks;
}

static double scored(const Search *s, int down, int breaks, int done, int stock, int empties, int depth) {
    const double *w = s->w;
    return (double)down * w[W_DOWN] + (double)breaks * w[W_BREAK] + (double)(8 - done) * w[W_SUIT] +
           (double)stock * w[W_STOCK] * 0.1 - (double)empties * w[W_EMPTY] + (double)depth * 0.01;
}

double score_of(const Search *s, const View *v, int depth) {
    int down = 0, breaks = 0, empties = 0;
    for (int i = 0; i < COLS; i++) {
        down += v->down[i], empties += !v->len[i];
        breaks += column_breaks(v->col[i], v->len[i], v->down[i]);
    }
    return scored(s, down, breaks, v->done, v->stock, empties, depth);
}

/* The face-down count once the top card is face up again (problem._uncover). */
static int uncover(int len, int down) {
    int most = len > 1 ? len - 1 : 0;
    return down < most ? down : most;
}

/* A column after cards were put on it (problem._settle): a completed K-to-A suit leaves. Returns
 * the suits completed (0 or 1); the length and face-down count are updated. */
static int settle(const uint8_t *col, uint8_t *len, uint8_t *down) {
    int n = *len;
    if (n - *down >= 13 && RANK(col[n - 1]) == 0 && run_start(col, n, *down) <= n - 13) {
        *len = (uint8_t)(n - 13);
        *down = (uint8_t)uncover(*len, *down);
        return 1;
    }
    return 0;
}

/* The position the deal from v leads to, stored in `out` (SpiderProblem._deal). */
int deal_child(const Search *s, const View *v, uint8_t *out) {
    uint8_t cols[COLS][CARDS + 1];
    View c = *v;
    const uint8_t *dealt = s->stock_cards + v->stock - DEAL_SIZE;
    for (int j = 0; j < COLS; j++) {
        memcpy(cols[j], v->col[j], v->len[j]);
        cols[j][v->len[j]] = dealt[j];
        c.col[j] = cols[j], c.len[j] = v->len[j] + 1;
        c.done += settle(cols[j], &c.len[j], &c.down[j]);
    }
    c.stock -= DEAL_SIZE;
    return store_view(&c, out);
}

static int can_deal(const View *v) {
    if (!v->stock) return 0;
    int cards = 0, full = 1;
    for (int j = 0; j < COLS; j++) cards += v->len[j], full &= v->len[j] > 0;
    return full || cards < COLS;
}

/* SpiderProblem.dealt_score: the score of the position the deal leads to, built only when the deal
 * fills an empty column or completes a suit; `legal` 0 when no deal is. */
static double dealt_score(const Search *s, const View *v, double score, int depth, int *legal) {
    *legal = can_deal(v);
    if (!*legal) return 0;
    const uint8_t *dealt = s->stock_cards + v->stock - DEAL_SIZE;
    int built = 0, breaks = 0;
    for (int j = 0; j < COLS; j++) {
        if (!v->len[j]) {
            built = 1;
            break;
        }
        uint8_t top = v->col[j][v->len[j] - 1];
        if (top == dealt[j] + 1 && RANK(dealt[j]) == 0) built = 1;
        breaks += top != dealt[j] + 1;
    }
    if (built) {
        uint8_t bytes[MOST_BYTES];
        View c;
        deal_child(s, v, bytes);
        view_at(bytes, &c);
        return score_of(s, &c, depth + 1);
    }
    return score + (double)breaks * s->w[W_BREAK] - (double)DEAL_SIZE * s->w[W_STOCK] * 0.1 + 0.01;
}

/* SpiderProblem._pointless for a whole run (k == start): it lies on a card one rank higher and
 * would not join its suit at dst. */
static int pointless(const uint8_t *col, int d, int k, const uint8_t *dst, int dst_len) {
    if (k > d && RANK(col[k - 1]) == RANK(col[k]) + 1) return SUIT(dst[dst_len - 1]) != SUIT(col[k]);
    return 0;
}

/* The position being expanded, counted column by column: a child's counts are its parent's with
 * the two changed columns' shares swapped (integers: the score comes out the same double). */
typedef struct {
    uint64_t hash[COLS], hashes;
    int breaks[COLS], all_breaks, down, empties;
} Shares;

static void shares_of(const View *v, Shares *sh) {
    sh->hashes = 0, sh->all_breaks = sh->down = sh->empties = 0;
    for (int i = 0; i < COLS; i++) {
        sh->hash[i] = column_hash(v->col[i], v->len[i], v->down[i]);
        sh->breaks[i] = column_breaks(v->col[i], v->len[i], v->down[i]);
        sh->hashes += sh->hash[i], sh->all_breaks += sh->breaks[i];
        sh->down += v->down[i], sh->empties += !v->len[i];
    }
}

/* The child of moving `size` cards from column i onto column j (SpiderProblem._move), remembered if
 * new. Searching deal by deal (`out` NULL) it goes on the top phase's heap at once, every child
 * counted; best first it joins `out` (Search.expand's children, pushed once all are made). 1 when
 * it is the win, -1 out of memory, else 0. */
static int child(Search *s, const View *v, const Shares *sh, int i, int j, int size, uint32_t id, int depth,
                 Children *out) {
    uint8_t dst[CARDS + 1];
    View c = *v;
    int n = v->len[i], rest = n - size;
    memcpy(dst, v->col[j], v->len[j]);
    memcpy(dst + v->len[j], v->col[i] + rest, size);
    c.len[i] = (uint8_t)rest, c.down[i] = (uint8_t)uncover(rest, v->down[i]);
    c.col[j] = dst, c.len[j] = (uint8_t)(v->len[j] + size);
    c.done += settle(dst, &c.len[j], &c.down[j]);
    if (out)
        out->generated++;
    else
        s->generated++, s->order++;
    uint64_t hashes = sh->hashes - sh->hash[i] - sh->hash[j] + column_hash(c.col[i], c.len[i], c.down[i]) +
                      column_hash(c.col[j], c.len[j], c.down[j]);
    int fresh = remember(s, &c, hash_from(hashes, c.stock), id, pack_move(i, j, size), (uint32_t)depth + 1);
    if (fresh <= 0) return fresh;
    if (c.done == 8) return 1;
    int breaks = sh->all_breaks - sh->breaks[i] - sh->breaks[j] + column_breaks(c.col[i], c.len[i], c.down[i]) +
                 column_breaks(c.col[j], c.len[j], c.down[j]);
    int down = sh->down - v->down[i] - v->down[j] + c.down[i] + c.down[j];
    int empties = sh->empties - !v->len[i] - !v->len[j] + !c.len[i] + !c.len[j];
    double score = scored(s, down, breaks, c.done, c.stock, empties, depth + 1);
    if (out) {
        out->id[out->n] = s->count - 1, out->score[out->n++] = score;
        return 0;
    }
    Phase *ph = &s->phases[s->nphases - 1];
    return push(&ph->heap, score, s->order, s->count - 1) ? 0 : -1;
}

/* Best first, the deal is the last child (SpiderProblem.successors). */
static int deal_as_child(Search *s, const View *v, uint32_t id, int depth, Children *out) {
    if (!can_deal(v)) return 0;
    uint8_t bytes[MOST_BYTES];
    View c;
    deal_child(s, v, bytes);
    view_at(bytes, &c);
    out->generated++;
    int fresh = remember(s, &c, hash_of(&c), id, pack_move(DEAL_FROM, DEAL_FROM, DEAL_SIZE), (uint32_t)depth + 1);
    if (fresh <= 0) return fresh;
    if (c.done == 8) return 1;
    out->id[out->n] = s->count - 1, out->score[out->n++] = score_of(s, &c, depth + 1);
    return 0;
}

/* Expand the position `id` (scored `score`). Deal by deal (`out` NULL: PhaseSearch._expand_in): its
 * deal noted as a candidate, then each move's child pushed on the top phase's heap. Best first
 * (Search.expand): each move's child, then the deal's, into `out`. 1 once a child is the win, -1 out
 * of memory. */
int expand_moves(Search *s, uint32_t id, double score, Children *out) {
    uint8_t bytes[MOST_BYTES]; /* a copy: remembering a child may move the stored positions */
    const uint8_t *stored = s->arena + s->at[id];
    int size = HEAD;
    for (int i = 0; i < COLS; i++) size += stored[2 + i];
    memcpy(bytes, stored, size);
    View v;
    view_at(bytes, &v);
    int depth = (int)s->depth[id], legal;
    if (!out) {
        double dealt = dealt_score(s, &v, score, depth, &legal);
        if (legal && !push(&s->phases[s->nphases - 1].deals, dealt, ++s->order, id)) return -1;
    }
    Shares sh;
    shares_of(&v, &sh);
    int empty = -1, onto_n[13] = {0};
    int onto[13][COLS]; /* a rank -> the columns whose last card takes it, left to right */
    for (int j = 0; j < COLS; j++) {
        if (!v.len[j]) {
            if (empty < 0) empty = j;
            continue;
        }
        int top = RANK(v.col[j][v.len[j] - 1]);
        if (top) onto[top - 1][onto_n[top - 1]++] = j;
    }
    for (int i = 0; i < COLS; i++) {
        int n = v.len[i], d = v.down[i];
        if (n <= d) continue;
        const uint8_t *col = v.col[i];
        int start = run_start(col, n, d);
        int rank = RANK(col[n - 1]) + n - 1 - start;
        for (int k = 0; rank < 13 && k < onto_n[rank]; k++) {
            int j = onto[rank][k];
            if (j == i || pointless(col, d, start, v.col[j], v.len[j])) continue;
            int r = child(s, &v, &sh, i, j, n - start, id, depth, out);
            if (r) return r;
        }
        if (empty >= 0 && start > 0) { /* the run onto an empty column, unless it is the whole column */
            int r = child(s, &v, &sh, i, empty, n - start, id, depth, out);
            if (r) return r;
        }
    }
    return out ? deal_as_child(s, &v, id, depth, out) : 0;
}
