#!/usr/bin/env python3
"""Writes crates/dice/tests/data/icepool-corpus-*.json: exact distributions computed by icepool 2.1.3.

Each case pairs a Skald expression (docs/dice-notation.md) with the icepool computation of the same
process. The Rust test crates/dice/tests/it/icepool_corpus.rs checks Skald's exact engine against every
case, fraction by fraction. Run it through scripts/icepool-corpus, which sets up the pinned icepool.

How our notation maps onto icepool:

- `NdS` is `N @ d(S)`; `dF` is `Die([-1, 0, 1])`; `d%` is `d(100)`.
- `/` truncates toward zero in Skald; Python's and icepool's `//` floor, so `/` maps to `tdiv` below.
- A rolled count `(X)dS` is `X @ d(S)` (the count is rolled first, then that many dice are summed);
  rolled sides `NdX` roll X once for the whole term: `X.map(lambda s: N @ d(s))`.
- `kh k` / `kl k` are `die.highest(n, k)` / `die.lowest(n, k)`; `dh k` / `dl k` are
  `die.highest(n, drop=k)` / `die.lowest(n, drop=k)` (icepool keeps everything when k > n, like us).
- `r` rerolls at most 100 times, `ro` once: `die.reroll(points, depth=100)` / `depth=1`. icepool's
  depth is the number of rerolls, and the last throw stands, as ours (checked below by hand too).
- `!!` and `!` (without keep) explode at most 100 times: `die.explode(points, depth=100)`. icepool's
  depth is "the maximum number of additional dice to roll, not counting the initial roll", and the
  last throw counts its face (`end` = 0 for the Again it would have rolled): 101 throws, as ours.
  A sum of `!` chains equals a sum of compounded dice, so `N @ die.explode(...)` covers both.
- Success counting `NdS>=t` is `N @ die.map(indicator)`; after keep/drop it counts the kept dice that
  meet the point: `die.pool(n).highest(k).keep_outcomes(point).size()`. With `!` every die of the chain
  counts on its own: `die.map(lambda v: score(v) + Again if explodes(v) else score(v), again_depth=100)`.
- Keep/drop over `!` dice (each explosion a new die in the pool) has no icepool operator (its
  `explode` compounds): `bang_keep` (scripts/icepool_bang_keep.py) builds it exactly as a mixture over
  how many exploding throws the chains made and how many reached the cap, each a `Pool` of three kinds
  of dice; scripts/icepool_bang_keep_check.py checks it against brute-force enumeration of chains.
- A comparison between values is icepool's own `<`, `<=`, `>`, `>=`, `==` (a die of booleans: 0/1).
"""

from __future__ import annotations

import json
import operator
import sys
import time
from fractions import Fraction
from pathlib import Path

import icepool
from icepool import Again, Die, d

from icepool_bang_keep import bang_keep

ICEPOOL_VERSION = "2.1.3"
REROLLS = 100  # a die is rerolled at most 100 times with `r`
EXPLOSIONS = 100  # a chain explodes at most 100 times

DATA = Path(__file__).resolve().parent.parent / "crates/dice/tests/data"
# Cases are written in order to icepool-corpus-1.json, -2.json, ..., each under this many bytes, so
# that no committed file passes 2 MiB.
PART_BYTES = 1_500_000

DF = Die([-1, 0, 1])
D100 = d(100)
OPS = {
    "=": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
}


def at(op: str, value: int):
    """A compare point as a predicate on one face: `at('>=', 7)` is `>=7`."""
    f = OPS[op]
    return lambda x: f(x, value)


def _tdiv(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y > 0) else -q


def tdiv(a, b):
    """Skald's `/`: division truncated toward zero (icepool's `//` floors)."""
    return icepool.map(_tdiv, a, b)


def indicator(die: Die, point) -> Die:
    """1 where a face meets the success point, else 0."""
    return die.map(lambda x: int(point(x)))


def successes(n: int, die: Die, point) -> Die:
    """`NdS>=t`: how many of n dice meet the point."""
    return n @ indicator(die, point)


def kept_successes(n: int, die: Die, mode: str, k: int, point) -> Die:
    """Success counting among the dice that keep/drop keeps, via icepool's multiset expressions."""
    pool = die.pool(n)
    kept = {
        "kh": lambda: pool.highest(k),
        "kl": lambda: pool.lowest(k),
        "dh": lambda: pool.highest(drop=k),
        "dl": lambda: pool.lowest(drop=k),
    }[mode]()
    return kept.keep_outcomes(point).size()


