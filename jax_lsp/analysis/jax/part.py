"""What each part of the JAX component holds: the evaluator it reaches through `host.JaxHost`,
and the component, through which it reaches the other parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.compiled import mypyc_attr

if TYPE_CHECKING:
    from jax_lsp.analysis.host import JaxHost
    from jax_lsp.analysis.jax.model import JaxModel


@mypyc_attr(allow_interpreted_subclasses=True)  # (the compiled build: its parts are not all)
class Part:
    """One part of `model.JaxModel`."""

    __slots__ = ("ev", "jax")

    def __init__(self, ev: JaxHost, jax: JaxModel) -> None:
        self.ev = ev
        self.jax = jax
