"""What the optional compiled build (`scripts/build_compiled.py`, mypyc) needs of the code it
compiles: see docs/internals.md, "The compiled build". Nothing here changes what the pure
package does."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # mypyc reads these decorators when it compiles: `trait` (a class of several native bases
    # is native only if they are traits), `mypyc_attr(allow_interpreted_subclasses=True)` (a
    # compiled class an interpreted module subclasses); the pure package applies identities
    from mypy_extensions import mypyc_attr, trait
else:
    def trait(cls):
        """(identity: the pure package)"""
        return cls

    def mypyc_attr(*attrs, **kwattrs):
        """(identity: the pure package)"""
        return lambda cls: cls

__all__ = ["mypyc_attr", "trait"]