def keep(n: int, die: Die, mode: str, k: int) -> Die:
    """`kh`, `kl`, `dh`, `dl` on n dice, summed."""
    if n == 0:
        return Die([0])
    return {
        "kh": lambda: die.highest(n, k),
        "kl": lambda: die.lowest(n, k),
        "dh": lambda: die.highest(n, drop=k),
        "dl": lambda: die.lowest(n, drop=k),
    }[mode]()


def reroll(die: Die, point, once: bool = False) -> Die:
    return die.reroll(point, depth=1 if once else REROLLS)


def explode(die: Die, point=None) -> Die:
    """A compounded die (`!!`), or one chain of `!` summed; `point` None is the highest face."""
    if point is None:
        return die.explode(depth=EXPLOSIONS)
    return die.explode(point, depth=EXPLOSIONS)


def chain_successes(die: Die, explodes, point) -> Die:
    """One `!` chain under success counting: each throw of the chain counts on its own."""

    def step(v):
        score = int(point(v))
        return score + Again if explodes(v) else score

    return die.map(step, again_depth=EXPLOSIONS)


def as_die(x) -> Die:
    return x if isinstance(x, Die) else Die([x])


CASES: list[tuple[str, object]] = []


def case(expr: str, compute) -> None:
    CASES.append((expr, compute))


# ---------------------------------------------------------------------------------------------------
# Sums of identical dice, constants, dS, d%, dF.
for n in (1, 2, 3, 5):
    for s in (2, 3, 4, 6, 8, 10, 12, 20, 100):
        case(f"{n}d{s}", lambda n=n, s=s: n @ d(s))
for n, s in ((10, 6), (20, 6), (50, 6), (100, 6), (10, 10), (20, 20), (30, 8), (4, 100), (10, 100)):
    case(f"{n}d{s}", lambda n=n, s=s: n @ d(s))
case("1d1", lambda: d(1))
case("5d1", lambda: 5 @ d(1))
case("0d6", lambda: 0 @ d(6))
case("0d20", lambda: Die([0]))
case("d6", lambda: d(6))
case("d20", lambda: d(20))
case("d%", lambda: D100)
case("2d%", lambda: 2 @ D100)
case("dF", lambda: DF)
case("1dF", lambda: DF)
case("4dF", lambda: 4 @ DF)
case("10dF", lambda: 10 @ DF)
case("4D6", lambda: 4 @ d(6))
case("2d1000", lambda: 2 @ d(1000))

