"""Incremental re-analysis (the server's fast path) against the full analysis.

The incremental result is marked inexact and confirmed by a full analysis later, but it should
be right: on every corpus program, a series of edits (text-only, semantic, line-shifting,
deleting) is applied to one `IncrementalAnalyzer`, and after each edit its findings (codes,
ranges, messages, paths) must equal a full analysis of the same text.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from oracle import corpus_programs

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import ParseError
from jax_lsp.analysis.incremental.analyzer import IncrementalAnalyzer, _bounds, reparse
from jax_lsp.analysis.interp import statement_start

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = corpus_programs()


def _signature(result):
    return (
        [(f.code, f.span, f.message, f.path, f.operand_spans, f.modes) for f in result.findings],
        result.error,
    )


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def _edits(source: str) -> list[str]:
    """Versions of `source` a user could type on the way: each is an edit of the previous."""
    lines = source.split("\n")
    out: list[str] = []
    body_lines = [i for i, line in enumerate(lines) if line.startswith("    ") and line.strip()]
    # a comment typed at the end of a line inside a function
    for i in body_lines[:: max(1, len(body_lines) // 3)][:3]:
        edited = list(lines)
        edited[i] += "  # edited"
        out.append("\n".join(edited))
        out.append(source)
    # a statement inserted at the top of a function body (every later line moves down)
    defs = [i for i, line in enumerate(lines) if re.match(r"\s*def \w+\(.*\):\s*$", line)]
    for i in defs[:2]:
        indent = len(lines[i + 1]) - len(lines[i + 1].lstrip()) if i + 1 < len(lines) else 4
        edited = [*lines[: i + 1], " " * max(indent, 4) + "_probe = 1", *lines[i + 1 :]]
        out.append("\n".join(edited))
        out.append(source)
    # semantic edits: a transform that no longer differentiates, a callback no longer called
    for old, new in (("jax.grad(", "jax.jit("), ("pure_callback(", "pure_callback_off(")):
        at = source.find(old)
        if at >= 0:
            out.append(source[:at] + new + source[at + len(old) :])
            out.append(source)
    # a top-level function deleted, then restored
    tree = ast.parse(source)
    funcs = [st for st in tree.body if isinstance(st, ast.FunctionDef)]
    if funcs:
        st = funcs[len(funcs) // 2]
        start = min([st.lineno, *(d.lineno for d in st.decorator_list)]) - 1
        out.append("\n".join(lines[:start] + lines[st.end_lineno :]))
        out.append(source)
    return out


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: str(p.relative_to(ROOT)))
def test_incremental_equals_full(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    analyzer = IncrementalAnalyzer()
    assert _signature(analyzer.analyze(source, str(path))) == _signature(
        analyze_source(source, str(path))
    )
    for version in _edits(source):
        got = analyzer.analyze(version, str(path))
        want = analyze_source(version, str(path))
        assert _signature(got) == _signature(want), version
    # (a program whose JAX011 a full analysis may drop is answered by a full analysis every
    # time: an incremental one has not run every host, nor evaluated every callback call of
    # the roots it put back where none was evaluated, `host_runs.drop_unreached`)
    assert analyzer.incremental_runs > 0 or analyzer.inexact in (
        ["a callback's host run may rule out a JAX011 finding"],
        ["no callback call of a JAX011 finding may ever have been evaluated"])


def test_incremental_runs_skip_unaffected_entry_points() -> None:
    source = "\n".join(
        f"import jax\nimport numpy as np\n\n\ndef host_{i}(x):\n"
        f"    return jax.pure_callback(np.sin, x, x)\n\n\n"
        f"def loss_{i}(x):\n    return host_{i}(x).sum()\n\n\n"
        f"def train_{i}(x):\n    return jax.grad(loss_{i})(x)\n"
        for i in range(20)
    )
    analyzer = IncrementalAnalyzer()
    first = analyzer.analyze(source)
    assert len(first.findings) == 20 and first.exact
    edited = source.replace("return host_7(x)", "return host_7(jax.lax.stop_gradient(x))")
    second = analyzer.analyze(edited)
    # exact: only `train_7` read the edited function, only it runs again
    assert second.exact and analyzer.incremental_runs == 1, analyzer.inexact
    assert (analyzer.roots_run, analyzer.roots_skipped) == (1, 19)
    assert len(second.findings) == 19
    assert _signature(second) == _signature(analyze_source(edited))


@pytest.mark.parametrize(
    "old, new",
    [
        # text inside a function
        (
            "def f(x):\n    return x\n\n\ndef g(y):\n    return y\n",
            "def f(x):\n    return x + 1\n\n\ndef g(y):\n    return y\n",
        ),
        # lines added: later statements move down
        (
            "a = 1\n\ndef f(x):\n    return x\n\nb = 2\n",
            "a = 1\n\ndef f(x):\n    y = x\n    z = y\n    return z\n\nb = 2\n",
        ),
        # an indented line typed after a function joins it
        ("def f(x):\n    return x\n\nb = 2\n", "def f(x):\n    return x\n    y = 1\n\nb = 2\n"),
        # decorators belong to their function
        (
            "import jax\n\n@jax.jit\ndef f(x):\n    return x\n",
            "import jax\n\n@jax.grad\ndef f(x):\n    return x\n",
        ),
        # statements sharing a line
        ("a = 1; b = 2\nc = 3\n", "a = 1; b = 3\nc = 3\n"),
        # a function deleted
        ("a = 1\n\ndef f(x):\n    return x\n\nb = 2\n", "a = 1\n\nb = 2\n"),
        # appended at the end, inserted at the start
        ("a = 1\n", "a = 1\nb = 2\n"),
        ("a = 1\n", "import os\na = 1\n"),
        # CRLF line ends
        ("a = 1\r\ndef f(x):\r\n    return x\r\n", "a = 1\r\ndef f(x):\r\n    return x * 2\r\n"),
    ],
)
def test_reparse_matches_a_full_parse(old: str, new: str) -> None:
    rp = reparse(old.split("\n"), ast.parse(old), new.split("\n"))
    assert rp is not None
    assert _dump(rp.tree) == _dump(ast.parse(new))
    # the statements' lines, kept for the next edit, are those of the new tree
    assert rp.bounds == _bounds(ast.parse(new).body)


@pytest.mark.parametrize(
    "old, new",
    [
        ("def f(x):\n    return x\n\nb = 2\n", "def f(x):\n    return (x\n\nb = 2\n"),
        ("def f(x):\n    return x\n\nb = 2\n", 'def f(x):\n    """return x\n\nb = 2\n'),
        ("a = 1\nb = 2\n", "a = 1\n  b = 2\n"),
    ],
)
def test_reparse_of_broken_text_reports_what_a_full_parse_does(old: str, new: str) -> None:
    from jax_lsp.analysis.engine import parse

    got = reparse(old.split("\n"), ast.parse(old), new.split("\n"))
    assert isinstance(got, ParseError)
    assert got == parse(new).error  # type: ignore[union-attr]


