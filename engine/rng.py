"""PCG32 (O'Neill, pcg-random.org): a small PRNG whose state lives inside the game state.

The engine never uses ``random``: same seed + same moves = same game on every machine and
every Python version.  The generator state is two integers stored at ``state["rng"]``.
"""

from __future__ import annotations

from typing import Any

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005


def seed_state(seed: int, stream: int = 54) -> list[int]:
    inc = ((stream << 1) | 1) & _MASK64
    rng = [0, inc]
    next_u32(rng)
    rng[0] = (rng[0] + (seed & _MASK64)) & _MASK64
    next_u32(rng)
    return rng


def next_u32(rng: list[int]) -> int:
    old = rng[0]
    rng[0] = (old * _MULT + rng[1]) & _MASK64
    xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
    rot = old >> 59
    return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32


def below(rng: list[int], n: int) -> int:
    """Uniform integer in [0, n) without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    threshold = ((1 << 32) - n) % n
    while True:
        r = next_u32(rng)
        if r >= threshold:
            return r % n


def shuffle(rng: list[int], items: list[Any]) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