# ---------------------------------------------------------------------------------------------------
# Constants and arithmetic: + - * /, unary minus, parentheses, precedence.
case("5", lambda: Die([5]))
case("0", lambda: Die([0]))
case("-3", lambda: -Die([3]))
case("7/2", lambda: tdiv(7, 2))
case("-7/2", lambda: tdiv(-7, 2))
case("7/-2", lambda: tdiv(7, -2))
case("-7/-2", lambda: tdiv(-7, -2))
case("10-4-3", lambda: Die([10 - 4 - 3]))
case("1+2*3", lambda: Die([1 + 2 * 3]))
case("(1+2)*3", lambda: Die([(1 + 2) * 3]))
case("2*-3", lambda: Die([2 * -3]))
case("1--1", lambda: Die([1 - -1]))
case("9d8 + 5000", lambda: 9 @ d(8) + 5000)
case("1d20 + 5", lambda: d(20) + 5)
case("2d6 - 3", lambda: 2 @ d(6) - 3)
case("2*3d6", lambda: 2 * (3 @ d(6)))
case("3d6*2", lambda: (3 @ d(6)) * 2)
case("1d6/2", lambda: tdiv(d(6), 2))
case("3d6/2", lambda: tdiv(3 @ d(6), 2))
case("1d6/3", lambda: tdiv(d(6), 3))
case("-1d6/2", lambda: tdiv(-d(6), 2))
case("(1d6-4)/2", lambda: tdiv(d(6) - 4, 2))
case("1d20/-3", lambda: tdiv(d(20), -3))
case("(2d6-7)/3", lambda: tdiv(2 @ d(6) - 7, 3))
case("(2d6-7)/-4", lambda: tdiv(2 @ d(6) - 7, -4))
case("1d6/1d3", lambda: tdiv(d(6), d(3)))
case("(1d6-3)/1d2", lambda: tdiv(d(6) - 3, d(2)))
case("(1d8-4)/(1d4-5)", lambda: tdiv(d(8) - 4, d(4) - 5))
case("100/1d6", lambda: tdiv(100, d(6)))
case("1d6*1d6", lambda: d(6) * d(6))
case("1d4*1d4*1d4", lambda: d(4) * d(4) * d(4))
case("2d6*1d4", lambda: (2 @ d(6)) * d(4))
case("1d6-1d6", lambda: d(6) - d(6))
case("3d6-2d4", lambda: 3 @ d(6) - 2 @ d(4))
case("-3d6", lambda: -(3 @ d(6)))
case("-(1d4)", lambda: -d(4))
case("-1d6*2", lambda: (-d(6)) * 2)
case("-(2d6+1)", lambda: -(2 @ d(6) + 1))
case("--1d6", lambda: -(-d(6)))
case("2*(1d6+1)", lambda: 2 * (d(6) + 1))
case("1d6+2*1d4", lambda: d(6) + 2 * d(4))
case("(1d4+1d4)*(1d4-2)", lambda: (d(4) + d(4)) * (d(4) - 2))
case("1d10+1d8+1d6+1d4", lambda: d(10) + d(8) + d(6) + d(4))
case("d20+d4-2", lambda: d(20) + d(4) - 2)
case("1d6 \u2212 2", lambda: d(6) - 2)
case("(((1d6)))", lambda: d(6))
case("1d6*-1", lambda: d(6) * -1)
case("3 - 2d6 * 2 + 1", lambda: 3 - (2 @ d(6)) * 2 + 1)
case("1d100 / 10 * 10", lambda: tdiv(D100, 10) * 10)
case("4dF*3 + 1dF", lambda: (4 @ DF) * 3 + DF)
case("2d20 - 2d20", lambda: 2 @ d(20) - 2 @ d(20))

# ---------------------------------------------------------------------------------------------------
# Rolled or computed counts and sides.
case("(1d4)d6", lambda: d(4) @ d(6))
case("(1d6)d6", lambda: d(6) @ d(6))
case("(2d3)d4", lambda: (2 @ d(3)) @ d(4))
case("(1d4-1)d6", lambda: (d(4) - 1) @ d(6))
case("(2+3)d6", lambda: (2 + 3) @ d(6))
case("(1d3)dF", lambda: d(3) @ DF)
case("(1d3)d%", lambda: d(3) @ D100)
case("1d(1d6)", lambda: d(6).map(lambda s: d(s)))
case("2d(1d4)", lambda: d(4).map(lambda s: 2 @ d(s)))
case("1d(4+2)", lambda: d(4 + 2))
case("1d(2*3)", lambda: d(2 * 3))
case("(1d3)d(1d4)", lambda: icepool.map(lambda n, s: n @ d(s), d(3), d(4)))
case("(1d4)d6kh2", lambda: d(4).map(lambda n: keep(n, d(6), "kh", 2)))
case("3d(1d6+1)kh1", lambda: d(6).map(lambda s: d(s + 1).highest(3, 1)))
case("(1d4)d6>=5", lambda: d(4).map(lambda n: successes(n, d(6), at(">=", 5))))
case("(1d3)d6r1", lambda: d(3) @ reroll(d(6), at("=", 1)))
case("1d(1d4+2)r1", lambda: d(4).map(lambda s: reroll(d(s + 2), at("=", 1))))
case("(1d2)d4!!", lambda: d(2) @ explode(d(4)))
case("(1d2)d4!", lambda: d(2) @ explode(d(4)))
case("1d(1d4+1)!", lambda: d(4).map(lambda s: explode(d(s + 1))))
case("(1d6)d6 - (1d6)d6", lambda: d(6) @ d(6) - d(6) @ d(6))

# ---------------------------------------------------------------------------------------------------
# Keep and drop: kh kl dh dl, with and without a count, keeping more than the pool.
for n, s in ((2, 20), (3, 6), (4, 6), (5, 6), (4, 8), (5, 10), (6, 6)):
    for mode in ("kh", "kl", "dh", "dl"):
        for k in sorted({1, n - 1}):
            case(f"{n}d{s}{mode}{k}", lambda n=n, s=s, mode=mode, k=k: keep(n, d(s), mode, k))
