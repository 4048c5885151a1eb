"""What keeps `--fix`'s own analyses cheap gives the results of the plain way: a batch's check
analyses a tree made from the edited text's by re-parsing only the statements the fixes edited
(the same tree a fresh parse gives, the same findings), the first analysis is a plain one, and
the line starts of each fixed text are worked out from the text it edits, and an outline's
units (statements sharing lines) found without a loop where no line is shared."""

from __future__ import annotations

import ast
import random
from itertools import accumulate
from operator import add
from pathlib import Path

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.findings import Finding, Span
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.fixes import apply as fix_apply
from jax_lsp.fixes import model
from jax_lsp.fixes.generated import HelperModule
from jax_lsp.fixes.model import GENERATED_MARKER, TextEdit, apply_edits
from jax_lsp.fixes.outline import Outline


def _module(n: int) -> str:
    """`n` reverse-mode gradients through `pure_callback`s, two of them through a shared
    function, with unrelated code between them."""
    parts = ['"""Doc."""\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n']
    for i in range(n):
        parts.append(
            f"\n\ndef host_{i}(x):\n    return np.sin(x) * {i + 1}\n\n\n"
            f"def cb_{i}(x):\n    return jax.pure_callback(host_{i}, "
            "jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n\n"
            f"def loss_{i}(x):\n    return jnp.sum(cb_{i}(x) + cb_{(i + 1) % n}(x))\n\n\n"
            f"def filler_{i}(x):  # unrelated\n    return jnp.cos(x) * {i}\n"
        )
    parts.append("\n\nx0 = jnp.ones(3)\n")
    parts += [f"g_{i} = jax.grad(loss_{i})(x0)\n" for i in range(n)]
    return "".join(parts)


def _starts(text: str) -> tuple[int, ...]:
    lengths = accumulate(map(len, text.split("\n")), initial=0)
    return tuple(map(add, lengths, range(text.count("\n") + 1)))


def test_the_line_starts_of_an_edited_text_are_those_a_count_gives() -> None:
    rng = random.Random(7)
    pieces = ["", "a", "bc\r", "def f():", "  x = 1", "é"]
    derived_for = 0
    for _ in range(400):
        text = "\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        n = text.count("\n") + 1
        points = sorted((rng.randint(1, n + 1), rng.randint(0, 9))
                        for _ in range(2 * rng.randint(0, 4)))
        edits = [TextEdit(Span(*points[i], *points[i + 1]),
                          rng.choice(["", "z", "\n", "q\nw\n", "\n\n"]))
                 for i in range(0, len(points), 2)]
        model._STARTS.clear()
        fixed = apply_edits(text, edits)
        derived = model._STARTS.get(fixed)
        # none where columns past a line's end make edits overlap
        assert derived in (None, _starts(fixed))
        derived_for += derived is not None
        assert model.line_starts(fixed) == _starts(fixed)
    assert derived_for > 300


