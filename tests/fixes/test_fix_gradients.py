"""The gradient each fix promises, checked under real JAX on programs whose host function has a
JAX twin (`np.sin` vs `jnp.sin`, ...).

Each program in `programs/` has one finding and writes, to `<name>.json`, the derivative it
computes (`value`), the derivative of its JAX twin (`twin`) and the derivative with the host
path's contribution removed (`stopped`). A fixed program must run under JAX (in batches, see
`batch_oracle`) and:

The fixes are applied as `check --fix` applies them, with a helper module beside the program.

- custom_jvp / custom_vjp (finite differences on the host): `value` within 1e-3 relative error
  of `twin` (norm-relative: max |value - twin| / max |twin|); second derivatives, which nest
  finite differences, within 1e-2;
- the host-matrix rewrite and jacrev-instead are exact up to float32 rounding;
- stop_gradient: `value` equals `stopped` (zero along the stopped path), or `twin` when the
  callback's result is unused.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest
from fix_cases import batch_path, run_batch

from jax_lsp.analysis import analyze_source
from jax_lsp.fixes import apply_edits, fixes_for
from jax_lsp.fixes.generated import MODULE_NAME, HelperModule

PROGRAMS = Path(__file__).parent / "programs"

FIRST_ORDER = 1e-3
SECOND_ORDER = 1e-2
EXACT = 1e-5

#: program -> the fixes offered, preferred first (the suppression comes last, not listed), each
#: with the reference its derivative must match and the tolerance
EXPECTED: dict[str, dict[str, tuple[str, float]]] = {
    "grad_host_sin.py": {
        "custom-vjp": ("twin", FIRST_ORDER),
        "custom-jvp": ("twin", FIRST_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "grad_host_pytree_params.py": {
        "custom-vjp": ("twin", FIRST_ORDER),
        "custom-jvp": ("twin", FIRST_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "jacfwd_host_two_operands.py": {
        "custom-jvp": ("twin", FIRST_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "jvp_vmap_jit_host_cubic.py": {
        "custom-jvp": ("twin", FIRST_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "jvp_python_float_tangent.py": {
        "custom-jvp": ("twin", FIRST_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "hessian_host_potential.py": {
        "custom-jvp": ("twin", SECOND_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "grad_of_grad_host_sin.py": {
        "custom-vjp": ("twin", SECOND_ORDER),
        "custom-jvp": ("twin", SECOND_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "hessian_custom_jvp_host_slope.py": {
        "custom-jvp": ("twin", FIRST_ORDER),
        "stop-gradient": ("stopped", EXACT),
    },
    "linear_transpose_host_matvec.py": {"custom-vjp": ("twin", EXACT)},
    "grad_custom_jvp_tangent_host.py": {"custom-vjp": ("twin", EXACT)},
    "jacfwd_custom_vjp_pure_jax.py": {"jacrev-instead": ("twin", EXACT)},
    "grad_io_callback_logging.py": {"stop-gradient": ("twin", EXACT)},
}


def test_every_program_is_listed() -> None:
    assert sorted(p.name for p in PROGRAMS.glob("*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_offered_fixes(name: str) -> None:
    source = (PROGRAMS / name).read_text()
    (finding,) = analyze_source(source).findings
    kinds = [f.kind.value for f in fixes_for(source, finding)]
    assert kinds == [*EXPECTED[name], "suppress"]


def _flat(values: object) -> np.ndarray:
    if isinstance(values, list) and values and isinstance(values[0], list):
        return np.concatenate([np.ravel(v) for v in values])
    return np.ravel(np.asarray(values, dtype=float))


CASES = [(name, kind) for name, fixes in sorted(EXPECTED.items()) for kind in fixes]
#: two batches, one per xdist worker
GROUPS = {case: f"fix-gradients-{i % 2}" for i, case in enumerate(CASES)}


def _fixed(name: str, kind: str) -> dict[str, str]:
    """The program fixed as `check --fix` and editors that create files fix it: the shared
    machinery in a helper module beside it (the corpus tests run the pasted form)."""
    source = (PROGRAMS / name).read_text()
    (finding,) = analyze_source(source).findings
    helpers = HelperModule(Path("/nonexistent") / f"{MODULE_NAME}.py",
                           f"import {MODULE_NAME}", exists=False)
    fix = next(f for f in fixes_for(source, finding, helpers) if f.kind.value == kind)
    return {name: apply_edits(source, fix.edits), **{c.path.name: c.text for c in fix.create}}


@pytest.mark.parametrize(
    ("name", "kind"),
    [pytest.param(n, k, id=f"{n[:-3]}:{k}", marks=pytest.mark.xdist_group(GROUPS[n, k]))
     for n, k in CASES],
)
def test_fixed_program_computes_the_promised_derivative(
    name: str, kind: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    group = GROUPS[name, kind]
    batch = [(f"{n}:{k}", n, functools.partial(_fixed, n, k))
             for (n, k), g in GROUPS.items() if g == group]
    outcome = run_batch(group, batch, tmp_path_factory.getbasetemp() / "fixed-gradients")[
        f"{name}:{kind}"]
    assert outcome.ok, str(outcome)

    result = json.loads(batch_path(group, f"{name}:{kind}").with_suffix(".json").read_text())
    reference, tolerance = EXPECTED[name][kind]
    value, expected = _flat(result["value"]), _flat(result[reference])
    assert value.shape == expected.shape
    scale = max(float(np.max(np.abs(expected))), 1e-12)
    error = float(np.max(np.abs(value - expected))) / scale
    assert error <= tolerance, (
        f"{kind}: relative error {error:.2e} > {tolerance:.0e}\n"
        f"value {value}\n{reference} {expected}"
    )