case("4d6k3", lambda: d(6).highest(4, 3))
case("2d20k", lambda: d(20).highest(2, 1))
case("2d20kh", lambda: d(20).highest(2))
case("2d20kl", lambda: d(20).lowest(2))
case("4d6dl", lambda: d(6).lowest(4, drop=1))
case("4d6dh", lambda: d(6).highest(4, drop=1))
case("3d6kh5", lambda: d(6).highest(3, 5))
case("3d6kl3", lambda: d(6).lowest(3, 3))
case("3d6dl5", lambda: d(6).lowest(3, drop=5))
case("3d6dh3", lambda: d(6).highest(3, drop=3))
case("3d6kh0", lambda: d(6).highest(3, 0))
case("0d6kh1", lambda: Die([0]))
case("1d20kh1", lambda: d(20).highest(1, 1))
case("4dFkh2", lambda: DF.highest(4, 2))
case("4dFdl1", lambda: DF.lowest(4, drop=1))
case("3d%kh1", lambda: D100.highest(3, 1))
case("10d10kh3", lambda: d(10).highest(10, 3))
case("20d20kh5", lambda: d(20).highest(20, 5))
case("8d6kh3", lambda: d(6).highest(8, 3))
case("12d6dl4", lambda: d(6).lowest(12, drop=4))
case("7d12kl2", lambda: d(12).lowest(7, 2))
case("4D6KH3", lambda: d(6).highest(4, 3))
case("4d6kh3 + 4d6kh3", lambda: d(6).highest(4, 3) + d(6).highest(4, 3))
case("2d20kh1 - 2d20kl1", lambda: d(20).highest(2, 1) - d(20).lowest(2, 1))

# ---------------------------------------------------------------------------------------------------
# Rerolls: r (at most 100 rerolls) with every compare point and several points, ro (once).
case("1d6r1", lambda: reroll(d(6), at("=", 1)))
case("1d6r=1", lambda: reroll(d(6), at("=", 1)))
case("1d6r<3", lambda: reroll(d(6), at("<", 3)))
case("1d6r>4", lambda: reroll(d(6), at(">", 4)))
case("1d6r<=2", lambda: reroll(d(6), at("<=", 2)))
case("1d6r>=5", lambda: reroll(d(6), at(">=", 5)))
case("1d6r>=2", lambda: reroll(d(6), at(">=", 2)))
case("1d6r1r2", lambda: reroll(d(6), [1, 2]))
case("1d6r1r6", lambda: reroll(d(6), [1, 6]))
case("1d8r1r>7", lambda: reroll(d(8), lambda x: x == 1 or x > 7))
case("1d10r<3r>8", lambda: reroll(d(10), lambda x: x < 3 or x > 8))
case("2d6r1", lambda: 2 @ reroll(d(6), at("=", 1)))
case("3d6r<2", lambda: 3 @ reroll(d(6), at("<", 2)))
case("2d10r<=3", lambda: 2 @ reroll(d(10), at("<=", 3)))
case("1d20r1", lambda: reroll(d(20), at("=", 1)))
case("1d%r<=50", lambda: reroll(D100, at("<=", 50)))
case("4dFr=-1", lambda: 4 @ reroll(DF, at("=", -1)))
case("1dFr<0", lambda: reroll(DF, at("<", 0)))
case("1d6r7", lambda: d(6))
case("2d4ro3", lambda: 2 @ reroll(d(4), at("=", 3), once=True))
case("1d6ro1", lambda: reroll(d(6), at("=", 1), once=True))
case("1d6ro<3", lambda: reroll(d(6), at("<", 3), once=True))
case("2d6ro1ro2", lambda: 2 @ reroll(d(6), [1, 2], once=True))
case("1d20ro<=5", lambda: reroll(d(20), at("<=", 5), once=True))
case("3d6ro>=5", lambda: 3 @ reroll(d(6), at(">=", 5), once=True))
case("4dFro<=0", lambda: 4 @ reroll(DF, at("<=", 0), once=True))
case("4d6r1kh3", lambda: reroll(d(6), at("=", 1)).highest(4, 3))
case("4d6ro1kh3", lambda: reroll(d(6), at("=", 1), once=True).highest(4, 3))
case("4d6kh3r1", lambda: reroll(d(6), at("=", 1)).highest(4, 3))
case("4d6r<2dl1", lambda: reroll(d(6), at("<", 2)).lowest(4, drop=1))
case("2d20r1kh1", lambda: reroll(d(20), at("=", 1)).highest(2, 1))
case("2d20ro1kl1", lambda: reroll(d(20), at("=", 1), once=True).lowest(2, 1))
case("3d8ro<3dh1", lambda: reroll(d(8), at("<", 3), once=True).highest(3, drop=1))
case("6d10r1>=7", lambda: successes(6, reroll(d(10), at("=", 1)), at(">=", 7)))
case("5d6ro6<3", lambda: successes(5, reroll(d(6), at("=", 6), once=True), at("<", 3)))
case("2d6r1 + 1d4ro4", lambda: 2 @ reroll(d(6), at("=", 1)) + reroll(d(4), at("=", 4), once=True))

