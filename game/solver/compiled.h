/* What every compiled search's C shares (game/solver/compiled.py is their Python face): an array
 * grown to room for `need` items of `size` bytes, doubling from 1024, so the searches' positions,
 * heaps and stacks can grow a step at a time (0 when out of memory: the array is then as it was);
 * and the random words of a Zobrist hash. */
#ifndef SOLVER_COMPILED_H
#define SOLVER_COMPILED_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

static inline int grow(void **p, uint64_t *room, uint64_t need, size_t size) {
    if (need <= *room) return 1;
    uint64_t n = *room ? *room : 1024;
    while (n < need) n *= 2;
    void *q = realloc(*p, n * size);
    if (!q) return 0;
    *p = q, *room = n;
    return 1;
}

/* A table of n random words (xorshift64 from seed), for Zobrist hashing of a position's cards. */
static inline void random_words(uint64_t *table, size_t n, uint64_t seed) {
    for (size_t i = 0; i < n; i++) seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17, table[i] = seed;
}

#endif
