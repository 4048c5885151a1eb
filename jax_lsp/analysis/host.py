"""What the JAX model, the library models and the rules may ask of the evaluator.

The evaluator (`interp.Interpreter`) runs Python as Python runs it; the parts that know JAX,
a library or a diagnostic code reach it through these Protocols only, so that a reader (or a
type checker) of a rule or a library model sees everything it depends on here, not in the
evaluator's 11 mixins. Importing this module imports nothing else of the analysis: the rules
(`jax_lsp.rules`) import it, and `jax_lsp.codes` imports the rules, on paths (the CLI's
start, a hover) that must not load the analysis.

The differentiation modes are in `modes` (re-exported here), for the CLI's start.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from jax_lsp.analysis.modes import BATCH, FORWARD, REVERSE, TRANSPOSE  # noqa: F401

if TYPE_CHECKING:
    from jax_lsp.analysis.findings import PathStep, Span
    from jax_lsp.analysis.interp_state import Args, Ctx, Scope
    from jax_lsp.analysis.values import Instance, Value



class LevelView(Protocol):
    """One application of a transform (`values.Level`), as a rule reads it."""

    @property
    def order(self) -> int: ...
    @property
    def mode(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def site(self) -> PathStep: ...
    @property
    def batched(self) -> bool: ...
    @property
    def defer(self) -> bool: ...
    @property
    def on_transpose(self) -> list[Any]: ...
    @property
    def tangent_mark(self) -> object: ...


class CallbackEvent(Protocol):
    """A host callback (`pure_callback`, `io_callback`) called with operands the evaluator has
    marked: what the callback codes (`jax_lsp.rules`) decide on. The context's fields are read
    on demand (`rule_levels`, `checkpoint_levels`): reading one makes the memoised
    interpretation of the enclosing call depend on it."""

    @property
    def kind(self) -> str:
        """Either "pure" or "io"."""
        ...
    @property
    def what(self) -> str:
        """The name reported (`jax.pure_callback`, `io_callback`)."""
        ...
    @property
    def has_vmap_method(self) -> bool: ...
    @property
    def ordered(self) -> bool:
        """An io_callback given `ordered=True` (a constant)."""
        ...
    @property
    def levels(self) -> Sequence[LevelView]:
        """Every level whose tangents reach the operands, outermost first."""
        ...
    @property
    def jvp_levels(self) -> Sequence[LevelView]:
        """The levels (not transposing) whose tangents reach the operands, outermost first."""
        ...
    @property
    def batches(self) -> Sequence[LevelView]:
        """The vmap levels batching the operands, outermost first."""
        ...
    @property
    def tangents(self) -> Sequence[LevelView]:
        """The levels whose tangents (inside their custom_jvp rule) are operands, outermost
        first."""
        ...

    def rule_levels(self) -> frozenset: ...
    def checkpoint_levels(self) -> frozenset: ...
    def operand_spans(self, pred: Callable[[frozenset], bool]) -> tuple[Span, ...]:
        """The spans of the operands whose marks satisfy `pred`."""
        ...
    def batched_operand_spans(self) -> tuple[Span, ...]:
        """The spans of the operands a vmap batches."""
        ...


class Evaluator(Protocol):
    """What the JAX model and the library models may ask of the evaluator: evaluate an
    expression, call a value, bind a method, a node's span, the context (noting which of its
    fields were read) and a changed one, report a finding, note where the model stops, and
    note a write into an object (which the incremental analysis observes)."""

    def eval(self, node: ast.expr, scope: Scope) -> Value: ...
    def call_value(self, fv: Value, args: Args, node: ast.AST | None) -> Value: ...
    def _bind(self, v: Value, self_value: Value) -> Value: ...
    def span(self, node: ast.AST) -> Span: ...
    def reads(self, bits: int) -> Ctx: ...
    def within(self, **changes: Any) -> AbstractContextManager[None]: ...
    def report(self, code: str, node: ast.AST, level: Any, what: str,
               operand_spans: tuple[Span, ...], *, deferred: bool = False,
               gate: list | None = None, on_tangents: bool = False,
               modes: tuple[str, ...] = (), jax_says: str | None = None,
               stop_gradient_helps: bool = True, rejected: str = "an integer input") -> None: ...
    def note_limit(self, node: ast.AST, why: str) -> None: ...
    def note_attribute_write(self, inst: Instance, attr: str | None = None) -> None: ...
