/* Klondike's search in C, for the hints' worlds (game/games/klondike/fast.py loads it with ctypes).
 *
 * The hints weigh their moves over many worlds of the hidden cards (game/hints/weigh.py), each
 * searched for a win; the pure-Python search (game/games/klondike/problem.py) searches a few
 * hundred positions in a hundredth of a second, and decides badly where a world needs more. This
 * is the first search of that solver's portfolio in C, in about a fifteenth of the time a
 * position: depth first over the moves of its pruned mode (or every move: then running out of
 * positions proves the world lost), the most promising child first by its own measure (cards not
 * home, face-down cards, talon cards, the digging still to do, a little depth), positions
 * remembered by a 128-bit hash of their canonical form (columns as a multiset, the talon in order,
 * the foundations, the waste's size unless every talon card is in reach, the redeals done when they
 * are limited). It is optional: without a C compiler the hints use the Python search.
 *
 * A position: 7 columns (face-down count, cards), the talon (the waste from its bottom, then the
 * stock from its top; "at" cards are in the waste), the redeals done, the four foundations' ranks.
 * Cards are 0-51: suit * 13 + rank - 1, suits spades, hearts, diamonds, clubs.
 *
 * kf_new(input, n, most, bits, complete): input = draw, redeal limit (-1 unlimited), redeals done,
 * then per column down, len, cards..., then talon length, at, talon cards..., then 4 foundation
 * ranks; ``complete`` 0 searches the moves of klondike_problem's pruned mode, 1 every move, 2 the
 * pruned moves and, if they run out within the budget, every move with what is left of it.
 * kf_step(s, budget): up to budget more steps; 0 running, 1 won, 2 lost (every position searched,
 * every move tried), 3 unknown (``most`` positions remembered, or the pruned moves ran out). kf_line(s, out, max): the winning line, four ints a
 * move (src, dst, size, card; src -1 the talon, -2 a foundation; dst -2 home), its length.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../solver/compiled.h"
#include "fast.h"

static uint64_t zobrist[2][64][64];
static int zobrist_ready;

void init_zobrist(void) {
    if (zobrist_ready) return;
    random_words(&zobrist[0][0][0], 2 * 64 * 64, 88172645463325252ULL);
    zobrist_ready = 1;
}

int push_line(Search *s, Move m) {
    if (s->line_len == s->line_cap) {
        size_t cap = s->line_cap ? 2 * s->line_cap : 1024;
        Move *line = realloc(s->line, cap * sizeof *line);
        if (!line) return 0;
        s->line = line, s->line_cap = cap;
    }
    s->line[s->line_len++] = m;
    return 1;
}

static int goes_on(int c, int t) { return RANK(t) == RANK(c) + 1 && RED(t) != RED(c); }

/* No card could ever need to go on c (klondike_problem.KlondikeProblem._safe_home). */
static int safe_home(int c, const uint8_t *h) {
    int r = RANK(c), s = SUIT(c);
    if (h[s] != r - 1) return 0;
    if (r <= 2) return 1;
    if (RED(c)) return h[0] >= r - 1 && h[3] >= r - 1 && h[3 - s] >= r - 2;
    return h[1] >= r - 1 && h[2] >= r - 1 && h[3 - s] >= r - 2;
}

static void take(Pos *p, int i, int k) {
    p->len[i] -= k;
    if (p->len[i] == p->down[i] && p->down[i] > 0) p->down[i]--;
}

static void remove_talon(Pos *p, int j) {
    memmove(p->talon + j, p->talon + j + 1, p->tlen - j - 1);
    p->tlen--;
}

/* The talon index of a card safe to send home within reach (the waste's top without turning,
 * or with draw 1 and unlimited redeals any), -1 if none: the first in the talon's order, or
 * (python_order) by suit, as KlondikeProblem.safe_move looks. */
static int safe_talon_card(const Search *s, const Pos *p) {
    if (s->python_order) {
        for (int k = 0; k < 4; k++) {
            int c = 13 * k + p->home[k];
            if (p->home[k] >= 13 || !safe_home(c, p->home)) continue;
            for (int j = 0; j < p->tlen; j++)
                if (p->talon[j] == c && (s->free_talon || j == p->at - 1)) return j;
        }
        return -1;
    }
    for (int j = 0; j < p->tlen; j++)
        if ((s->free_talon || j == p->at - 1) && safe_home(p->talon[j], p->home)) return j;
    return -1;
}

