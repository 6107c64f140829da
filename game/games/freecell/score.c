/* FreeCell's compiled search, its scores (see fast.c for the game, search.c for the walk): a
 * position's score as FreeCellProblem._scored counts it, and a lazy move's as FreeCellProblem.moves
 * does, from its parent's score with the changed columns' shares swapped.
 *
 * A column's share is made of two whole numbers, its blocking cards and its digging, weighed and
 * added (share_of). A move's new shares are worked out from each column's counts at every height
 * (Columns), so a move costs the cards it moves rather than the whole columns it touches: the same
 * whole numbers, so the same doubles, bit for bit, as counting the columns again. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <string.h>

#include "search.h"

/* The next card of each suit not home, as a set of card bits: the cards a column's digging counts. */
static uint64_t wanted_of(const uint8_t *home) {
    uint64_t wanted = 0;
    for (int suit = 0; suit < 4; suit++)
        if (home[suit] < 13) wanted |= 1ULL << (13 * suit + home[suit]);
    return wanted;
}

/* The share of a column of n cards, `blocking` of them on a lower card, digging `dig`. */
static double share_of(int n, int blocking, int dig, const double *w) {
    if (!n) return -w[W_EMPTY];
    double a = w[W_BLOCK] * (double)blocking, b = w[W_DIG] * (double)dig;
    return a + b;
}

/* n cards laid on a column's end, bottom first, counted into its `blocking` (a card on a lower one),
 * `low` (the lowest rank so far) and `dig` (for each wanted card among them, the cards above it). */
static void lay(const uint8_t *cards, int n, uint64_t wanted, int *blocking, int *low, int *dig) {
    for (int k = 0; k < n; k++) {
        int r = RANK(cards[k]);
        if (r > *low)
            ++*blocking;
        else
            *low = r;
        if (wanted >> cards[k] & 1) *dig += n - 1 - k;
    }
}

/* A column's share of the score (FreeCellProblem's column costs): cards lying on a lower card, and
 * the cards on top of each suit's next card (`wanted`), weighed; an empty column lowers the score. */
static double column_cost(const uint8_t *col, int n, uint64_t wanted, const double *w) {
    int blocking = 0, low = 99, dig = 0;
    lay(col, n, wanted, &blocking, &low, &dig);
    return share_of(n, blocking, dig, w);
}

void scored(Pos *p, const double *w) {
    int sum = p->home[0] + p->home[1] + p->home[2] + p->home[3];
    uint64_t wanted = wanted_of(p->home);
    double h = (double)(52 - sum) + w[W_CELLS] * (double)p->ncells;
    const uint8_t *col = p->cards;
    for (int i = 0; i < COLS; col += p->len[i], i++) h += column_cost(col, p->len[i], wanted, w);
    p->h = h;
}

/* The digging of column c's first m cards: the cards above each wanted card among them. */
static int dig_below(const ColumnCounts *c, int m) {
    int dig = 0;
    for (int q = 0; q < c->nwanted; q++)
        if (c->wanted_at[q] < m) dig += m - 1 - c->wanted_at[q];
    return dig;
}

/* Column i (its cards from `at`) counted at every height, cs->wanted set. */
static void count_column(const Pos *p, int i, int at, const double *w, Columns *cs) {
    const uint8_t *col = p->cards + at;
    ColumnCounts *c = &cs->col[i];
    int n = p->len[i], low = 99;
    c->at = (uint8_t)at, c->n = (uint8_t)n, c->nwanted = 0, c->blocking[0] = 0, c->low[0] = 99;
    for (int k = 0; k < n; k++) {
        int r = RANK(col[k]), blocking = c->blocking[k];
        if (r > low)
            blocking++;
        else
            low = r;
        c->blocking[k + 1] = (uint8_t)blocking, c->low[k + 1] = (uint8_t)low;
        if (cs->wanted >> col[k] & 1) c->wanted_at[c->nwanted++] = (uint8_t)k;
    }
    cs->share[i] = share_of(n, c->blocking[n], dig_below(c, n), w);
}

void columns_of(const Pos *p, const double *w, Columns *cs) {
    cs->wanted = wanted_of(p->home);
    int at = 0;
    for (int i = 0; i < COLS; at += p->len[i], i++) count_column(p, i, at, w, cs);
}

/* The share of column j's cards with `run` (k cards) put at its end. */
static double joined_share(const Columns *cs, int j, const uint8_t *run, int k, const double *w) {
    const ColumnCounts *c = &cs->col[j];
    int n = c->n, blocking = c->blocking[n], low = c->low[n], dig = dig_below(c, n) + k * c->nwanted;
    lay(run, k, cs->wanted, &blocking, &low, &dig);
    return share_of(n + k, blocking, dig, w);
}

/* The share of column i's first m cards. */
static double prefix_share(const Columns *cs, int i, int m, const double *w) {
    return share_of(m, cs->col[i].blocking[m], dig_below(&cs->col[i], m), w);
}

double lazy_h(const Pos *p, const Columns *cs, Move m, const double *w) {
    if (m.src == CELL) { /* free cell to column */
        int j = m.dst_i;
        uint8_t card = m.src_i;
        double h = p->h - cs->share[j];
        h = h + joined_share(cs, j, &card, 1, w);
        return h - w[W_CELLS];
    }
    const ColumnCounts *from = &cs->col[m.src_i];
    int n = from->n;
    double h = p->h - cs->share[m.src_i];
    if (m.dst == CELL) { /* column to free cell */
        h = h + prefix_share(cs, m.src_i, n - 1, w);
        return h + w[W_CELLS];
    }
    int j = m.dst_i, k = m.size; /* column to column */
    h = h - cs->share[j];
    h = h + prefix_share(cs, m.src_i, n - k, w);
    return h + joined_share(cs, j, p->cards + from->at + n - k, k, w);
}
