"""Before/after snapshots of each fix on representative inputs: import aliases (`import jax as
jx`, `from jax import lax`, `from jax.lax import stop_gradient`, `pure_callback as pc`), pytree
operands, closures, multi-line calls with comments inside, name clashes, CRLF files. The
generated helpers are shown by their signature only (`elide_generated`); their bodies are
exercised by running the fixed programs under JAX (test_corpus_fixes, test_fix_gradients).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from fix_cases import REPO, elide_generated, reported

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.fixes import Fix, apply_edits, fixes_for
from jax_lsp.fixes.generated import HelperModule, helper_module_text


@dataclass(frozen=True)
class Snapshot:
    name: str
    kind: str
    safe: bool
    before: str
    after: str


def only_fix(source: str, kind: str, index: int = 0) -> Fix:
    finding = analyze_source(source).findings[index]
    fixes = [f for f in fixes_for(source, finding) if f.kind.value == kind]
    assert len(fixes) == 1, [f.kind.value for f in fixes_for(source, finding)]
    return fixes[0]


SNAPSHOTS = [
    Snapshot(
        "from_jax_import_lax",
        "stop-gradient",
        safe=False,
        before='''\
import jax
import numpy as np
from jax import lax


def f(x):
    y = lax.sin(x)
    return jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), y)


jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))
''',
        after='''\
import jax
import numpy as np
from jax import lax


def f(x):
    y = lax.sin(x)
    return jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), lax.stop_gradient(y))


jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))
''',
    ),
    Snapshot(
        "jx_alias",
        "stop-gradient",
        safe=False,
        before='''\
import jax as jx
import numpy as np


def f(x):
    return jx.pure_callback(np.cos, jx.ShapeDtypeStruct(x.shape, x.dtype), x)


jx.grad(lambda x: f(x).sum())(jx.numpy.ones(2))
''',
        after='''\
import jax as jx
import numpy as np


def f(x):
    return jx.pure_callback(np.cos, jx.ShapeDtypeStruct(x.shape, x.dtype), jx.lax.stop_gradient(x))


jx.grad(lambda x: f(x).sum())(jx.numpy.ones(2))
''',
    ),
    Snapshot(
        "stop_gradient_imported",
        "stop-gradient",
        safe=False,
        before='''\
import jax
import numpy as np
from jax.lax import stop_gradient


def f(x):
    return jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))
''',
        after='''\
import jax
import numpy as np
from jax.lax import stop_gradient


def f(x):
    return jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), stop_gradient(x))


jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))
''',
    ),
    Snapshot(
        "no_jax_module",
        "stop-gradient",
        safe=False,
        before='''\
"""Only names from jax."""
from jax import ShapeDtypeStruct, grad, pure_callback
import numpy as np


def f(x):
    return pure_callback(np.cos, ShapeDtypeStruct(x.shape, x.dtype), x)


grad(lambda x: f(x).sum())(np.ones(2, np.float32))
''',
        after='''\
"""Only names from jax."""
from jax import ShapeDtypeStruct, grad, pure_callback
import numpy as np
from jax import lax


def f(x):
    return pure_callback(np.cos, ShapeDtypeStruct(x.shape, x.dtype), lax.stop_gradient(x))


grad(lambda x: f(x).sum())(np.ones(2, np.float32))
''',
    ),
    Snapshot(
        "lax_shadowed",
        "stop-gradient",
        safe=False,
        before='''\
import jax
import numpy as np
from jax import lax


def f(x, lax=None):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.cos, spec, x)


jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))
''',
        after='''\
import jax
import numpy as np
from jax import lax


def f(x, lax=None):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.cos, spec, jax.lax.stop_gradient(x))


jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))
''',
    ),
    Snapshot(
        "pytree_multiline_comments",
        "stop-gradient",
        safe=False,
        before='''\
import jax
import jax.numpy as jnp
import numpy as np


def host_norm(p):
    return np.float32(np.sum(np.asarray(p["w"]) ** 2) + np.sum(np.asarray(p["b"]) ** 2))


def loss(w, b):
    norm = jax.pure_callback(
        host_norm,  # runs on the host
        jax.ShapeDtypeStruct((), jnp.float32),
        # the whole parameter tree goes over
        {"w": w, "b": b},
    )
    return norm + jnp.sum(w)


jax.grad(loss)(jnp.ones(2), jnp.zeros(2))
''',
        after='''\
import jax
import jax.numpy as jnp
import numpy as np


def host_norm(p):
    return np.float32(np.sum(np.asarray(p["w"]) ** 2) + np.sum(np.asarray(p["b"]) ** 2))


def loss(w, b):
    norm = jax.pure_callback(
        host_norm,  # runs on the host
        jax.ShapeDtypeStruct((), jnp.float32),
        # the whole parameter tree goes over
        jax.lax.stop_gradient({"w": w, "b": b}),
    )
    return norm + jnp.sum(w)


jax.grad(loss)(jnp.ones(2), jnp.zeros(2))
''',
    ),
    Snapshot(
        "io_logging",
        "stop-gradient",
        safe=True,
        before='''\
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def loss(w):
    value = jnp.sum(w ** 2)
    io_callback(print, None, value)
    return value


jax.grad(loss)(jnp.ones(2))
''',
        after='''\
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def loss(w):
    value = jnp.sum(w ** 2)
    io_callback(print, None, jax.lax.stop_gradient(value))
    return value


jax.grad(loss)(jnp.ones(2))
''',
    ),
    Snapshot(
        "vjp_multiline_comments",
        "custom-vjp",
        safe=True,
        before='''\
import jax
import jax.numpy as jnp
import numpy as np


def loss(w, b):
    out = jax.pure_callback(  # host model
        lambda w, b: np.tanh(w + b).astype(np.float32),
        jax.ShapeDtypeStruct(w.shape, w.dtype),
        w,  # weights
        b,
    )
    return jnp.sum(out)


jax.grad(loss)(jnp.ones(2), jnp.zeros(2))
''',
        after='''\
import jax
import jax.numpy as jnp
import numpy as np


def _finite_difference_jacobian(...): ...  # finite-difference-jacobian


def _pure_callback_with_jvp(...): ...  # custom-jvp


def _pure_callback_with_vjp(...): ...  # custom-vjp


def _finite_difference_vjp(...): ...  # finite-difference-vjp


def host_callback_vjp(callback, w, b, ct):
    """The vector-Jacobian product of the callback with `ct` (shaped like its result):
    one cotangent per operand, shaped like it (a tuple for several; None for
    an integer one).
    Finite differences for now (calls the host twice per input element): replace them
    with the exact derivative."""
    return _finite_difference_vjp(callback, w, b, ct)


def loss(w, b):
    out = _pure_callback_with_vjp(host_callback_vjp, jax.pure_callback,  # host model
        lambda w, b: np.tanh(w + b).astype(np.float32),
        jax.ShapeDtypeStruct(w.shape, w.dtype),
        w,  # weights
        b,
    )
    return jnp.sum(out)


jax.grad(loss)(jnp.ones(2), jnp.zeros(2))
''',
    ),
    Snapshot(
        "jvp_jx_alias_no_numpy",
        "custom-jvp",
        safe=True,
        before='''\
import jax as jx


def f(x: jx.Array) -> jx.Array:
    return jx.pure_callback(
        lambda v: v ** 0.5, jx.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential"
    )


jx.jacfwd(f)(jx.numpy.ones(2))
''',
        after='''\
import jax as jx
import numpy as np


def _finite_difference_jacobian(...): ...  # finite-difference-jacobian


def _pure_callback_with_jvp(...): ...  # custom-jvp


def host_callback_jacobian(callback, x):
    """The Jacobian of `lambda v: v ** 0.5` at these operands: `jac[i][j]` of shape
    `result_i.shape + operand_j.shape` (one array for one operand and one result).
    Finite differences for now (calls the host twice per input element): replace them
    with the exact derivative."""
    return _finite_difference_jacobian(callback, x)


def f(x: jx.Array) -> jx.Array:
    return _pure_callback_with_jvp(host_callback_jacobian, jx.pure_callback,
        lambda v: v ** 0.5, jx.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential"
    )


jx.jacfwd(f)(jx.numpy.ones(2))
''',
    ),
    Snapshot(
        "jvp_pc_alias_closure",
        "custom-jvp",
        safe=True,
        before='''\
from jax import ShapeDtypeStruct, jvp, pure_callback as pc
import numpy as np


def make_model(scale):
    def host(v):
        return (np.asarray(v) * scale).astype(np.float32)

    def model(x):
        spec = ShapeDtypeStruct(x.shape, x.dtype)
        return pc(host, spec, x)

    return model


jvp(make_model(3.0), (np.ones(2, np.float32),), (np.ones(2, np.float32),))
''',
        after='''\
from jax import ShapeDtypeStruct, jvp, pure_callback as pc
import numpy as np
import jax


def _finite_difference_jacobian(...): ...  # finite-difference-jacobian


def _pure_callback_with_jvp(...): ...  # custom-jvp


def host_jacobian(callback, x):
    """The Jacobian of `host` at these operands: `jac[i][j]` of shape
    `result_i.shape + operand_j.shape` (one array for one operand and one result).
    Finite differences for now (calls the host twice per input element): replace them
    with the exact derivative."""
    return _finite_difference_jacobian(callback, x)


def make_model(scale):
    def host(v):
        return (np.asarray(v) * scale).astype(np.float32)

    def model(x):
        spec = ShapeDtypeStruct(x.shape, x.dtype)
        return _pure_callback_with_jvp(host_jacobian, pc, host, spec, x)

    return model


jvp(make_model(3.0), (np.ones(2, np.float32),), (np.ones(2, np.float32),))
''',
    ),
    Snapshot(
        "name_taken",
        "custom-jvp",
        safe=True,
        before='''\
import jax
import numpy as np


def _host_jacobian():
    return "mine"


def f(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(np.cos, spec, x)


jax.jacfwd(f)(jax.numpy.ones(2))
''',
        after='''\
import jax
import numpy as np


def _finite_difference_jacobian(...): ...  # finite-difference-jacobian


def _pure_callback_with_jvp(...): ...  # custom-jvp


def _host_jacobian():
    return "mine"


def cos_jacobian(callback, x):
    """The Jacobian of `np.cos` at these operands: `jac[i][j]` of shape
    `result_i.shape + operand_j.shape` (one array for one operand and one result).
    Finite differences for now (calls the host twice per input element): replace them
    with the exact derivative."""
    return _finite_difference_jacobian(callback, x)


def f(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return _pure_callback_with_jvp(cos_jacobian, jax.pure_callback, np.cos, spec, x)


jax.jacfwd(f)(jax.numpy.ones(2))
''',
    ),
    Snapshot(
        "tangent_rule",
        "custom-vjp",
        safe=True,
        before='''\
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def scale(x):
    return 3.0 * x


@scale.defjvp
def _scale_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    t_out = jax.pure_callback(lambda v: 3.0 * np.asarray(v, np.float32),
                              jax.ShapeDtypeStruct(t.shape, t.dtype), t)
    return scale(x), t_out


jax.grad(lambda x: jnp.sum(scale(x)))(jnp.ones(2))
''',
        after='''\
import jax
import jax.numpy as jnp
import numpy as np


def _pure_callback_as_linear_map(...): ...  # linear-map


@jax.custom_jvp
def scale(x):
    return 3.0 * x


@scale.defjvp
def _scale_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    t_out = _pure_callback_as_linear_map(lambda v: 3.0 * np.asarray(v, np.float32),
                              jax.ShapeDtypeStruct(t.shape, t.dtype), t)
    return scale(x), t_out


jax.grad(lambda x: jnp.sum(scale(x)))(jnp.ones(2))
''',
    ),
    Snapshot(
        "jacfwd_attr",
        "jacrev-instead",
        safe=False,
        before='''\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.jacfwd(f)(jnp.ones(2)))
''',
        after='''\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.jacrev(f)(jnp.ones(2)))
''',
    ),
    Snapshot(
        "jacfwd_name",
        "jacrev-instead",
        safe=False,
        before='''\
from jax import custom_vjp, jacfwd
import jax.numpy as jnp


@custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jacfwd(f)(jnp.ones(2)))
''',
        after='''\
from jax import custom_vjp, jacfwd
import jax.numpy as jnp
from jax import jacrev


@custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jacrev(f)(jnp.ones(2)))
''',
    ),
    Snapshot(
        "hessian",
        "jacrev-instead",
        safe=False,
        before='''\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x, y):
    return jnp.sum(jnp.sin(x) * y)


f.defvjp(lambda x, y: (f(x, y), (x, y)),
         lambda r, g: (g * jnp.cos(r[0]) * r[1], g * jnp.sin(r[0])))
print(jax.hessian(f, argnums=1)(jnp.ones(2), jnp.ones(2)))
''',
        after='''\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x, y):
    return jnp.sum(jnp.sin(x) * y)


f.defvjp(lambda x, y: (f(x, y), (x, y)),
         lambda r, g: (g * jnp.cos(r[0]) * r[1], g * jnp.sin(r[0])))
print(jax.jacrev(jax.jacrev(f, argnums=1), argnums=1)(jnp.ones(2), jnp.ones(2)))
''',
    ),
    Snapshot(
        "check_grads",
        "jacrev-instead",
        safe=False,
        before='''\
import jax
import jax.numpy as jnp
from jax.test_util import check_grads


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
check_grads(f, (jnp.ones(2),), order=1)
''',
        after='''\
import jax
import jax.numpy as jnp
from jax.test_util import check_grads


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
check_grads(f, (jnp.ones(2),), order=1, modes=["rev"])
''',
    ),
]


@pytest.mark.parametrize("snap", SNAPSHOTS, ids=[s.name for s in SNAPSHOTS])
def test_snapshot(snap: Snapshot) -> None:
    fix = only_fix(snap.before, snap.kind)
    fixed = apply_edits(snap.before, fix.edits)
    assert elide_generated(fixed) == snap.after
    assert fix.safe is snap.safe
    ast.parse(fixed)
    code = analyze_source(snap.before).findings[0].code
    assert reported(fixed, code) == []


def test_custom_vjp_is_not_offered_under_forward_mode() -> None:
    source = next(s for s in SNAPSHOTS if s.name == "jvp_jx_alias_no_numpy").before
    finding = analyze_source(source).findings[0]
    kinds = [f.kind for f in fixes_for(source, finding)]
    assert kinds == [FixKind.CUSTOM_JVP, FixKind.STOP_GRADIENT, FixKind.SUPPRESS]


TWO_CALLBACKS = """\
import jax
import jax.numpy as jnp
import numpy as np


