"""JAX012's fix where the options that write `vectorized=` also give `vmap_method` (a dict of
options spread into the callback elsewhere): replacing the keyword would repeat
`vmap_method` (a SyntaxError in `dict(...)`, a silently overridden key in a dict display)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

#: the folder of the `jax_lsp` these tests import (the repository, or a compiled copy given by
#: PYTHONPATH: docs/internals.md, "The compiled build"): the subprocess runs the same package
PACKAGE_ROOT = Path(importlib.util.find_spec("jax_lsp").origin).resolve().parents[1]

PROGRAM = textwrap.dedent("""
    import jax
    import jax.numpy as jnp
    import numpy as np


    def halve(x):
        return (0.5 * np.asarray(x)).astype(np.float32)


    OPTS = {options}


    def feature(x):
        return jax.pure_callback(halve, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, **OPTS)


    print(jax.vmap(feature)(jnp.ones((2, 3))))
""")


def _diff(tmp_path: Path, options: str) -> str:
    path = tmp_path / "prog.py"
    path.write_text(PROGRAM.format(options=options))
    run = subprocess.run([sys.executable, "-m", "jax_lsp", "check", "--diff", str(path)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env={"PYTHONPATH": str(PACKAGE_ROOT), "PATH": "/usr/bin:/bin"})
    return run.stdout


def test_a_dict_call_giving_vmap_method_loses_vectorized(tmp_path: Path) -> None:
    out = _diff(tmp_path, 'dict(vmap_method="sequential", vectorized=True)')
    assert '+OPTS = dict(vmap_method="sequential")' in out, out


def test_a_dict_display_giving_vmap_method_is_not_given_a_second_one(tmp_path: Path) -> None:
    out = _diff(tmp_path, '{"vmap_method": "sequential", "vectorized": True}')
    assert '"vmap_method": "legacy_vectorized"' not in out, out


def test_without_vmap_method_the_keyword_is_replaced(tmp_path: Path) -> None:
    out = _diff(tmp_path, "dict(vectorized=True)")
    assert '+OPTS = dict(vmap_method="legacy_vectorized")' in out, out
