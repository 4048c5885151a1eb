"""JAX's semantics as one component of the evaluator, made of one part per concern:

- `api` (`jax_calls.JaxApiCalls`): a call of JAX's API, from the measured table;
- `transforms` (`transforms.Transforms`): a transform applied, its `Level` and marks;
- `control` (`higher_order.HigherOrder`): control flow, staging, wrappers;
- `custom` (`custom_rules.CustomRules`): custom_jvp / custom_vjp rules and their modes;
- `callbacks` (`decisions.CallbackDecisions`): a host callback reached by marks, and the
  finding a rule decides on (`report`).

The evaluator (`interp.Interpreter`) holds it as `jax`; a part reaches the evaluator only
through `host.JaxHost` (its `ev`), as pyright's helper modules reach its `TypeEvaluator`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.analysis.jax.custom_rules import CustomRules
from jax_lsp.analysis.jax.decisions import CallbackDecisions
from jax_lsp.analysis.jax.higher_order import HigherOrder
from jax_lsp.analysis.jax.jax_calls import JaxApiCalls
from jax_lsp.analysis.jax.transforms import Transforms

if TYPE_CHECKING:
    from jax_lsp.analysis.host import JaxHost


class JaxModel:
    """The parts, each knowing the evaluator and the others through this object."""

    __slots__ = ("api", "callbacks", "control", "custom", "transforms")

    def __init__(self, ev: JaxHost) -> None:
        self.api = JaxApiCalls(ev, self)
        self.transforms = Transforms(ev, self)
        self.control = HigherOrder(ev, self)
        self.custom = CustomRules(ev, self)
        self.callbacks = CallbackDecisions(ev, self)