def f(x):
    a = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    b = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(a * b)


jax.jacfwd(f)(jnp.ones(2))
"""


def test_a_second_fix_reuses_the_generated_helpers() -> None:
    first = only_fix(TWO_CALLBACKS, "custom-jvp", 0)
    once = apply_edits(TWO_CALLBACKS, first.edits)
    second = only_fix(once, "custom-jvp", 0)
    # its own derivative and the callee only: no new helper, no new import
    assert len(second.edits) == 3
    twice = apply_edits(once, second.edits)
    assert twice.count("def _pure_callback_with_jvp(") == 1
    assert twice.count("def _finite_difference_jacobian(") == 1
    assert "_pure_callback_with_jvp(sin_jacobian, jax.pure_callback, np.sin," in twice
    assert "_pure_callback_with_jvp(cos_jacobian, jax.pure_callback, np.cos," in twice
    assert "def sin_jacobian(callback, x):" in twice and "def cos_jacobian(callback, x):" in twice
    assert analyze_source(twice).findings == []


def test_crlf_files_keep_their_line_endings() -> None:
    source = TWO_CALLBACKS.replace("\n", "\r\n")
    for kind in ("custom-jvp", "stop-gradient"):
        fixed = apply_edits(source, only_fix(source, kind).edits)
        assert "\n" not in fixed.replace("\r\n", ""), kind
        ast.parse(fixed)


def test_suppression_merges_with_an_existing_comment() -> None:
    source = TWO_CALLBACKS.replace(
        "x.dtype), x)\n    b", "x.dtype), x)  # jax-lsp: ignore[JAX003]\n    b")
    fix = only_fix(source, "suppress")
    fixed = apply_edits(source, fix.edits)
    assert "x)  # jax-lsp: ignore[JAX003, JAX001]\n    b =" in fixed


def test_generated_helpers_are_lint_clean(tmp_path: Path) -> None:
    source = (
        "import jax\nimport numpy as np\n\n\n"
        "def f(x):\n"
        "    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)\n"
        "    return jax.pure_callback(np.sin, spec, x)\n\n\n"
        "jax.grad(lambda x: f(x).sum())(jax.numpy.ones(2))\n"
    )
    fixed = apply_edits(source, only_fix(source, "custom-vjp").edits)
    rule = next(s for s in SNAPSHOTS if s.name == "tangent_rule").before
    linear = apply_edits(rule, only_fix(rule, "custom-vjp").edits)
    module = HelperModule.beside(tmp_path / "shared.py")
    assert module is not None
    finding = analyze_source(source).findings[0]
    shared = next(f for f in fixes_for(source, finding, module) if f.kind.value == "custom-vjp")
    files = [("vjp.py", fixed), ("linear.py", linear), ("shared.py", apply_edits(source,
             shared.edits)), (module.path.name, helper_module_text())]
    for name, text in files:
        (tmp_path / name).write_text(text)
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select", "E,F,W",
         "--line-length", "100", str(tmp_path)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout


def test_importing_the_fixes_package_does_not_import_libcst() -> None:
    code = "import sys, jax_lsp.fixes; print('libcst' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=REPO)
    assert proc.stdout.strip() == "False"
