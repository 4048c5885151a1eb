"""What each part of the JAX component holds: the evaluator it reaches through `host.JaxHost`,
and the component, through which it reaches the other parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jax_lsp.analysis.host import JaxHost
    from jax_lsp.analysis.jax.model import JaxModel


class Part:
    """One part of `model.JaxModel`. Every part is compiled with it, so it is not open to
    interpreted subclasses: mypyc (2.4) would then run `__init__` twice for a compiled part
    made by the interpreted `JaxModel` (its `__new__`, then the `__init__` slot the part
    inherits), and the first run's references, overwritten unreleased, would keep each
    analysis's evaluator, and all it reached, alive for good (docs/internals.md)."""

    __slots__ = ("ev", "jax")

    def __init__(self, ev: JaxHost, jax: JaxModel) -> None:
        self.ev = ev
        self.jax = jax
