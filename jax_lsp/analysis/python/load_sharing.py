"""Where Python's module loads (`expressions.load_module`) find the run's shared loads.

A `check` run may share an imported module's interpretation between the files it analyses
(`analysis/shared_loads.py`, which builds and validates the templates with the whole
interpreter). Python's parts import nothing of the driver or the JAX model, so they see the
sharing only through this slot: `shared_loads` puts its `LoadShare` here for the run, and with
nothing here every load is interpreted afresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol


class LoadSharing(Protocol):
    def take(self, ev: Any, path: Path) -> bool:
        """Give `ev` the shared load of `path` (True), or leave it to load it itself."""
        ...


#: the run's sharing while `check` runs (set by `shared_loads`), else None
ACTIVE: LoadSharing | None = None