/* The safe cards home, one after the other, each written to the line. */
int settle(Search *s, Pos *p) {
    for (;;) {
        int moved = 0;
        for (int i = 0; i < 7 && !moved; i++) {
            if (p->len[i] <= p->down[i]) continue;
            int c = p->col[i][p->len[i] - 1];
            if (safe_home(c, p->home)) {
                take(p, i, 1);
                p->home[SUIT(c)]++;
                if (!push_line(s, (Move){i, HOME, 1, c, 0, 0, p->pending})) return 0;
                moved = 1;
            }
        }
        int j = moved ? -1 : safe_talon_card(s, p);
        if (j >= 0) {
            int c = p->talon[j];
            remove_talon(p, j);
            if (s->free_talon || j < p->at) p->at--;
            p->home[SUIT(c)]++;
            if (!push_line(s, (Move){TALON, HOME, 1, c, 0, 0, p->pending})) return 0;
            moved = 1;
        }
        if (!moved) return 1;
    }
}

/* Talon cards the turns (and redeals, while any are left) bring to the waste's top, the soonest
 * way: their index, the waste's size then, the redeals done then (klondike_problem.reachable). */
static int reach(const Search *s, const Pos *p, int *idx, int *waste, int *rec) {
    int n = p->tlen, k = 0;
    if (s->free_talon) {
        for (int j = 0; j < n; j++) idx[k] = j, waste[k] = j + 1, rec[k++] = p->rec;
        return k;
    }
    char taken[25] = {0}, seen[25] = {0};
    if (p->at) idx[k] = p->at - 1, waste[k] = p->at, rec[k++] = p->rec, taken[p->at - 1] = 1;
    int q = p->at, r = p->rec;
    seen[q] = 1;
    while (n) {
        if (q < n) {
            q = q + s->draw < n ? q + s->draw : n;
        } else if (s->limit < 0 || r < s->limit) {
            q = 0, r++;
            continue;
        } else {
            break;
        }
        if (s->limit < 0) {
            if (seen[q]) break;
            seen[q] = 1;
        }
        if (!taken[q - 1]) taken[q - 1] = 1, idx[k] = q - 1, waste[k] = q, rec[k++] = r;
    }
    return k;
}

void hash(const Search *s, const Pos *p, uint64_t *a, uint64_t *b) {
    uint64_t x = 0, y = 0;
    for (int i = 0; i < 7; i++) { /* summed: the columns' order does not count */
        uint64_t u = 0x9E3779B97F4A7C15ULL * (p->down[i] + 1u), v = 0xC2B2AE3D27D4EB4FULL * (p->down[i] + 7u);
        for (int k = 0; k < p->len[i]; k++) {
            u = (u ^ zobrist[0][k][p->col[i][k]]) * 0x100000001B3ULL;
            v = (v ^ zobrist[1][k][p->col[i][k]]) * 0xFF51AFD7ED558CCDULL;
        }
        u ^= u >> 29;
        v ^= v >> 31;
        x += u * 0xBF58476D1CE4E5B9ULL;
        y += v * 0x94D049BB133111EBULL;
    }
    uint64_t u = 1469598103934665603ULL, v = 7;
    for (int j = 0; j < p->tlen; j++) {
        u = (u ^ zobrist[0][40 + j % 24][p->talon[j]]) * 0x100000001B3ULL;
        v = (v ^ zobrist[1][40 + j % 24][p->talon[j]]) * 0xFF51AFD7ED558CCDULL;
    }
    for (int k = 0; k < 4; k++) {
        u = (u ^ (p->home[k] + 16u * k)) * 0x100000001B3ULL;
        v = (v ^ (p->home[k] * 31u + k)) * 0xC2B2AE3D27D4EB4FULL;
    }
    int at = s->free_talon ? 0 : p->at, rec = s->limit < 0 ? 0 : p->rec;
    u = (u ^ (at + 977u + 64u * rec + 4096u * p->pending)) * 0x100000001B3ULL;
    v = (v ^ (at * 131u + 5 + 7919u * rec + 104729u * p->pending)) * 0xC2B2AE3D27D4EB4FULL;
    *a = (x ^ u) ? (x ^ u) : 1; /* 0 marks a free slot */
    *b = y + v;
}

