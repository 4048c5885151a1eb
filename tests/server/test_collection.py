"""The analysis process's garbage collection (`collection.Collector`): small collections of
what is new once idle, large ones only after a long pause, and frozen state that became
cyclic garbage freed by an occasional collection of everything."""

from __future__ import annotations

import gc
import os
import weakref
from collections.abc import Iterator

import pytest

from jax_lsp.server.runtime import collection
from jax_lsp.server.runtime.collection import Collector


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


@pytest.fixture
def collector() -> Iterator[Collector]:
    was_enabled = gc.isenabled()
    c = Collector()
    c.start()
    try:
        yield c
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def test_new_cyclic_garbage_is_collected_after_a_short_pause(collector: Collector) -> None:
    node = _Node()
    dead = weakref.ref(node)
    del node
    assert collector.wait(collector.young()) == collection.IDLE
    assert collector.collect() >= 1
    assert dead() is None
    assert collector.young() == 0  # what survived is frozen: the next collection skips it


def test_a_large_collection_waits_for_a_long_pause(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(collection, "LARGE", 1_000)
    monkeypatch.setattr(collection, "MAX_YOUNG", 10_000)
    kept = [[] for _ in range(2_000)]
    assert collector.wait(collector.young()) == collection.LONG_IDLE
    kept += [[] for _ in range(10_000)]
    # too much to keep waiting for a pause
    assert collector.wait(collector.young()) == collection.IDLE
    collector.collect()
    assert collector.young() < collection.LARGE
    assert len(kept) == 12_000


def test_frozen_state_that_became_garbage_is_freed_by_a_collection_of_everything(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(collection, "MIN_INFLOW", 5_000)
    monkeypatch.setattr(collection, "THAW_INFLOW", 0)
    state = [_Node() for _ in range(100)]
    dead = weakref.ref(state[0])
    collector.collect()  # the state survives and is frozen
    del state  # and becomes cyclic garbage among the frozen objects
    collector.collect()
    assert dead() is not None  # a collection of what is new does not see it
    assert not collector.thaw_due()
    _more = [[] for _ in range(6_000)]
    collector.collect()  # 6,000 objects frozen since: a collection of everything is due
    assert collector.thaw_due()
    assert collector.wait(collector.young()) == collection.LONG_IDLE
    collector.collect()
    assert dead() is None
    assert not collector.thaw_due()


class _Counting(Collector):
    """A collector that records when it counts its objects (a walk of all of them) or
    collects, and has plenty to collect."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[str] = []

    def young(self) -> int:  # type: ignore[override]
        self.events.append("count")
        return collection.LARGE - 1

    def collect(self, young: int | None = None) -> int:
        self.events.append("collect")
        return 0


def test_a_request_that_comes_before_the_pause_is_taken_without_counting_objects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counting what a collection would walk costs as much as walking it: the next
    keystroke's request must not wait behind it (nor behind a collection)."""
    import queue

    from jax_lsp.server.runtime.analysis_process import collect_when_idle

    monkeypatch.setattr(collection, "IDLE", 0.05)
    c = _Counting()
    pending: queue.SimpleQueue[object] = queue.SimpleQueue()
    pending.put(("analyse",))  # read meanwhile by the thread `_until_request` starts
    collect_when_idle(c, None, pending)  # type: ignore[arg-type]
    assert c.events == []
    r, w = os.pipe()
    with os.fdopen(r, "rb") as stream, os.fdopen(w, "wb") as writer:
        writer.write(b"a request")
        writer.flush()
        collect_when_idle(c, stream, None)
        assert c.events == []
        stream.read(9)
        collect_when_idle(c, stream, None)  # idle for IDLE seconds: counted, then collected
    assert c.events == ["count", "collect"]


class _CountedOnce(Collector):
    """A real collector that records how often it counts its objects."""

    counts = 0

    def young(self) -> int:  # type: ignore[override]
        self.counts += 1
        return super().young()


def test_an_idle_collection_counts_the_objects_once(
    collector: Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counting walks every object not frozen (5-25 ms with a 20,000-line module's state):
    the count `wait` was given is the one `collect` uses."""
    from jax_lsp.server.runtime.analysis_process import collect_when_idle

    monkeypatch.setattr(collection, "IDLE", 0.01)
    c = _CountedOnce()
    node = _Node()
    dead = weakref.ref(node)
    del node
    r, w = os.pipe()
    with os.fdopen(r, "rb") as stream, os.fdopen(w, "wb"):
        collect_when_idle(c, stream, None)
    assert c.counts == 1 and c.collections == 1
    assert dead() is None