# ---------------------------------------------------------------------------------------------------
# Explosions: !! (compounding) and ! without keep (a sum of chains), at most 100 explosions.
case("1d6!", lambda: explode(d(6)))
case("1d6!!", lambda: explode(d(6)))
case("1d4!", lambda: explode(d(4)))
case("1d10!", lambda: explode(d(10)))
case("1d12!!", lambda: explode(d(12)))
case("1d6!>=5", lambda: explode(d(6), at(">=", 5)))
case("1d4!>3", lambda: explode(d(4), at(">", 3)))
case("1d6!<2", lambda: explode(d(6), at("<", 2)))
case("1d6!=3", lambda: explode(d(6), at("=", 3)))
case("1d6!!>=5", lambda: explode(d(6), at(">=", 5)))
case("1d6!!<=2", lambda: explode(d(6), at("<=", 2)))
case("1d8!!=8", lambda: explode(d(8), at("=", 8)))
case("1d6!>6", lambda: d(6))
case("2d2!", lambda: 2 @ explode(d(2)))
case("3d2!", lambda: 3 @ explode(d(2)))
case("2d2!!", lambda: 2 @ explode(d(2)))
case("2d3!", lambda: 2 @ explode(d(3)))
case("2d3!!<2", lambda: 2 @ explode(d(3), at("<", 2)))
case("1dF!", lambda: explode(DF))
case("1dF!!", lambda: explode(DF))
case("1dF!=-1", lambda: explode(DF, at("=", -1)))
case("4dF!=0", lambda: 4 @ explode(DF, at("=", 0)))
# Rerolls before explosions: with `r` every throw of the chain has a denominator of S^101, so the
# exact fractions of `1d6r1!` have about 8,000 digits (4 MB of JSON per case): `ro` stands in for it.
case("1d6ro1!", lambda: explode(reroll(d(6), at("=", 1), once=True)))
case("1d6ro1!!", lambda: explode(reroll(d(6), at("=", 1), once=True)))
case("1d4ro<2!>=3", lambda: explode(reroll(d(4), at("<", 2), once=True), at(">=", 3)))
case("1d4! + 1d4!!", lambda: explode(d(4)) + explode(d(4)))
case("1d6! - 1d6", lambda: explode(d(6)) - d(6))
case("2d4!!kh1", lambda: explode(d(4)).highest(2, 1))
case("2d6!!kl1", lambda: explode(d(6)).lowest(2, 1))
case("3d2!!dl1", lambda: explode(d(2)).lowest(3, drop=1))
case("2d2!!dh1", lambda: explode(d(2)).highest(2, drop=1))
case("3d2!!kh2", lambda: explode(d(2)).highest(3, 2))
case("2d2!!>=2kh1", lambda: explode(d(2), at(">=", 2)).highest(2, 1))
# ! and !! under success counting.
case("1d6>=5!", lambda: chain_successes(d(6), at("=", 6), at(">=", 5)))
case("2d6>=5!", lambda: 2 @ chain_successes(d(6), at("=", 6), at(">=", 5)))
case("1d10>=8!", lambda: chain_successes(d(10), at("=", 10), at(">=", 8)))
case("3d6<3!", lambda: 3 @ chain_successes(d(6), at("=", 6), at("<", 3)))
case("2d6=6!", lambda: 2 @ chain_successes(d(6), at("=", 6), at("=", 6)))
case("1d6>4!>=5", lambda: chain_successes(d(6), at(">=", 5), at(">", 4)))
case("1d6>=3!<2", lambda: chain_successes(d(6), at("<", 2), at(">=", 3)))
case("2dF>=1!", lambda: 2 @ chain_successes(DF, at("=", 1), at(">=", 1)))
case("2d6>=5!!", lambda: successes(2, explode(d(6)), at(">=", 5)))
case("3d6>=8!!", lambda: successes(3, explode(d(6)), at(">=", 8)))
case("3d6!!kh2>=8", lambda: kept_successes(3, explode(d(6)), "kh", 2, at(">=", 8)))
case("3d6!!>=8", lambda: 3 @ d(6))

