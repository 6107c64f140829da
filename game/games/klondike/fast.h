/* What Klondike's compiled searches share between their two files: fast.c (the game: a position,
 * its moves, its safe moves home, its hash and score; and the hints' depth-first walk) and
 * complete.c (the walk of the table's complete search, step for step as the Python engine's). */
#ifndef KLONDIKE_FAST_H
#define KLONDIKE_FAST_H

#include <stddef.h>
#include <stdint.h>

#define RANK(c) ((c) % 13 + 1)
#define SUIT(c) ((c) / 13)
#define RED(c) (SUIT(c) == 1 || SUIT(c) == 2)
#define TALON (-1)
#define HOME (-2)
#define MAXM 160
#define ROOM 24

#define NONE 255   /* Pos.pending: no card must be used next */
#define EMPTIED 254 /* Pos.pending: a column was just emptied, a king must go there next */

typedef struct {
    uint8_t col[7][ROOM], len[7], down[7];
    uint8_t talon[24], tlen, at, rec;
    uint8_t home[4];
    uint8_t pending; /* (the pruned mode) a card just put on a column, which the next move must take a card */
} Pos;
typedef struct { int8_t src, dst; uint8_t size, card, waste, rec, pending; } Move; /* waste, rec: after a talon move */
typedef struct { Pos pos; Move moves[MAXM]; int n, next; size_t mark; } Frame;

typedef struct {
    int draw, limit, free_talon, complete, then_complete, status;
    /* the Python search's order where it differs from the hints' (HINTS_VERSION 9 was measured with
     * the columns' order): a card's destinations in klondike_problem.PARENTS's order, and the safe
     * talon cards home by suit */
    int python_order;
    uint64_t *table, mask, stored, most, earlier; /* earlier: the positions of the pruned stage, once over */
    Pos start;           /* the position searched, its safe moves taken */
    size_t start_mark;   /* the line's length after those safe moves */
    Frame *stack;
    size_t depth, cap;
    Move *line;
    size_t line_len, line_cap;
    int depth_count;
} Search;

void init_zobrist(void);
int read_position(Search *s, const int *in, int count, Pos *start);
int push_line(Search *s, Move m);
int settle(Search *s, Pos *p);
void hash(const Search *s, const Pos *p, uint64_t *a, uint64_t *b);
void play(Pos *c, const Pos *p, Move m);
int moves(const Search *s, const Pos *p, Move *out);
int won(const Pos *p);
double score(const Pos *p, size_t depth);

#endif
