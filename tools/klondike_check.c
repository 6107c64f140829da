/* An independent check of Klondike deals, outside the game: a complete depth-first search in C.
 *
 * The game's solver is pure Python (game/games/klondike/problem.py). Proving a hard Klondike deal lost
 * can take tens of millions of positions, beyond its memory and time; this program searches the
 * same moves as that solver's complete mode, about 25 times faster and in 16 bytes a position.
 * tools/klondike_check.py builds it, feeds it deals and replays every win through the rules.
 *
 * Rules: Klondike with unlimited redeals, draw 1 or 3, all cards known. The moves (none left out):
 * a column's last card or a talon card home; any face-up run onto another column (a king-headed
 * run into an empty column, unless it is the whole column already); any talon card the stock's
 * turns bring to the waste's top, onto a column (or home); a foundation's top card of rank three
 * or more back onto a column, a king into an empty column. Aces and twos, and cards that no card
 * could ever need to go on, go home without branching (the rule of the Python solver's
 * _safe_home). Empty columns are alike, so only the first is tried. With draw 1 every talon card
 * is in reach, so the stock's place is not part of a position.
 *
 * A position is remembered by a 128-bit hash of its canonical form (columns as a multiset, the
 * talon in order, the foundations, the waste's size with draw 3). Two positions sharing a hash
 * would cut a branch, so LOST is a proof up to that chance: about n^2 / 2^129 for n positions,
 * below 1e-20 at 100 million.
 *
 * stdin: the draw (1 or 3); 7 lines "down n card..." (cards 0-51: suit * 13 + rank - 1, suits
 * spades, hearts, diamonds, clubs); a line "n at card..." (the talon: the waste from its bottom,
 * then the stock from its top; at = the waste's size); a line of the 4 foundation ranks.
 * argv: log2 of the table's slots (default 26), the most positions to search (default: 70 % of
 * the slots). stdout: "WON n", "LOST n" or "UNKNOWN n" (n positions searched), and after WON the
 * line, one move a line "src dst size card" (src -1 the talon, -2 the foundations; dst -2 home).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANK(c) ((c) % 13 + 1)
#define SUIT(c) ((c) / 13)
#define RED(c) (SUIT(c) == 1 || SUIT(c) == 2)
#define TALON (-1)
#define HOME (-2)
#define MAXM 256

typedef struct {
    uint8_t col[7][20], len[7], down[7];
    uint8_t talon[24], tlen, at;
    uint8_t home[4];
} Pos;
typedef struct { int8_t src, dst; uint8_t size, card, waste; } Move; /* waste: its size after a talon move */
typedef struct { Pos pos; Move moves[MAXM]; int n, next; size_t mark; } Frame;

static int draw = 1;
static uint64_t *table, mask, stored;
static uint64_t zobrist[2][64][64];
static Move *line;
static size_t line_len, line_cap;

static void push_line(Move m) {
    if (line_len == line_cap) {
        line_cap = line_cap ? 2 * line_cap : 4096;
        line = realloc(line, line_cap * sizeof *line);
        if (!line) { fputs("out of memory\n", stderr); exit(3); }
    }
    line[line_len++] = m;
}

static int goes_on(int c, int t) { return RANK(t) == RANK(c) + 1 && RED(t) != RED(c); }

/* No card could ever need to go on c (the Python solver's _safe_home). */
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

/* The safe cards home, one after the other, each written to the line. */
static void settle(Pos *p) {
    for (;;) {
        int moved = 0;
        for (int i = 0; i < 7 && !moved; i++) {
            if (p->len[i] <= p->down[i]) continue;
            int c = p->col[i][p->len[i] - 1];
            if (safe_home(c, p->home)) {
                take(p, i, 1);
                p->home[SUIT(c)]++;
                push_line((Move){i, HOME, 1, c, 0});
                moved = 1;
            }
        }
        for (int j = 0; j < p->tlen && !moved; j++) {
            if (draw != 1 && j != p->at - 1) continue; /* draw 3: only the waste's top, without turning */
            int c = p->talon[j];
            if (safe_home(c, p->home)) {
                remove_talon(p, j);
                if (draw != 1) p->at--;
                p->home[SUIT(c)]++;
                push_line((Move){TALON, HOME, 1, c, 0});
                moved = 1;
            }
        }
        if (!moved) return;
    }
}