/* 1 if the position is new (and now remembered), 0 if it was met before. */
static int remember(Search *s, const Pos *p) {
    uint64_t a, b;
    hash(s, p, &a, &b);
    for (uint64_t i = a & s->mask;; i = (i + 1) & s->mask) {
        if (s->table[2 * i] == 0) {
            s->table[2 * i] = a, s->table[2 * i + 1] = b, s->stored++;
            return 1;
        }
        if (s->table[2 * i] == a && s->table[2 * i + 1] == b) return 0;
    }
}

void play(Pos *c, const Pos *p, Move m) {
    *c = *p;
    c->pending = m.pending;
    if (m.src == TALON) {
        int j = 0;
        while (c->talon[j] != m.card) j++;
        remove_talon(c, j);
        c->at = m.waste - 1;
        c->rec = m.rec;
    } else if (m.src == HOME) {
        c->home[SUIT(m.card)]--;
    } else {
        take(c, m.src, m.size);
    }
    if (m.dst == HOME) {
        c->home[SUIT(m.card)]++;
    } else if (m.src >= 0) {
        memcpy(c->col[m.dst] + c->len[m.dst], p->col[m.src] + p->len[m.src] - m.size, m.size);
        c->len[m.dst] += m.size;
    } else {
        c->col[m.dst][c->len[m.dst]++] = m.card;
    }
}

/* Some card that could go on c is in reach: in the talon (all of it with draw 1 and unlimited
 * redeals, else the cards the turns bring up), on top of a foundation, or face up in a column. */
static int could_follow(const Search *s, const Pos *p, int c, const int *idx, int r) {
    for (int j = 0; j < (s->free_talon ? p->tlen : r); j++)
        if (goes_on(p->talon[s->free_talon ? j : idx[j]], c)) return 1;
    for (int k = 0; k < 4; k++)
        if (p->home[k] && goes_on(13 * k + p->home[k] - 1, c)) return 1;
    for (int i = 0; i < 7; i++)
        for (int k = p->down[i]; k < p->len[i]; k++)
            if (goes_on(p->col[i][k], c)) return 1;
    return 0;
}

/* The columns among tops (but `skip`) whose last card c goes on, into out: in the columns' order,
 * or (python_order) in the order of c's two parent cards in klondike_problem.PARENTS (by t & 7,
 * then t: the order of a frozenset of two small ints, which that table keeps). Their count. */
static int onto(const Search *s, const Pos *p, const int *tops, int ntops, int c, int skip, int *out) {
    int n = 0;
    if (!s->python_order) {
        for (int t = 0; t < ntops; t++)
            if (tops[t] != skip && goes_on(c, p->col[tops[t]][p->len[tops[t]] - 1])) out[n++] = tops[t];
        return n;
    }
    if (RANK(c) == 13) return 0;
    int one = RED(c) ? 0 : 1, other = RED(c) ? 3 : 2; /* the suits of the other colour */
    int first = 13 * one + RANK(c), second = 13 * other + RANK(c);
    if ((second & 7) < (first & 7) || ((second & 7) == (first & 7) && second < first)) {
        int swap = first;
        first = second, second = swap;
    }
    int parents[2] = {first, second};
    for (int k = 0; k < 2; k++)
        for (int t = 0; t < ntops; t++)
            if (tops[t] != skip && p->col[tops[t]][p->len[tops[t]] - 1] == parents[k]) out[n++] = tops[t];
    return n;
}

static int add(Move *out, int n, Move m) {
    if (n < MAXM) out[n++] = m;
    return n;
}

/* The moves klondike_problem.KlondikeProblem tries, in its order: a column's card or a talon card
 * home, a talon card onto a column, a foundation card back down, a run between columns. The pruned
 * mode (``complete`` 0) leaves out what that module's docstring says it does: a run split off a
 * face-up card unless that card then goes home; a whole column moved unless a king waits for the
 * room, and then a king must go there next; with draw 1 and unlimited redeals, a talon card put on
 * a column unless a card goes on it next; a foundation card back down unless one that could go on
 * it is in reach. ``only``: the moves onto that column alone (the pending card's, or the empty one). */