def _real_modules() -> list[Path]:
    """Real modules to edit: the corpus, and installed flax and equinox sources."""
    import importlib.util

    out = list(PROGRAMS[::7])
    for name in ("flax", "equinox"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            out += sorted(Path(spec.origin).parent.rglob("*.py"))[::9]
    return out


@pytest.mark.parametrize("seed", range(1))
def test_a_broken_chunk_reports_the_error_of_a_full_parse(seed: int) -> None:
    """An edit that breaks the syntax: the error found by parsing from the changed chunk on
    (message, line, column) is the full parse's, on real modules: characters inserted or
    deleted, lines cut short, brackets and quotes opened, blocks dedented."""
    import random

    from jax_lsp.analysis.engine import parse

    rng = random.Random(seed)
    modules = _real_modules()
    checked = 0
    for path in rng.sample(modules, min(20, len(modules))):
        source = path.read_text(encoding="utf-8")
        tree = parse(source)
        if not isinstance(tree, ast.Module) or not tree.body:
            continue
        lines = source.split("\n")
        for _ in range(6):
            edited = list(lines)
            i = rng.randrange(len(edited))
            line = edited[i]
            j = rng.randrange(len(line) + 1)
            op = rng.randrange(5)
            if op == 0:
                typed = rng.choice(["(", "[", "'", '"""', ":", "=", "def ", ")", "if x"])
                edited[i] = line[:j] + typed + line[j:]
            elif op == 1:
                edited[i] = line[:j]
            elif op == 2:
                edited[i] = line.lstrip()[:-1] if line.strip() else "  x"
            elif op == 3:
                edited.insert(i, rng.choice(["    return", "else:", "  y = 1", "f(", "x = [1,"]))
            else:
                del edited[i : i + rng.randrange(1, 4)]
            want = parse("\n".join(edited))
            got = reparse(lines, parse(source), edited)  # a fresh tree: reparse moves nodes
            if isinstance(got, ParseError):
                assert isinstance(want, type(want)) and getattr(want, "error", None) == got, (
                    path,
                    i,
                )
                checked += 1
            elif isinstance(want, ast.Module) is False:
                assert got is None, (path, i)  # it parsed, yet a full parse fails
    assert checked > 30


def test_syntax_error_then_recovery() -> None:
    source = PROGRAMS[0].read_text(encoding="utf-8")
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source)
    broken = source + "\ndef oops(:\n"
    assert analyzer.analyze(broken).error is not None
    assert _signature(analyzer.analyze(source)) == _signature(analyze_source(source))


