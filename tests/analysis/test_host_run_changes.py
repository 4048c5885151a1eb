"""An attribute's container changed in place once a callback's host ran (`jax/host_runs.py`,
`_reads_changed`): the text pass's JAX011 on a line no run reached is dropped only when no
later run may read that container and decide by it. A log the host only appends to
(`self.samples.append(v)`, read elsewhere by `len`) keeps the drop; a host that reads it, an
alias of it, a read by name (`getattr`) keep the finding.

Each program's label is checked under JAX too: the JAX line runs (or not) as the label says.
"""

from __future__ import annotations

import ast

import pytest
from oracle import hosts_ran

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.jax import host_runs

_PROGRAM = """\
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

RAN = []


class Profiler:
    def __init__(self):
        self.samples = []
        self.by_name = {}
        self.detailed = False

    def record(self, v):
        v = np.asarray(v)
        if CONDITION:
            RAN.append(1)
            v = np.asarray(jnp.sqrt(v))
        CHANGE


PROF = Profiler()
ALIAS


@jax.jit
def step(x):
    io_callback(PROF.record, None, jnp.sum(x * x), ordered=True)
    return x * 0.5


def run(x, n_warmup=0):
    for _ in range(n_warmup):  # (none: the detailed mode is never on)
        PROF.detailed = True
        x = step(x)
        PROF.detailed = False
    for _ in range(3):
        x = step(x)
    return x


run(jnp.ones(3))
jax.effects_barrier()
print(len(PROF.samples), PROF.by_name.get("last"))
"""


_APPEND = "self.samples.append(v)"


def _program(condition: str, change: str, alias: str = "") -> str:
    return (_PROGRAM.replace("CONDITION", condition).replace("CHANGE", change)
            .replace("ALIAS", alias))


#: (program, whether the host's JAX line runs: JAX011 kept)
PROGRAMS = {
    "append_only": (_program("self.detailed", "self.samples.append(v)"), False),
    "extend_insert_store": (_program(
        "self.detailed",
        "self.samples.extend([v])\n        self.samples.insert(0, v)\n"
        "        self.by_name['last'] = v"), False),
    "host_reads_len": (_program("self.detailed or len(self.samples) > 1", _APPEND), True),
    "host_reads_truth": (_program("self.detailed or self.samples", _APPEND), True),
    "host_reads_item": (_program("self.detailed or self.samples[-1:]", _APPEND), True),
    "host_reads_entry": (_program("self.detailed or 'last' in self.by_name",
                                  "self.by_name['last'] = v"), True),
    "host_reads_alias": (_program("self.detailed or LOG", _APPEND, "LOG = PROF.samples"), True),
    "host_reads_by_name": (_program("self.detailed or getattr(self, 'samples')", _APPEND),
                           True),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_an_appended_log_keeps_the_drop(name: str) -> None:
    source, runs = PROGRAMS[name]
    codes = [f.code for f in analyze_source(source, "prog.py").findings]
    assert ("JAX011" in codes) == runs, codes


def test_a_module_s_state_is_not_an_attribute_log() -> None:
    """A change in place through an imported name (`os.environ["X"] = v`) is a module's
    state, which its functions read without naming it (`os.getenv`): not an attribute
    `_reads_changed` may clear; an object's attribute is."""
    tree = ast.parse("import os\nos.environ['X'] = '1'\nself.memo[k] = v\n"
                     "obj.opts.update(a=1)\ndel obj.cache[k]\nself.a[0][1] = v\n")
    assert host_runs._changed_attributes(tree) == {"memo", "opts", "cache"}


def test_labels_are_what_jax_does() -> None:
    """Ground truth: JAX 0.10.2 runs the host's JAX line in exactly the programs labelled so."""
    pytest.importorskip("jax")
    ran = hosts_ran({k: v[0] for k, v in PROGRAMS.items()})
    assert ran == {k: v[1] for k, v in PROGRAMS.items()}
