"""The helper functions the custom_jvp, custom_vjp and host-linear-map fixes add to a module,
as source templates, and the planning that adds each helper once per module.

The helpers take the callback call's own arguments, so a fix only renames the callee at the
call site (`jax.pure_callback(f, spec, x)` becomes `_pure_callback_with_jvp(jax.pure_callback,
f, spec, x)`): the callback, its result shapes and closed-over locals stay where they are and
reach the custom derivative as arguments.
"""

from __future__ import annotations

from string import Template

from jax_lsp.fixes.source import GENERATED_MARKER, ModuleAddition

__all__ = ["HOST_JACOBIAN", "LINEAR_MAP", "WITH_JVP", "WITH_VJP", "require_helper"]

HOST_JACOBIAN = "host-jacobian"
WITH_JVP = "custom-jvp"
WITH_VJP = "custom-vjp"
LINEAR_MAP = "linear-map"

_DEFAULT_NAMES = {
    HOST_JACOBIAN: "_host_jacobian",
    WITH_JVP: "_pure_callback_with_jvp",
    WITH_VJP: "_pure_callback_with_vjp",
    LINEAR_MAP: "_pure_callback_as_linear_map",
}

_NEEDS = {
    HOST_JACOBIAN: (),
    WITH_JVP: (HOST_JACOBIAN,),
    WITH_VJP: (HOST_JACOBIAN, WITH_JVP),
    LINEAR_MAP: (),
}

_TEMPLATES = {
    HOST_JACOBIAN: '''\
def $host_jacobian(callback, args, kwargs):
    """$marker (host-jacobian).

    The Jacobian of `callback(*args, **kwargs)` on the host, by central finite differences
    (two calls of `callback` per input element): for each output leaf, one float64 array of
    shape `output.shape + input.shape` per input leaf (zeros for integer and boolean inputs).
    """
    leaves, tree = $jax.tree_util.tree_flatten((args, kwargs))
    leaves = [$np.asarray(x) for x in leaves]

    def outputs(xs):
        a, k = $jax.tree_util.tree_unflatten(tree, xs)
        out = $jax.tree_util.tree_leaves(callback(*a, **k))
        return [$np.asarray(y, $np.float64) for y in out]

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
    return jac
''',
    WITH_JVP: '''\
def $with_jvp(pure_callback, callback, result_shape_dtypes, *args, **kwargs):
    """$marker (custom-jvp).

    `pure_callback(callback, result_shape_dtypes, *args, **kwargs)` with a first-order
    custom_jvp rule, so grad, jvp, jacfwd and jacrev work.

    The rule calls the host on primals only, for the Jacobian of `callback` (central finite
    differences, about 1e-3 relative error or better), and contracts it with the tangents in
    JAX. Higher derivatives (hessian) nest finite differences and are rougher.
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
            # The exact derivative goes here: return the Jacobian of `callback` in this layout
            # instead of finite differences.
            jac = $host_jacobian(callback, args, kwargs)
            return [[j.astype(s.dtype) for j, s in zip(row, specs)]
                    for row, specs in zip(jac, jac_spec)]

        jac = $with_jvp(
            $jax.pure_callback, host_jacobian, jac_spec, *primals, vmap_method="sequential")
        out_tangents = []
        for y, row in zip(out_leaves, jac):
            if not $jax.numpy.issubdtype(y.dtype, $jax.numpy.inexact):
                out_tangents.append($np.zeros(y.shape, $jax.dtypes.float0))
                continue
            t_out = $jax.numpy.zeros(y.shape, y.dtype)
            for j, t in zip(row, $jax.tree_util.tree_leaves(tangents)):
                if t.dtype != $jax.dtypes.float0:
                    t_out = t_out + $jax.numpy.tensordot(j, t, axes=t.ndim).astype(y.dtype)
            out_tangents.append(t_out)
        return call(*primals), $jax.tree_util.tree_unflatten(out_tree, out_tangents)

    return call(args, kwargs)
''',
    WITH_VJP: '''\
def $with_vjp(pure_callback, callback, result_shape_dtypes, *args, **kwargs):
    """$marker (custom-vjp).

    `pure_callback(callback, result_shape_dtypes, *args, **kwargs)` with a custom_vjp rule,
    so grad, vjp and jacrev work (jvp, jacfwd and hessian do not).

    The backward pass computes the vector-Jacobian product on the host, by central finite
    differences of `callback` (about 1e-3 relative error or better), in a second callback
    that is itself differentiable (grad of grad works).
    """
    options = {k: kwargs.pop(k) for k in ("sharding", "vmap_method") if k in kwargs}
    spec = $jax.tree_util.tree_map(
        lambda s: $jax.ShapeDtypeStruct($jax.numpy.shape(s), s.dtype), result_shape_dtypes)
    out_inexact = [$jax.numpy.issubdtype(y.dtype, $jax.numpy.inexact)
                   for y in $jax.tree_util.tree_leaves(spec)]

    @$jax.custom_vjp
    def call(args, kwargs):
        return pure_callback(callback, spec, *args, **options, **kwargs)

    def call_fwd(args, kwargs):
        return call(args, kwargs), (args, kwargs)

    def call_bwd(primals, cotangents):
        in_leaves, in_tree = $jax.tree_util.tree_flatten(primals)
        diff = [$jax.numpy.issubdtype(x.dtype, $jax.numpy.floating) for x in in_leaves]
        cts = [c for c, d in zip($jax.tree_util.tree_leaves(cotangents), out_inexact) if d]

        def host_vjp(primals, cts):
            # The exact derivative goes here: return the vector-Jacobian product of `callback`
            # (one array per floating input leaf) instead of finite differences.
            jac = [row for row, d in zip($host_jacobian(callback, *primals), out_inexact) if d]
            leaves = $jax.tree_util.tree_leaves(primals)
            return [sum(($np.tensordot(c, row[i], axes=$np.ndim(c)) for c, row in zip(cts, jac)),
                        $np.zeros($np.shape(x))).astype(x.dtype)
                    for i, (x, d) in enumerate(zip(leaves, diff)) if d]

        ct_spec = [$jax.ShapeDtypeStruct($jax.numpy.shape(x), x.dtype)
                   for x, d in zip(in_leaves, diff) if d]
        # through the custom_jvp helper, so that an outer grad can differentiate this pass
        vjp = iter($with_jvp(
            $jax.pure_callback, host_vjp, ct_spec, primals, cts, vmap_method="sequential"))
        return $jax.tree_util.tree_unflatten(in_tree, [next(vjp) if d else None for d in diff])

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
    HOST_JACOBIAN: "host_jacobian",
    WITH_JVP: "with_jvp",
    WITH_VJP: "with_vjp",
    LINEAR_MAP: "linear_map",
}


def require_helper(addition: ModuleAddition, role: str) -> str:
    """The name of the generated helper `role` in the module, adding it (and the helpers and
    imports it needs) to `addition` unless an earlier fix already generated it."""
    existing = addition.src.generated_helpers()
    names: dict[str, str] = {}
    # dependencies first, so the module reads top-down
    for dep in (*_NEEDS[role], role):
        if dep in names:
            continue
        if dep in existing:
            names[dep] = existing[dep]
            continue
        name = addition.fresh_name(_DEFAULT_NAMES[dep])
        names[dep] = name
        jax = addition.module_alias("jax", "jax")
        np = addition.module_alias("numpy", "np")
        mapping = {_PLACEHOLDERS[r]: n for r, n in names.items()}
        mapping.update(jax=jax, np=np, marker=GENERATED_MARKER)
        addition.blocks.append(Template(_TEMPLATES[dep]).substitute(mapping))
    return names[role]