def test_configuration_change_is_a_full_analysis() -> None:
    from jax_lsp.analysis import AnalysisConfig

    source = "import jax\n\ndef f(x):\n    return x\n"
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source)
    result = analyzer.analyze(source + "\n", config=AnalysisConfig(extra_callbacks=("m.cb",)))
    assert result.exact and analyzer.full_runs == 2


def test_prepare_leaves_the_next_edit_only_its_own_statements() -> None:
    source = "import jax\n" + "".join(
        f"\n\ndef f{i}(x):\n    return x + {i}\n"
        f"\n\ndef train{i}(x):\n    return jax.grad(f{i})(x)\n"
        for i in range(50)
    )
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source)
    analyzer.prepare()
    known = len(analyzer._node_idents)
    assert known >= 100  # the code each of the 50 entry points ran: its own and its `f`
    edited = source.replace("return x + 7\n", "return x + 70\n")
    result = analyzer.analyze(edited)
    assert result.exact and analyzer.roots_run == 1
    # the changed function is a new node; nothing else is read again
    assert len(analyzer._node_idents) - known <= 1


def test_deferred_records_are_made_by_prepare_or_the_next_analysis() -> None:
    """A full analysis with `defer_records` answers before its records are made: `prepare`
    (or the next analysis, or asking for the version) makes them, and the next edit is then
    analysed incrementally, exactly, as without deferring."""
    source = "import jax\n" + "".join(
        f"\n\ndef host{i}(x):\n    return jax.pure_callback(abs, x, x)\n"
        f"\n\ndef f{i}(x):\n    return host{i}(x) + {i}\n"
        f"\n\ndef train{i}(x):\n    return jax.grad(f{i})(x)\n"
        for i in range(10)
    )
    edited = source.replace("return host3(x) + 3\n", "return host3(x) + 30\n")
    plain = IncrementalAnalyzer()
    want_open, want_edit = plain.analyze(source), plain.analyze(edited)
    for complete in ("prepare", "analyze", "last_source"):
        analyzer = IncrementalAnalyzer()
        analyzer.defer_records = True
        got = analyzer.analyze(source)
        assert _signature(got) == _signature(want_open) and got.exact
        assert analyzer._last is None and analyzer._pending is not None  # nothing made yet
        assert analyzer.lines_of(source) == source.split("\n")  # (what the answer needs)
        if complete == "prepare":
            analyzer.prepare()
        elif complete == "last_source":
            assert analyzer.last_source == source
        if complete != "analyze":
            assert analyzer._pending is None and analyzer._last is not None
        got = analyzer.analyze(edited)
        assert analyzer.full_runs == 1 and analyzer.incremental_runs == 1, complete
        assert got.exact and analyzer.roots_run == plain.roots_run
        assert _signature(got) == _signature(want_edit) == _signature(analyze_source(edited))


