"""What an editor's code actions cost (issue 33): an action resolved builds and validates its
own fix only, the original text is analysed once for all the fixes judged against it, LibCST
parses only what a fix reads (the same fixes as on the whole module), and a whole pipeline's
result travels as edits of the editor's text (`text_edits`)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.fixes import registry
from jax_lsp.fixes.model import apply_edits, text_edits
from jax_lsp.fixes.registry import fixes_for

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_fix import many_fixable  # noqa: E402
from generate import generate  # noqa: E402


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the registry analyses, counted from a fresh cache (it imports the analyser
    when it first analyses)."""
    import jax_lsp.analysis.engine as engine

    registry._codes.cache_clear()
    seen: list[str] = []
    real = engine.analyze_source

    def counted(source: str, *args: object, **kwargs: object) -> object:
        seen.append(source)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(engine, "analyze_source", counted)
    yield seen
    registry._codes.cache_clear()


def test_resolving_one_fix_analyses_its_text_and_the_original_once(
        analyses: list[str]) -> None:
    text = many_fixable(3)
    findings = analyze_source(text).findings
    assert len(findings) == 3
    every = fixes_for(text, findings[0])
    kinds = [f.kind for f in every]
    assert len(kinds) >= 3, kinds  # custom_vjp, custom_jvp, ..., the suppression
    analyses.clear()
    registry._codes.cache_clear()
    for fix in every:
        done = len(analyses)
        [one] = fixes_for(text, findings[0], focused=True, kinds={fix.kind})
        assert (one.kind, one.title, one.edits, one.create, one.safe) == \
            (fix.kind, fix.title, fix.edits, fix.create, fix.safe)
        fixed = [t for t in analyses[done:] if t != text]  # this fix's text only, if validated
        assert len(fixed) == (fix.kind is not FixKind.SUPPRESS)
    assert analyses.count(text) == 1  # the original, once for all the fixes


def test_the_original_is_analysed_once_for_every_finding(analyses: list[str]) -> None:
    text = many_fixable(3)
    for finding in analyze_source(text).findings:
        fixes_for(text, finding, focused=True)
    assert analyses.count(text) == 1


@pytest.mark.parametrize("material", ["generated", "many-fixable"])
def test_focused_fixes_are_the_whole_module_fixes(material: str) -> None:
    text = generate(1000) if material == "generated" else many_fixable(3)
    findings = analyze_source(text).findings
    assert findings
    for finding in findings:
        assert fixes_for(text, finding, validate=False, focused=True) == \
            fixes_for(text, finding, validate=False)


def test_text_edits_make_the_new_text() -> None:
    rng = random.Random(33)
    pieces = ["a\n", "b\n", "c", "\n", "d\ne\n", "", "é\n", "\r\n"]
    for _ in range(3000):
        before = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        after = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        edits = text_edits(before, after)
        assert apply_edits(before, edits) == after, (before, after, edits)
        assert (edits == []) == (before == after)


def test_text_edits_of_edited_modules_make_the_new_text() -> None:
    """Edits as fixes make them (lines inserted, replaced and removed among many equal ones):
    the runs `text_edits` finds make the new text, one per run, none touching the next."""
    rng = random.Random(5)
    pool = ["\n", "    return x\n", "x = 1\n", "y\n", "def f():\n", "z"]
    for _ in range(2000):
        lines = [rng.choice(pool) for _ in range(rng.randint(0, 30))]
        lines += [f"unique {i}\n" for i in range(rng.randint(0, 5))]
        rng.shuffle(lines)
        before = "".join(lines)
        for _ in range(rng.randint(0, 5)):
            at = rng.randint(0, len(lines))
            kind = rng.random()
            if kind < 0.4:
                lines[at:at] = [rng.choice(pool) for _ in range(rng.randint(1, 4))]
            elif lines and kind < 0.7:
                del lines[at:at + rng.randint(1, 3)]
            elif lines:
                lines[min(at, len(lines) - 1)] = rng.choice(pool) + "# changed\n"
        after = "".join(lines)
        edits = text_edits(before, after)
        assert apply_edits(before, edits) == after, (before, after, edits)
        spans = [(e.span.line, e.span.end_line) for e in edits]
        assert all(a[1] < b[0] for a, b in zip(spans, spans[1:])), edits


def test_text_edits_align_only_between_unique_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """`SequenceMatcher` (quadratic in a line's repeats: half of `--fix`'s time on a 5,000-line
    module) only aligns what lies between two lines that occur once on each side: a module of
    thousands of blank and repeated lines with a few fixes is never compared whole."""
    from jax_lsp.fixes import model

    compared: list[int] = []
    real = model.SequenceMatcher

    def counted(junk: object, a: list[str], b: list[str], **kwargs: object) -> object:
        compared.append(max(len(a), len(b)))
        return real(junk, a, b, **kwargs)

    monkeypatch.setattr(model, "SequenceMatcher", counted)
    blocks = [f"def f{i}(x):\n    y = x\n\n    return y\n\n\n" for i in range(500)]
    before = "import jax\n\n" + "".join(blocks)
    fixed = list(blocks)
    for i in range(0, 500, 50):
        fixed[i] = fixed[i].replace("    y = x\n", "    y = jax.lax.stop_gradient(x)\n\n")
    after = "import jax\nimport helper\n\n" + "".join(fixed)
    edits = text_edits(before, after)
    assert apply_edits(before, edits) == after
    assert len(edits) == 11
    assert max(compared, default=0) <= 4
