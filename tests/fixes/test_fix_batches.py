"""`--fix` fixes several findings per analysis (`apply._Rounds` batches): the result is the one of
fixing them one at a time with an analysis after each (the slow path, `fast=False`), also when
a fix inside a batch does not work (it is tried alone, then the finding's other fixes) or no
fix of a finding works (it is left out); and the module outline the batches keep across edits
is the one a fresh parse gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis.findings import Finding, FixKind, Span
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.fixes import apply as fix_apply
from jax_lsp.fixes import registry
from jax_lsp.fixes.generated import HelperModule
from jax_lsp.fixes.model import Fix, TextEdit, apply_edits
from jax_lsp.fixes.outline import Outline
from jax_lsp.fixes.source import GENERATED_MARKER, FixSource
from jax_lsp.project.provenance import RecordingWorkspace


def _module(n: int) -> str:
    """`n` reverse-mode gradients through `pure_callback`s, unrelated code between them."""
    parts = ['"""Doc."""\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n']
    for i in range(n):
        parts.append(
            f"\n\ndef host_{i}(x):\n    return np.sin(x) * {i + 1}\n\n\n"
            f"def loss_{i}(x):\n    s = jax.pure_callback(host_{i}, "
            "jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n    return jnp.sum(s)\n\n\n"
            f"def filler_{i}(x):  # unrelated\n    return jnp.cos(x) * {i}\n"
        )
    parts.append("\n\nx0 = jnp.ones(3)\n")
    parts += [f"g_{i} = jax.grad(loss_{i})(x0)\n" for i in range(n)]
    return "".join(parts)


MODULE = _module(4)


def _one_at_a_time(text: str, helpers: HelperModule | None = None) -> fix_apply.FixedSource:
    return fix_apply._fix_rounds(text, fix_apply._Safety(False, {}), "m.py", None,
                                 lambda f: True, None, helpers, fast=False)[0]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts `--fix` analyses, by the incremental analyzer or in plain analyses."""
    seen: list[str] = []
    analyze = IncrementalAnalyzer.analyze
    analyze_exact = IncrementalAnalyzer.analyze_exact
    plain = fix_apply.analyze_source

    def counted(self: IncrementalAnalyzer, source: str, *args: object, **kw: object) -> object:
        seen.append(source)
        return analyze(self, source, *args, **kw)  # type: ignore[arg-type]

    def counted_exact(self: IncrementalAnalyzer, source: str, *args: object) -> object:
        result = analyze_exact(self, source, *args)  # type: ignore[arg-type]
        if result is not None:  # else a full analysis follows, counted
            seen.append(source)
        return result

    def counted_plain(source: str, *args: object, **kw: object) -> object:
        seen.append(source)
        return plain(source, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(IncrementalAnalyzer, "analyze", counted)
    monkeypatch.setattr(IncrementalAnalyzer, "analyze_exact", counted_exact)
    monkeypatch.setattr(fix_apply, "analyze_source", counted_plain)
    return seen


@pytest.mark.parametrize("helper_module", [False, True])
def test_a_batch_fixes_independent_findings_as_one_at_a_time_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, helper_module: bool
) -> None:
    helpers = HelperModule.beside(tmp_path / "m.py") if helper_module else None
    expected = _one_at_a_time(MODULE, helpers)
    assert len(expected.applied) == 4
    analysed = _counting(monkeypatch)
    recorded: list[str] = []
    analyze = IncrementalAnalyzer.analyze

    def kept(self: IncrementalAnalyzer, source: str, *args: object, **kw: object) -> object:
        recorded.append(source)
        return analyze(self, source, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(IncrementalAnalyzer, "analyze", kept)
    got = fix_apply.fix_source(MODULE, filename="m.py", helpers=helpers)
    assert got == expected
    # the original, then the four fixes at once (it confirms them too)
    assert len(analysed) == 2
    # both plain full analyses: no records for incremental analyses are made (a batch's
    # fixes reach most roots, see `_Rounds.analyse`)
    assert recorded == []


def _broken(host: str, *, only: bool) -> registry.FixBuilder:
    """A builder whose preferred fix for the callback of `host` changes the text but not the
    finding (a comment above the call); with `only`, that finding gets no other fix."""
    builders = registry._builders

    def bogus(src: FixSource, finding: Finding) -> Fix | None:
        line = src.text.split("\n")[finding.span.line - 1]
        if f"pure_callback({host}," not in line:
            return None
        edit = TextEdit(Span(finding.span.line, 0, finding.span.line, 0),
                        "    # not a fix\n")
        return Fix(FixKind.CUSTOM_VJP, "bogus", safe=True, edits=(edit,), preferred=True)

    def patched() -> list[registry.FixBuilder]:
        real = builders()
        if not only:
            return [bogus, *real]

        def unless_host(build: registry.FixBuilder) -> registry.FixBuilder:
            def guarded(src: FixSource, finding: Finding) -> Fix | None:
                line = src.text.split("\n")[finding.span.line - 1]
                return None if f"pure_callback({host}," in line else build(src, finding)
            guarded.__name__ = build.__name__
            return guarded

        return [bogus, *(unless_host(b) for b in real)]

    return patched


def _recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """The texts the incremental analyzer analyses, with whether incrementally."""
    seen: list[tuple[str, bool]] = []
    analyze = IncrementalAnalyzer.analyze

    def counted(self: IncrementalAnalyzer, source: str, *args: object,
                incremental: bool = True, **kw: object) -> object:
        seen.append((source, incremental))
        return analyze(self, source, *args, incremental=incremental, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(IncrementalAnalyzer, "analyze", counted)
    return seen


def test_the_outline_comes_from_the_first_analysis_tree(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    helpers = HelperModule.beside(tmp_path / "m.py")
    expected = _one_at_a_time(MODULE, helpers)
    parses: list[str] = []
    of = Outline.of.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Outline], text: str, marker: str) -> Outline | None:
        parses.append(text)
        return of(cls, text, marker)

    monkeypatch.setattr(Outline, "of", classmethod(counted))
    assert fix_apply.fix_source(MODULE, filename="m.py", helpers=helpers) == expected
    assert parses == []  # the module is parsed once, by its analysis


def _two_in_loss_2() -> str:
    """Two callbacks in `loss_2`: a batch fixes loss_0's, loss_1's and the first of loss_2's,
    then a round of its own (incremental, from the batch's text) the second."""
    return _module(3).replace(
        "    s = jax.pure_callback(host_2, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n",
        "    s = jax.pure_callback(host_2, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n"
        "    s = s + jax.pure_callback(host_0, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n")


def test_a_lone_fix_after_the_plain_first_analysis_is_checked_plainly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The first analysis makes no records (most files need none): the check of a lone fix
    after it is a plain analysis too, of the tree made from the first one's by re-parsing the
    statements the fix edited, not a full analysis that makes records and then an
    incremental one (that costs more)."""
    module = _module(1)
    helpers = HelperModule.beside(tmp_path / "m.py")
    expected = _one_at_a_time(module, helpers)
    assert len(expected.applied) == 1
    monkeypatch.setattr(IncrementalAnalyzer, "analyze_exact", None)  # never called
    recorded = _recorded(monkeypatch)
    trees: list[bool] = []
    plain = fix_apply.analyze_source

    def counted(source: str, *args: object, tree: object = None) -> object:
        trees.append(tree is not None)
        return plain(source, *args, tree=tree)  # type: ignore[arg-type]

    monkeypatch.setattr(fix_apply, "analyze_source", counted)
    # as `jax-lsp check --fix` does: imports followed, the helper module planned
    ws = RecordingWorkspace(roots=[tmp_path])
    with ws.recording():
        got = fix_apply.fix_source(module, filename=str(tmp_path / "m.py"), helpers=helpers,
                                   workspace=ws)
    assert got.text == expected.text and got.applied == expected.applied
    assert recorded == [] and trees == [True, True]


def test_a_lone_fix_after_a_batch_is_checked_plainly_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    module = _two_in_loss_2()
    helpers = HelperModule.beside(tmp_path / "m.py")
    expected = _one_at_a_time(module, helpers)
    analysed = _counting(monkeypatch)
    recorded = _recorded(monkeypatch)
    assert fix_apply.fix_source(module, filename="m.py", helpers=helpers) == expected
    batch = analysed[1]
    assert analysed == [module, batch, expected.text]
    assert recorded == []


@pytest.mark.parametrize("only", [False, True], ids=["retried", "left-out"])
def test_a_fix_that_fails_inside_a_batch_is_decided_as_one_at_a_time(
    monkeypatch: pytest.MonkeyPatch, only: bool
) -> None:
    monkeypatch.setattr(registry, "_builders", _broken("host_1", only=only))
    module = _module(3)
    expected = _one_at_a_time(module)
    titles = [a.title for a in expected.applied]
    assert "bogus" not in titles
    assert len(titles) == (2 if only else 3)
    assert ("pure_callback(host_1," in expected.text) == only
    assert fix_apply.fix_source(module, filename="m.py") == expected


def _outline_facts(o: Outline) -> list[tuple[object, ...]]:
    return [(s, lo, hi) for s, lo, hi in zip(o.statements, o.los, o.his, strict=True)]


@pytest.mark.parametrize(
    "edits",
    [
        [((2, 0, 2, 0), "import os\n")],  # a new line in the header
        [((8, 4, 8, 4), "y = 1\n    "), ((42, 0, 42, 0), "def extra():\n    pass\n\n\n")],
        [((1, 0, 1, 0), "# lead\n"), ((13, 11, 13, 14), "jax_lsp_x")],
        [((64, 0, 64, 0), "g_9 = 1; g_10 = 2\n")],  # at the end, two statements on a line
    ],
)
def test_the_outline_kept_across_edits_is_a_fresh_parses(
    edits: list[tuple[tuple[int, int, int, int], str]],
) -> None:
    text_edits = [TextEdit(Span(*pos), new) for pos, new in edits]
    new = apply_edits(MODULE, text_edits)
    base = Outline.of(MODULE, GENERATED_MARKER)
    assert base is not None
    base.name_sets()  # counted before the edits: `edited` keeps the counts up to date
    kept = base.rebased().edited(new, text_edits)
    assert kept is not None
    fresh = Outline.of(new, GENERATED_MARKER)
    assert fresh is not None
    assert _outline_facts(kept) == _outline_facts(fresh)
    assert kept.name_sets() == fresh.name_sets()
    assert "".join(kept.lines) == new
    # the statements no edit touched still know where they were
    unchanged = [i for i, o in enumerate(kept.origins) if o is not None]
    assert unchanged
    old_lines, new_lines = MODULE.split("\n"), new.split("\n")
    for i in unchanged:
        origin = kept.origins[i]
        assert origin is not None
        assert new_lines[kept.los[i] - 1] == old_lines[origin - 1]


def test_an_edit_whose_stretch_does_not_parse_alone_gives_up() -> None:
    base = Outline.of(MODULE, GENERATED_MARKER)
    assert base is not None
    edit = TextEdit(Span(7, 0, 7, 0), "    ")  # indents `def host_0` into nothing
    assert base.edited(apply_edits(MODULE, [edit]), [edit]) is None


def test_planned_files_leave_an_analysis_alone_only_if_it_looked_at_none(tmp_path: Path) -> None:
    """A batch's fixes plan a helper module: an incremental analysis may build on one made
    without it only if no import it looked up now finds it, and no module it read changed."""
    ws = RecordingWorkspace(roots=[tmp_path])
    importer = tmp_path / "m.py"
    helper = tmp_path / "fix_helpers.py"
    with ws.recording():
        assert ws.find("other", 0, importer) is None
        ws.planned = {helper: "x = 1\n"}
        assert ws.planned_change_unseen({})  # `other` still resolves to nothing
        assert ws.find("fix_helpers", 0, importer) == helper
        assert not ws.planned_change_unseen({})  # without it, that import found nothing
        ws.parse(helper)
        assert not ws.planned_change_unseen({helper: "x = 2\n"})  # it read the other text
    assert not ws.planned_change_unseen({})  # nothing recorded: nothing can be shown
