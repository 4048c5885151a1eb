"""Work that must stay linear in the module's size, counted (never timed): on a chain of
helpers each reached by its own differentiated entry point, every function is interpreted a
bounded number of times whatever the chain's length, and a whole-module analysis (no records
for an incremental one) keeps no per-root set of the functions entered, which grows with the
square of the chain's length; a recording analysis logs what each reused interpretation
entered by reference (`call_logs`), not by copy, and its records still hold it all."""

from __future__ import annotations

import pytest

from jax_lsp.analysis.engine import AnalysisResult, parse
from jax_lsp.analysis.interp import Interpreter


def chain(n: int) -> str:
    """`helper_i` calls `helper_{i-1}`; `train_i` differentiates a loss that calls `helper_i`."""
    out = ["import jax", "import jax.numpy as jnp", "", ""]
    out += ["def helper_0(x):", "    return jnp.sin(x)"]
    for i in range(1, n):
        out += ["", "", f"def helper_{i}(x):", f"    return helper_{i - 1}(x) * 2.0"]
    for i in range(n):
        out += [
            "", "", f"def loss_{i}(x):", f"    return jnp.sum(helper_{i}(x))",
            "", "", f"def train_{i}(x):", f"    return jax.grad(loss_{i})(x)",
        ]
    return "\n".join(out) + "\n"


def run(source: str, record: bool) -> Interpreter:
    tree = parse(source, "m.py")
    assert not isinstance(tree, AnalysisResult)
    it = Interpreter(tree, source.splitlines(), path="m.py", record=record)
    it.run()
    return it


@pytest.mark.parametrize("n", [20, 80])
def test_shared_callees_are_interpreted_a_bounded_number_of_times(n: int) -> None:
    it = run(chain(n), record=False)
    helpers: dict = {}
    for (f, _root), c in it.interpretations.items():  # counted per root (see `calls`)
        if f.name.startswith("helper_"):
            helpers[f] = helpers.get(f, 0) + c
    assert len(helpers) == n
    # each helper under a level once (shared by every entry point that reaches it, see
    # `sharing`), not once per entry point above it (n * (n + 1) / 2 in all)
    assert sum(helpers.values()) <= 2 * n


def test_whole_module_analysis_keeps_no_entered_sets() -> None:
    it = run(chain(60), record=False)
    assert len(it._entered_log) == 0
    assert all(not e.entered for e in it.shared_memo.values())
    assert all(not eff.entered for eff in it.effects.values())


def test_records_still_hold_what_each_root_entered() -> None:
    it = run(chain(10), record=True)
    entered = {n.name for eff in it.effects.values() for n in eff.entered}
    assert {f"helper_{i}" for i in range(10)} <= entered


def test_reused_interpretations_are_logged_by_reference() -> None:
    # each root reuses the shared interpretation of the helper below its own, which reaches
    # the whole chain beneath: copied, the log of functions entered grew with the square of
    # the chain's length (250 entries offered at 20 helpers, 3,400 at 80)
    offered = {}
    for n in (20, 80):
        offered[n] = run(chain(n), record=True)._entered_log.offered
    assert offered[80] <= 4 * offered[20] + 20


def test_each_root_records_the_whole_chain_below_it() -> None:
    it = run(chain(12), record=True)
    for root, eff in it.effects.items():
        name = getattr(root, "name", "")
        if name.startswith("train_"):
            i = int(name.split("_")[1])
            entered = {getattr(n, "name", "") for n in eff.entered}
            assert {f"helper_{j}" for j in range(i + 1)} | {f"loss_{i}"} <= entered
            assert not eff.reached  # (followed once the roots ran)
