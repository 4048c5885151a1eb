"""What the JAX model and the library models tell Python's evaluation (`python/hooks.py`), by
qualified name: JAX's aliases and the names its table knows, its `with` contexts, pytree
classes and fields, a jitted function's staging methods, static attributes, and the library
models with behaviour (flax nnx's Variables, flax linen's `apply`). Registered when this module
is imported: the evaluator's driver (`interp.py`) imports it before anything is evaluated.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jax_lsp.analysis import record_classes
from jax_lsp.analysis.jax import apitable, config_flags, jaxapi, signatures
from jax_lsp.analysis.libraries.absl_flags import model as absl_flags
from jax_lsp.analysis.libraries.attrs_classes import model as attrs_classes
from jax_lsp.analysis.libraries.flax_linen import apply as linen_apply
from jax_lsp.analysis.libraries.flax_nnx import variables as nnx_variables
from jax_lsp.analysis.libraries.optax_transformations import model as optax_transformations
from jax_lsp.analysis.libraries.pydantic_models import model as pydantic_models
from jax_lsp.analysis.libraries.pytree_updates import model as pytree_updates
from jax_lsp.analysis.python import constant_builtins
from jax_lsp.analysis.python.hooks import HOOKS
from jax_lsp.analysis.static_names import VERSION_ATTRIBUTES, jax_release
from jax_lsp.analysis.values import Value

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator
    from jax_lsp.analysis.interp_state import Scope
    from jax_lsp.analysis.values import ClassObj


def import_cannot_raise(qualname: str) -> bool:
    """An imported name of JAX that the measured table has: importing it cannot raise."""
    return qualname.split(".")[0] == "jax" and apitable.exists(jaxapi.canonical(qualname))


def jax_attribute(ev: Evaluator, name: str) -> Value | None:
    """`jax.__version__` / `jax.__version_info__`: the release the API table was measured on
    (as the text pass's version gates read it, `static_names.jax_release`); None for any other
    attribute (an API name)."""
    if name not in VERSION_ATTRIBUTES:
        return None
    return constant_builtins.value_of(jax_release()[name])


def record_class(ev: Evaluator, cls: ClassObj, stmt: ast.ClassDef, scope: Scope) -> object:
    """The record a class statement made, as the library models read it (None: no library's
    record class)."""
    return pydantic_models.record_of(ev, cls, stmt, scope) or attrs_classes.record_of(
        ev, cls, stmt, scope)


HOOKS.register(
    canonical=jaxapi.canonical,
    state_attributes={"jax.config": config_flags.read, "jax": jax_attribute,
                      absl_flags.FLAGS: absl_flags.read},
    import_cannot_raise=import_cannot_raise,
    evaluation_contexts=jaxapi.EVALUATION_CONTEXTS,
    pytree_bases=jaxapi.PYTREE_BASES,
    pytree_class_decorators=jaxapi.PYTREE_CLASS_DECORATORS,
    pytree_registrations=jaxapi.PYTREE_REGISTRATIONS,
    pytree_node_class=jaxapi.PYTREE_NODE_CLASS,
    data_class_registration="jax.tree_util.register_dataclass",
    module_class_bases=jaxapi.LINEN_MODULE_BASES,
    field_functions=jaxapi.FIELD_FUNCTIONS,
    staging_methods=jaxapi.STAGING_METHODS,
    static_attributes=jaxapi.KILLER_ATTRIBUTES,
    param_only_transforms=jaxapi.PARAM_ONLY_TRANSFORMS,
    # flax nnx: a Variable's kind, noted where it is stored; nnx.grad's filter, where read
    after_call_assignment=nnx_variables.note_variable_kind,
    attribute_marks=nnx_variables.differentiated_marks,
    # flax linen: `model.apply` / `model.init`
    module_class_attribute=linen_apply.module_attribute,
    calls={
        linen_apply.LinenApply: linen_apply.call_apply,
        record_classes.RecordMethod: record_classes.call_method,
    },
    # pydantic models and attrs classes: their construction, methods and functions
    record_class=record_class,
    construct_record=record_classes.construct,
    record_attribute=record_classes.record_attribute,
    functions={**attrs_classes.FUNCTIONS, **signatures.FUNCTIONS, **absl_flags.FUNCTIONS,
               **optax_transformations.FUNCTIONS, **pytree_updates.FUNCTIONS},
)
