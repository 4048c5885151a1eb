"""A package's public names imported from their submodules on first use (PEP 562).

`jax_lsp.fixes` and `jax_lsp.catalog` export names whose modules are costly to import (LibCST
and the analyser; the catalog's message matching), which the language server and the CLI need
only on some paths: their `__init__` maps each name to its submodule and uses this module's
`__getattr__` maker instead of importing them."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_getattr(
    package: str, homes: dict[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """A module `__getattr__` for `package`: `homes` maps a name to the submodule defining it;
    the value, once imported, is kept in the package's `namespace` (its `globals()`)."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
