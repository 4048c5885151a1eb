"""When a carried interpretation's code was last made stale (`CarriedCalls._touched_at`) is read
from the edits since the last full check, indexed by statement and by name: it must be the
last edit that replaced the code's statement or gave a name it mentions something new."""

from __future__ import annotations

import random

from jax_lsp.analysis.incremental.carried_calls import CarriedCalls


class _Reuse:
    def __init__(self, mentions: dict[str, frozenset[str]], stale: set[str]) -> None:
        self._mentions = mentions
        self._stale = stale

    def stale(self, node: str, top: str) -> bool:
        return node in self._stale

    def mentions(self, node: str) -> frozenset[str]:
        return self._mentions[node]


class _Calls(CarriedCalls):
    def __init__(self, reuse: _Reuse, edits: tuple, version: int) -> None:
        self.reuse = reuse
        self.calls_edits = edits
        self.calls_version = version
        self._touched: dict[object, int] = {}
        self._edit_index = None


def _by_scan(reuse: _Reuse, edits: tuple, version: int, node: str, top: str) -> int:
    """The definition: the latest edit (this version's first) touching the code."""
    if reuse.stale(node, top):
        return version
    for v, replaced, changed in reversed(edits):
        if top in replaced or not reuse.mentions(node).isdisjoint(changed):
            return v
    return 0


def test_the_indexed_edits_give_the_last_edit_that_touched_the_code() -> None:
    rng = random.Random(7)
    names = [f"n{i}" for i in range(12)]
    tops = [f"s{i}" for i in range(10)]
    for _ in range(200):
        nodes = [f"f{i}" for i in range(8)]
        mentions = {n: frozenset(rng.sample(names, rng.randrange(4))) for n in nodes}
        reuse = _Reuse(mentions, set(rng.sample(nodes, rng.randrange(2))))
        edits = tuple(
            (
                v,
                frozenset(rng.sample(tops, rng.randrange(3))),
                frozenset(rng.sample(names, rng.randrange(3))),
            )
            for v in range(1, rng.randrange(1, 7))
        )
        version = len(edits) + 1
        calls = _Calls(reuse, edits, version)
        for node in nodes:
            top = rng.choice(tops)
            assert calls._touched_at(node, top) == _by_scan(reuse, edits, version, node, top)
