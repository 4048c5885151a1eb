"""Interpretations of calls carried from one version to the next (`carried_calls`).

A root an edit changed runs again; the calls it makes of functions the edit left alone are
answered with the previous version's interpretations. Edits of those functions, of what they
read, of custom rules they reach, and roots storing into shared state must make them run
again: every result equals a full analysis (but for the wording of a finding when a root
stores into a global, which the result then says it may get wrong: inexact).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_incremental import _generated, _semantic_edit, _signature

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer, carried_calls

MODULE = '''\
import jax
import jax.numpy as jnp

RATE = 0.5
FLAG = jnp.sin
SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return x


def leaf(x):
    return FLAG(x) * RATE


def middle(x):
    return leaf(x) + leaf(x * 2.0)


def deep(x):
    return middle(x) * middle(x + 1.0)


def reaches_callback(x):
    return jax.pure_callback(host, SPEC, x)


@jax.custom_jvp
def smooth(x):
    return jnp.tanh(x)


@smooth.defjvp
def smooth_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return smooth(x), t


def uses_rule(x):
    return smooth(x) + deep(x)


def loss(x):
    return deep(x) + uses_rule(x)


def train(x):
    return jax.grad(loss)(x)


def other(x):
    return jax.grad(deep)(x)


def edited(x):
    y = x
    return jax.grad(deep)(y) + jax.grad(reaches_callback)(y)
'''

EDITS = [
    # inside the root only: the calls it makes are carried
    ("    y = x\n", "    y = x * 1.0\n"),
    # a function the carried interpretations ran
    ("    return FLAG(x) * RATE\n", "    return reaches_callback(x) * RATE\n"),
    ("    return FLAG(x) * RATE\n", "    return jax.lax.stop_gradient(FLAG(x))\n"),
    # what they read at module level
    ("RATE = 0.5", "RATE = None"),
    ("RATE = 0.5", "RATE = jax.pure_callback"),
    # a custom rule they reach
    ("    return smooth(x), t\n", "    return smooth(x), reaches_callback(t)\n"),
    # a root storing into a global (shared state)
    ("def other(x):\n", "def other(x):\n    global RATE\n    RATE = x\n"),
    ("def other(x):\n", "def other(x):\n    global FLAG\n    FLAG = reaches_callback\n"),
    ("FLAG = jnp.sin", "FLAG = reaches_callback"),
    # the callback no longer reached
    ("    return jax.pure_callback(host, SPEC, x)\n", "    return x\n"),
]


@pytest.mark.parametrize("old, new", EDITS, ids=[str(i) for i in range(len(EDITS))])
def test_carried_calls_equal_a_full_analysis(old: str, new: str) -> None:
    assert old in MODULE
    edited = MODULE.replace(old, new, 1)
    typed = MODULE.replace("    y = x\n", "    y = x + 0.0\n")
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    typed_again = MODULE.replace("    y = x\n", "    y = x + 1.0\n")
    for version in (typed, MODULE, edited, MODULE, typed, edited, typed_again, edited):
        got = analyzer.analyze(version, "m.py")
        if got.exact or "global" not in version:
            # a root storing into a global words findings by the order roots ran in: such a
            # result is marked inexact (and confirmed by a full analysis), as before
            assert _signature(got) == _signature(analyze_source(version, "m.py")), version


def test_a_root_run_again_reuses_the_calls_of_unchanged_functions() -> None:
    assert analyze_source(MODULE).findings
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    for i in range(3):
        version = MODULE.replace("    y = x\n", f"    y = x * {i + 2}.0\n")
        got = analyzer.analyze(version, "m.py")
        assert got.exact and _signature(got) == _signature(analyze_source(version, "m.py"))
        assert analyzer.roots_run >= 1 and analyzer.carried_calls >= 1


CALLBACK = '''\
import jax
import jax.numpy as jnp

SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return x


def reaches_callback(x):
    return jax.pure_callback(host, SPEC, x)
'''


def _check_next(analyzer: IncrementalAnalyzer, version: str) -> None:
    """Analyse `version` after the analyzer's last one: the result is exact and equals a full
    analysis."""
    got = analyzer.analyze(version, "m.py")
    assert got.exact, analyzer.inexact
    assert _signature(got) == _signature(analyze_source(version, "m.py")), version


def _check(versions: list[str]) -> IncrementalAnalyzer:
    """Analyse `versions` in turn; each result is exact and equals a full analysis."""
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(versions[0], "m.py")
    for version in versions[1:]:
        _check_next(analyzer, version)
    return analyzer


def test_calls_without_levels_are_carried() -> None:
    module = CALLBACK + '''

def scale(n):
    return n * 2


def edited(x):
    y = x
    return jax.grad(jnp.sin)(y) * scale(3)
'''
    analyzer = _check([module, module.replace("y = x\n", "y = x + 1.0\n")])
    assert analyzer.roots_run == 1 and analyzer.carried_calls == 1


MIDDLE = '''

def middle(x):
    return reaches_callback(x) * 2.0
'''
FIRST = '''

def first(x):
    return jax.grad(middle)(x)
'''
EDITED = '''

def edited(x):
    y = x
    return jax.grad(middle)(y)
'''


@pytest.mark.parametrize("first_root_first", [True, False])
def test_calls_that_found_a_finding_are_carried_when_it_is_already_found(
    first_root_first: bool,
) -> None:
    # a finding is worded by the first root to reach it: carried into the root run again only
    # when a root before it (skipped) found it, else it runs and words the finding itself. The
    # count is of the carried calls that carried a finding (`middle`'s). The run of the
    # callback's host (jax/host_runs.py) is neither shared nor carried (it notes the
    # statements it runs), so with the edited root first nothing is carried at all
    roots = FIRST + EDITED if first_root_first else EDITED + FIRST
    module = CALLBACK + MIDDLE + roots
    assert analyze_source(module).findings
    analyzer = _check([module])
    carried = with_findings = 0
    for i in range(3):
        _check_next(analyzer, module.replace("y = x\n", f"y = x + {i}.0\n"))
        assert analyzer.roots_run == 1
        carried += analyzer.carried_calls
        with_findings += analyzer.carried_calls_with_findings
    assert carried >= with_findings
    assert (with_findings >= 1) == first_root_first


def test_the_findings_of_carried_calls_move_with_their_code() -> None:
    # the edit adds lines above the callback: the carried findings are found there
    module = CALLBACK.replace("def host", FIRST + EDITED + "\n\ndef host") + MIDDLE
    versions = [module]
    for i in range(3):
        versions.append(versions[-1].replace("    y = x\n", f"    y = x\n    z{i} = 1\n"))
    analyzer = _check(versions)
    assert analyzer.roots_run == 1 and analyzer.carried_calls >= 1


def test_a_call_made_stale_by_an_edit_it_was_not_checked_in_runs_again() -> None:
    # `leaf` is carried from version 1; version 2 binds FLAG anew but calls nothing that
    # checks it; version 3 calls it again: FLAG's change, two edits back, makes it stale
    module = CALLBACK + '''

def leaf(x):
    return FLAG(x) * 2.0


FLAG = jnp.sin


def edited(x):
    y = x
    return jax.grad(leaf)(y)
'''
    v1 = module.replace("y = x\n", "y = x + 1.0\n")
    v2 = v1.replace("FLAG = jnp.sin", "FLAG = reaches_callback").replace(
        "jax.grad(leaf)", "jax.grad(jnp.sin)"
    )
    v3 = v2.replace("jax.grad(jnp.sin)", "jax.grad(leaf)")
    assert analyze_source(v3).findings
    _check([module, v1, v2, v3])


def test_a_carried_call_whose_finding_is_not_found_yet_runs_and_words_it() -> None:
    # carried from a version in which `first` found the finding before `edited` reached it;
    # now `first` no longer reaches it: `edited` words it, as in a full analysis
    module = CALLBACK + MIDDLE + FIRST + EDITED
    v1, v2 = (module.replace("y = x\n", f"y = x + {i}.0\n") for i in (1, 2))
    v3 = v1.replace("return jax.grad(middle)(x)", "return jax.grad(jnp.sin)(x)")
    assert analyze_source(v3).findings
    analyzer = _check([module, v1, v2])
    assert analyzer.carried_calls >= 1
    got = analyzer.analyze(v3, "m.py")
    assert got.exact and _signature(got) == _signature(analyze_source(v3, "m.py"))


def test_edits_of_a_generated_module_past_a_check_of_all_carried_calls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Edits inside functions of the shared generator's module, more than `_CHECK_EVERY`
    (carried calls handed on unchecked, then all checked): each result equals a full analysis,
    and calls are carried."""
    import random

    monkeypatch.setattr(carried_calls, "_CHECK_EVERY", 3)
    rng = random.Random(7)
    source = _generated(1000, tmp_path)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, "gen.py")
    carried = compared = 0
    while compared < 8:
        edited = _semantic_edit(source, rng)
        got, want = analyzer.analyze(edited, "gen.py"), analyze_source(edited, "gen.py")
        assert got.error == want.error
        if want.error is not None:
            continue
        source = edited
        assert _signature(got) == _signature(want), source
        compared += 1
        carried += analyzer.carried_calls
    assert carried