# ---------------------------------------------------------------------------------------------------
# Success counting: the number of (kept) dice meeting the point.
case("6d10>=7", lambda: successes(6, d(10), at(">=", 7)))
case("6d10 >= 7", lambda: successes(6, d(10), at(">=", 7)))
case("6d6<3", lambda: successes(6, d(6), at("<", 3)))
case("6d6=6", lambda: successes(6, d(6), at("=", 6)))
case("8d8<=2", lambda: successes(8, d(8), at("<=", 2)))
case("5d10>8", lambda: successes(5, d(10), at(">", 8)))
case("10d10>=8", lambda: successes(10, d(10), at(">=", 8)))
case("20d6>=5", lambda: successes(20, d(6), at(">=", 5)))
case("3d6>=4", lambda: successes(3, d(6), at(">=", 4)))
case("d20>=11", lambda: successes(1, d(20), at(">=", 11)))
case("4dF>=0", lambda: successes(4, DF, at(">=", 0)))
case("4dF>=-1", lambda: successes(4, DF, at(">=", -1)))
case("4dF=-1", lambda: successes(4, DF, at("=", -1)))
case("3d6=1", lambda: successes(3, d(6), at("=", 1)))
case("3d6 = 10", lambda: successes(3, d(6), at("=", 10)))
case("0d6>=1", lambda: Die([0]))
case("5d10kh3>=8", lambda: kept_successes(5, d(10), "kh", 3, at(">=", 8)))
case("5d10kl3>=8", lambda: kept_successes(5, d(10), "kl", 3, at(">=", 8)))
case("5d10dh2<3", lambda: kept_successes(5, d(10), "dh", 2, at("<", 3)))
case("5d10dl2=10", lambda: kept_successes(5, d(10), "dl", 2, at("=", 10)))
case("5d10kh3<3", lambda: kept_successes(5, d(10), "kh", 3, at("<", 3)))
case("4d6kh3>4", lambda: kept_successes(4, d(6), "kh", 3, at(">", 4)))
case("6d6kl2=6", lambda: kept_successes(6, d(6), "kl", 2, at("=", 6)))
case("2d20kh1>=20", lambda: kept_successes(2, d(20), "kh", 1, at(">=", 20)))
case("4dFkh2=0", lambda: kept_successes(4, DF, "kh", 2, at("=", 0)))
case("4d6r1kh3>=4", lambda: kept_successes(4, reroll(d(6), at("=", 1)), "kh", 3, at(">=", 4)))
case("6d10>=7 >= 2", lambda: successes(6, d(10), at(">=", 7)) >= 2)
# The right side is a sum, so this is no success count: the 6d10 total against 7 + 1.
case("6d10>=7 + 1", lambda: (6 @ d(10)) >= 7 + 1)
case("(6d10>=7) + 1", lambda: successes(6, d(10), at(">=", 7)) + 1)
case("(6d10>=7) - (6d10<3)", lambda: successes(6, d(10), at(">=", 7)) - successes(6, d(10), at("<", 3)))
case("(6d10>=7) * 2", lambda: successes(6, d(10), at(">=", 7)) * 2)

