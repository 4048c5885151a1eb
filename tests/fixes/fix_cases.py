"""The fix cases of the labeled corpus and the checks every applied fix must pass.

A case is one (program, finding, fix) triple: every fix `fixes_for` offers for every finding of
every corpus program (tests/rules/<CODE>/{fires,clean}/*.py and examples/*.py). The JAX runs of the
cases are batched by group: the first test of a group runs the group's fixed programs in one
interpreter (see `batch_oracle`) and the others read the cached outcomes.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from batch_oracle import run_programs
from oracle import Outcome, corpus_programs

from jax_lsp.analysis import Finding, analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.suppress import filter_suppressed
from jax_lsp.fixes import Fix, TextEdit, apply_edits, fixes_for

REPO = Path(__file__).resolve().parents[2]
#: how many batches the JAX runs of the corpus cases are split into
GROUPS = 8


@dataclass(frozen=True)
class FixCase:
    program: Path
    finding: Finding
    #: how many findings the program has
    findings: int
    fix: Fix
    original: str
    fixed: str

    @property
    def id(self) -> str:
        rel = self.program.relative_to(REPO).with_suffix("").as_posix()
        rel = rel.removeprefix("tests/rules/")
        return f"{rel}:{self.finding.span.line}:{self.fix.kind.value}"

    @property
    def group(self) -> str:
        return f"fix-run-{sum(map(ord, self.id)) % GROUPS}"

    @property
    def runs(self) -> bool:
        """Whether the fixed program must run under JAX: every fix but a suppression, on a
        program with a single finding (fixing one finding leaves the others failing)."""
        return self.fix.kind is not FixKind.SUPPRESS and self.findings == 1


@functools.cache
def corpus_cases() -> tuple[FixCase, ...]:
    cases = []
    for program in corpus_programs():
        source = program.read_text(encoding="utf-8")
        findings = analyze_source(source, str(program)).findings
        for finding in findings:
            for fix in fixes_for(source, finding):
                fixed = apply_edits(source, fix.edits)
                cases.append(FixCase(program, finding, len(findings), fix, source, fixed))
    return tuple(cases)


def edit_offsets(source: str, edit: TextEdit) -> tuple[int, int]:
    starts = [0] + [m.end() for m in re.finditer("\n", source)]

    def at(line: int, col: int) -> int:
        return len(source) if line - 1 >= len(starts) else starts[line - 1] + col

    return at(edit.span.line, edit.span.col), at(edit.span.end_line, edit.span.end_col)


def splice(source: str, edits: tuple[TextEdit, ...]) -> str:
    """`source` with each edit's range replaced by its text: everything outside the ranges kept
    as it is (an implementation independent of `apply_edits`, to check it)."""
    out, pos = [], 0
    for edit in sorted(edits, key=lambda e: edit_offsets(source, e)):
        a, b = edit_offsets(source, edit)
        out += [source[pos:a], edit.new_text]
        pos = b
    return "".join(out) + source[pos:]


def stray_edits(case_finding: Finding, edits: tuple[TextEdit, ...]) -> list[TextEdit]:
    """The edits outside the lines of the finding and of its differentiation site, other than
    insertions at the start of a line (new imports and helpers)."""
    lines = set(range(case_finding.span.line, case_finding.span.end_line + 1))
    if case_finding.path:
        site = case_finding.path[0].span
        lines |= set(range(site.line, site.end_line + 1))
    return [
        e for e in edits
        if not (e.span.line in lines and e.span.end_line in lines)
        and not (e.span.line == e.span.end_line and e.span.col == e.span.end_col == 0)
    ]


def parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def reported(source: str, code: str) -> list[Finding]:
    """The findings of `code` the checker reports in `source` (suppressions applied)."""
    findings = filter_suppressed(source, analyze_source(source).findings)
    return [f for f in findings if f.code == code]


_OUTCOMES: dict[str, dict[str, Outcome]] = {}


def run_batch(
    group: str,
    programs: Sequence[tuple[str, str, Callable[[], str | dict[str, str]]]],
    root: Path,
) -> dict[str, Outcome]:
    """The JAX outcome of each (id, file name, text) of `group`, by id: each program written
    to its own directory under `root` with its file name, all run in one interpreter; cached,
    so the other tests of the group (on the same xdist worker) just read it. The texts are
    computed only for the first test of a group; a text may also be {file name: text} for a
    program with files beside it (the helper module a fix creates)."""
    if group not in _OUTCOMES:
        paths = []
        for i, (_, name, text) in enumerate(programs):
            d = root / group / f"{i:03d}"
            d.mkdir(parents=True, exist_ok=True)
            content = text()
            files = content if isinstance(content, dict) else {name: content}
            for file_name, file_text in files.items():
                (d / file_name).write_text(file_text, encoding="utf-8")
            path = d / name
            paths.append(path)
        outcomes = run_programs(paths)
        _OUTCOMES[group] = {p[0]: o for p, o in zip(programs, outcomes)}
        _PATHS[group] = {p[0]: path for p, path in zip(programs, paths)}
    return _OUTCOMES[group]


_PATHS: dict[str, dict[str, Path]] = {}


def batch_path(group: str, case_id: str) -> Path:
    """Where `run_batch` wrote the program `case_id` of `group`."""
    return _PATHS[group][case_id]


def run_group(group: str, root: Path) -> dict[str, Outcome]:
    """The JAX outcome of every running corpus case of `group`, by case id."""
    cases = [c for c in corpus_cases() if c.runs and c.group == group]
    return run_batch(group, [(c.id, c.program.name, functools.partial(_text, c)) for c in cases],
                     root)


def _text(case: FixCase) -> str:
    return case.fixed


_GENERATED = re.compile(
    r'^def (\w+)\((.*?)\):\n    """Generated by jax-lsp \(([\w-]+)\)\..*?(?=^\S|\Z)',
    re.DOTALL | re.MULTILINE,
)


def elide_generated(text: str) -> str:
    """`text` with each generated helper's definition reduced to its signature, for snapshots."""
    return _GENERATED.sub(lambda m: f"def {m.group(1)}(...): ...  # {m.group(3)}\n\n\n", text)
