"""Which imports are there for their side effects, so that their module runs at the import.

Workspace modules are interpreted lazily, when a name of theirs is first used (see
`workspace`). Python runs a module at its import instead, and a module can change another's
state as it runs: decorators filling a registry's table (`@register("gelu")`), plugins
assigning into a package's dict. An import whose binding the importing module never reads
(`import activations  # populates the registry`) exists only for that: run it where Python
does, so that the reads after it see what it wrote. Imports whose binding is read stay lazy.
Installed packages (the environment's site folders) stay lazy too: they cannot fill a table
of the workspace's code, and running every module their packages import would cost the
modules and the work the analysis has for the workspace's own.
"""

from __future__ import annotations

import ast
import weakref
from pathlib import Path

_NAMES_READ: weakref.WeakKeyDictionary[ast.Module, frozenset[str]] = weakref.WeakKeyDictionary()


def names_read(tree: ast.Module) -> frozenset[str]:
    """The names `tree` reads anywhere (cached per tree)."""
    found = _NAMES_READ.get(tree)
    if found is None:
        found = _NAMES_READ[tree] = frozenset(
            n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and type(n.ctx) is ast.Load
        )
    return found


def for_effects(bound: str, tree: ast.Module | None) -> bool:
    """Whether an import binding `bound` in the module `tree` is kept only for what the
    imported module does as it runs: the module never reads the name."""
    return tree is not None and bound not in names_read(tree)


def installed(path: Path, env_paths: list[Path]) -> bool:
    """Whether `path` is a module of an installed package (under a site folder)."""
    return any(p in path.parents for p in env_paths)