def test_shift_moves_every_node_like_increment_lineno() -> None:
    from jax_lsp.analysis.incremental.analyzer import shift_statements as _shift

    source = "\n\n".join(p.read_text(encoding="utf-8") for p in PROGRAMS[:40])
    ours, theirs = ast.parse(source), ast.parse(source)
    _shift(ours.body, 7)
    for st in theirs.body:
        ast.increment_lineno(st, 7)
    assert _dump(ours) == _dump(theirs)


@pytest.mark.parametrize("seed", range(4))
def test_random_edits_equal_a_full_analysis(seed: int) -> None:
    """Random edit sequences (lines deleted, duplicated, moved, inserted; characters typed or
    deleted, often breaking the syntax) on corpus programs: whenever the text parses, the
    incremental result equals a full analysis's."""
    import random

    rng = random.Random(seed)
    compared = incremental = 0
    # 40 programs, more while too few edits parsed (how many do depends on which programs the
    # seed draws from the corpus, which grows), at most 120
    for drawn in range(120):
        if drawn >= 40 and compared > 50 and incremental > 20:
            break
        source = rng.choice(PROGRAMS).read_text(encoding="utf-8")
        analyzer = IncrementalAnalyzer()
        analyzer.analyze(source)
        for _ in range(8):
            lines = source.split("\n")
            i = rng.randrange(len(lines))
            op = rng.randrange(6)
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(i, lines[i])
            elif op == 2:
                j = rng.randrange(len(lines[i]) + 1)
                lines[i] = lines[i][:j] + rng.choice("x_ (:)\"'#\t.=,") + lines[i][j:]
            elif op == 3 and lines[i]:
                j = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:j] + lines[i][j + 1 :]
            elif op == 4:
                lines.insert(rng.randrange(len(lines)), lines.pop(i))
            else:
                lines.insert(i, rng.choice(["", "    pass", "x = 1", "    y = x"]))
            source = "\n".join(lines)
            runs = analyzer.incremental_runs
            got, want = analyzer.analyze(source), analyze_source(source)
            assert got.error == want.error, source
            if want.error is None:
                compared += 1
                incremental += analyzer.incremental_runs > runs
                assert _signature(got) == _signature(want), source
                last = analyzer._last
                if last is not None and last.bounds is not None:
                    assert last.bounds == _bounds(last.tree.body)
    assert compared > 50 and incremental > 20


def _shared_generator() -> Path | None:
    """The benchmarks' shared generator (`../shared/bench/gen.py` beside the checkout)."""
    for base in (ROOT.parent, ROOT.parent.parent):
        gen = base / "shared" / "bench" / "gen.py"
        if gen.is_file():
            return gen
    return None


def _generated(lines: int, tmp: Path) -> str:
    """A module of about `lines` lines from the shared generator (else from the project's
    own, `benchmarks/generate.py`)."""
    import subprocess
    import sys

    gen = _shared_generator()
    if gen is not None:
        subprocess.run(
            [sys.executable, gen, "--out", tmp, "--sizes", str(lines), "--workspaces", ""],
            check=True,
            capture_output=True,
        )
        return next(tmp.rglob(f"*_{lines}.py")).read_text(encoding="utf-8")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import generate  # type: ignore[import-not-found]

    return generate(lines)