def _installed(relative: str) -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec(relative.split("/")[0])
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent.parent / relative
    return path if path.is_file() else None


#: installed modules that differentiate (custom rules, gradients), and corpus programs
REAL = [
    "flax/training/dynamic_scale.py",
    "flax/linen/fp8_ops.py",
    "optax/contrib/_momo.py",
    "equinox/_errors.py",
]


def test_edits_of_real_modules_equal_a_full_analysis() -> None:
    """Edits inside functions of real modules that differentiate (installed flax, optax and
    equinox sources, corpus programs), the calls of each version carried into the next: each
    result equals a full analysis."""
    import random

    from test_incremental import PROGRAMS

    rng = random.Random(3)
    paths = [p for p in map(_installed, REAL) if p is not None] + PROGRAMS[::40]
    compared = 0
    for path in paths:
        source = path.read_text(encoding="utf-8")
        analyzer = IncrementalAnalyzer()
        analyzer.analyze(source, "real.py")
        for _ in range(3):
            edited = _semantic_edit(source, rng)
            got, want = analyzer.analyze(edited, "real.py"), analyze_source(edited, "real.py")
            assert got.error == want.error
            if want.error is not None:
                continue
            source = edited
            if got.exact:
                assert _signature(got) == _signature(want), (path, source)
            compared += 1
    assert compared >= 10
