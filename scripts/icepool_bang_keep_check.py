#!/usr/bin/env python3
"""Checks scripts/icepool_bang_keep.py (keep/drop over `!` dice as an icepool mixture) against
brute force: every chain each die can throw is enumerated with its exact probability (a Fraction),
every combination of n chains is laid out as the pool the roller would make, keep/drop is applied to
that list of dice, and the kept dice are summed (or counted). The two distributions must be equal,
fraction by fraction.

    .venv-icepool/bin/python scripts/icepool_bang_keep_check.py [--quick]

Cases run with the cap lowered (1, 2, 3 explosions, where a capped chain is likely enough to matter
in every fraction) and with the real cap of 100 where the enumeration stays small (a die with one
exploding face has 100 (S - 1) + S chains). --quick leaves out the largest real-cap cases. Exit 0
when every case agrees, 1 otherwise.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from icepool import Die, d  # noqa: E402

from icepool_bang_keep import EXPLOSIONS, bang_keep  # noqa: E402


def chains(faces: dict[int, Fraction], explodes, depth: int):
    """Every chain of one `!` die: (faces thrown, probability). A face in E explodes unless the chain
    has already exploded `depth` times; its last throw then counts whatever it shows."""
    out = []

    def grow(thrown: tuple[int, ...], p: Fraction) -> None:
        for face, q in faces.items():
            here = thrown + (face,)
            if explodes(face) and len(thrown) < depth:
                grow(here, p * q)
            else:
                out.append((here, p * q))

    grow((), Fraction(1))
    return out


def keep_list(dice: list[int], mode: str, k: int) -> list[int]:
    """The kept dice of a pool, as the roller keeps them (ties do not change a sum or a count)."""
    ordered = sorted(dice)
    k = min(k, len(ordered))
    return {
        "kh": lambda: ordered[len(ordered) - k:],
        "kl": lambda: ordered[:k],
        "dh": lambda: ordered[: len(ordered) - k],
        "dl": lambda: ordered[k:],
    }[mode]()


def brute_force(faces, explodes, n, mode, k, depth, count=None) -> dict[int, Fraction]:
    one = chains(faces, explodes, depth)
    dist: dict[int, Fraction] = {}
    for combo in itertools.product(one, repeat=n):
        pool = [face for thrown, _ in combo for face in thrown]
        p = Fraction(1)
        for _, q in combo:
            p *= q
        kept = keep_list(pool, mode, k)
        value = sum(kept) if count is None else sum(1 for x in kept if count(x))
        dist[value] = dist.get(value, 0) + p
    return {o: p for o, p in dist.items() if p}


def as_fractions(die: Die) -> dict[int, Fraction]:
    total = die.denominator()
    return {int(o): Fraction(q, total) for o, q in die.items() if q}


def faces_of(die: Die) -> dict[int, Fraction]:
    return as_fractions(die)


# (label, die, explodes, n, mode, k, success point or None, depths)
LOW = (1, 2, 3)
CASES = [
    ("2d3!kh1", d(3), lambda x: x == 3, 2, "kh", 1, None, LOW + (EXPLOSIONS,)),
    ("3d2!dl1", d(2), lambda x: x == 2, 3, "dl", 1, None, LOW + (EXPLOSIONS,)),
    ("2d4!kl1", d(4), lambda x: x == 4, 2, "kl", 1, None, LOW + (EXPLOSIONS,)),
    ("2d6!kh1", d(6), lambda x: x == 6, 2, "kh", 1, None, LOW + (EXPLOSIONS,)),
    ("2d3!dh1", d(3), lambda x: x == 3, 2, "dh", 1, None, LOW + (EXPLOSIONS,)),
    ("3d3!dl1", d(3), lambda x: x == 3, 3, "dl", 1, None, LOW + (EXPLOSIONS,)),
    ("3d3!kh2", d(3), lambda x: x == 3, 3, "kh", 2, None, LOW),
    ("3d4!kh2", d(4), lambda x: x == 4, 3, "kh", 2, None, LOW),
    ("4d3!kl2", d(3), lambda x: x == 3, 4, "kl", 2, None, LOW),
    ("3d2!kh5", d(2), lambda x: x == 2, 3, "kh", 5, None, LOW),  # keeps more than the pool can lack
    ("4d3!>=3kh2", d(3), lambda x: x >= 3, 4, "kh", 2, None, LOW),
    # Explosions on low faces and on several faces: E is not above F.
    ("2d4!<2kh1", d(4), lambda x: x < 2, 2, "kh", 1, None, LOW + (EXPLOSIONS,)),
    ("2d4!<=2dl1", d(4), lambda x: x <= 2, 2, "dl", 1, None, LOW),
    ("3d3!>=2dh1", d(3), lambda x: x >= 2, 3, "dh", 1, None, LOW),
    ("2dF!kl1", Die([-1, 0, 1]), lambda x: x == 1, 2, "kl", 1, None, LOW + (EXPLOSIONS,)),
    # A die whose faces are not equally likely (here `1d4ro1`).
    ("2d4ro1!kh1", d(4).reroll([1], depth=1), lambda x: x == 4, 2, "kh", 1, None, LOW + (EXPLOSIONS,)),
    ("3d4ro1!dl1", d(4).reroll([1], depth=1), lambda x: x == 4, 3, "dl", 1, None, LOW),
    # Success counting among the kept dice.
    ("3d4>=3!kh2", d(4), lambda x: x == 4, 3, "kh", 2, 3, LOW),
    ("2d6>=5!kh1", d(6), lambda x: x == 6, 2, "kh", 1, 5, LOW + (EXPLOSIONS,)),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="leave out the largest real-cap cases")
    args = parser.parse_args()
    failures = 0
    for label, die, explodes, n, mode, k, point, depths in CASES:
        for depth in depths:
            if depth == EXPLOSIONS and n >= 3 and args.quick:
                continue
            started = time.perf_counter()
            count = None if point is None else (lambda x, point=point: x >= point)
            score = None
            if point is not None:
                score = lambda kept, point=point: kept.keep_outcomes(lambda x: x >= point).size()  # noqa: E731
            mixture = as_fractions(bang_keep(n, die, explodes, mode, k, score=score, depth=depth))
            brute = brute_force(faces_of(die), explodes, n, mode, k, depth, count=count)
            ok = mixture == brute
            failures += not ok
            lowest = str(brute[min(brute)])
            lowest = lowest if len(lowest) <= 40 else f"{lowest[:30]}... ({len(lowest)} characters)"
            print(f"{'ok  ' if ok else 'FAIL'} {label} cap {depth}: {len(brute)} outcomes, "
                  f"P(={min(brute)}) = {lowest} ({time.perf_counter() - started:.1f} s)", flush=True)
            if not ok:
                for o in sorted(mixture.keys() | brute.keys()):
                    if mixture.get(o) != brute.get(o):
                        print(f"     outcome {o}: mixture {mixture.get(o)}, brute force {brute.get(o)}")
    print("all agree" if not failures else f"{failures} disagree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
