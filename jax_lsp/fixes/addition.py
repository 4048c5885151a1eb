"""New module-level code a fix adds (imports, helper definitions) and the one edit that inserts
it. Apart from `source` so that a fix built on `lite`'s reading of the module (no LibCST)
shares it; LibCST is imported only when a name must be resolved in scope (`module_alias`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.model import TextEdit
    from jax_lsp.fixes.source import FixSource

__all__ = ["ModuleAddition"]


@dataclass
class ModuleAddition:
    """New module-level code one fix needs: import lines and helper definitions, inserted
    together in one edit after the module's leading imports."""

    src: FixSource | LiteSource
    imports: list[str] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    #: names this addition binds at module level
    reserved: set[str] = field(default_factory=set)
    #: files this fix creates (the helper module), by path
    create: dict[Path, str] = field(default_factory=dict)
    #: role -> name of the generated helpers this addition pastes
    generated: dict[str, str] = field(default_factory=dict)
    #: module -> the name it is bound to, for modules this addition imports or found imported
    _aliases: dict[str, str] = field(default_factory=dict)

    def import_once(self, statement: str, name: str) -> None:
        """Add the import `statement` (binding the module name `name`) unless the module or
        this addition already binds `name` by an import."""
        if name in self.src.import_bound_names or name in self._aliases.values():
            return
        self.add_import(statement, name)
        self._aliases[name] = name

    def module_name_usable(self, name: str) -> bool:
        """Whether `name` can refer to an imported module here: free, or bound by an import."""
        return (self.is_free(name) or name in self.src.import_bound_names
                or name in self._aliases.values())

    def is_free(self, name: str) -> bool:
        """Whether a new module-level `name` clashes with nothing in the module."""
        return name not in self.src.all_names() and name not in self.reserved

    def fresh_name(self, base: str) -> str:
        """`base`, or `base_2`, `base_3`, ...: the first that is free; reserved."""
        name, i = base, 1
        while not self.is_free(name):
            i += 1
            name = f"{base}_{i}"
        self.reserved.add(name)
        return name

    def add_import(self, statement: str, name: str) -> str:
        """Add the import `statement`, which binds `name`; returns `name`."""
        self.imports.append(statement)
        self.reserved.add(name)
        return name

    def module_alias(self, module: str, preferred: str) -> str:
        """A name bound to `module` at module level: an existing import's, else one this
        addition imports (`import numpy as np`)."""
        if module in self._aliases:
            return self._aliases[module]
        from libcst.metadata import QualifiedNameSource

        scope = self.src.scope(self.src.module)
        name = None
        if scope is not None:
            for candidate in sorted(self.src.import_bound_names):
                if "." in candidate or candidate not in scope:
                    continue
                quals = scope.get_qualified_names_for(candidate)
                if quals and all(
                    q.name == module and q.source is QualifiedNameSource.IMPORT for q in quals
                ):
                    name = candidate
                    break
        if name is None:
            name = self.fresh_name(preferred)
            if name == module:
                self.add_import(f"import {module}", name)
            elif "." in module and name == module.rsplit(".", 1)[1]:
                self.add_import(f"from {module.rsplit('.', 1)[0]} import {name}", name)
            else:
                self.add_import(f"import {module} as {name}", name)
        self._aliases[module] = name
        return name

    def edit(self) -> TextEdit | None:
        if not self.imports and not self.blocks:
            return None
        nl = self.src.newline
        line = self.src.header_end_line()
        text = "".join(i + "\n" for i in self.imports)
        if self.blocks:
            text += "\n\n" + "\n\n".join(self.blocks)
            following = self.src.blank_lines_from(line)
            at_end = self.src.offset(line, 0) >= len(self.src.text)
            if not at_end:
                text += "\n" * max(0, 2 - following)
        at = self.src.offset(line, 0)
        if at >= len(self.src.text) and self.src.text and not self.src.text.endswith("\n"):
            text = "\n" + text
        return self.src.insertion(line, 0, text.replace("\n", nl))
