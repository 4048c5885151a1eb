"""`--fix` parses with LibCST only the statements a fix needs (`fixes.focus`): the fixes, their
edits' positions included, are those computed on the whole module."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.fixes import source
from jax_lsp.fixes.apply import fix_choices
from jax_lsp.fixes.focus import Focus, focus_text, module_line
from jax_lsp.fixes.registry import fix_candidates, fixes_for

FILLER = "".join(
    f"\n# unrelated {i}\ndef filler_{i}(x):\n    return x * {i}\n\n\nvalue_{i} = filler_{i}(2)\n"
    for i in range(6)
)
MODULE = (
    '"""Doc."""\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n'
    + FILLER
    + "\ndef host(x):\n    return np.sin(x)\n"
    + FILLER.replace("filler_", "more_").replace("value_", "other_")
    + "\n\ndef loss(x):\n    s = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)"
    "\n    return jnp.sum(s)\n\n\nnp = np\nprint(jax.grad(loss)(jnp.ones(3)))\n"
)


def test_focused_fixes_equal_whole_module_fixes() -> None:
    (finding,) = analyze_source(MODULE).findings
    whole = fixes_for(MODULE, finding, validate=False)
    focused = fixes_for(MODULE, finding, validate=False, focused=True)
    assert [f.kind for f in whole] == [f.kind for f in focused]
    assert [f.edits for f in whole] == [f.edits for f in focused]
    assert [f.title for f in whole] == [f.title for f in focused]


def test_the_focus_keeps_what_a_fix_reads_and_maps_lines_back() -> None:
    (finding,) = analyze_source(MODULE).findings
    focus = focus_text(MODULE, {finding.span.line, finding.path[0].span.line}, "Generated")
    assert focus is not None
    kept = focus.text
    assert "def host(x):" in kept  # the callback the rule is written beside
    assert "def loss(x):" in kept and "print(jax.grad" in kept
    assert "np = np" in kept  # it rebinds a name an import binds
    assert "more_3" not in kept and "# unrelated" not in kept
    assert "filler_5" in focus.names  # fresh names still avoid the whole module's
    lines = MODULE.split("\n")
    for n, line in enumerate(kept.split("\n")[:-1], 1):
        assert lines[module_line(focus, n) - 1] == line


PROGRAMS = Path(__file__).parent / "programs"


def test_fix_candidates_equal_whole_module_fixes() -> None:
    """`fix_candidates` parses only the call's statements for the custom rule fixes of a
    JAX001 finding, the path's too for the others: the fixes are those of the whole module,
    in `--fix`'s order."""
    sources = [MODULE, *(p.read_text() for p in sorted(PROGRAMS.glob("*.py")))]
    seen = set()
    for text in sources:
        for finding in analyze_source(text).findings:
            whole = fix_choices(fixes_for(text, finding, validate=False), unsafe=True)
            candidates = list(fix_candidates(text, finding, unsafe=True))
            assert [(f.kind, f.edits, f.title) for f in candidates] == \
                [(f.kind, f.edits, f.title) for f in whole]
            seen.update((finding.code, f.kind) for f in candidates)
    # both kinds of builder, on the narrow and on the whole focus
    assert {FixKind.CUSTOM_VJP, FixKind.CUSTOM_JVP, FixKind.STOP_GRADIENT} <= \
        {kind for code, kind in seen if code == "JAX001"}


def test_the_custom_rule_fixes_of_a_jax001_finding_parse_its_call_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (finding,) = analyze_source(MODULE).findings
    parsed: list[str] = []
    real = source.FixSource.__init__

    def recording(self: source.FixSource, text: str, helpers: object = None,
                  focus: Focus | None = None) -> None:
        assert focus is not None
        parsed.append(focus.text)
        real(self, text, helpers, focus)  # type: ignore[arg-type]

    monkeypatch.setattr(source.FixSource, "__init__", recording)
    first = next(fix_candidates(MODULE, finding, unsafe=False))
    assert first.kind is FixKind.CUSTOM_VJP
    (kept,) = parsed
    assert "def loss(x):" in kept and "def host(x):" in kept
    assert "print(jax.grad" not in kept  # the differentiation site: jacrev's, not needed


def test_safe_fix_candidates_equal_the_safe_choices_of_all_fixes() -> None:
    """Without `--unsafe-fixes`, `fix_candidates` skips the builders whose fix would be unsafe
    (`admission`): what it yields, in order, is still `fix_choices`' safe-only list of every
    fix built."""
    sources = [MODULE, *(p.read_text() for p in sorted(PROGRAMS.glob("*.py")))]
    skipped_some = False
    for text in sources:
        for finding in analyze_source(text).findings:
            every = fixes_for(text, finding, validate=False)
            whole = fix_choices(every, unsafe=False)
            candidates = list(fix_candidates(text, finding, unsafe=False))
            assert [(f.kind, f.edits, f.title) for f in candidates] == \
                [(f.kind, f.edits, f.title) for f in whole]
            skipped_some |= any(not f.safe for f in every if f.kind is not FixKind.SUPPRESS)
    assert skipped_some  # the programs have findings with unsafe fixes


def test_a_finding_with_unsafe_fixes_only_is_not_parsed_without_unsafe_fixes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """jacfwd -> jacrev is unsafe, and a stop_gradient into a call whose result is used: safe
    `--fix` builds neither, so LibCST never parses the module for them."""
    text = (
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n"
        "def host(x):\n    return np.sin(x)\n\n\n"
        "def f(x):\n    y = jax.experimental.io_callback(host, x, x)\n    return y * x\n\n\n"
        "print(jax.jvp(f, (jnp.ones(3),), (jnp.ones(3),)))\n"
        "\n\n@jax.custom_vjp\ndef g(x):\n    return x\n\n\n"
        "g.defvjp(lambda x: (x, None), lambda _, ct: (ct,))\n"
        "print(jax.jacfwd(g)(jnp.ones(3)))\n"
    )
    text = text.replace("import jax\n", "import jax\nimport jax.experimental\n", 1)
    findings = analyze_source(text).findings
    assert {f.code for f in findings} == {"JAX003", "JAX005"}
    parsed: list[str] = []
    real = source.FixSource.__init__

    def recording(self: source.FixSource, *args: object, **kwargs: object) -> None:
        parsed.append("parsed")
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(source.FixSource, "__init__", recording)
    for finding in findings:
        assert list(fix_candidates(text, finding, unsafe=False)) == []
    assert parsed == []
    for finding in findings:  # they have unsafe fixes, which --unsafe-fixes builds
        assert [f.safe for f in fix_candidates(text, finding, unsafe=True)] == [False]
    assert len(parsed) == 2
