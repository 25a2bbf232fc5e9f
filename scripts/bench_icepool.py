#!/usr/bin/env python3
"""icepool's side of docs/benchmarks.md: times icepool computing one row's exact distribution.

    bench_icepool.py ROW [--timeout-seconds N]
    bench_icepool.py --list

Run it in a fresh process per row (scripts/bench-odds does): icepool caches dice and partial results
inside a process (`icepool.d`, sums of a die, multiset evaluations), so a second computation in the
same process would time cache hits. Only the computation is timed (`time.perf_counter`), icepool
already imported; the result is forced inside the timed span (`.denominator()`), and the answer is
worked out after it.

Prints one JSON line: {"row", "seconds", "answer", "peak_rss_kib"} (peak RSS of this whole process,
from `resource.getrusage`, in KiB). The answer, exact:
- a comparison: P(true) as "p/q";
- a sum of dice: "mean M, P(=MODE) P, P(=LOWEST) Q";
- keep/drop: "mean M, P(=LOWEST) Q".

With --timeout-seconds N, a computation still running after N seconds is stopped: the line then has
"seconds": null, "timed_out": true, "timeout_seconds": N, and the exit status is 124.
"""

from __future__ import annotations

import argparse
import json
import resource
import signal
import sys
import time
from fractions import Fraction

import icepool
from icepool import d

# The mapping of our notation onto icepool, as the corpus does it (its docstring explains each).
from icepool_bang_keep import bang_keep
from icepool_corpus import at, chain_successes, explode

# Row (our expression) -> (kind, the icepool computation). Where both sides of a comparison are the
# same expression, icepool computes the die once and compares it with itself (its operands are
# always independent), as a user of icepool would.
ROWS = {
    "8d6 > 6d6": ("comparison", lambda: (8 @ d(6)) > (6 @ d(6))),
    "50d6+5 > 50d6": ("comparison", lambda: (50 @ d(6)) + 5 > (50 @ d(6))),
    "100d6": ("sum", lambda: 100 @ d(6)),
    "500d6": ("sum", lambda: 500 @ d(6)),
    "1000d6": ("sum", lambda: 1000 @ d(6)),
    "4d20kh1 > 3d20kh1": ("comparison", lambda: d(20).highest(4, 1) > d(20).highest(3, 1)),
    "4d6kh3": ("keep", lambda: d(6).highest(4, 3)),
    "20d20kh5": ("keep", lambda: d(20).highest(20, 5)),
    "10d10kh3": ("keep", lambda: d(10).highest(10, 3)),
    "100d10kh10": ("keep", lambda: d(10).highest(100, 10)),
    # Issue 18's rows. Sums of `!` chains equal sums of compounded dice: both are `explode`.
    "10d6!": ("sum", lambda: 10 @ explode(d(6))),
    "5d8!": ("sum", lambda: 5 @ explode(d(8))),
    "3d12!": ("sum", lambda: 3 @ explode(d(12))),
    "20d6!": ("sum", lambda: 20 @ explode(d(6))),
    "4d10!!": ("sum", lambda: 4 @ explode(d(10))),
    "6d6!>=5": ("sum", lambda: 6 @ explode(d(6), at(">=", 5))),
    "4d6!!kh3": ("keep", lambda: explode(d(6)).highest(4, 3)),
    "5d10!!kh2": ("keep", lambda: explode(d(10)).highest(5, 2)),
    "6d6!!dl2": ("keep", lambda: explode(d(6)).lowest(6, drop=2)),
    "1d6!! > 1d6!!": ("comparison", lambda: (lambda x: x > x)(explode(d(6)))),
    "2d8! >= 2d8!": ("comparison", lambda: (lambda x: x >= x)(2 @ explode(d(8)))),
    "3d6! > 3d6!!": ("comparison", lambda: (lambda x: x > x)(3 @ explode(d(6)))),
    "60d10kh30": ("keep", lambda: d(10).highest(60, 30)),
    "200d10kh100": ("keep", lambda: d(10).highest(200, 100)),
    "50d20kh10": ("keep", lambda: d(20).highest(50, 10)),
    "100d6kl50": ("keep", lambda: d(6).lowest(100, 50)),
    # Success counting over `!` chains: each throw of a chain counts on its own (`Again`).
    "10d10>=8!>=8": ("sum", lambda: 10 @ chain_successes(d(10), at(">=", 8), at(">=", 8))),
    "20d10>=7!": ("sum", lambda: 20 @ chain_successes(d(10), at("=", 10), at(">=", 7))),
    # Keep/drop over `!` chains: a mixture over how many dice the chains threw
    # (scripts/icepool_bang_keep.py).
    "4d6!kh3": ("keep", lambda: bang_keep(4, d(6), at("=", 6), "kh", 3)),
    "5d10!kh2": ("keep", lambda: bang_keep(5, d(10), at("=", 10), "kh", 2)),
    "3d8!dl1": ("keep", lambda: bang_keep(3, d(8), at("=", 8), "dl", 1)),
}


class Timeout(Exception):
    pass


def peak_rss_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def fraction(p: Fraction) -> str:
    return str(p)  # "p/q", or "p" when q is 1


def answer(kind: str, die) -> str:
    denominator = die.denominator()
    items = [(int(o), q) for o, q in die.items() if q]
    if kind == "comparison":
        return fraction(Fraction(sum(q for o, q in items if o == 1), denominator))
    items.sort()
    mean = Fraction(sum(o * q for o, q in items), denominator)
    lowest, lowest_q = items[0]
    parts = [f"mean {fraction(mean)}"]
    if kind == "sum":
        mode, mode_q = max(items, key=lambda oq: (oq[1], -oq[0]))
        parts.append(f"P(={mode}) {fraction(Fraction(mode_q, denominator))}")
    parts.append(f"P(={lowest}) {fraction(Fraction(lowest_q, denominator))}")
    return ", ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("row", nargs="?", help="one of the rows (--list shows them)")
    parser.add_argument("--timeout-seconds", type=float, default=None)
    parser.add_argument("--list", action="store_true", help="print the rows, one a line")
    args = parser.parse_args()
    if args.list:
        print("\n".join(ROWS))
        return 0
    if args.row not in ROWS:
        parser.error(f"unknown row {args.row!r}; the rows are: {', '.join(ROWS)}")
    sys.set_int_max_str_digits(0)  # 1000d6 has fractions of about 780 digits; keep them whole
    # icepool sums n dice by recursion on n (`Die._sum_all`), one Python frame or so per die: 1000d6
    # passes Python's default limit of 1000 frames (RecursionError) without this.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    kind, compute = ROWS[args.row]

    def on_alarm(signum, frame):
        raise Timeout()

    if args.timeout_seconds:
        signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, args.timeout_seconds)
    try:
        start = time.perf_counter()
        die = compute()
        die.denominator()
        seconds = time.perf_counter() - start
    except Timeout:
        print(json.dumps({
            "row": args.row,
            "seconds": None,
            "timed_out": True,
            "timeout_seconds": args.timeout_seconds,
            "answer": None,
            "peak_rss_kib": peak_rss_kib(),
        }), flush=True)
        return 124
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    print(json.dumps({
        "row": args.row,
        "seconds": seconds,
        "answer": answer(kind, die),
        "peak_rss_kib": peak_rss_kib(),
        "icepool": icepool.__version__,
    }), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