/* Talon cards the turns bring to the waste's top (the soonest way): their index and the waste's size. */
static int reach(const Pos *p, int *idx, int *waste) {
    int n = p->tlen, k = 0;
    if (draw == 1) {
        for (int j = 0; j < n; j++) idx[k] = j, waste[k++] = j + 1;
        return k;
    }
    char taken[25] = {0}, seen[25] = {0};
    if (p->at) idx[k] = p->at - 1, waste[k++] = p->at, taken[p->at - 1] = 1;
    int q = p->at;
    seen[q] = 1;
    while (n) {
        if (q < n) {
            q = q + draw < n ? q + draw : n;
        } else {
            q = 0; /* a redeal */
            continue;
        }
        if (seen[q]) break;
        seen[q] = 1;
        if (!taken[q - 1]) taken[q - 1] = 1, idx[k] = q - 1, waste[k++] = q;
    }
    return k;
}

static void hash(const Pos *p, uint64_t *a, uint64_t *b) {
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
    for (int s = 0; s < 4; s++) {
        u = (u ^ (p->home[s] + 16u * s)) * 0x100000001B3ULL;
        v = (v ^ (p->home[s] * 31u + s)) * 0xC2B2AE3D27D4EB4FULL;
    }
    int at = draw == 1 ? 0 : p->at;
    u = (u ^ (at + 977u)) * 0x100000001B3ULL;
    v = (v ^ (at * 131u + 5)) * 0xC2B2AE3D27D4EB4FULL;
    *a = (x ^ u) ? (x ^ u) : 1; /* 0 marks a free slot */
    *b = y + v;
}

/* 1 if the position is new (and now remembered), 0 if it was met before. */
static int remember(const Pos *p) {
    uint64_t a, b;
    hash(p, &a, &b);
    for (uint64_t i = a & mask;; i = (i + 1) & mask) {
        if (table[2 * i] == 0) {
            table[2 * i] = a, table[2 * i + 1] = b, stored++;
            return 1;
        }
        if (table[2 * i] == a && table[2 * i + 1] == b) return 0;
    }
}