def _semantic_edit(source: str, rng) -> str:  # noqa: ANN001
    """One edit a user makes inside functions: a statement inserted or deleted, characters
    typed, a callee renamed, a callback added to a function (a loss reached from a
    transform), a `stop_gradient` put around a callback's operand or taken away."""
    tree = ast.parse(source)
    lines = source.split("\n")
    funcs = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef) and n.body and n.end_lineno > n.body[0].lineno
    ]
    top = [f.name for f in tree.body if isinstance(f, ast.FunctionDef)]
    if not funcs:  # earlier edits left no body of two lines: a module-level statement typed
        return source.rstrip("\n") + "\n_probe = 0\n"
    f = rng.choice(funcs)
    first = f.body[0]
    indent = " " * first.col_offset
    param = f.args.args[0].arg if f.args.args else "None"
    op = rng.randrange(7)
    if op == 0:  # a statement typed at the top of a body
        lines.insert(first.lineno - 1, f"{indent}_probe = {param}")
    elif op == 1:  # a body statement deleted
        st = rng.choice(f.body[:-1] or f.body)
        del lines[st.lineno - 1 : st.end_lineno]
        if not f.body[:-1]:
            lines.insert(st.lineno - 1, f"{indent}pass")
    elif op == 2:  # characters typed at the end of a line
        i = rng.randrange(first.lineno - 1, f.end_lineno)
        lines[i] += rng.choice(["  # note", " * 1", "x"])
    elif op == 3:  # a call of one function made a call of another
        calls = [
            n for n in ast.walk(f) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id in top
        ]
        if not calls:
            return _semantic_edit(source, rng)
        c = rng.choice(calls)
        line = lines[c.lineno - 1]
        lines[c.lineno - 1] = (
            line[: c.func.col_offset] + rng.choice(top) + line[c.func.end_col_offset :]
        )
    elif op == 4:  # a callback added where a transform may reach it
        loss = [g for g in funcs if g.name.startswith(("loss", "objective"))] or funcs
        g = rng.choice(loss)
        p = g.args.args[0].arg if g.args.args else "None"
        lines.insert(
            g.body[0].lineno - 1,
            " " * g.body[0].col_offset
            + f"_cb = jax.pure_callback(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), {p})",
        )
    elif op == 5:  # a stop_gradient put around a callback's operand, or taken away
        text = "\n".join(lines)
        if "jax.lax.stop_gradient(" in text:
            at = text.find("jax.lax.stop_gradient(")
            return text[:at] + text[at + len("jax.lax.stop_gradient") :]
        callbacks = [
            n
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and ast.unparse(n.func) == "jax.pure_callback"
            and len(n.args) > 2 and n.args[2].lineno == n.args[2].end_lineno
        ]
        if not callbacks:
            return _semantic_edit(source, rng)
        arg = rng.choice(callbacks).args[2]
        line = lines[arg.lineno - 1]
        operand = line[arg.col_offset : arg.end_col_offset]
        lines[arg.lineno - 1] = (
            f"{line[: arg.col_offset]}jax.lax.stop_gradient({operand}){line[arg.end_col_offset :]}"
        )
    else:  # a whole function deleted
        defined = [s for s in tree.body if isinstance(s, ast.FunctionDef)]
        if not defined:  # (only methods: another edit)
            return _semantic_edit(source, rng)
        g = rng.choice(defined)
        del lines[statement_start(g) - 1 : g.end_lineno]
    return "\n".join(lines)


@pytest.mark.parametrize("size, edits, defer", [(1000, 10, False), (1000, 10, True)])
def test_edits_of_generated_modules_equal_a_full_analysis(
    size: int, edits: int, defer: bool, tmp_path: Path
) -> None:
    """Edits inside functions of the shared generator's modules, reachability changes
    included: the incremental result equals a full analysis, and is proven exact for most.
    `defer`: as the analysis process analyses, full analyses leaving their records for
    `prepare` (called after every other analysis here; the next analysis makes them
    otherwise)."""
    import random

    rng = random.Random(size)
    source = _generated(size, tmp_path)
    analyzer = IncrementalAnalyzer()
    analyzer.defer_records = defer
    analyzer.analyze(source, "gen.py")
    exact = compared = 0
    for i in range(edits):
        if i % 2:
            analyzer.prepare()
        edited = _semantic_edit(source, rng)
        runs = analyzer.incremental_runs
        got, want = analyzer.analyze(edited, "gen.py"), analyze_source(edited, "gen.py")
        assert got.error == want.error
        if want.error is not None:
            continue  # the next edit is made to the last version that parsed
        source = edited
        assert analyzer.incremental_runs == runs + 1
        assert _signature(got) == _signature(want), source
        compared += 1
        exact += got.exact
    assert compared >= edits // 2 and exact >= compared * 2 // 3, analyzer.inexact


