"""What the incremental layer's parts (`RootRecording`, `StatementReplay`, `CarriedCalls`)
offer each other, as `python/shared.py` is for the evaluator's: the layer's state they share
(made by `layer.IncrementalLayer.__init__`), the evaluator they observe (`ev`), and the
methods one part calls of another. Each part subclasses `LayerShared` (at run time too, for
the compiled build's traits; its methods are declarations only, last in the layer's order).
"""

from __future__ import annotations

import ast
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.compiled import trait

if TYPE_CHECKING:
    from jax_lsp.analysis.findings import Span
    from jax_lsp.analysis.incremental.replay import ModuleCarry
    from jax_lsp.analysis.incremental.roots import Reuse, RootRecord
    from jax_lsp.analysis.interp import Interpreter
    from jax_lsp.analysis.values import ClassObj, CustomFn, Instance, Value


@trait
class LayerShared:
    """The incremental layer as its parts see it."""

    #: the evaluator observed
    ev: Interpreter
    #: the previous version's analysis: the roots to skip, the module's statements carried
    reuse: Reuse | None
    carry_in: ModuleCarry | None
    skipped: set[object]
    # -- the roots' records (`recording.RootRecording`) --
    records: dict[object, RootRecord]
    _entries: dict[object, object]
    _spawned: dict[object, list[object]]
    _wrote: set[object]
    _late: set[object]
    _injected_late: set[tuple[str, Span]]
    _replayed_inspected: dict[ast.AST, set[ast.AST]]
    _made_in: dict[Instance, object]
    _custom_made: dict[CustomFn, object]
    _write_clock: int
    _written_at: dict[Instance, int]
    _root_self: dict[object, Instance]
    _self_writes: dict[object, set[str]]
    _self_state: dict[object, tuple[tuple[str, Value], ...]]
    _class_fps: dict[object, object]
    # -- the statements replayed (`replay.StatementReplay`) --
    statements_replayed: int
    recipe_classes: list[tuple[ClassObj, Any]]
    class_values: dict[Any, Value]
    carried_classes: set[ClassObj]
    custom_recipes: dict[CustomFn, object]

    @abstractmethod
    def note_rule_set(self, c: CustomFn) -> None: ...
