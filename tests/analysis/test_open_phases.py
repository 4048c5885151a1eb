"""`benchmarks/open_phases.py` classifies an open's entry points by what they met: the
ceiling it reports for skipping "inert" ones is only as good as that classification."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "open_phases.py"

MODULE = '''\
import jax
import jax.numpy as jnp


def host(x):
    return x


def reaches_a_callback(x):
    def f(y):
        return jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), y)
    return jax.grad(f)(x)


def inert(x):
    return jax.grad(jnp.sin)(x)


def prints(x):
    jax.debug.print("{}", x)  # a debug callback: never reported, so it stays inert
    return jax.grad(jnp.sin)(x)


def with_a_custom_rule(x):
    @jax.custom_jvp
    def g(y):
        return jnp.sin(y)

    @g.defjvp
    def g_jvp(primals, tangents):
        return g(primals[0]), jnp.cos(primals[0]) * tangents[0]

    return jax.grad(g)(x)


def batches(x):
    return jax.vmap(jnp.cos)(x)
'''


def _run(*args: str) -> str:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, check=True, cwd=ROOT).stdout


def test_roots_are_classified_by_what_they_met(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(MODULE)
    roots = json.loads(_run("--child", str(path)))["roots"]
    lines = MODULE.splitlines()
    by_name = {lines[line - 1].split("(")[0].removeprefix("def "): (kind, phase)
               for line, _col, escaped, kind, phase in roots if not escaped}
    assert by_name == {
        "reaches_a_callback": ("new finding", "roots (differentiating)"),
        "inert": ("inert", "roots (differentiating)"),
        "prints": ("inert", "roots (differentiating)"),
        "with_a_custom_rule": ("custom rule", "roots (differentiating)"),
        "batches": ("inert", "roots (batch only)"),
    }


def test_leaving_out_inert_roots_is_checked_against_the_open(tmp_path: Path) -> None:
    """The variants' findings are the open's only when what they leave out found nothing."""
    path = tmp_path / "m.py"
    path.write_text(MODULE)
    every = json.loads(_run("--counted", "findings", str(path), "[]"))
    assert len(every) == 1 and "JAX001" in every[0]
    inert = [[line, 0, 0] for line, text in enumerate(MODULE.splitlines(), 1)
             if text.startswith(("def inert", "def batches"))]
    assert json.loads(_run("--counted", "findings", str(path), json.dumps(inert))) == every
    finding = [[line, 0, 0] for line, text in enumerate(MODULE.splitlines(), 1)
               if text.startswith("def reaches_a_callback")]
    assert json.loads(_run("--counted", "findings", str(path), json.dumps(finding))) == []


def test_statements_unrecorded_keep_the_findings_and_make_no_record(tmp_path: Path) -> None:
    """The ceiling of lazy statement records: the open's statements run unrecorded (none of
    `replay`'s records made, every name's fingerprint left for after the answer), with the
    same findings; alone and with entry points left out."""
    path = tmp_path / "m.py"
    path.write_text(MODULE)
    every = json.loads(_run("--counted", "findings", str(path), "[]"))
    assert json.loads(_run("--counted", "findings-unrecorded", str(path), "[]")) == every
    inert = [[line, 0, 0] for line, text in enumerate(MODULE.splitlines(), 1)
             if text.startswith(("def inert", "def batches"))]
    assert json.loads(
        _run("--counted", "findings-unrecorded", str(path), json.dumps(inert))) == every
    made = subprocess.run(
        [sys.executable, "-c", f"""
import sys
sys.path.insert(0, {str(SCRIPT.parent)!r})
import open_phases
from jax_lsp.analysis.incremental import IncrementalAnalyzer, replay
records = []
make = replay.StatementReplay._exec_recorded
replay.StatementReplay._exec_recorded = lambda self, *a: records.append(a) or make(self, *a)
open_phases.unrecorded()
analyzer = IncrementalAnalyzer()
analyzer.defer_records = True
print(len(analyzer.analyze(open({str(path)!r}).read(), "m.py").findings), len(records))
"""], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert made == ["1", "0"]
