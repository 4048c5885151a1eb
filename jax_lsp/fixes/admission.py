"""Which fix builders can build a fix for a finding, and which can build a safe one, decided
before anything is parsed for them.

`--fix` without `--unsafe-fixes` applies safe fixes only, yet building an unsafe one costs a
LibCST parse (with scope analysis) of the statements it reads: on a repository whose findings
mostly have unsafe fixes only (jacfwd -> jacrev, a stop_gradient whose result is used), that was
most of what `--fix` cost beyond `check`. The safety of every fix but the stop_gradient is a
fact of the finding (as `offers` and the `[*]` marker know it); the stop_gradient is safe only
where the callback call is an expression statement, which `ast` tells from the one top-level
statement holding it. Each builder checks its own `applies` first, so a builder that
`applies` rejects returns None without it: the registry need not run it at all.

Importing this module imports no LibCST (the registry asks it before importing a builder).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.fixes.offers import (
    LINEAR_CODES,
    RULE_CODES,
    UNORDERED_CODES,
    batching_only,
    reverse_only,
)
from jax_lsp.rules import codes_fixed_by

if TYPE_CHECKING:
    from jax_lsp.fixes.outline import Outline

__all__ = ["JACREV_CODES", "LINEAR_MAP_CODES", "RULE_CODES", "STOP_GRADIENT_CODES", "applies",
           "may_be_safe"]

#: a callback applied to tangents (or transposed): `offers.LINEAR_CODES`, which the
#: linear-map builder takes
LINEAR_MAP_CODES = LINEAR_CODES
#: a custom_vjp function reached by forward mode
JACREV_CODES = codes_fixed_by("jacrev")
#: codes whose error a stop_gradient on the callback's operands removes (the callback is
#: differentiated by a JVP; transposition errors, JAX002/JAX008, are not removed by it)
STOP_GRADIENT_CODES = codes_fixed_by("stop_gradient")


def applies(builder: str, finding: Finding) -> bool:
    """Whether the builder named `builder` may build a fix for `finding`: False when it
    returns None for it whatever the source (it checks this first)."""
    if builder == "custom_vjp_fix":
        return finding.code in RULE_CODES and reverse_only(finding)
    if builder == "custom_jvp_fix":
        return finding.code in RULE_CODES
    if builder == "linear_map_fix":
        return (finding.code in LINEAR_MAP_CODES and bool(finding.operand_spans)
                and not batching_only(finding))
    if builder == "jacrev_fix":
        return finding.code in JACREV_CODES and bool(finding.path)
    if builder == "stop_gradient_fix":
        return (finding.code in STOP_GRADIENT_CODES and bool(finding.operand_spans)
                and FixKind.STOP_GRADIENT in finding.fixes  # else the analysis knows it fails
                and not finding.transform.endswith("check_grads"))  # what check_grads catches
    if builder == "unordered_fix":  # (not where JAX refuses an unordered IO effect too)
        return finding.code in UNORDERED_CODES and FixKind.UNORDERED in finding.fixes
    if builder == "vmap_method_fix":  # (host_code: JAX012's keyword)
        return finding.code == "JAX012" and FixKind.VMAP_METHOD in finding.fixes
    if builder == "numpy_in_host_fix":  # (host_code: JAX011's jnp calls)
        return finding.code == "JAX011" and FixKind.NUMPY_IN_HOST in finding.fixes
    return True  # a builder this module does not know: ask it


def may_be_safe(builder: str, finding: Finding, source: str, outline: Outline | None) -> bool:
    """Whether the builder named `builder` may build a safe fix for `finding` in `source`
    (`outline`, its outline if known): False only when every fix it can build is unsafe."""
    if builder == "jacrev_fix":  # everything it differentiates must support reverse mode
        return False
    if builder == "linear_map_fix":  # exact only if the callback is linear
        return set(finding.modes) != {"transpose"}
    if builder == "unordered_fix":  # the host calls lose their order
        return False
    if builder == "stop_gradient_fix":  # safe when the call's result is unused
        return _in_call_statement(source, finding.span.line, outline)
    return True


def _in_call_statement(source: str, line: int, outline: Outline | None) -> bool:
    """Whether `line` is within an expression statement that is a call (at any depth): a
    callback call whose result nothing uses is such a statement's value, so outside one the
    call's result is used. Reads the top-level statement holding `line` only, when `outline`
    tells which (its lines parse alone: a top-level statement starts at column 0); True when
    it cannot tell."""
    first = 1
    text = source
    if outline is not None:
        lines = outline.statement_lines(line)
        if lines is None:
            return True
        first, last = lines
        text = "".join(outline.lines[first - 1:last])
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return True
    at_line = line - first + 1
    return any(isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
               and node.lineno <= at_line <= (node.end_lineno or node.lineno)
               for node in ast.walk(tree))
