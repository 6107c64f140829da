/* What Spider's compiled search shares between its two files: fast.c (the game: moves, scores,
 * keys) and search.c (the search deal by deal, the positions met, the functions Python calls). */
#ifndef SPIDER_SEARCH_H
#define SPIDER_SEARCH_H

#include <stdint.h>

#define COLS 10
#define CARDS 104
#define DEAL_SIZE 10
#define HEAD (2 + 2 * COLS) /* a stored position's bytes before its cards: stock, done, lengths, face-down counts */
#define MOST_BYTES (HEAD + CARDS)
#define NO_ID UINT32_MAX
#define DEAL_FROM 15 /* a deal's src and dst in a packed move (problem.DEAL, -1, in Python) */

/* The weights' places (solver.WEIGHTS): face-down cards, breaks, suits left, stock, empty columns. */
enum { W_DOWN, W_BREAK, W_SUIT, W_STOCK, W_EMPTY };
enum { RUNNING, WON, LOST, UNKNOWN, NO_MEMORY };

/* A position seen through its columns, each a pointer to its cards from the bottom: a child differs
 * from its parent in two columns, which point elsewhere, and shares the rest. */
typedef struct {
    const uint8_t *col[COLS];
    uint8_t len[COLS], down[COLS];
    uint8_t stock, done; /* cards left in the stock, suits completed */
} View;

/* A position waiting on a phase's heap, or a deal waiting to be chosen: ordered by (score, order),
 * as Python's tuples compare (no two have the same order). */
typedef struct {
    double score;
    uint64_t order;
    uint32_t id;
} Entry;

typedef struct {
    Entry *items;
    uint64_t len, room;
} Entries;

/* The children of one best-first expansion not met before, in the order they came, with their
 * scores; and every child generated (Search.expand counts them once the expansion is over). */
#define MOST_CHILDREN 128 /* each column's run onto nine columns and the empty one, and the deal */
typedef struct {
    uint32_t id[MOST_CHILDREN];
    double score[MOST_CHILDREN];
    int n, generated;
} Children;

/* One phase being searched (phases.py's _Phase). */
typedef struct {
    Entries heap;
    Entries deals; /* the positions that may deal, scored by the position each deal leads to */
    int last;      /* no stock left: this phase looks for the win */
    uint64_t expanded;
    int chosen_made; /* the deals to try are chosen (Python: chosen is not None) */
    uint32_t *chosen;
    int nchosen, tried;
} Phase;

typedef struct {
    double w[5];
    uint8_t stock_cards[CARDS]; /* the deal's stock: the next deal is the last ten of the first `stock` */
    uint8_t root[MOST_BYTES];   /* the start, stored as every position is */
    uint64_t phase_nodes, last_nodes, most, nodes, generated, order;
    int best_first; /* the walk: best first (Search with BestFirst), else deal by deal (PhaseSearch) */
    Entries open;   /* best first: the positions waiting, by score */
    int fan, widen, status, exhausted;
    int cut_positions, cut_deals; /* this round left positions out (a phase's budget ran out), or deals (the fan) */
    /* the positions met in this round, by id: where each is stored, its parent, move and depth */
    uint8_t *arena;
    uint64_t arena_len, arena_room;
    uint64_t *at, *hash;
    uint32_t *parent, *move, *depth;
    uint32_t count, room;
    uint64_t *slots; /* the positions' table: hash's high 32 bits << 32 | id + 1; 0 free */
    uint64_t mask;
    Phase *phases;
    int nphases, phases_room;
    uint32_t won; /* the id of the won position */
} Search;

/* A move in 15 bits: src 4, dst 4, size 7 (a deal: src and dst DEAL_FROM, size the cards dealt). */
static inline uint32_t pack_move(int src, int dst, int size) {
    return (uint32_t)src | (uint32_t)dst << 4 | (uint32_t)size << 8;
}

/* fast.c */
void view_at(const uint8_t *bytes, View *v);
int store_view(const View *v, uint8_t *out);
uint64_t hash_of(const View *v);
int same_key(const View *a, const View *b);
double score_of(const Search *s, const View *v, int depth);
int expand_moves(Search *s, uint32_t id, double score, Children *out);
int deal_child(const Search *s, const View *v, uint8_t *out);
/* search.c */
int remember(Search *s, const View *v, uint64_t hash, uint32_t parent, uint32_t move, uint32_t depth);
int push(Entries *e, double score, uint64_t order, uint32_t id);

#endif
