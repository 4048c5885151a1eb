"""The analysis tests' programs are labeled by real JAX: each one raises what its codes predict.

`test_semantics.P` and `test_frameworks.P` say, for each program, the codes of the errors JAX
raises on it (none: it runs). This test runs every one of them under the installed JAX, all in
one interpreter (importing JAX, flax, equinox and optax once; each program gets fresh globals),
and checks the claim, as `tests/test_corpus_oracle.py` does for the corpus.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
import test_dispatch_idioms
import test_frameworks
import test_semantics

from jax_lsp.codes import RULES

pytest.importorskip("jax")
pytest.importorskip("flax")
pytest.importorskip("equinox")
pytest.importorskip("optax")

_RUNNER = r"""
import json, runpy, sys
out = {}
for path in sys.argv[1:]:
    try:
        runpy.run_path(path, run_name="__main__")
    except Exception as e:  # noqa: BLE001 - every way a program can end is an outcome
        out[path] = [type(e).__name__, str(e)]
    else:
        out[path] = None
sys.stdout.write("\n@@OUTCOMES@@" + json.dumps(out) + "\n")
"""

PROGRAMS = {
    f"{module.__name__}.{name}": (codes, module.H + textwrap.dedent(body).lstrip())
    for module in (test_semantics, test_frameworks, test_dispatch_idioms)
    for name, (codes, body) in module.P.items()
}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str] | None]:
    folder = tmp_path_factory.mktemp("unit_programs")
    paths = {}
    for key, (_, source) in PROGRAMS.items():
        path = folder / f"{key.replace('.', '__')}.py"
        path.write_text(source, encoding="utf-8")
        paths[str(path)] = key
    env = {**os.environ, "JAX_PLATFORMS": "cpu", "PYTHONHASHSEED": "0"}
    proc = subprocess.run(
        [sys.executable, "-c", _RUNNER, *paths],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=str(folder),
        env=env,
    )
    marker = proc.stdout.rfind("@@OUTCOMES@@")
    assert marker >= 0, proc.stderr[-3000:]
    ran = json.loads(proc.stdout[marker + len("@@OUTCOMES@@") :])
    return {paths[p]: outcome for p, outcome in ran.items()}


@pytest.mark.parametrize("key", sorted(PROGRAMS))
def test_program_raises_what_its_codes_say(
    key: str, outcomes: dict[str, list[str] | None]
) -> None:
    codes, _ = PROGRAMS[key]
    outcome = outcomes[key]
    if not codes:
        assert outcome is None, f"{key} is labeled as running, but JAX raised {outcome}"
        return
    assert outcome is not None, f"{key} is labeled {codes}, but it ran without error"
    exception, message = outcome
    assert any(RULES[c].matches(exception, message) for c in codes), (
        f"{key} is labeled {codes}, but JAX raised {exception}: {message[:300]}"
    )

