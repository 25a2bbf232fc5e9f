#!/usr/bin/env python3
"""Recomputes the hash chain of a Skald JSON export with no Skald code (docs/fairness.md, "The log's
hash chain"), for an auditor: each record's `prev` must be the hash of the record before it, and the
export's `head` the hash of its last record.

    python3 scripts/chain.py log.json      # exit 0: the chain holds; 1: where it breaks; 2: bad input

A record's hash is the lower-case hex SHA-256 of
    {"chain":"skald-log-v1","seq":..,"at_ms":..,"prev":..,"client":..,"body":..}
written without spaces, `client` null when absent, `body` with its keys in the order the export
wrote them, strings with non-ASCII characters as they are, and numbers as serde_json writes them
(integers as digits; floats in their shortest round-trip digits, written as `rust_float` says).
Python's json keeps each object's key order when it reads, so the body can be written back as is.
"""

import hashlib
import json
import sys
from decimal import Decimal


def rust_float(x: float) -> str:
    """A float as serde_json writes it (the ryu crate's format): the shortest digits that read back
    to the same float, in plain notation from 1e-5 up to below 1e16 and as `de+N`/`d.ddde-N`
    outside it, always with a fraction (`100.0`). Python's repr has the same digits but switches
    to an exponent at 1e-4 and pads it (`1e-05`), so it is rebuilt here."""
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError(f"{x} is not a JSON number")
    sign = "-" if x < 0 or (x == 0 and str(x).startswith("-")) else ""
    digits, exponent = Decimal(repr(abs(x))).as_tuple()[1:]
    digits = "".join(map(str, digits)).lstrip("0") or "0"
    if digits == "0":
        return sign + "0.0"
    length = len(digits)
    point = length + exponent  # the value is 0.DIGITS x 10^point
    if 0 <= exponent and point <= 16:
        return sign + digits + "0" * exponent + ".0"
    if 0 < point <= 16:
        return sign + digits[:point] + "." + digits[point:]
    if -5 < point <= 0:
        return sign + "0." + "0" * -point + digits
    mantissa = digits if length == 1 else digits[0] + "." + digits[1:]
    power = point - 1
    return sign + mantissa + "e" + ("+" if power > 0 else "") + str(power)


def write(value) -> str:
    """`value` as serde_json's compact writer writes it, keys in the order they were read."""
    if isinstance(value, dict):
        return "{" + ",".join(write(k) + ":" + write(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(write(v) for v in value) + "]"
    if isinstance(value, float):
        return rust_float(value)
    return json.dumps(value, ensure_ascii=False)


def record_hash(record: dict) -> str:
    chained = {
        "chain": "skald-log-v1",
        "seq": record["seq"],
        "at_ms": record["at_ms"],
        "prev": record["prev"],
        "client": record.get("client"),
        "body": record["body"],
    }
    return hashlib.sha256(write(chained).encode()).hexdigest()


def main(path: str) -> int:
    try:
        with open(path, encoding="utf-8") as f:
            export = json.load(f)
        records = export["records"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"chain.py: {path} is not a Skald JSON export: {e}", file=sys.stderr)
        return 2
    prev = "0" * 64
    for record in records:
        if record.get("prev") != prev:
            print(f"record {record.get('seq')}: its prev is not the hash of the record before it")
            return 1
        prev = record_hash(record)
    if export.get("head") != prev:
        print("the export's head is not the hash of its last record")
        return 1
    print(f"{len(records)} records: the chain holds, and the head is the last one's hash")
    return 0


# serde_json's own output for these (checked against it in Rust), so a change of either shows.
for number, written in [(1e-5, "0.00001"), (0.0001, "0.0001"), (0.00012, "0.00012"),
                        (1.2345e-7, "1.2345e-7"), (3e-10, "3e-10"), (1e16, "1e+16"),
                        (0.5, "0.5"), (100.0, "100.0"), (0.44367283950617287, "0.44367283950617287")]:
    assert rust_float(number) == written, (number, rust_float(number), written)

if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python3 scripts/chain.py EXPORT.json", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
