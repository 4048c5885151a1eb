"""The shared machinery of the custom_jvp, custom_vjp and host-linear-map fixes, as source
templates, and where it goes: one helper module beside the user's file (created by the first fix
that needs it, imported by the later ones), or, when no module can be created, the module's
functions pasted into the file once.

The helpers take the callback call's own arguments, so a fix changes the call site only by its
callee (`jax.pure_callback(f, spec, x)` becomes `derivatives.pure_callback_with_vjp(f_vjp,
jax.pure_callback, f, spec, x)`): the callback, its result shapes and closed-over locals stay
where they are. The derivative (`f_vjp`, `f_jacobian`) is a named function in the user's file
whose body calls the finite-difference helper: the user replaces that one function with the
exact derivative.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING

from jax_lsp.fixes.model import GENERATED_MARKER
from jax_lsp.safe_io import entry_exists, read_regular_file

if TYPE_CHECKING:  # LibCST is imported once there is a fix to build
    from jax_lsp.fixes.source import ModuleAddition

__all__ = [
    "FD_JACOBIAN",
    "FD_VJP",
    "LINEAR_MAP",
    "MODULE_NAME",
    "WITH_JVP",
    "WITH_VJP",
    "HelperModule",
    "helper_module_text",
    "is_helper_module",
    "require_helper",
]

FD_JACOBIAN = "finite-difference-jacobian"
FD_VJP = "finite-difference-vjp"
WITH_JVP = "custom-jvp"
WITH_VJP = "custom-vjp"
LINEAR_MAP = "linear-map"

#: the helper module's name (a file `jax_lsp_derivatives.py` beside the fixed one)
MODULE_NAME = "jax_lsp_derivatives"
#: a file of that name bigger than this is not one jax-lsp wrote (it writes about 10 kB)
MAX_HELPER_MODULE_BYTES = 1024 * 1024

_PUBLIC_NAMES = {
    FD_JACOBIAN: "finite_difference_jacobian",
    FD_VJP: "finite_difference_vjp",
    WITH_JVP: "pure_callback_with_jvp",
    WITH_VJP: "pure_callback_with_vjp",
    LINEAR_MAP: "pure_callback_as_linear_map",
}

_NEEDS = {
    FD_JACOBIAN: (),
    FD_VJP: (FD_JACOBIAN,),
    WITH_JVP: (FD_JACOBIAN,),
    WITH_VJP: (FD_JACOBIAN, WITH_JVP),
    LINEAR_MAP: (),
}

_TEMPLATES = {
    FD_JACOBIAN: '''\
def $fd_jacobian(callback, *args, **kwargs):
    """$marker (finite-difference-jacobian).

    The Jacobian of `callback(*args, **kwargs)` by central finite differences: two calls of
    `callback` per input element. `jac[i][j]` is a float64 array of shape
    `output_i.shape + input_j.shape` for each result leaf i and operand leaf j (zeros for integer
    and boolean operands); a single array when both are single arrays.
    """
    leaves, tree = $jax.tree_util.tree_flatten((args, kwargs))
    leaves = [$np.asarray(x) for x in leaves]

    def outputs(xs):
        a, k = $jax.tree_util.tree_unflatten(tree, xs)
        return [$np.asarray(y, $np.float64)
                for y in $jax.tree_util.tree_leaves(callback(*a, **k))]

    jac = [[$np.zeros(y.shape + x.shape) for x in leaves] for y in outputs(leaves)]
    for i, x in enumerate(leaves):
        if not $np.issubdtype(x.dtype, $np.floating):
            continue
        for idx in $np.ndindex(x.shape):
            hi, lo = x.copy(), x.copy()
            step = $np.finfo(x.dtype).eps ** (1 / 3) * max(1.0, abs(float(x[idx])))
            hi[idx] += step
            lo[idx] -= step
            up = outputs(leaves[:i] + [hi] + leaves[i + 1:])
            down = outputs(leaves[:i] + [lo] + leaves[i + 1:])
            for row, u, d in zip(jac, up, down):
                row[i][(...,) + idx] = (u - d) / (float(hi[idx]) - float(lo[idx]))
    return jac[0][0] if len(jac) == 1 and len(leaves) == 1 else jac
''',
    FD_VJP: '''\
def $fd_vjp(callback, *args, **kwargs):
    """$marker (finite-difference-vjp).

    The vector-Jacobian product of `callback(*operands, **keyword_operands)` with the cotangent
    `ct` (shaped like its result), called as `$fd_vjp(callback, *operands, ct,
    **keyword_operands)`, by central finite differences: two calls of `callback` per input
    element. One cotangent per operand, shaped like it (the bare cotangent for one operand).
    """
    *args, ct = args
    jac = $fd_jacobian(callback, *args, **kwargs)
    jac = jac if isinstance(jac, list) else [[jac]]
    leaves, tree = $jax.tree_util.tree_flatten((tuple(args), kwargs))
    cts = [$np.asarray(c, $np.float64) for c in $jax.tree_util.tree_leaves(ct)]
    out = [sum(($np.tensordot(c, row[i], axes=c.ndim) for c, row in zip(cts, jac)),
               $np.zeros($np.shape(x))) for i, x in enumerate(leaves)]
    a, k = $jax.tree_util.tree_unflatten(tree, out)
    result = (*a, *k.values())
    return result[0] if len(result) == 1 else result
''',
    WITH_JVP: '''\
def $with_jvp(
        jacobian, pure_callback, callback, result_shape_dtypes, *args, **kwargs):
    """$marker (custom-jvp).

    `pure_callback(callback, result_shape_dtypes, *args, **kwargs)` with a custom_jvp rule:
    the host computes `jacobian(callback, *args, **kwargs)` at the primals (the layout of
    `$fd_jacobian`) and JAX contracts it with the tangents, so grad, jvp, jacfwd and
    jacrev work; hessian differentiates `jacobian` by finite differences.
    """
    options = {k: kwargs.pop(k) for k in ("sharding", "vmap_method") if k in kwargs}
    spec = $jax.tree_util.tree_map(
        lambda s: $jax.ShapeDtypeStruct($jax.numpy.shape(s), s.dtype), result_shape_dtypes)
    out_leaves, out_tree = $jax.tree_util.tree_flatten(spec)

    @$jax.custom_jvp
    def call(args, kwargs):
        return pure_callback(callback, spec, *args, **options, **kwargs)

    @call.defjvp
    def call_jvp(primals, tangents):
        in_leaves = $jax.tree_util.tree_leaves(primals)
        jac_spec = [[$jax.ShapeDtypeStruct(y.shape + $jax.numpy.shape(x), y.dtype)
                     for x in in_leaves] for y in out_leaves]

        def host_jacobian(args, kwargs):
            jac = jacobian(callback, *args, **kwargs)
            jac = jac if isinstance(jac, (list, tuple)) else [[jac]]
            return [[$np.asarray(j).astype(s.dtype) for j, s in zip(row, specs)]
                    for row, specs in zip(jac, jac_spec)]

        jac = $with_jvp(
            $fd_jacobian, $jax.pure_callback, host_jacobian, jac_spec, *primals,
            vmap_method="sequential")
        out_tangents = []
        for y, row in zip(out_leaves, jac):
            if not $jax.numpy.issubdtype(y.dtype, $jax.numpy.inexact):
                out_tangents.append($np.zeros(y.shape, $jax.dtypes.float0))
                continue
            t_out = $jax.numpy.zeros(y.shape, y.dtype)
            for j, t in zip(row, $jax.tree_util.tree_leaves(tangents)):
                # a tangent may be a Python scalar (`jax.jvp(f, (1.0,), (1.0,))`)
                if getattr(t, "dtype", None) != $jax.dtypes.float0:
                    t = $jax.numpy.asarray(t)
                    t_out = t_out + $jax.numpy.tensordot(j, t, axes=t.ndim).astype(y.dtype)
            out_tangents.append(t_out)
        return call(*primals), $jax.tree_util.tree_unflatten(out_tree, out_tangents)

    return call(args, kwargs)
''',
    WITH_VJP: '''\
def $with_vjp(
        vjp, pure_callback, callback, result_shape_dtypes, *args, **kwargs):
    """$marker (custom-vjp).

    `pure_callback(callback, result_shape_dtypes, *args, **kwargs)` with a custom_vjp rule:
    the backward pass calls `vjp(callback, *args, ct, **kwargs)` on the host (one cotangent
    per operand, as the finite-difference vjp returns them), so grad, vjp and jacrev work
    (jvp, jacfwd and hessian do not); an outer grad differentiates `vjp` by finite
    differences.
    """
    options = {k: kwargs.pop(k) for k in ("sharding", "vmap_method") if k in kwargs}
    spec = $jax.tree_util.tree_map(
        lambda s: $jax.ShapeDtypeStruct($jax.numpy.shape(s), s.dtype), result_shape_dtypes)
    out_leaves, out_tree = $jax.tree_util.tree_flatten(spec)

    @$jax.custom_vjp
    def call(args, kwargs):
        return pure_callback(callback, spec, *args, **options, **kwargs)

    def call_fwd(args, kwargs):
        return call(args, kwargs), (args, kwargs)

    def call_bwd(primals, cotangents):
        in_leaves, in_tree = $jax.tree_util.tree_flatten(primals)
        diff = [$jax.numpy.issubdtype(x.dtype, $jax.numpy.floating) for x in in_leaves]
        cts = [c if $jax.numpy.issubdtype(y.dtype, $jax.numpy.inexact)
               else $jax.numpy.zeros(y.shape, $jax.numpy.float32)
               for c, y in zip($jax.tree_util.tree_leaves(cotangents), out_leaves)]

        def host_vjp(primals, cts):
            args, kwargs = primals
            ct = $jax.tree_util.tree_unflatten(out_tree, cts)
            result = vjp(callback, *args, ct, **kwargs)
            result = (result,) if len(args) + len(kwargs) == 1 else tuple(result)
            tree = (tuple(result[:len(args)]), dict(zip(kwargs, result[len(args):])))
            return [$np.zeros($np.shape(x), x.dtype) if c is None
                    else $np.asarray(c).astype(x.dtype)
                    for c, x, d in zip(in_tree.flatten_up_to(tree), in_leaves, diff) if d]

        ct_spec = [$jax.ShapeDtypeStruct($jax.numpy.shape(x), x.dtype)
                   for x, d in zip(in_leaves, diff) if d]
        # through the custom_jvp helper, so that an outer grad can differentiate this pass
        out = iter($with_jvp(
            $fd_jacobian, $jax.pure_callback, host_vjp, ct_spec, primals, cts,
            vmap_method="sequential"))
        return $jax.tree_util.tree_unflatten(in_tree, [next(out) if d else None for d in diff])

    call.defvjp(call_fwd, call_bwd)
    return call(args, kwargs)
''',
    LINEAR_MAP: '''\
def $linear_map(callback, result_shape_dtypes, *args, **kwargs):
    """$marker (linear-map).

    `jax.pure_callback(callback, result_shape_dtypes, *args, **kwargs)` for a `callback` that
    is linear in all its operands, written so that JAX can transpose and batch it: the host
    computes the matrix of the map once (two calls of `callback` per operand element, on
    basis vectors) and JAX applies it to the operands.
    """
    for option in ("sharding", "vmap_method"):
        kwargs.pop(option, None)
    spec = $jax.tree_util.tree_map(
        lambda s: $jax.ShapeDtypeStruct($jax.numpy.shape(s), s.dtype), result_shape_dtypes)
    out_leaves, out_tree = $jax.tree_util.tree_flatten(spec)
    leaves, tree = $jax.tree_util.tree_flatten((args, kwargs))
    in_specs = [$jax.ShapeDtypeStruct($jax.numpy.shape(x), $jax.numpy.result_type(x))
                for x in leaves]
    matrix_spec = [[$jax.ShapeDtypeStruct(y.shape + x.shape, y.dtype) for x in in_specs]
                   for y in out_leaves]

    def host_matrix():
        basis = [$np.zeros(x.shape, x.dtype) for x in in_specs]
        matrix = [[$np.zeros(m.shape) for m in row] for row in matrix_spec]

        def at():
            a, k = $jax.tree_util.tree_unflatten(tree, basis)
            return [$np.asarray(y, $np.float64)
                    for y in $jax.tree_util.tree_leaves(callback(*a, **k))]

        for i, x in enumerate(in_specs):
            for idx in $np.ndindex(x.shape):
                basis[i][idx] = 1
                up = at()
                basis[i][idx] = -1
                down = at()
                basis[i][idx] = 0
                for row, u, d in zip(matrix, up, down):
                    row[i][(...,) + idx] = (u - d) / 2
        return [[m.astype(s.dtype) for m, s in zip(row, specs)]
                for row, specs in zip(matrix, matrix_spec)]

    matrix = $jax.pure_callback(host_matrix, matrix_spec, vmap_method="sequential")
    out = []
    for y, row in zip(out_leaves, matrix):
        total = $jax.numpy.zeros(y.shape, y.dtype)
        for m, x in zip(row, leaves):
            total = total + $jax.numpy.tensordot(m, x, axes=$jax.numpy.ndim(x)).astype(y.dtype)
        out.append(total)
    return $jax.tree_util.tree_unflatten(out_tree, out)
''',
}

_PLACEHOLDERS = {
    FD_JACOBIAN: "fd_jacobian",
    FD_VJP: "fd_vjp",
    WITH_JVP: "with_jvp",
    WITH_VJP: "with_vjp",
    LINEAR_MAP: "linear_map",
}

_MODULE_HEADER = f'''\
"""{GENERATED_MARKER} (helper module): the custom derivative rules and finite differences that
its fixes of host callbacks (`jax.pure_callback` under `jax.grad`, ...) share. The fixed files
import it; the derivatives they name (`*_jacobian`, `*_vjp`) are where exact ones go.
"""

import jax
import numpy as np
'''


def is_helper_module(text: str) -> bool:
    """Whether `text` is a helper module jax-lsp wrote (its docstring says so)."""
    return GENERATED_MARKER in text[:200]


def helper_module_text(newline: str = "\n") -> str:
    """The whole helper module, every role under its public name."""
    mapping = {_PLACEHOLDERS[r]: n for r, n in _PUBLIC_NAMES.items()}
    mapping.update(jax="jax", np="np", marker=GENERATED_MARKER)
    blocks = [Template(_TEMPLATES[r]).substitute(mapping) for r in _TEMPLATES]
    return (_MODULE_HEADER + "\n\n" + "\n\n".join(blocks)).replace("\n", newline)


@dataclass(frozen=True)
class HelperModule:
    """Where the shared machinery lives for one file: `path`, imported by `import_line`
    (binding `MODULE_NAME`); `exists` when a fix (or the user) already created it."""

    path: Path
    import_line: str
    exists: bool

    @classmethod
    def beside(
        cls, file: Path, open_text: Callable[[Path], str | None] = lambda p: None
    ) -> HelperModule | None:
        """The helper module in `file`'s directory: a relative import inside a package (a
        directory with `__init__.py`), else a top-level one, as `python file.py` finds it; a
        notebook's always top-level (it runs with its directory on `sys.path`, never as part
        of a package, where `from . import` fails).
        None when anything of that name is there that jax-lsp did not write, or that is not a
        regular file (a symlink, even a dangling one, a FIFO, a device: the fixes then paste
        the helpers into the file). `open_text` gives the text of a file an editor has open (a
        module created but not saved yet)."""
        path = file.with_name(MODULE_NAME + ".py")
        text = open_text(path)
        exists = text is not None or entry_exists(path)
        if exists:
            if text is None:  # a link, FIFO, device or huge file is not jax-lsp's: never read
                data = read_regular_file(path, MAX_HELPER_MODULE_BYTES, follow_symlinks=False)
                if data is None:
                    return None
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    return None
            if not is_helper_module(text):
                return None
        if file.suffix != ".ipynb" and (file.parent / "__init__.py").exists():
            line = f"from . import {MODULE_NAME}"
        else:
            line = f"import {MODULE_NAME}"
        return cls(path, line, exists)


def require_helper(addition: ModuleAddition, role: str) -> str:
    """How the code refers to the helper `role`: through the helper module (imported once,
    created by this fix unless it exists), or as a function pasted into the module (with the
    helpers it needs) unless an earlier fix already pasted it."""
    module = addition.src.helpers
    if module is not None and addition.module_name_usable(MODULE_NAME):
        addition.import_once(module.import_line, MODULE_NAME)
        if not module.exists:
            addition.create[module.path] = helper_module_text(addition.src.newline)
        return f"{MODULE_NAME}.{_PUBLIC_NAMES[role]}"
    existing = {**addition.src.generated_helpers(), **addition.generated}
    names: dict[str, str] = {}
    # dependencies first, so the module reads top-down
    for dep in (*_NEEDS[role], role):
        if dep in names:
            continue
        if dep in existing:
            names[dep] = existing[dep]
            continue
        name = addition.fresh_name("_" + _PUBLIC_NAMES[dep])
        names[dep] = name
        jax = addition.module_alias("jax", "jax")
        np = addition.module_alias("numpy", "np")
        mapping = {_PLACEHOLDERS[r]: n for r, n in names.items()}
        mapping.update(jax=jax, np=np, marker=GENERATED_MARKER)
        addition.blocks.append(Template(_TEMPLATES[dep]).substitute(mapping))
        addition.generated[dep] = name
    return names[role]
