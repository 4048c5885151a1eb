"""Where Python's evaluation asks a model what a name means: the hooks by which the JAX model
(`analysis/jax/overlay.py`) and the library models register, by qualified name, what Python
alone cannot know (mypy's plugin hooks, pytype's overlays).

Python's parts (`python/`) import nothing of the JAX model, the library models or the rules:
where a statement or an expression meets a name one of them knows (an alias of a JAX function,
a pytree decorator, a staging method of a jitted function, a flax Variable), it asks `HOOKS`.
Without a model registered, the answers are Python's own: a name is itself, no class is a
pytree, no attribute is special. The model registers once, when the evaluator's driver
(`interp.py`) is imported, before anything is evaluated; the answers never change after.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jax_lsp.analysis.interp_state import Args, Scope
    from jax_lsp.analysis.values import ClassObj, Instance, Value


def _same(qualname: str) -> str:
    return qualname


def _never(qualname: str) -> bool:
    return False


def _no_marks_lost(inst: Instance, name: str, value: Value, marks: frozenset) -> frozenset:
    return marks


def _no_attribute(me: Value, name: str) -> object | None:
    return None


def _nothing_noted(ev: Any, stmt: ast.Assign, scope: Scope) -> None:
    return None


def _no_record(ev: Any, cls: ClassObj, stmt: ast.ClassDef, scope: Scope) -> None:
    return None


def _not_made(ev: Any, cls: ClassObj, obj: Value, args: Args, node: ast.AST | None) -> bool:
    return False


def _no_record_attribute(ev: Any, me: Value, owner: Any, name: str) -> Value | None:
    return None


class Hooks:
    """The answers a model registers (`register`), read by Python's parts where they meet a
    qualified name, a class statement, an attribute or a call of a value of a model's type."""

    def __init__(self) -> None:
        # -- names --
        #: what an imported qualified name is (an alias's target: `jax.numpy.asarray`)
        self.canonical: Callable[[str], str] = _same
        #: a module's `import` that cannot raise (the model knows the name exists)
        self.import_cannot_raise: Callable[[str], bool] = _never
        # -- `with` statements --
        #: a context manager's name -> the context fields it sets for its body, and to what
        self.evaluation_contexts: Mapping[str, tuple[tuple[str, bool], ...]] = {}
        # -- class statements --
        #: bases whose subclasses are pytrees (their fields are leaves)
        self.pytree_bases: frozenset[str] = frozenset()
        #: class decorators that make the class a pytree
        self.pytree_class_decorators: frozenset[str] = frozenset()
        #: functions registering a class as a pytree, also applied by `functools.partial`
        self.pytree_registrations: frozenset[str] = frozenset()
        #: the decorator whose class's fields are the pytree's children by its own
        #: `tree_flatten` (the attributes only its aux data holds are static)
        self.pytree_node_class: str = ""
        #: the decorator form registering a dataclass whose fields not marked static are data
        self.data_class_registration: str = ""
        #: bases of a module class whose instances `apply` / `init` (`ClassObj.linen`)
        self.module_class_bases: frozenset[str] = frozenset()
        #: `field(...)` functions whose keywords may declare a field static
        self.field_functions: frozenset[str] = frozenset()
        #: a library's record class (a pydantic model, an attrs class) the class statement
        #: made: the model's description of its fields, kept as `ClassObj.record`; or None
        self.record_class: Callable[[Any, ClassObj, ast.ClassDef, Scope], object | None] = (
            _no_record
        )
        #: constructs an instance of a record class (`ClassObj.record`) in place of running
        #: its library's `__init__`: True when it set the instance's fields
        self.construct_record: Callable[[Any, ClassObj, Value, Args, ast.AST | None], bool] = (
            _not_made
        )
        # -- assignments --
        #: told of `target = call(...)` after it is stored (flax nnx: a Variable's kind)
        self.after_call_assignment: Callable[[Any, ast.Assign, Scope], None] = _nothing_noted
        # -- attributes --
        #: an API object whose attributes are state a model follows (`jax.config`'s flags) ->
        #: the value an attribute read gives (`ev` is the evaluator), or None: an API name
        self.state_attributes: Mapping[str, Callable[[Any, str], Any]] = {}
        #: methods that stage a jitted function (or step on from a stage of it): (the kind of
        #: the `Wrapper` read, the method's name) -> the kind of the `Wrapper` it gives
        self.staging_methods: Mapping[tuple[str, str], str] = {}
        #: attributes whose value is static metadata (`x.shape`): never a tangent
        self.static_attributes: frozenset[str] = frozenset()
        #: an attribute a module class's instance (`ClassObj.linen`) has but its class does
        #: not define (flax linen's `apply`): the value read, or None
        self.module_class_attribute: Callable[[Value, str], object | None] = _no_attribute
        #: the marks an instance's attribute inherits from the instance (nnx.grad's filter)
        self.attribute_marks: Callable[[Instance, str, Value, frozenset], frozenset] = (
            _no_marks_lost
        )
        #: transforms whose levels differentiate only a module's parameters (call sharing
        #: keys a level by it)
        self.param_only_transforms: frozenset[str] = frozenset()
        #: an attribute a record class (`ClassObj.record`) or its instance has but the class
        #: does not define (pydantic's `model_dump`): the value read, or None
        self.record_attribute: Callable[[Any, Value, Any, str], Value | None] = (
            _no_record_attribute
        )
        # -- calls --
        #: a model's value type -> how calling it is interpreted (`ev` is the evaluator)
        self.calls: dict[type, Callable[[Any, Any, Args, ast.AST | None], Value]] = {}
        #: a library's functions a model computes, by qualified name (`attrs.evolve`)
        self.functions: dict[str, Callable[[Any, Args, ast.AST | None], Value]] = {}

    def register(self, **answers: Any) -> None:
        """Set the answers given (each the name of an attribute above)."""
        for name, answer in answers.items():
            if not hasattr(self, name):
                raise AttributeError(f"no hook named {name!r}")
            setattr(self, name, answer)


#: the hooks every part of Python's evaluation reads
HOOKS = Hooks()