static void play(Pos *c, const Pos *p, Move m) {
    *c = *p;
    if (m.src == TALON) {
        int j = 0;
        while (c->talon[j] != m.card) j++;
        remove_talon(c, j);
        c->at = m.waste - 1;
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

/* Every move, the likeliest first: home, runs off face-down cards, talon cards, other runs,
 * foundation cards back down. */
static int moves(const Pos *p, Move *out) {
    int n = 0, empty = -1, idx[25], waste[25], r = reach(p, idx, waste);
    for (int i = 0; i < 7; i++)
        if (!p->len[i] && empty < 0) empty = i;
    for (int i = 0; i < 7; i++) {
        if (p->len[i] <= p->down[i]) continue;
        int c = p->col[i][p->len[i] - 1];
        if (p->home[SUIT(c)] == RANK(c) - 1) out[n++] = (Move){i, HOME, 1, c, 0};
    }
    for (int k = 0; k < r; k++) {
        int c = p->talon[idx[k]];
        if (p->home[SUIT(c)] == RANK(c) - 1) out[n++] = (Move){TALON, HOME, 1, c, waste[k]};
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 7; i++) {
            int len = p->len[i], down = p->down[i];
            for (int k = len - 1; k >= down; k--) {
                if (k < len - 1 && !goes_on(p->col[i][k + 1], p->col[i][k])) break;
                int uncovers = k == down && down > 0;
                if (uncovers != (pass == 0)) continue;
                int c = p->col[i][k];
                for (int d = 0; d < 7; d++)
                    if (d != i && p->len[d] && goes_on(c, p->col[d][p->len[d] - 1]))
                        out[n++] = (Move){i, d, len - k, c, 0};
                if (RANK(c) == 13 && empty >= 0 && k > 0) out[n++] = (Move){i, empty, len - k, c, 0};
            }
        }
        if (pass == 0) {
            for (int k = 0; k < r; k++) {
                int c = p->talon[idx[k]];
                for (int d = 0; d < 7; d++)
                    if (p->len[d] && goes_on(c, p->col[d][p->len[d] - 1])) out[n++] = (Move){TALON, d, 1, c, waste[k]};
                if (RANK(c) == 13 && empty >= 0) out[n++] = (Move){TALON, empty, 1, c, waste[k]};
            }
        }
    }
    for (int s = 0; s < 4; s++) {
        int h = p->home[s], c = 13 * s + h - 1;
        if (h < 3) continue; /* an ace or a two is always safe home */
        for (int d = 0; d < 7; d++)
            if (p->len[d] && goes_on(c, p->col[d][p->len[d] - 1])) out[n++] = (Move){HOME, d, 1, c, 0};
        if (h == 13 && empty >= 0) out[n++] = (Move){HOME, empty, 1, c, 0};
    }
    return n;
}

static int won(const Pos *p) { return p->home[0] + p->home[1] + p->home[2] + p->home[3] == 52; }

static int read_int(void) {
    int v;
    if (scanf("%d", &v) != 1) { fputs("bad input\n", stderr); exit(2); }
    return v;
}

int main(int argc, char **argv) {
    int bits = argc > 1 ? atoi(argv[1]) : 26;
    if (bits < 10 || bits > 34) { fputs("table bits: 10 to 34\n", stderr); return 2; }
    mask = (1ULL << bits) - 1;
    uint64_t most = argc > 2 ? strtoull(argv[2], NULL, 10) : 0, cap = mask / 10 * 7;
    if (!most || most > cap) most = cap;
    uint64_t s = 88172645463325252ULL;
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 64; k++)
            for (int c = 0; c < 64; c++) s ^= s << 13, s ^= s >> 7, s ^= s << 17, zobrist[t][k][c] = s;
    table = calloc((mask + 1) * 2, sizeof *table);
    size_t depth_cap = 1024, depth = 0;
    Frame *stack = malloc(depth_cap * sizeof *stack);
    if (!table || !stack) { fputs("out of memory\n", stderr); return 3; }

    Pos start;
    memset(&start, 0, sizeof start);
    draw = read_int();
    for (int i = 0; i < 7; i++) {
        start.down[i] = read_int(), start.len[i] = read_int();
        for (int k = 0; k < start.len[i]; k++) start.col[i][k] = read_int();
    }
    start.tlen = read_int(), start.at = read_int();
    for (int j = 0; j < start.tlen; j++) start.talon[j] = read_int();
    for (int k = 0; k < 4; k++) start.home[k] = read_int();

    settle(&start);
    const char *verdict = "LOST";
    if (won(&start)) {
        verdict = "WON";
    } else {
        remember(&start);
        stack[0].pos = start, stack[0].n = moves(&start, stack[0].moves), stack[0].next = 0;
        stack[0].mark = line_len;
        depth = 1;
    }
    while (depth) {
        Frame *f = &stack[depth - 1];
        line_len = f->mark;
        if (f->next == f->n) {
            depth--;
            continue;
        }
        Move m = f->moves[f->next++];
        Pos child;
        play(&child, &f->pos, m);
        push_line(m);
        settle(&child);
        if (won(&child)) {
            verdict = "WON";
            break;
        }
        if (!remember(&child)) continue;
        if (stored >= most) {
            verdict = "UNKNOWN";
            break;
        }
        if (depth == depth_cap) {
            depth_cap *= 2;
            stack = realloc(stack, depth_cap * sizeof *stack);
            if (!stack) { fputs("out of memory\n", stderr); return 3; }
            f = &stack[depth - 1];
        }
        Frame *g = &stack[depth++];
        g->pos = child, g->n = moves(&child, g->moves), g->next = 0, g->mark = line_len;
    }
    printf("%s %llu\n", verdict, (unsigned long long)stored);
    if (verdict[0] == 'W')
        for (size_t i = 0; i < line_len; i++)
            printf("%d %d %d %d\n", line[i].src, line[i].dst, line[i].size, line[i].card);
    return 0;
}