# ---------------------------------------------------------------------------------------------------
# Comparisons between values: 1 (true) or 0 (false).
case("8d6 > 6d6", lambda: (8 @ d(6)) > (6 @ d(6)))
case("2d20kh1 >= 2d20kl1", lambda: d(20).highest(2, 1) >= d(20).lowest(2, 1))
case("1d20 + 5 >= 15", lambda: d(20) + 5 >= 15)
case("5 + 1d20 >= 15", lambda: 5 + d(20) >= 15)
case("1d20 >= 10 + 5", lambda: d(20) >= 10 + 5)
case("(3d6) >= 10", lambda: (3 @ d(6)) >= 10)
case("3d6 >= (10)", lambda: (3 @ d(6)) >= 10)
case("(3d6) = 10", lambda: (3 @ d(6)) == 10)
case("1d6 < 1d6", lambda: d(6) < d(6))
case("1d6 <= 1d6", lambda: d(6) <= d(6))
case("1d6 = 1d6", lambda: d(6) == d(6))
case("1d6 > 1d6", lambda: d(6) > d(6))
case("1d6 >= 1d6", lambda: d(6) >= d(6))
case("2d6 >= 1d12", lambda: (2 @ d(6)) >= d(12))
case("(1 < 2) < 3", lambda: Die([int(1 < 2)]) < 3)
case("1 = 1", lambda: Die([1]) == 1)
case("1 > 2", lambda: Die([1]) > 2)
case("4d6kh3 > 3d6", lambda: d(6).highest(4, 3) > (3 @ d(6)))
case("4d20kh1 > 3d20kh1", lambda: d(20).highest(4, 1) > d(20).highest(3, 1))
case("1d20+1d4 >= 1d20+2", lambda: d(20) + d(4) >= d(20) + 2)
case("(2d6) < 7", lambda: (2 @ d(6)) < 7)
case("2d6 < 2+5", lambda: (2 @ d(6)) < 7)
case("1d20 - 1d20 > 0", lambda: d(20) - d(20) > 0)
case("-1d6 < -3", lambda: -d(6) < -3)
case("(6d10>=7) > (4d6<3)", lambda: successes(6, d(10), at(">=", 7)) > successes(4, d(6), at("<", 3)))
case("(1d6 > 3) + (1d6 > 3)", lambda: (d(6) > 3) + (d(6) > 3))
case("(1d20 >= 11) * 5", lambda: (d(20) >= 11) * 5)
case("50d6+5 > 50d6", lambda: (50 @ d(6)) + 5 > (50 @ d(6)))
case("3d6!! > 4d6", lambda: (3 @ explode(d(6))) > (4 @ d(6)))
case("1d6! >= 1d6!", lambda: explode(d(6)) >= explode(d(6)))
case("(1d4)d6 > 2d6", lambda: d(4) @ d(6) > 2 @ d(6))
case("1d6/2 = 1d3 - 1", lambda: tdiv(d(6), 2) == d(3) - 1)
case("(4dF) >= 2", lambda: (4 @ DF) >= 2)
case("4dF >= 2", lambda: successes(4, DF, at(">=", 2)))
case("2d6r1 > 2d6", lambda: (2 @ reroll(d(6), at("=", 1))) > (2 @ d(6)))
case("1d%  <= 35", lambda: D100 <= 35)