static int moves_onto(const Search *s, const Pos *p, Move *out, int only) {
    int n = 0, empty = -1, tops[7], ntops = 0, idx[25], waste[25], rec[25];
    uint64_t bottoms = 0, placeable = 0, wanted = 0, next_home = 0;
    for (int j = 0; j < 7; j++) {
        if (only >= 0 && j != only) continue;
        if (p->len[j]) tops[ntops++] = j;
        else if (empty < 0) empty = j; /* empty columns are all alike: only the first is tried */
    }
    for (int j = 0; j < 7; j++)
        if (p->len[j]) bottoms |= 1ULL << p->col[j][0];
    int kings_waiting = 0;
    for (int k = 0; k < 4; k++) {
        if (p->home[k] >= 13) continue;
        next_home |= 1ULL << (13 * k + p->home[k]);
        if (!(bottoms >> (13 * k + 12) & 1)) kings_waiting = 1;
    }
    int to_home = only < 0;
    if (to_home) wanted = next_home;
    for (int t = 0; t < ntops; t++) { /* a column's card home */
        int i = tops[t], c = p->col[i][p->len[i] - 1];
        if (to_home && p->len[i] > p->down[i] && p->home[SUIT(c)] == RANK(c) - 1)
            n = add(out, n, (Move){i, HOME, 1, c, 0, 0, NONE});
    }
    for (int t = 0; t < ntops; t++) { /* the cards that could go on some column */
        int top = p->col[tops[t]][p->len[tops[t]] - 1];
        for (int c = 0; c < 52; c++)
            if (goes_on(c, top)) placeable |= 1ULL << c;
    }
    if (empty >= 0) placeable |= 1ULL << 12 | 1ULL << 25 | 1ULL << 38 | 1ULL << 51;
    int r;
    if (s->free_talon) { /* every talon card is in reach: only those that can go somewhere */
        r = 0;
        for (int j = 0; j < p->tlen; j++)
            if ((placeable | wanted) >> p->talon[j] & 1) idx[r] = j, waste[r] = j + 1, rec[r++] = p->rec;
    } else {
        r = reach(s, p, idx, waste, rec);
    }
    int pend = s->free_talon && !s->complete;
    for (int k = 0; k < r; k++) {
        int c = p->talon[idx[k]];
        if (wanted >> c & 1) n = add(out, n, (Move){TALON, HOME, 1, c, waste[k], rec[k], NONE});
        if (!(placeable >> c & 1)) continue;
        int dests[2], found = onto(s, p, tops, ntops, c, -1, dests);
        for (int d = 0; d < found; d++) n = add(out, n, (Move){TALON, dests[d], 1, c, waste[k], rec[k], pend ? c : NONE});
        if (RANK(c) == 13 && empty >= 0) n = add(out, n, (Move){TALON, empty, 1, c, waste[k], rec[k], pend ? c : NONE});
    }
    for (int k = 0; k < 4; k++) { /* a foundation's top card back onto a column */
        int h = p->home[k], c = 13 * k + h - 1, found = 0;
        if (h < 3) continue; /* an ace or a two is always safe home: never worth taking back */
        Move room[8];
        int dests[2], count = onto(s, p, tops, ntops, c, -1, dests);
        for (int d = 0; d < count; d++) room[found++] = (Move){HOME, dests[d], 1, c, 0, 0, NONE};
        if (h == 13 && empty >= 0) room[found++] = (Move){HOME, empty, 1, c, 0, 0, NONE};
        if (found && (s->complete || could_follow(s, p, c, idx, r)))
            for (int f = 0; f < found; f++) n = add(out, n, room[f]);
    }
    for (int i = 0; i < 7; i++) { /* runs between columns */
        int len = p->len[i], down = p->down[i];
        if (len <= down) continue;
        for (int k = len - 1; k >= down; k--) { /* col[k:] is the run moved */
            if (k < len - 1 && !goes_on(p->col[i][k + 1], p->col[i][k])) break;
            int c = p->col[i][k], king_room = 1;
            if (k > down) {
                if (!s->complete && !(next_home >> p->col[i][k - 1] & 1)) continue; /* split only to send home */
            } else if (down == 0) {
                if (!kings_waiting && !s->complete) continue; /* the whole column: only to make room for a king */
                king_room = 0;                                 /* never a king onto an empty column */
            }
            int pending = k == 0 && !s->complete ? EMPTIED : NONE;
            int dests[2], found = onto(s, p, tops, ntops, c, i, dests);
            for (int d = 0; d < found; d++) n = add(out, n, (Move){i, dests[d], len - k, c, 0, 0, pending});
            if (king_room && RANK(c) == 13 && empty >= 0) n = add(out, n, (Move){i, empty, len - k, c, 0, 0, pending});
        }
    }
    return n;
}

