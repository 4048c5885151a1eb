"""When the analysis process collects its cyclic garbage: in proportion to what the last
analyses allocated, and a large collection only once the user has stopped typing.

A collection walks every object that is not frozen, and a request that arrives meanwhile waits
for it. What the analysis keeps between requests (the trees and records of each document, for
the next incremental analysis) is most of what it allocates, and a little of it is cyclic
garbage (closures that call themselves, cycles of abstract classes and instances). Measured on
the shared generator's 20,000-line module: a full analysis leaves ~480k new objects, ~11k of
them cyclic garbage, and collecting them walks all 480k (0.2-0.4 s); a keystroke's incremental
analysis leaves a few thousand (a collection of 5-25 ms). Freezing the new objects without
collecting them first would keep that garbage, and what it holds, for good.

So after each answer the process collects only what is new (the frozen objects are not walked),
then freezes what survived: once `IDLE` seconds pass without a request if that is small
(`LARGE`), only after `LONG_IDLE` seconds (the user has stopped typing) if not, and after `IDLE`
again once it is very large (`MAX_YOUNG`: memory stays bounded while typing never pauses).
Frozen state that becomes cyclic garbage later stays (~2.4k objects per full analysis at 20,000
lines, ~10 per keystroke): a collection of everything, at a long pause too, frees it once
`THAW_INFLOW` times the frozen set has been frozen since the last one.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass

__all__ = ["IDLE", "LARGE", "LONG_IDLE", "MAX_YOUNG", "MIN_INFLOW", "THAW_INFLOW", "Collector"]

#: seconds without a request after which a small collection runs
IDLE = 0.5
#: seconds without a request after which a large collection runs
LONG_IDLE = 3.0
#: objects not frozen past which collecting them is large (~20 ms at 0.4 us an object), and
#: past which it runs after `IDLE` again
LARGE = 50_000
MAX_YOUNG = 1_500_000
#: objects frozen since the last collection of everything (a multiple of the frozen set then,
#: and at least `MIN_INFLOW`) past which the next collection is one of everything
THAW_INFLOW = 8
MIN_INFLOW = 1_000_000


@dataclass
class Collector:
    """The garbage collection of one process, whose automatic collector is off (`start`)."""

    #: the frozen set's size after the last collection of everything, and how many objects
    #: were frozen since
    baseline: int = 0
    inflow: int = 0
    #: collections run, and the longest one (seconds), for the record
    collections: int = 0
    longest: float = 0.0

    def start(self) -> None:
        """Stop the automatic collector; what exists now (the imports) is long-lived."""
        gc.disable()
        gc.freeze()
        self.baseline = gc.get_freeze_count()

    @staticmethod
    def young() -> int:
        """Objects not frozen: what a collection walks (the automatic collector being off,
        all of them are in the youngest generation)."""
        return len(gc.get_objects(generation=0))

    def thaw_due(self) -> bool:
        """Whether the next collection is one of everything, frozen objects included."""
        return self.inflow >= max(MIN_INFLOW, THAW_INFLOW * self.baseline)

    def wait(self, young: int) -> float | None:
        """Seconds without a request after which to collect (None: nothing to collect), with
        `young` objects not frozen (`young()`: counting them walks them, so the caller counts
        once and passes the count on to `collect` too)."""
        if young >= MAX_YOUNG:
            return IDLE
        if young >= LARGE or self.thaw_due():
            return LONG_IDLE
        return IDLE if young > 0 else None

    def collect(self, young: int | None = None) -> int:
        """Collect what is new (everything, if that is due) and freeze what survives; how many
        objects were garbage. `young`: the objects not frozen, if just counted. (Counting the
        frozen set walks it: only a collection of everything, which walks it anyway, does.)"""
        start = time.perf_counter()
        thaw = self.thaw_due()
        if thaw:
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            self.baseline, self.inflow = gc.get_freeze_count(), 0
        else:
            if young is None:
                young = self.young()
            found = gc.collect()
            gc.freeze()
            self.inflow += young - found
        self.collections += 1
        self.longest = max(self.longest, time.perf_counter() - start)
        return found