def _module_level_edit(source: str, rng) -> str:  # noqa: ANN001
    """One edit between the module's top-level statements: a name later statements read
    (a default, a decorator's argument) bound again, a transformed function of a module-level
    function bound to a name (private or public, read by a function or not), a binding of a
    transform's name, or a class or `custom_jvp` function defined, moved above or deleted:
    what the runs of replayed statements (`replay.ReplayRun`) and the escape answers kept
    across versions (`escape.Escapes.contained`) rest on."""
    tree = ast.parse(source)
    lines = source.split("\n")
    top = [st for st in tree.body if isinstance(st, ast.FunctionDef)]
    if not top:
        return source.rstrip("\n") + "\n_probe = 0\n"
    at = statement_start(rng.choice(top)) - 1
    f = rng.choice(top)
    g = rng.choice(top)
    op = rng.randrange(7)
    if op == 0:
        new = [f"DEFAULT_LR = {rng.choice(['1e-3', '3e-4', 'EPS'])}"]
    elif op == 1:
        name = rng.choice(["_probe_grad", "probe_grad"])
        new = [f"{name} = jax.grad({f.name})"]
        if rng.randrange(2):  # read by a function further down
            new += ["", "", "def probe_reader(x):", f"    return {name}(x)"]
    elif op == 2:
        new = [f"grad = {rng.choice(['jax.grad', 'jax.jit', 'None'])}"]
    elif op == 3:
        new = ["class Probe:", "    def __call__(self, x):", f"        return {f.name}(x)"]
    elif op == 4:
        new = [
            "@jax.custom_jvp",
            "def probe_custom(x):",
            f"    return {f.name}(x)",
            "",
            "",
            "@probe_custom.defjvp",
            "def _probe_custom_jvp(primals, tangents):",
            f"    return {g.name}(primals[0]), tangents[0]",
        ]
    elif op == 5:  # a function moved above another (its statements keep their text)
        start = statement_start(f) - 1
        moved = lines[start : f.end_lineno]
        rest = lines[:start] + lines[f.end_lineno :]
        at = min(at, len(rest))
        return "\n".join(rest[:at] + moved + ["", ""] + rest[at:])
    else:  # a module-level statement deleted (an earlier edit's, or a function)
        st = rng.choice(tree.body[1:] or tree.body)
        del lines[statement_start(st) - 1 : st.end_lineno]
        return "\n".join(lines)
    return "\n".join(lines[:at] + new + ["", ""] + lines[at:])


@pytest.mark.parametrize("size, edits, seed", [(1000, 24, 1), (1000, 24, 2)])
def test_module_level_edits_of_generated_modules_equal_a_full_analysis(
    size: int, edits: int, seed: int, tmp_path: Path
) -> None:
    """Edits between the top-level statements of the shared generator's modules, mixed with
    edits inside functions: the incremental result equals a full analysis after each."""
    import random

    rng = random.Random(seed)
    source = _generated(size, tmp_path)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, "gen.py")
    compared = 0
    for _ in range(edits):
        edit = _module_level_edit if rng.randrange(3) else _semantic_edit
        edited = edit(source, rng)
        got, want = analyzer.analyze(edited, "gen.py"), analyze_source(edited, "gen.py")
        assert got.error == want.error
        if want.error is not None:
            continue
        source = edited
        assert _signature(got) == _signature(want), source
        compared += 1
    assert compared >= edits // 2


