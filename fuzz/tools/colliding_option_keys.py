#!/usr/bin/env python3
"""Writes a link whose option keys all land in one corner of the parser's
duplicate-key table (src/check/strset.rs: FNV-1a, unkeyed, open addressing with
linear probing), so that they form a single probe cluster and finding the
duplicates takes time quadratic in the number of keys.

    python3 fuzz/tools/colliding_option_keys.py 100000 > /tmp/slow-link.txt

The keys are distinct 5-letter words, so the link is an ordinary one: about
6 bytes per key (100 000 keys: 600 KB, well under the 2 MiB limit). Measured
on 2 cores, 2026-11-22, at commit 02e9457 (release build, lenient parse):
40 000 such keys 2.2 s against 20 ms for 40 000 random keys; 100 000 keys
17.5 s. A hash keyed per parse (or a sort of the keys) keeps it linear.
"""

import itertools
import string
import sys

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def fnv1a(data: bytes) -> int:
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
    # The table doubles from 16 slots while 2 * (len + 1) > slots: its final size.
    size = 16
    while 2 * (n + 1) > size:
        size *= 2
    # Keys whose slot falls in the first sixteenth of the final table: n keys
    # over size/16 < n/2 starting slots make one cluster.
    limit = size // 16
    keys = []
    letters = string.ascii_lowercase + string.digits
    for word in itertools.product(letters, repeat=5):
        key = "".join(word)
        if fnv1a(key.encode()) & (size - 1) < limit:
            keys.append(key)
            if len(keys) == n:
                break
    sys.stdout.write("uri-list:https://a.example?" + "&".join(keys))


if __name__ == "__main__":
    main()