# ---------------------------------------------------------------------------------------------------
# Issue 18's classes, each small enough to keep the corpus light (a capped chain's exact fractions have
# denominators up to S^101 per die: no case here is over 210 KB of JSON).
# Sums of `!` and `!!` dice.
case("2d6!", lambda: 2 @ explode(d(6)))
case("3d4!", lambda: 3 @ explode(d(4)))
case("4d2!", lambda: 4 @ explode(d(2)))
case("2d6!>=5", lambda: 2 @ explode(d(6), at(">=", 5)))
case("2d4!!", lambda: 2 @ explode(d(4)))
case("3d3!!", lambda: 3 @ explode(d(3)))
case("3d4!!<2", lambda: 3 @ explode(d(4), at("<", 2)))
# Keep/drop over `!!` dice.
case("3d4!!kh2", lambda: explode(d(4)).highest(3, 2))
case("3d3!!kl1", lambda: explode(d(3)).lowest(3, 1))
case("3d4!!dh1", lambda: explode(d(4)).highest(3, drop=1))
case("4d3!!kh2", lambda: explode(d(3)).highest(4, 2))
case("4d4!!dl1", lambda: explode(d(4)).lowest(4, drop=1))
# Comparisons of exploding expressions.
case("1d4!! > 1d4!!", lambda: explode(d(4)) > explode(d(4)))
case("2d4! >= 1d6!", lambda: (2 @ explode(d(4))) >= explode(d(6)))
case("1d6! > 1d6!!", lambda: explode(d(6)) > explode(d(6)))
case("2d3! = 2d3!!", lambda: (2 @ explode(d(3))) == (2 @ explode(d(3))))
case("1d8!! < 1d6!", lambda: explode(d(8)) < explode(d(6)))
case("2d4!! > 2d4!", lambda: (2 @ explode(d(4))) > (2 @ explode(d(4))))
# Larger keeps.
case("12d6kh6", lambda: d(6).highest(12, 6))
case("30d4kh10", lambda: d(4).highest(30, 10))
case("20d6kl10", lambda: d(6).lowest(20, 10))
case("16d8kh8", lambda: d(8).highest(16, 8))
case("40d3kh20", lambda: d(3).highest(40, 20))
case("25d10dl20", lambda: d(10).lowest(25, drop=20))
# Success counting over `!` chains.
case("3d6>=5!>=5", lambda: 3 @ chain_successes(d(6), at(">=", 5), at(">=", 5)))
case("3d6>=4!>=5", lambda: 3 @ chain_successes(d(6), at(">=", 5), at(">=", 4)))
case("2d10>=8!>=8", lambda: 2 @ chain_successes(d(10), at(">=", 8), at(">=", 8)))
case("4d10>=7!", lambda: 4 @ chain_successes(d(10), at("=", 10), at(">=", 7)))
case("5d6>=6!", lambda: 5 @ chain_successes(d(6), at("=", 6), at(">=", 6)))
case("4d4>=3!", lambda: 4 @ chain_successes(d(4), at("=", 4), at(">=", 3)))
# Keep/drop over `!` dice: each explosion is a die of the pool.
case("3d4!kh2", lambda: bang_keep(3, d(4), at("=", 4), "kh", 2))
case("3d3!dl1", lambda: bang_keep(3, d(3), at("=", 3), "dl", 1))
case("2d4!kl1", lambda: bang_keep(2, d(4), at("=", 4), "kl", 1))
case("2d4!dl1", lambda: bang_keep(2, d(4), at("=", 4), "dl", 1))
case("3d4!dh1", lambda: bang_keep(3, d(4), at("=", 4), "dh", 1))
case("3d6!kl1", lambda: bang_keep(3, d(6), at("=", 6), "kl", 1))
case("2d6!kh1", lambda: bang_keep(2, d(6), at("=", 6), "kh", 1))
case("4d3!>=3kh2", lambda: bang_keep(4, d(3), at(">=", 3), "kh", 2))
case("2d6>=5!kh1", lambda: bang_keep(2, d(6), at("=", 6), "kh", 1,
                                     score=lambda kept: kept.keep_outcomes(at(">=", 5)).size()))


def fractions_of(result) -> list[list]:
    """Outcome -> reduced "p/q" (or "p"), ascending, zero probabilities left out; booleans as 0/1."""
    die = as_die(result)
    denominator = die.denominator()
    merged: dict[int, int] = {}
    for outcome, quantity in die.items():
        if quantity == 0:
            continue
        key = int(outcome)
        merged[key] = merged.get(key, 0) + quantity
    rows = []
    for outcome in sorted(merged):
        p = Fraction(merged[outcome], denominator)
        rows.append([outcome, str(p)])
    return rows


def main() -> int:
    if icepool.__version__ != ICEPOOL_VERSION:
        print(f"icepool {icepool.__version__} found, {ICEPOOL_VERSION} expected", file=sys.stderr)
        return 1
    seen = set()
    cases = []
    timings = []
    start = time.perf_counter()
    for expr, compute in CASES:
        if expr in seen:
            print(f"duplicate case: {expr}", file=sys.stderr)
            return 1
        seen.add(expr)
        t = time.perf_counter()
        distribution = fractions_of(compute())
        timings.append((time.perf_counter() - t, expr))
        cases.append({"expr": expr, "distribution": distribution})
    elapsed = time.perf_counter() - start
    DATA.mkdir(parents=True, exist_ok=True)
    for old in DATA.glob("icepool-corpus*.json"):
        old.unlink()
    # One case a line, so that a change to the corpus reads as a diff of the cases it touches.
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cases]
    parts = [[]]
    size = 0
    for line in lines:
        if parts[-1] and size + len(line) > PART_BYTES:
            parts.append([])
            size = 0
        parts[-1].append(line)
        size += len(line) + 2
    for i, part in enumerate(parts, 1):
        with (DATA / f"icepool-corpus-{i}.json").open("w", encoding="utf-8") as f:
            f.write(f'{{"icepool":{json.dumps(ICEPOOL_VERSION)},"cases":[\n')
            f.write(",\n".join(part))
            f.write("\n]}\n")
    slowest = ", ".join(f"{e} {s:.2f}s" for s, e in sorted(timings, reverse=True)[:5])
    print(f"{len(cases)} cases in {elapsed:.1f} s (slowest: {slowest}); wrote {len(parts)} files "
          f"icepool-corpus-*.json in {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