def test_a_changed_list_of_registry_keys_is_seen_by_an_incremental_run() -> None:
    """Which registry entries `for n in names: REG[n]` reads depends on the constants listed
    (values.Value.choices): changing only a listed name must change the result."""
    source = (
        "import jax\nimport numpy as np\n\n"
        "def host(x):\n"
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n"
        "REG = {'value': jax.jit(host), 'twice': host, 'slope': jax.jacfwd(host)}\n\n"
        "def run(names, x):\n"
        "    return [REG[n](x) for n in names]\n\n"
        "NAMES = ['value', 'twice']\n"
        "run(NAMES, np.ones(()))\n"
    )
    analyzer = IncrementalAnalyzer()
    assert not analyzer.analyze(source).findings
    edited = source.replace("'twice']", "'slope']")
    result = analyzer.analyze(edited)
    assert [f.code for f in result.findings] == ["JAX001"]
    assert _signature(result) == _signature(analyze_source(edited))
    assert _signature(analyzer.analyze(source)) == _signature(analyze_source(source))


def test_a_root_that_ran_again_is_run_when_a_name_its_new_code_mentions_changes() -> None:
    # version 1 runs `train` again (its statement was replaced: new nodes); version 2 binds
    # FLAG anew, which only that new code mentions: `train` runs again and finds the callback
    module = """\
import jax
import jax.numpy as jnp

SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return x


def reaches_callback(x):
    return jax.pure_callback(host, SPEC, x)


FLAG = jnp.sin


def train(x):
    y = x
    return jax.grad(lambda v: FLAG(v))(y)
"""
    v1 = module.replace("y = x\n", "y = x + 1.0\n")
    v2 = v1.replace("FLAG = jnp.sin", "FLAG = reaches_callback")
    assert analyze_source(v2).findings
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(module)
    for version in (v1, v2):
        got = analyzer.analyze(version)
        assert analyzer.incremental_runs and analyzer.roots_run == 1
        assert got.exact and _signature(got) == _signature(analyze_source(version))


def test_edits_that_change_whether_a_function_value_escapes_equal_a_full_analysis() -> None:
    """Whether a never-called function value escapes (`escape`) reads the whole module's text
    (an attribute read anywhere) and what the roots met (calls they could not resolve): an
    edit elsewhere changes it, and the incremental run must see that."""
    source = (
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
        "def host(x):\n"
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n"
        "class Fit:\n"
        "    def __init__(self):\n"
        "        self.slope = jax.grad(lambda w: jnp.sum(host(w)))\n\n"
        "def make_ops():\n"
        "    return {'value': jnp.sin, 'deriv': jax.grad(lambda w: jnp.sum(host(w)))}\n\n"
        "def evaluate(x):\n"
        "    ops = make_ops()\n"
        "    return ops['value'](x)\n\n"
        "def other(f, w):\n"
        "    return w\n\n"
        "Fit()\n"
        "evaluate(jnp.ones(2))\n"
    )
    edits = [
        source.replace("    return w\n", "    return f.slope(w)\n"),  # the attribute is read
        source.replace("ops['value'](x)", "ops['deriv'](x)"),  # the other entry is called
        source.replace("    return ops['value'](x)\n", "    return other(ops, x)\n"),  # handed on
    ]
    analyzer = IncrementalAnalyzer()
    assert _signature(analyzer.analyze(source)) == _signature(analyze_source(source))
    assert not analyze_source(source).findings
    for edited in edits:
        want = analyze_source(edited)
        assert [f.code for f in want.findings] == ["JAX001"], edited
        assert _signature(analyzer.analyze(edited)) == _signature(want)
        assert _signature(analyzer.analyze(source)) == _signature(analyze_source(source))


