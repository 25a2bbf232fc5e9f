"""Keep/drop over `!` dice (each explosion a new die in the pool) in icepool 2.1.3, exactly.

icepool has no operator for it: its `explode` compounds (the throws of a chain add up into one
die). So the pool is built as a mixture. Write E for the faces of the die that explode and F for the
faces that stop a chain. Each of the n chains either stops after j < depth explosions (j throws
from the die restricted to E, then one throw from the die restricted to F) or reaches the cap (depth
throws from E, then one throw of the whole die, which counts its face and explodes no further). The
pool is therefore J dice of E, n - c dice of F and c whole dice, where J is the number of E throws of
all chains and c the number of capped chains. (J, c) has an exact joint distribution (the n-th
power of one chain's), and for each (J, c) the pool is an ordinary icepool `Pool` of three kinds of
dice: the answer is the mixture over (J, c), weighted exactly, of what keep/drop gives on that pool.

The order of the dice in the pool does not matter to a sum or a count of the kept dice, so a pool of
these counts stands for every order the chains could have thrown them in.
`scripts/icepool_bang_keep_check.py` checks this against brute-force enumeration of the chains.
"""

from __future__ import annotations

from typing import Callable

import icepool
from icepool import Die

EXPLOSIONS = 100  # a chain explodes at most 100 times


def chain_counts(w_explode: int, w_stop: int, n: int, depth: int) -> dict[tuple[int, int], int]:
    """The joint weights of (J, c) over n chains, all on the common total (w_explode + w_stop)^(n (depth + 1)).

    One chain: j < depth explosions then a stop has weight w_E^j w_F W^(depth - j) (padded to
    depth + 1 throws); the capped chain w_E^depth W. They sum to W^(depth + 1).
    """
    whole = w_explode + w_stop
    one: dict[tuple[int, int], int] = {}
    for j in range(depth):
        one[(j, 0)] = w_explode**j * w_stop * whole ** (depth - j)
    one[(depth, 1)] = w_explode**depth * whole
    joint: dict[tuple[int, int], int] = {(0, 0): 1}
    for _ in range(n):
        grown: dict[tuple[int, int], int] = {}
        for (j1, c1), w1 in joint.items():
            for (j2, c2), w2 in one.items():
                if w1 and w2:
                    key = (j1 + j2, c1 + c2)
                    grown[key] = grown.get(key, 0) + w1 * w2
        joint = grown
    return joint


def restricted(die: Die, keep: Callable[[int], bool]) -> Die:
    """The die given that its face meets `keep` (its faces in F, or in E)."""
    return Die({o: q for o, q in die.items() if keep(o)})


def kept(pool: icepool.Pool, size: int, mode: str, k: int):
    """`kh`, `kl`, `dh`, `dl` on a pool of `size` dice; a count past the pool keeps or drops them all."""
    k = min(k, size)
    return {
        "kh": lambda: pool.highest(k),
        "kl": lambda: pool.lowest(k),
        "dh": lambda: pool.highest(drop=k),
        "dl": lambda: pool.lowest(drop=k),
    }[mode]()


def bang_keep(
    n: int,
    die: Die,
    explodes: Callable[[int], bool],
    mode: str,
    k: int,
    score=None,
    depth: int = EXPLOSIONS,
) -> Die:
    """`n` chains of `die` exploding with `!` where `explodes(face)`, then keep/drop `mode` `k`.

    `score` turns the kept multiset into a die (default: its sum; success counting passes
    `lambda kept: kept.keep_outcomes(point).size()`). `depth` is the cap on explosions per chain.
    """
    if score is None:
        score = lambda kept_dice: kept_dice.sum()  # noqa: E731
    w_explode = sum(q for o, q in die.items() if explodes(o))
    w_stop = die.denominator() - w_explode
    if w_stop == 0:
        raise ValueError("every face explodes: the chain never stops")
    if n == 0:
        return Die([0])
    if w_explode == 0:
        return Die(score(kept(die.pool(n), n, mode, k)))
    explode_die = restricted(die, explodes)
    stop_die = restricted(die, lambda o: not explodes(o))
    parts, weights = [], []
    for (j, c), weight in sorted(chain_counts(w_explode, w_stop, n, depth).items()):
        counts = {explode_die: j, stop_die: n - c, die: c}
        pool = icepool.Pool({d: m for d, m in counts.items() if m})
        parts.append(score(kept(pool, j + n, mode, k)))
        weights.append(weight)
    return Die(parts, times=weights)
