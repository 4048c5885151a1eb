"""Entry point of the analysis: parse, resolve, interpret, report."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis import callback_hosts, host_lines, reach, run_environment, script_reach
from jax_lsp.analysis.findings import Finding, ParseError
from jax_lsp.analysis.gc_pause import paused_gc
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.jax import host_runs
from jax_lsp.analysis.limits import Limit
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.analysis.source_text import python_text, source_lines
from jax_lsp.analysis.syntax import parse_module
from jax_lsp.analysis.workspace import Workspace, workspace_for
from jax_lsp.rules import jax011_jax_in_host_function as jax011
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012

if TYPE_CHECKING:
    from jax_lsp.analysis.host import Evaluator, JaxHost, Observer
    from jax_lsp.analysis.incremental.layer import IncrementalLayer

    def _offers_the_interface(interpreter: Interpreter) -> Evaluator:
        """Type-checked only: the evaluator offers what `host.Evaluator` promises the JAX
        model, the library models and the rules."""
        return interpreter

    def _offers_the_jax_host(interpreter: Interpreter) -> JaxHost:
        """Type-checked only: and what `host.JaxHost` promises JAX's semantics."""
        return interpreter

    def _observes(layer: IncrementalLayer) -> Observer:
        """Type-checked only: the incremental layer has the hooks `host.Observer` declares."""
        return layer


@dataclass
class AnalysisResult:
    findings: list[Finding]
    error: ParseError | None = None
    #: workspace files the analysis read to follow imports (re-analyse when they change)
    dependencies: list[str] = field(default_factory=list)
    #: the analysis hit its work budget: findings are those found until then
    incomplete: bool = False
    #: a full analysis (False: an incremental one, see `incremental`, to be confirmed)
    exact: bool = True


def analyze_source(
    source: str,
    filename: str = "<string>",
    config: AnalysisConfig | None = None,
    workspace: Workspace | None = None,
    *,
    tree: ast.Module | None = None,
) -> AnalysisResult:
    """Analyse one module's source text. Never raises on bad input: a syntax error becomes
    `AnalysisResult.error`. With a `workspace`, imports of workspace modules and installed
    packages are followed (read and interpreted, never imported). `tree`: the caller's
    `ast.parse` of `source` (as `python_text` leaves it), if it has one: not parsed again."""
    source = python_text(source)
    with paused_gc(), run_environment.declared(config.environment if config else {},
                                               config.argv if config else ()):
        return _analyze(source, filename, config, workspace, tree)


def _analyze(
    source: str, filename: str, config: AnalysisConfig | None, workspace: Workspace | None,
    parsed: ast.Module | None = None,
) -> AnalysisResult:
    """`analyze_source` with the collector paused: the tree and the interpreter are freed
    when this returns, before the collector resumes."""
    cfg, workspace = settle(config, workspace)
    path = module_path(filename, workspace)
    tree = parsed if parsed is not None else _kept_tree(source, path, workspace) or parse(
        source, filename)
    if isinstance(tree, AnalysisResult):
        return tree
    may, read = reach.may_find(tree, source, path, workspace, cfg.extra_transforms)
    if not may and not callback_hosts.may_call_a_callback(source, tree):
        # nothing it can run makes a level or calls a callback: only the text's checks
        deps = set(read)
        found = callback_hosts.check_module(tree, source, workspace, path, deps)
        return AnalysisResult(_sorted(host_lines.one_per_line(found)),
                              dependencies=sorted(deps))
    interp = interpreter(tree, source, filename, cfg, workspace)
    try:
        return finish(interp)
    finally:
        interp.release(levels=True)  # nothing of it is used after: its cycles are broken


def analysis_limits(
    source: str,
    filename: str = "<string>",
    config: AnalysisConfig | None = None,
    workspace: Workspace | None = None,
) -> list[Limit]:
    """Analyse like `analyze_source`, recording where the analysis stopped following a path
    (see `limits`) instead of returning findings. A module that does not parse has none."""
    source = python_text(source)
    with paused_gc(), run_environment.declared(config.environment if config else {},
                                               config.argv if config else ()):
        cfg, workspace = settle(config, workspace)
        tree = parse(source, filename)
        if isinstance(tree, AnalysisResult):
            return []
        interp = interpreter(tree, source, filename, cfg, workspace)
        interp.limits = []
        interp.run()
        return interp.limits


def settle(
    config: AnalysisConfig | None, workspace: Workspace | None
) -> tuple[AnalysisConfig, Workspace | None]:
    """The configuration (default if none) and the workspace it names (if none is given)."""
    cfg = config or AnalysisConfig()
    if workspace is None and cfg.workspace is not None:
        workspace = workspace_for(cfg.workspace)
    return cfg, workspace


#: the longest source parsed: CPython's tree costs up to ~500 bytes per source byte (a 6 MB
#: one-line list of 3 million numbers took 31 s and 3 GB), so a planted file of tens of MB
#: would exhaust memory and lose every finding of the run; real modules are well under this
MAX_PARSED_CHARS = 4 << 20


