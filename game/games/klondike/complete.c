/* Klondike's complete search in C: the game's side of game/solver/depth_first.c's walk (fast.c's
 * moves, safe moves, hash and score, every move and in the Python search's order), so that the
 * winnability table, `solve --complete` and `--prove-lost` run step for step the engine's
 * depth-first search of klondike_problem.KlondikeProblem(complete=True), many times sooner.
 *
 * kx_new(input, n, most): input as kf_new reads it; most = the budget of positions expanded; NULL
 * if the input is not a position it reads. The walk's functions (walk_step, walk_line, ...) do the
 * rest; a move of the line is an int: src + 2 | (dst + 2) << 4 | size << 8 | card << 16 (src -1
 * the talon, -2 a foundation; dst -2 home).
 */
#include <stdlib.h>
#include <string.h>

#include "../../solver/depth_first.h"
#include "fast.h"

typedef struct {
    Search rules; /* draw, redeal limit, every move; settle's line */
    Move list[MAXM];
} Klondike;

static int pack(Move m) { return (m.src + 2) | (m.dst + 2) << 4 | m.size << 8 | m.card << 16; }

static int game_moves(void *game, const void *pos) {
    Klondike *k = game;
    return moves(&k->rules, pos, k->list);
}

static int game_child(void *game, const void *pos, int n, void *child, int *line) {
    Klondike *k = game;
    k->rules.line_len = 0;
    play(child, pos, k->list[n]);
    if (!push_line(&k->rules, k->list[n]) || !settle(&k->rules, child)) return -1;
    for (size_t i = 0; i < k->rules.line_len; i++) line[i] = pack(k->rules.line[i]);
    return (int)k->rules.line_len;
}

static void game_hash(const void *game, const void *pos, uint64_t *a, uint64_t *b) {
    hash(&((const Klondike *)game)->rules, pos, a, b);
}

static int game_won(const void *game, const void *pos) {
    (void)game;
    return won(pos);
}

static double game_score(const void *game, const void *pos, uint32_t depth) {
    (void)game;
    return score(pos, depth);
}

static void game_release(void *game) {
    Klondike *k = game;
    free(k->rules.line);
    free(k);
}

static const GameFunctions KLONDIKE = {
    sizeof(Pos), game_moves, game_child, game_hash, game_won, game_score, game_release,
};

Walk *kx_new(const int *input, int count, uint64_t most) {
    init_zobrist();
    Klondike *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->rules.complete = 1, k->rules.python_order = 1;
    Pos start;
    if (!read_position(&k->rules, input, count, &start) || !settle(&k->rules, &start)) {
        game_release(k);
        return NULL;
    }
    int prefix[LINE_MOST];
    for (size_t i = 0; i < k->rules.line_len; i++) prefix[i] = pack(k->rules.line[i]);
    return walk_new(&KLONDIKE, k, &start, prefix, (int)k->rules.line_len, most);
}
