"""`types.SimpleNamespace(kernel="matern", ...)`: an object whose attributes are its keywords
(a library model, for Python's `types`).

Why: configuration held in a namespace (`cfg.kernel` picking a kernel through `getattr`) is
read like an instance's attributes; unmodelled, every attribute is unknown and the branch
it selects is lost (a miss) or both are taken.
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.values import ClassObj, Instance, Value

#: the class statement a namespace's class stands for (it has no methods)
_NODE = ast.parse("class SimpleNamespace:\n    pass\n").body[0]


def simple_namespace(kw: dict[str, Value], singular: bool = False) -> Value:
    """A new namespace object holding the keyword arguments as attributes; `singular`: one
    object at run time (`certain_paths`: a store into it there replaces the attribute, as
    one into an instance of the code's own class does)."""
    inst = Instance(ClassObj("SimpleNamespace", _NODE), singular=singular)  # type: ignore[arg-type]
    inst.attrs.update(kw)
    return Value(fns=(inst,))


def attributes(v: Value) -> Value | None:
    """`vars(ns)` of a namespace made here (`simple_namespace`, argparse's namespace): a
    dict of its attributes, which are all it holds until code sets more (then its
    attributes hold those too); None for any other value."""
    if len(v.fns) != 1 or not isinstance(v.fns[0], Instance) or v.fns[0].cls.node is not _NODE:
        return None
    attrs = v.fns[0].attrs
    return Value(items=tuple(attrs.values()), keys=tuple(attrs))
