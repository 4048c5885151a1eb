"""JAX014-JAX016 for custom rules defined in another module of the workspace than the call that
runs them (`rule_shapes`, `decisions.CallbackDecisions.report(module=...)`): a package whose
`__init__` imports the module attaching the rules, a rule module imported for its effect, a
call made through a function of the analysed file. The finding is reported on `main.py`'s line
that leads to the rule (the `# EXPECT:` markers), pointing at the rule's `def`. Each folder runs
under JAX: a marked one raises the code's error, the near misses run."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from oracle import expected_markers, run_program

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.workspace import Workspace

_OPS = """
    import jax
    import jax.numpy as jnp

    @jax.custom_vjp
    def scaled_norm(x, scale):
        return jnp.linalg.norm(x) * scale

    @jax.custom_jvp
    def soft_sign(x):
        return x / (1 + jnp.abs(x))
"""

_GOOD_RULES = """
    import jax.numpy as jnp
    from .ops import scaled_norm, soft_sign

    def _fwd(x, scale):
        n = jnp.linalg.norm(x)
        return n * scale, (x, n, scale)

    def _bwd(res, g):
        x, n, scale = res
        return g * scale * x / n, g * n

    scaled_norm.defvjp(_fwd, _bwd)

    @soft_sign.defjvp
    def _jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return x / (1 + jnp.abs(x)), t / (1 + jnp.abs(x)) ** 2
"""

_INIT = "from .ops import scaled_norm, soft_sign\nfrom . import grads  # attaches the rules\n"

#: name -> (the other modules, main.py); `# EXPECT:` markers in main.py
FOLDERS: dict[str, tuple[dict[str, str], str]] = {
    "bwd_attached_in_a_sibling_module": ({
        "lib/__init__.py": _INIT,
        "lib/ops.py": _OPS,
        "lib/grads.py": _GOOD_RULES.replace("return g * scale * x / n, g * n",
                                            "return (g * scale * x / n,)"),
    }, """
        from lib import scaled_norm

        x = jnp.arange(1.0, 4.0)
        print(jax.grad(scaled_norm)(x, 2.0))  # EXPECT: JAX014
    """),
    "jvp_structure_in_the_function_module_through_a_loss": ({
        "lib/__init__.py": _INIT,
        "lib/ops.py": _OPS,
        "lib/grads.py": _GOOD_RULES.replace(
            "return x / (1 + jnp.abs(x)), t / (1 + jnp.abs(x)) ** 2",
            "return x / (1 + jnp.abs(x)), (t / (1 + jnp.abs(x)) ** 2, t)"),
    }, """
        from lib import soft_sign

        def loss(v):
            return soft_sign(v).sum()  # EXPECT: JAX015

        print(jax.grad(loss)(jnp.arange(1.0, 4.0)))
    """),
    "fwd_arity_in_a_rule_module_imported_for_its_effect": ({
        "lib/__init__.py": "",
        "lib/ops.py": _OPS,
        "lib/grads.py": _GOOD_RULES.replace("def _fwd(x, scale):", "def _fwd(x):").replace(
            "return n * scale, (x, n, scale)", "return n, (x, n, 1.0)"),
    }, """
        from lib.ops import scaled_norm
        import lib.grads  # noqa: F401

        x = jnp.arange(1.0, 4.0)
        print(jax.value_and_grad(scaled_norm)(x, 2.0))  # EXPECT: JAX016
    """),
    "neg_good_rules_in_another_module": ({
        "lib/__init__.py": _INIT,
        "lib/ops.py": _OPS,
        "lib/grads.py": _GOOD_RULES,
    }, """
        from lib import scaled_norm, soft_sign

        x = jnp.arange(1.0, 4.0)
        print(jax.grad(scaled_norm)(x, 2.0))
        print(jax.grad(lambda v: soft_sign(v).sum())(x))
    """),
    "neg_bad_bwd_in_another_module_never_differentiated": ({
        "lib/__init__.py": _INIT,
        "lib/ops.py": _OPS,
        "lib/grads.py": _GOOD_RULES.replace("return g * scale * x / n, g * n",
                                            "return (g * scale * x / n,)"),
    }, """
        from lib import scaled_norm

        x = jnp.arange(1.0, 4.0)
        print(jax.jit(scaled_norm)(x, 2.0))
    """),
}

_MESSAGES = {
    "JAX014": "Custom VJP bwd rule must produce an output with the same container",
    "JAX015": "must produce primal and tangent outputs with equal container",
    "JAX016": "positional argument",
}


def _write(root: Path, name: str) -> Path:
    others, main = FOLDERS[name]
    for rel, text in others.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(textwrap.dedent(text))
    (root / "main.py").write_text("import jax\nimport jax.numpy as jnp\n" + textwrap.dedent(main))
    return root / "main.py"


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_rule_findings_match_the_markers(tmp_path: Path, name: str) -> None:
    main = _write(tmp_path, name)
    source = main.read_text()
    result = analyze_source(source, str(main), workspace=Workspace(roots=[tmp_path]))
    got = {(f.span.line, f.code) for f in result.findings}
    assert got == expected_markers(source)
    for f in result.findings:  # the last step points at the rule, in its module
        assert f.path[-1].filename == str((tmp_path / "lib" / "grads.py").resolve()) or (
            f.path[-1].filename and f.path[-1].filename.endswith("grads.py"))
        assert f.path[-1].label.endswith("is defined here")


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_each_folder_does_what_jax_does(tmp_path: Path, name: str) -> None:
    main = _write(tmp_path, name)
    codes = {code for _, code in expected_markers(main.read_text())}
    outcome = run_program(main)
    if not codes:
        assert outcome.ok, outcome
        return
    (code,) = codes
    assert not outcome.ok and _MESSAGES[code] in outcome.message, outcome
