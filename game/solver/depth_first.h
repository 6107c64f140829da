/* The engine's depth-first walk in C, for a game that gives its moves through a table of functions
 * (depth_first.c has the walk; a game's complete.c its side, and the constructor Python calls). */
#ifndef SOLVER_DEPTH_FIRST_H
#define SOLVER_DEPTH_FIRST_H

#include <stddef.h>
#include <stdint.h>

#define LINE_MOST 64 /* a move and the safe moves after it, an int each */

/* A game as the walk sees it: a position is pos_size bytes; `game` is the game's own state. */
typedef struct {
    size_t pos_size;
    /* The moves from pos, kept by the game for the child calls that follow; their count. */
    int (*moves)(void *game, const void *pos);
    /* Move k of the last moves() played from pos into child and followed by the safe moves; that
     * line written into line, an int a move (at most LINE_MOST); its length, -1 out of memory. */
    int (*child)(void *game, const void *pos, int k, void *child, int *line);
    /* A 128-bit hash of the position's key (a free slot is 0: a must not be). */
    void (*hash)(const void *game, const void *pos, uint64_t *a, uint64_t *b);
    int (*won)(const void *game, const void *pos);
    double (*score)(const void *game, const void *pos, uint32_t depth);
    void (*release)(void *game);
} GameFunctions;

typedef struct Walk Walk;

/* A walk from start, whose own safe moves are prefix; owns game (released with the walk). NULL
 * when out of memory (game released too). */
Walk *walk_new(const GameFunctions *rules, void *game, const void *start, const int *prefix, int prefix_len, uint64_t most);
/* Python's face (game/solver/compiled.py, prefix "walk"): up to budget positions more; 0 running,
 * 1 won, 2 lost (every position searched), 3 unknown (the budget spent, or cancelled), 4 out of
 * memory. */
int walk_step(Walk *w, uint64_t budget, int cancelled);
uint64_t walk_nodes(const Walk *w);
uint64_t walk_generated(const Walk *w);
uint64_t walk_seen(const Walk *w);
int walk_line(const Walk *w, int *out, int room);
void walk_free(Walk *w);

#endif