/* The moves from a position: onto any pile, or, when a card is pending, onto its column only. */
int moves(const Search *s, const Pos *p, Move *out) {
    if (p->pending == NONE) return moves_onto(s, p, out, -1);
    int column = -1;
    for (int j = 0; j < 7 && column < 0; j++)
        if (p->pending == EMPTIED ? !p->len[j] : p->len[j] && p->col[j][p->len[j] - 1] == p->pending) column = j;
    return column < 0 ? 0 : moves_onto(s, p, out, column);
}

int won(const Pos *p) { return p->home[0] + p->home[1] + p->home[2] + p->home[3] == 52; }

/* The Python search's measure (klondike_problem.score, DEFAULT_WEIGHTS): lower is more promising;
 * the same doubles, as the build does not fuse a product into a sum (-ffp-contract=off, pyproject). */
double score(const Pos *p, size_t depth) {
    int home = 0, down = 0, dig = 0;
    for (int k = 0; k < 4; k++) home += p->home[k];
    for (int i = 0; i < 7; i++) {
        down += p->down[i];
        for (int k = 0; k < p->len[i]; k++) {
            int c = p->col[i][k];
            if (p->home[SUIT(c)] == RANK(c) - 1) dig += p->len[i] - 1 - k; /* the next card a suit needs */
        }
    }
    return (52 - home) + 2.5 * down + 0.15 * p->tlen + 0.5 * dig + 0.01 * depth;
}

/* The moves of a frame, the most promising child first (a stable sort: equal scores keep the
 * order moves() lists them in). */
static int order(Search *s, Frame *f) {
    double keys[MAXM];
    size_t mark = s->line_len;
    for (int k = 0; k < f->n; k++) {
        Pos child;
        play(&child, &f->pos, f->moves[k]);
        if (!settle(s, &child)) return 0;
        size_t depth = s->line_len + 1; /* the move and the safe moves after it */
        s->line_len = mark;
        keys[k] = won(&child) ? -1.0 : score(&child, depth);
    }
    for (int a = 1; a < f->n; a++) {
        Move m = f->moves[a];
        double key = keys[a];
        int b = a - 1;
        while (b >= 0 && keys[b] > key) keys[b + 1] = keys[b], f->moves[b + 1] = f->moves[b], b--;
        keys[b + 1] = key, f->moves[b + 1] = m;
    }
    return 1;
}

static int push_frame(Search *s, const Pos *p) {
    if (s->depth == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 256;
        Frame *stack = realloc(s->stack, cap * sizeof *stack);
        if (!stack) return 0;
        s->stack = stack, s->cap = cap;
    }
    Frame *f = &s->stack[s->depth++];
    f->pos = *p, f->n = moves(s, p, f->moves), f->next = 0, f->mark = s->line_len;
    return order(s, f);
}

void kf_free(Search *s) {
    if (!s) return;
    free(s->table), free(s->stack), free(s->line), free(s);
}

/* The game (draw, redeal limit) into s and the position into start, from kf_new's input; 0 if the
 * input is not a position this search reads: a number out of its range, a column or the talon too
 * long (a column's face-down cards and a run of 13 must fit in ROOM), the waste larger than the
 * talon, numbers left over, or a card met twice (in the columns, the talon, or home below its
 * suit's height). A hand-made position may leave cards out. */
