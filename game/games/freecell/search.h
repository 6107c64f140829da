/* What FreeCell's compiled search shares between its two files: fast.c (the game: moves, scores,
 * keys) and search.c (the lazy best-first walk, the positions met, the functions Python calls). */
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
#define KEY 64     /* a canonical key's bytes: 52 cards, 8 column ends, 4 cells at most */
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

/* A move waiting on the heap (LazyBestFirst's heap entries): ordered by (score, order). 24 bytes:
 * a hard deal keeps millions of them. */
typedef struct {
    double score;
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
    uint64_t *slots; /* the positions' table: hash's high 32 bits << 32 | id + 1; 0 free */
    uint64_t mask;
    Entry *heap;
    uint64_t heap_len, heap_room;
    uint32_t won; /* the id of the won position */
} Search;

/* fast.c */
int expand(Search *s, uint32_t id);
int child_of(const Search *s, const Entry *e, Pos *child, Move *line);
int start_of(Search *s, const int *in, int n, const int *parents, Pos *p, Move *line);
void key_of(const Pos *p, uint8_t *key);
/* search.c */
int push(Search *s, double score, uint32_t parent, Move m, int built);

#endif