def _checked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Each plain analysis `--fix` makes, with whether it was given a tree; each checked to
    be the analysis of a fresh parse (findings and tree)."""
    seen: list[tuple[str, bool]] = []
    plain = fix_apply.analyze_source

    def checked(source: str, *args: object, tree: ast.Module | None = None) -> object:
        seen.append((source, tree is not None))
        if tree is not None:
            assert ast.dump(tree, include_attributes=True) == \
                ast.dump(ast.parse(source), include_attributes=True)
        result = plain(source, *args, tree=tree)  # type: ignore[arg-type]
        assert result == plain(source, *args)  # type: ignore[arg-type]
        return result

    monkeypatch.setattr(fix_apply, "analyze_source", checked)
    return seen


@pytest.mark.parametrize("seed", range(4))
def test_a_random_batch_is_checked_by_the_analysis_of_a_fresh_parse(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seed: int
) -> None:
    """Random subsets of the findings fixed (a batch of those), with and without the
    helper module: each analysis of a reused tree is that of a fresh parse (`_checked`), and
    the fixed text's the full analysis of it (that a batch gives what fixing one at a time
    does: `test_fix_batches`)."""
    rng = random.Random(seed)
    module = _module(4)
    wanted = {i for i in range(4) if rng.random() < 0.6} or {seed}

    def reported(f: Finding) -> bool:  # the callback of `cb_i`, reached through any loss
        return any(f"`cb_{i}`;" in f.message for i in wanted)

    helpers = HelperModule.beside(tmp_path / "m.py") if seed % 2 else None
    seen = _checked(monkeypatch)
    got = fix_apply.fix_source(module, filename="m.py", reported=reported, helpers=helpers)
    assert len(got.applied) == len(wanted)
    assert got.analysis == analyze_source(got.text, "m.py")
    assert not [f for f in got.analysis.findings if reported(f)]
    assert seen[0] == (module, True)  # the first analysis: plain, on the outline's tree
    if len(wanted) > 1:  # the batch's check, on a tree made from the first one
        assert seen[1] == (got.text, True)


def test_a_file_without_findings_is_analysed_once_without_records(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _module(2).replace("jax.grad(", "jax.jit(")
    seen = _checked(monkeypatch)
    recorded: list[str] = []
    analyze = IncrementalAnalyzer.analyze

    def counted(self: IncrementalAnalyzer, source: str, *args: object, **kw: object) -> object:
        recorded.append(source)
        return analyze(self, source, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(IncrementalAnalyzer, "analyze", counted)
    got = fix_apply.fix_source(module, filename="m.py")
    assert got.applied == () and got.analysis == analyze_source(module, "m.py")
    assert seen == [(module, True)] and recorded == []


@pytest.mark.parametrize("text", [
    "a = 1\nb = 2\n\ndef f():\n    return 1\n",
    "a = 1; b = 2\nc = 3\n",
    "def f(): return 1\nx = f(); y = 2; z = (\n  3)\nw = 4\n",
])
def test_the_units_of_an_outline_are_its_statements_sharing_lines(text: str) -> None:
    outline = Outline.of(text, GENERATED_MARKER)
    assert outline is not None
    expected: list[tuple[int, int, int]] = []
    for i, (lo, hi) in enumerate(zip(outline.los, outline.his)):
        if expected and lo <= outline.his[expected[-1][2] - 1]:
            expected[-1] = (expected[-1][0], expected[-1][1], i + 1)
        else:
            expected.append((lo, i, i + 1))
        assert hi >= lo
    assert outline._units() == expected


# -- the custom rule fixes without LibCST (`fixes.lite`) -------------------------------------

_TRICKY = '''"""Doc."""
import functools
import jax
import jax.numpy as jnp
import numpy as np; import math
from jax import lax


def host(x, *, k=1):
    return np.sin(x) * k


@jax.jit
def decorated(x):
    return x


def plain(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def wrapped(x):
    return jnp.sum(jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))


def parenthesised(x):
    return jnp.sum((jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)))


def callee_in_parens(x):
    return (jax.pure_callback)(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def operand_in_parens(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), (x))


def commented(x):
    y = jax.pure_callback(  # the host's "sine"
        host,  # callback
        # the shapes
        jax.ShapeDtypeStruct(x.shape, x.dtype),
        x, k=2,
    )
    return y


def partial_callee(x):
    s = "é#"; return jax.pure_callback(functools.partial(host, k=3),
                                        jax.ShapeDtypeStruct(x.shape, x.dtype), x=x)


def as_statement(x):
    jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return x


x0 = jnp.ones(3)
for f in (plain, wrapped, parenthesised, callee_in_parens, operand_in_parens, commented,
          partial_callee, as_statement):
    jax.grad(lambda x, f=f: jnp.sum(f(x)))(x0)
jax.jacfwd(plain)(x0)
'''


def _both_readings(text: str, tmp_path: Path) -> tuple[int, int]:
    """For each JAX001 finding of `text`, the custom rule fixes built on `lite`'s reading
    and on LibCST's, with and without a helper module: equal wherever `lite` answers. Returns
    (built by lite, left to LibCST)."""
    from jax_lsp.fixes.custom_jvp import custom_jvp_fix
    from jax_lsp.fixes.custom_vjp import custom_vjp_fix
    from jax_lsp.fixes.lite import NeedsLibCST, lite_source
    from jax_lsp.fixes.registry import finding_lines
    from jax_lsp.fixes.source import parse_fix_source

    built = left = 0
    for finding in analyze_source(text, "m.py").findings:
        if finding.code != "JAX001":
            continue
        lines = finding_lines(finding, path=False)
        for helpers in (HelperModule.beside(tmp_path / "m.py"), None):
            lite = lite_source(text, helpers, lines, None)
            heavy = parse_fix_source(text, helpers, lines, None)
            assert lite is not None and heavy is not None
            for build in (custom_vjp_fix, custom_jvp_fix):
                try:
                    got = build(lite, finding)
                except NeedsLibCST:
                    left += 1
                    continue
                assert got == build(heavy, finding), (finding.span, build.__name__)
                built += 1
    return built, left


def test_the_lite_reading_builds_the_fixes_libcsts_does(tmp_path: Path) -> None:
    """Parenthesised calls, callees and operands, comments (one with a quote), `;` lines,
    decorators, keywords, a `partial` callee, a call whose result nothing uses, a finding
    reached in both modes: each fix `lite` builds is LibCST's, and it leaves the
    parenthesised ones and the pasted helpers (scopes) to LibCST."""
    built, left = _both_readings(_TRICKY, tmp_path)
    assert built >= 8 and left >= 8


def test_the_lite_reading_builds_the_fix_programs_fixes(tmp_path: Path) -> None:
    programs = sorted((Path(__file__).parent / "programs").glob("*.py"))
    built = sum(_both_readings(p.read_text(encoding="utf-8"), tmp_path)[0] for p in programs)
    assert built >= 5


def test_fixing_custom_rule_findings_neither_imports_nor_runs_libcst(tmp_path: Path) -> None:
    """`--fix` of a module whose findings the custom_vjp fix settles (a helper module beside
    it) counts no LibCST parse and never imports LibCST, and fixes it as LibCST's reading
    does (the same run with `lite` turned off)."""
    import subprocess
    import sys

    script = f'''
import sys
from pathlib import Path
sys.path.insert(0, {str(Path(__file__).parents[2])!r})
from jax_lsp.fixes import apply, lite
from jax_lsp.fixes.generated import HelperModule
sys.path.insert(0, {str(Path(__file__).parent)!r})
from test_fix_check_cost import _module
text = _module(4)
helpers = HelperModule.beside(Path({str(tmp_path / "m.py")!r}))
got = apply.fix_source(text, filename="m.py", helpers=helpers)
assert len(got.applied) == 4, got.applied
assert "libcst" not in sys.modules and "jax_lsp.fixes.source" not in sys.modules
import jax_lsp.fixes.source as source
parsed = []
real = source.parse_fix_source
source.parse_fix_source = lambda *a, **k: parsed.append(1) or real(*a, **k)
lite.lite_source = lambda *a, **k: None
import jax_lsp.fixes.registry  # noqa
heavy = apply.fix_source(text, filename="m.py", helpers=helpers)
assert heavy == got and len(parsed) == 4, (len(parsed), heavy == got)
print("ok")
'''
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=False)
    assert run.stdout.strip() == "ok", run.stderr