def parse(source: str, filename: str = "<string>") -> ast.Module | AnalysisResult:
    """The module's tree, or the result of a module that does not parse (`error` set)."""
    if len(source) > MAX_PARSED_CHARS:
        return AnalysisResult([], ParseError(
            f"not analysed: {len(source) / (1 << 20):.1f} MiB of source, more than the "
            f"{MAX_PARSED_CHARS >> 20} MiB jax-lsp parses"))
    try:
        return parse_module(source, filename)
    except SyntaxError as e:
        error = ParseError(f"SyntaxError: {e.msg}", e.lineno or 1, (e.offset or 1) - 1)
    except ValueError as e:  # e.g. source containing NUL bytes
        error = ParseError(f"cannot parse: {e}")
    except RecursionError:  # Python cannot compile it either (nothing of it can run)
        error = ParseError(
            "RecursionError: the module nests expressions too deeply for Python to compile it"
        )
    return AnalysisResult([], error)


def _kept_tree(source: str, path: str, workspace: Workspace | None) -> ast.Module | None:
    """The tree of `source` the workspace's parse cache holds already, if any: a module of the
    check imported by a file analysed before it (52 of the 928 files of jax, flax, optax and
    equinox, a million characters) was parsed again. Taken only where its text is `source`
    (its lines joined by "\\n", a last "\\n" aside, no other line break: then the same text
    parsed by the same `syntax.parse_module`); trees are never changed in place."""
    if workspace is None or len(source) > MAX_PARSED_CHARS:
        return None
    kept = workspace.parsed_if_kept(Path(path))
    if kept is None or not kept.plain_breaks or kept.size != len(source):
        return None
    joined = "\n".join(kept.lines)
    if joined == source or (source.endswith("\n") and source[:-1] == joined):
        return kept.tree
    return None


def interpreter(
    tree: ast.Module,
    source: str,
    filename: str,
    cfg: AnalysisConfig,
    workspace: Workspace | None,
    split: list[str] | None = None,
    **incremental: Any,
) -> Interpreter:
    """An interpreter for a parsed module (`incremental`: its `skip` and `ident_cache`).
    `split`: `source.split("\\n")`, if the caller has it (splitting a large module again took
    milliseconds of every keystroke)."""
    lines, text = source_lines(source, split)
    return Interpreter(
        tree,
        lines,
        text=text,
        extra_callbacks=frozenset(cfg.extra_callbacks),
        extra_transforms=dict(cfg.extra_transforms),
        path=module_path(filename, workspace),
        workspace=workspace,
        **incremental,
    )


def module_path(filename: str, workspace: Workspace | None) -> str:
    """The analysed module's path as its imports are resolved from (absolute with a workspace)."""
    return os.path.realpath(filename) if workspace is not None else filename


def _sorted(findings: list[Finding]) -> list[Finding]:
    findings.sort(key=lambda f: (f.span, f.code))
    return findings


def finish(interp: Interpreter) -> AnalysisResult:
    """Run the interpreter; its findings in order."""
    findings = script_reach.drop_unreached(interp.tree, interp.run(), interp.text)
    findings = script_reach.drop_unrooted(
        interp.tree, findings, lambda f: interp.finding_roots.get((f.code, f.span)),
        interp.text)
    read = set(interp.dependencies)
    findings = merged(findings, host_runs.drop_unreached(interp, callback_hosts.check_module(
        interp.tree, interp.text, interp.workspace, interp.main.path, read)))
    findings = host_lines.one_per_line(findings)  # (each finding ruled in or out first)
    return AnalysisResult(_sorted(findings), dependencies=sorted(read),
                          incomplete=interp.incomplete)


def merged(evaluated: list[Finding], read: list[Finding]) -> list[Finding]:
    """The evaluator's findings and the text pass's (`callback_hosts`): JAX011/JAX012 come
    from both (`jax.host_runs`); where both report the same code at the same place, one
    finding, the text pass's (its message and fixes read the written code), with the
    evaluator's path where the text pass has none."""
    if not read:
        return evaluated
    mine = {(f.code, f.span): f for f in evaluated if f.code in callback_hosts.CODES}
    if not mine:
        return evaluated + read
    kept = []
    for f in read:
        other = mine.pop((f.code, f.span), None)
        kept.append(f if other is None or f.path else replace(f, path=other.path))
        if f.code == jax012.RULE.code and f.path and f.path[0].filename is None:
            # reported at the partial binding `vectorized=`, the evaluator's at the call:
            # the same keyword given at the same place
            given = f.path[0].span
            for key, g in list(mine.items()):
                if g.code == f.code and g.path and g.path[0].span == given:
                    del mine[key]
    # a callback of an imported module whose host the text pass already followed from this
    # file (reported where the JAX function is handed on): the same host call, once
    sites = {(st.filename, st.span) for f in read if f.code == jax011.RULE.code
             for st in f.path if st.filename is not None}
    for key, g in list(mine.items()):
        if g.code == jax011.RULE.code and len(g.path) > 1 and g.path[0].label == (
                host_runs.INTO_MODULE) and (g.path[1].filename, g.path[1].span) in sites:
            del mine[key]
    alone = {id(f) for f in mine.values()}  # (the evaluator's only)
    return [f for f in evaluated if f.code not in callback_hosts.CODES or id(f) in alone] + kept
