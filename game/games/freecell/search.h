/* What FreeCell's compiled search shares between its three files: fast.c (the game: moves, safe
 * moves, telling positions apart), score.c (the scores) and search.c (the lazy best-first walk, the
 * positions met, the functions Python calls). */
#ifndef FREECELL_SEARCH_H
#define FREECELL_SEARCH_H

#include <stdint.h>

/* A card's rank, suit and colour, looked up rather than divided out: the inner loops ask at every card. */
#define THIRTEEN(x) x, x, x, x, x, x, x, x, x, x, x, x, x
static const uint8_t RANKS[52] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
static const uint8_t SUITS[52] = {THIRTEEN(0), THIRTEEN(1), THIRTEEN(2), THIRTEEN(3)};
static const uint8_t REDS[52] = {THIRTEEN(0), THIRTEEN(1), THIRTEEN(1), THIRTEEN(0)}; /* hearts, diamonds */
#undef THIRTEEN
#define RANK(c) (RANKS[c])
#define SUIT(c) (SUITS[c])
#define RED(c) (REDS[c])
#define COLS 8
#define CELLS 4
#define LINE 64    /* a line's moves at most: one move and the safe moves home after it (52) */
#define NO_PARENT UINT32_MAX

/* The weights' places (solver.WEIGHTS): blocking, digging, free cells used, empty columns, depth. */
enum { W_BLOCK, W_DIG, W_CELLS, W_EMPTY, W_DEPTH };
/* Where a move comes from and goes to (solver.FCMove's "c", "f", "h"). */
enum { COLUMN, CELL, HOME };

typedef struct {
    uint8_t src, src_i, dst, dst_i, size; /* src_i: a column, or a free cell's card */
} Move;
typedef Move Line[LINE];

typedef struct {
    uint8_t cards[52]; /* the columns one after the other, each from its bottom */
    uint8_t len[COLS];
    uint8_t cells[CELLS]; /* sorted, ncells of them */
    uint8_t ncells;
    uint8_t home[4]; /* each suit's rank home */
    double h;        /* the score without its depth term */
} Pos;

/* A move waiting on the heap (LazyBestFirst's heap entries): ordered by (score, order). 32 bytes:
 * a hard deal keeps millions of them. A lazy move keeps its child's score without the depth term,
 * so that the child is built when taken without scoring its columns again. */
typedef struct {
    double score, h;
    uint64_t order; /* when it was generated: the first of equal scores first */
    uint32_t parent;
    uint32_t move; /* the move packed (pack_move), and whether its child is built when taken */
} Entry;

/* A move in 21 bits: src 2, src_i 6, dst 2, dst_i 4, size 6; then 1 bit, `built`: the child is
 * settled with safe moves when taken (built again then, as it was when the move was scored). */
static inline uint32_t pack_move(Move m, int built) {
    return m.src | (uint32_t)m.src_i << 2 | (uint32_t)m.dst << 8 | (uint32_t)m.dst_i << 10 | (uint32_t)m.size << 14 |
           (uint32_t)built << 20;
}
static inline Move unpack_move(uint32_t x) {
    return (Move){x & 3, x >> 2 & 63, x >> 8 & 3, x >> 10 & 15, x >> 14 & 63};
}
static inline int is_built(uint32_t x) { return x >> 20 & 1; }

typedef struct {
    double w[5];
    uint8_t parents[52][3]; /* each card's parents: their count, then the cards in Python's order */
    uint64_t most, nodes, generated, order;
    int status;
    /* the positions met, by id: the position, its parent, its line from there, its depth */
    Pos *pos;
    uint32_t *parent, *line_at, *depth;
    uint8_t *line_len;
    uint32_t count, room;
    Move *lines;
    uint64_t lines_len, lines_room;
    uint64_t *hashes; /* each position's hash (hash_pos), so the table grows without hashing again */
    uint64_t *slots;  /* the positions' table: hash's high 32 bits << 32 | id + 1; 0 free */
    uint64_t mask;
    Entry *heap;
    uint64_t heap_len, heap_room;
    uint32_t won; /* the id of the won position */
} Search;

/* A position's columns counted at every height, for the scores of the moves from it (score.c):
 * column i's first m cards have blocking[m] cards on a lower one and end on a card of rank low[m]
 * or above; its cards wanted next home lie at wanted_at; share: its share of the score. */
typedef struct {
    uint8_t at, n, nwanted;
    uint8_t blocking[53], low[53], wanted_at[4];
} ColumnCounts;
typedef struct {
    ColumnCounts col[COLS];
    double share[COLS];
    uint64_t wanted; /* the next card of each suit not home, as card bits */
} Columns;

/* score.c */
/* The score without its depth term, counted from scratch (FreeCellProblem._scored). */
void scored(Pos *p, const double *w);
/* Every column of p counted, for the moves from p. */
void columns_of(const Pos *p, const double *w, Columns *cs);
/* The score (without depth) of the position a lazy move from p leads to (FreeCellProblem.moves):
 * p's with the changed columns' shares swapped, the same operations in the same order. Worked out
 * when the move is pushed, and kept on the heap with it for when it is taken. */
double lazy_h(const Pos *p, const Columns *cs, Move m, const double *w);
/* fast.c */
int expand(Search *s, uint32_t id);
int child_of(const Search *s, const Entry *e, Pos *child, Move *line);
int start_of(Search *s, const int *in, int n, const int *parents, Pos *p, Move *line);
uint64_t hash_pos(const Pos *p);
int same_pos(const Pos *a, const Pos *b);
/* search.c */
int push(Search *s, double score, double h, uint32_t parent, Move m, int built);

#endif