def test_edits_that_change_a_module_level_tables_readers_equal_a_full_analysis() -> None:
    """Whether an entry of a module-level table is an entry point (`escape`) reads every
    mention of the table, the module's names and strings, and which functions ran: an edit
    of any of them must change it in an incremental run as in a full one."""
    source = (
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n"
        "def host(x):\n"
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n"
        "_TABLE = {\n"
        "    'value': jax.jit(lambda x: jnp.sum(host(x))),\n"
        "    'slope': jax.jit(jax.grad(lambda x: jnp.sum(host(x)))),\n"
        "    'hvp': lambda x, v: jax.jvp(jax.grad(lambda y: jnp.sum(host(y))), (x,), (v,))[1],\n"
        "}\n\n"
        "def other(table, w):\n"
        "    return w\n\n"
        "def evaluate(x):\n"
        "    return _TABLE['value'](x)\n\n"
        "evaluate(jnp.ones(2))\n"
    )
    edits = [
        source.replace("_TABLE['value'](x)", "_TABLE['hvp'](x, x)"),  # another entry read
        source.replace("_TABLE['value'](x)", "other(_TABLE, x)"),  # handed on
        source + "__all__ = ['_TABLE']\n",  # exported by name
        source.replace("_TABLE", "TABLE"),  # public, in a module an import can name
        source.replace("evaluate(jnp.ones(2))\n", "print(globals())\n"),  # namespace read
    ]
    analyzer = IncrementalAnalyzer()
    assert not analyze_source(source, "ops.py").findings
    assert _signature(analyzer.analyze(source, "ops.py")) == _signature(
        analyze_source(source, "ops.py")
    )
    for edited in edits:
        want = analyze_source(edited, "ops.py")
        assert "JAX001" in [f.code for f in want.findings], edited
        assert _signature(analyzer.analyze(edited, "ops.py")) == _signature(want)
        again = analyzer.analyze(source, "ops.py")
        assert _signature(again) == _signature(analyze_source(source, "ops.py"))


def test_which_object_nnx_split_took_apart_is_seen_by_an_incremental_run() -> None:
    """`nnx.merge(gdef, state)` is an object of the class `nnx.split` was given (nnx_graph):
    changing only the split statement must change what the merged object's call reaches."""
    source = (
        "import jax\nimport jax.numpy as jnp\nfrom flax import nnx\n\n"
        "@jax.custom_vjp\ndef keep(x):\n    return x\n\n"
        "keep.defvjp(lambda x: (x, None), lambda _, g: (g,))\n\n"
        "class Plain(nnx.Module):\n    def __call__(self, x):\n        return x * 2.0\n\n"
        "class Kept(nnx.Module):\n    def __call__(self, x):\n        return keep(x)\n\n"
        "gdef, state = nnx.split(Plain())\n\n"
        "def run(x):\n    return nnx.merge(gdef, state)(x)\n\n"
        "jax.jvp(run, (jnp.ones(2),), (jnp.ones(2),))\n"
    )
    analyzer = IncrementalAnalyzer()
    assert not analyzer.analyze(source).findings
    edited = source.replace("nnx.split(Plain())", "nnx.split(Kept())")
    result = analyzer.analyze(edited)
    assert [f.code for f in result.findings] == ["JAX005"]
    assert _signature(result) == _signature(analyze_source(edited))
    assert _signature(analyzer.analyze(source)) == _signature(analyze_source(source))


def test_a_carried_jax016_message_names_the_moved_transform_line() -> None:
    """A finding carried over an edit above its transform moves its spans and the line its
    message names: JAX016 writes it "(`jax.grad`, line N)", not "(line N)" as JAX014/JAX015
    do (found by the random edits: a line duplicated in a function above the `grad`)."""
    source = (ROOT / "tests" / "rules" / "JAX016" / "clean" / "script-solver_table_grid.py"
              ).read_text(encoding="utf-8")
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source)
    lines = source.split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip() == "return 0.5 * (lo + hi)")
    lines.insert(at, lines[at])  # a second `return` after the first: lines below move by one
    edited = "\n".join(lines)
    got, want = analyzer.analyze(edited), analyze_source(edited)
    assert [f.code for f in want.findings] == ["JAX016"]
    assert _signature(got) == _signature(want)
