"""`python/dynamic_classes.py`: the class `type(name, bases, namespace)` makes. Python's
behaviour is checked first; then the model on small programs, each with the codes JAX 0.10.2
gave when run (`test_run_under_jax`), but for the one marked `UNKNOWABLE`."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from jax_lsp.analysis import analyze_source


def test_type_call_makes_a_class_like_a_class_statement() -> None:
    def _init(self, g):
        self.g = g

    base = type("Base", (), {"__init__": _init, "kind": "base"})
    made = type("Made", (base,), {"twice": lambda self: 2 * self.g})
    made.added = lambda self: self.g + 1  # a method set after the class exists
    m = made(3)
    assert (m.twice(), m.added(), m.kind, made.__name__) == (6, 4, "base", "Made")


H = (
    "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"
    "from jax.experimental import io_callback\n\n"
    "def _log(v):\n    return np.asarray(v, dtype=np.float32)\n\n"
    "def _step(self, x):\n"
    "    return io_callback(_log, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=True)\n\n"
)

PROGRAMS = {
    "namespace_method": ("""
        Arm = type("Arm", (), {"step": _step})
        print(jax.vmap(Arm().step)(jnp.ones((2, 3))))
        """, ["JAX013"]),
    "inherited_from_made_base": ("""
        Base = type("Base", (), {"step": _step})
        Arm = type("Arm", (Base,), {})
        print(jax.vmap(Arm().step)(jnp.ones((2, 3))))
        """, ["JAX013"]),
    "unbatched_call": ("""
        Arm = type("Arm", (), {"step": _step})
        print(jax.jit(Arm().step)(jnp.ones(3)))
        """, []),
    # a namespace keyed by an environment variable: the program is analysed as it runs with
    # the variable unset (`run_environment`), so the key is "other" and JAX raises
    "namespace_keyed_by_an_unset_variable": ("""
        import os
        ns = {os.environ.get("STEP_NAME", "other"): _step}
        Arm = type("Arm", (), ns)
        print(jax.vmap(getattr(Arm(), "other", lambda x: x))(jnp.ones((2, 3))))
        """, ["JAX013"]),
    # UNKNOWABLE: a namespace keyed by a command-line word: the class is not known and
    # nothing is guessed, quiet by design
    "namespace_built_at_run_time": ("""
        import sys
        ns = {sys.argv[-1]: _step}
        Arm = type("Arm", (), ns)
        print(jax.vmap(getattr(Arm(), "other", lambda x: x))(jnp.ones((2, 3))))
        """, []),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program(name: str) -> None:
    body, codes = PROGRAMS[name]
    result = analyze_source(H + textwrap.dedent(body).lstrip(), f"{name}.py")
    assert result.error is None
    assert sorted({f.code for f in result.findings}) == codes


@pytest.mark.parametrize("name", sorted(set(PROGRAMS) - {"namespace_built_at_run_time"}))
def test_run_under_jax(name: str, tmp_path) -> None:
    body, codes = PROGRAMS[name]
    path = tmp_path / f"{name}.py"
    path.write_text(H + textwrap.dedent(body).lstrip())
    run = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                         timeout=300)
    raised = "Cannot `vmap` ordered IO callback" in run.stderr
    assert raised == ("JAX013" in codes), run.stderr[-2000:]
    if not codes:
        assert run.returncode == 0, run.stderr[-2000:]