int read_position(Search *s, const int *in, int count, Pos *start) {
    int at = 0;
#define NEXT(lo, hi) (at < count && in[at] >= (lo) && in[at] <= (hi) ? in[at++] : -99)
    memset(start, 0, sizeof *start);
    start->pending = NONE;
    s->draw = NEXT(1, 3), s->limit = NEXT(-1, 255);
    int rec = NEXT(0, 255);
    if (s->draw < 0 || s->limit == -99 || rec < 0) return 0;
    s->free_talon = s->draw == 1 && s->limit < 0;
    start->rec = (uint8_t)rec;
    uint64_t cards = 0; /* the cards met, a bit each */
    for (int i = 0; i < 7; i++) {
        int down = NEXT(0, ROOM), len = NEXT(0, ROOM);
        if (down < 0 || len < 0 || down > len || down > ROOM - 13) return 0;
        start->down[i] = (uint8_t)down, start->len[i] = (uint8_t)len;
        for (int k = 0; k < len; k++) {
            int c = NEXT(0, 51);
            if (c < 0 || cards >> c & 1) return 0;
            cards |= 1ULL << c;
            start->col[i][k] = (uint8_t)c;
        }
    }
    int tlen = NEXT(0, 24), waste = tlen < 0 ? -99 : NEXT(0, tlen);
    if (waste < 0) return 0;
    start->tlen = (uint8_t)tlen, start->at = (uint8_t)waste;
    for (int j = 0; j < tlen; j++) {
        int c = NEXT(0, 51);
        if (c < 0 || cards >> c & 1) return 0;
        cards |= 1ULL << c;
        start->talon[j] = (uint8_t)c;
    }
    for (int k = 0; k < 4; k++) {
        int h = NEXT(0, 13);
        if (h < 0) return 0;
        start->home[k] = (uint8_t)h;
        for (int r = 0; r < h; r++) {
            if (cards >> (13 * k + r) & 1) return 0;
            cards |= 1ULL << (13 * k + r);
        }
    }
#undef NEXT
    return at == count;
}

Search *kf_new(const int *in, int count, uint64_t most, int bits, int complete) {
    init_zobrist();
    if (bits < 10 || bits > 30) return NULL;
    Search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->complete = complete == 1;
    s->then_complete = complete == 2;
    s->mask = (1ULL << bits) - 1;
    uint64_t cap = s->mask / 10 * 7;
    s->most = most && most < cap ? most : cap;
    s->table = calloc((s->mask + 1) * 2, sizeof *s->table);
    if (!s->table) return kf_free(s), NULL;
    Pos start;
    if (!read_position(s, in, count, &start) || !settle(s, &start)) return kf_free(s), NULL;
    if (won(&start)) {
        s->status = 1;
        return s;
    }
    s->start = start, s->start_mark = s->line_len;
    remember(s, &start);
    if (!push_frame(s, &start)) return kf_free(s), NULL;
    return s;
}

/* The pruned moves ran out: the complete search of the same position, with the budget left. */
static int go_complete(Search *s) {
    s->complete = 1, s->then_complete = 0;
    s->earlier += s->stored, s->stored = 0;
    memset(s->table, 0, (s->mask + 1) * 2 * sizeof *s->table);
    s->depth = 0, s->line_len = s->start_mark;
    remember(s, &s->start);
    return push_frame(s, &s->start);
}

int kf_step(Search *s, uint64_t budget) {
    while (s->status == 0 && budget--) {
        if (!s->depth) {
            if (s->then_complete) {
                if (!go_complete(s)) return s->status = 3;
                continue;
            }
            s->status = s->complete ? 2 : 3; /* every position searched: lost, if no move was left out */
            break;
        }
        Frame *f = &s->stack[s->depth - 1];
        s->line_len = f->mark;
        if (f->next == f->n) {
            s->depth--;
            continue;
        }
        Move m = f->moves[f->next++];
        Pos child;
        play(&child, &f->pos, m);
        if (!push_line(s, m) || !settle(s, &child)) return s->status = 3;
        if (won(&child)) {
            s->status = 1;
            break;
        }
        if (!remember(s, &child)) continue;
        if (s->earlier + s->stored >= s->most) {
            s->status = 3;
            break;
        }
        if (!push_frame(s, &child)) return s->status = 3;
    }
    return s->status;
}

uint64_t kf_positions(const Search *s) { return s->earlier + s->stored; }

int kf_line(const Search *s, int *out, int most) {
    int n = 0;
    for (size_t i = 0; i < s->line_len && n < most; i++, n++) {
        out[4 * n] = s->line[i].src, out[4 * n + 1] = s->line[i].dst;
        out[4 * n + 2] = s->line[i].size, out[4 * n + 3] = s->line[i].card;
    }
    return n;
}

/* A module Python can import, so the build and the wheel find and ship this file as any extension;
 * its functions are reached through ctypes (game/games/klondike/fast.py). */
static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast", "Klondike's search in C", -1, NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
