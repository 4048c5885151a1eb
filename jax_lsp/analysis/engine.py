"""Entry point of the analysis: parse, resolve, interpret, report."""

from __future__ import annotations

import ast
import gc
from collections.abc import Mapping
from dataclasses import dataclass, field

from jax_lsp.analysis.findings import Finding, ParseError
from jax_lsp.analysis.interp import Interpreter


@dataclass(frozen=True)
class AnalysisConfig:
    #: qualified names of user functions to treat as host callbacks (like `jax.pure_callback`)
    extra_callbacks: tuple[str, ...] = ()
    #: qualified name of a user wrapper -> the JAX transform it behaves like, e.g.
    #: {"mylib.train.my_grad": "jax.grad"}
    extra_transforms: Mapping[str, str] = field(default_factory=dict)


@dataclass
class AnalysisResult:
    findings: list[Finding]
    error: ParseError | None = None


def analyze_source(
    source: str, filename: str = "<string>", config: AnalysisConfig | None = None
) -> AnalysisResult:
    """Analyse one module's source text. Never raises on bad input: a syntax error becomes
    `AnalysisResult.error`."""
    # The AST and the interpreter's values are acyclic and short-lived: the cyclic garbage
    # collector only slows the analysis down (by a third on large modules), so pause it.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _analyze(source, filename, config or AnalysisConfig())
    finally:
        if gc_was_enabled:
            gc.enable()


def _analyze(source: str, filename: str, cfg: AnalysisConfig) -> AnalysisResult:
    try:
        tree = ast.parse(source, filename=filename)
    except SyntaxError as e:
        return AnalysisResult([], ParseError(f"SyntaxError: {e.msg}", e.lineno or 1, (e.offset or 1) - 1))
    except ValueError as e:  # e.g. source containing NUL bytes
        return AnalysisResult([], ParseError(f"cannot parse: {e}"))
    interp = Interpreter(
        tree,
        source.splitlines(),
        extra_callbacks=frozenset(cfg.extra_callbacks),
        extra_transforms=dict(cfg.extra_transforms),
    )
    findings = interp.run()
    findings.sort(key=lambda f: (f.span, f.code))
    return AnalysisResult(findings)
