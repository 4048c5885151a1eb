"""The fixes of the two codes read from a callback's call and host function alone:
JAX011 (`jnp.X` inside a host function -> NumPy's `X`, where NumPy's was measured to compute the
same) and JAX012 (the removed `vectorized=` -> the `vmap_method` it meant). Each is one or two
text edits found with `ast` on the module's text: no LibCST, no scope analysis."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from jax_lsp.analysis.callback_hosts import span_of
from jax_lsp.analysis.findings import Finding, FixKind, Span
from jax_lsp.analysis.numpy_equivalents import numpy_name
from jax_lsp.analysis.static_names import ModuleNames
from jax_lsp.fixes.model import Fix, TextEdit
from jax_lsp.rules import jax012_removed_vectorized_keyword as jax012

if TYPE_CHECKING:
    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.source import FixSource

#: what `vectorized=` meant, as JAX 0.4.35 mapped it when it deprecated the keyword
#: (`vmap_method = "legacy_vectorized" if vectorized else "sequential"`)
VMAP_METHOD_FOR = {True: "legacy_vectorized", False: "sequential"}
_KEYWORD = re.compile(r"""(?:\bvectorized\s*=\s*|(?P<q>["'])vectorized(?P=q)\s*:\s*)$""")


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return None


def _offset(lines: list[str], line: int, col: int) -> int:
    return sum(len(x) for x in lines[: line - 1]) + col


def vmap_method_fix(src: FixSource | LiteSource, finding: Finding) -> Fix | None:
    """`vectorized=True` -> `vmap_method="legacy_vectorized"`, `vectorized=False` ->
    `vmap_method="sequential"` (in a call, a `functools.partial` or a dict of options); the
    keyword is dropped where the call gives `vmap_method` already."""
    if finding.code != "JAX012" or FixKind.VMAP_METHOD not in finding.fixes:
        return None
    if len(finding.operand_spans) != 1:
        return None
    value = finding.operand_spans[0]
    lines = src.text.splitlines(keepends=True)
    if not 0 < value.line <= len(lines) or value.line != value.end_line:
        return None
    text = lines[value.line - 1]
    literal = text[value.col:value.end_col]
    if literal not in ("True", "False"):
        return None
    m = _KEYWORD.search(text[: value.col])
    if m is None:
        return None
    method = VMAP_METHOD_FOR[literal == "True"]
    call = _call_text(lines, finding.span)
    # io_callback and debug.callback never had `vmap_method` either (it would be passed on)
    drop = finding.transform != "jax.pure_callback"
    given = "vmap_method" in call or _gives_vmap_method(src.text, value.line)
    if m.group("q") is None and (drop or given):
        # both given (JAX 0.4.35 rejected that), or a callback without the keyword: drop
        # `vectorized=...` with its comma
        before = text[: m.start()].rstrip()
        start = m.start() - (len(text[: m.start()]) - len(before))
        if before.endswith(","):
            start -= 1
        edit = TextEdit(Span(value.line, start, value.line, value.end_col), "")
        title = (f"Remove `vectorized={literal}` (`{finding.transform}` has no such keyword)"
                 if drop else
                 f"Remove `vectorized={literal}` (the call gives `vmap_method` already)")
        return Fix(FixKind.VMAP_METHOD, title, True, (edit,), preferred=True)
    quote = m.group("q")
    if drop or given:
        return None  # a dict of options: which entry to drop is the dict's business
    new = (f'{quote}vmap_method{quote}: "{method}"' if quote else f'vmap_method="{method}"')
    edit = TextEdit(Span(value.line, m.start(), value.line, value.end_col), new)
    meaning = ("one host call on the whole batch, unbatched operands as they are"
               if literal == "True" else "one host call per batch element")
    title = (f'Replace `vectorized={literal}` with `vmap_method="{method}"` (what it meant '
             f"under vmap: {meaning})")
    return Fix(FixKind.VMAP_METHOD, title, True, (edit,), preferred=True)


def _gives_vmap_method(text: str, line: int) -> bool:
    """Whether the call or dict that writes `vectorized=` on `line` (a `dict(...)` of options
    spread into the callback elsewhere, `partial(...)`) gives `vmap_method` too
    (`jax012.gives_vmap_method_too`): replacing the keyword would repeat it."""
    tree = _parse(text)
    if tree is None:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            written = any(k.arg == "vectorized" and k.value.lineno == line
                          for k in node.keywords)
        elif isinstance(node, ast.Dict):
            written = any(isinstance(k, ast.Constant) and k.value == "vectorized"
                          and v.lineno == line for k, v in zip(node.keys, node.values))
        else:
            continue
        if written and jax012.gives_vmap_method_too(node):
            return True
    return False


def _call_text(lines: list[str], span: Span) -> str:
    if not 0 < span.line <= len(lines):
        return ""
    chunk = "".join(lines[span.line - 1: span.end_line])
    end = len(chunk) - len(lines[span.end_line - 1]) + span.end_col
    return chunk[span.col:end]


def numpy_in_host_fix(src: FixSource | LiteSource, finding: Finding) -> Fix | None:
    """`jnp.X(...)` -> `np.X(...)` in a host function, NumPy imported (as `np`, or `onp` where
    `np` names something else) if the module does not import it. A finding joining a line's
    calls (`analysis/host_lines.py`) rewrites each of its `operand_spans`."""
    if finding.code != "JAX011" or FixKind.NUMPY_IN_HOST not in finding.fixes:
        return None
    tree = _parse(src.text)
    if tree is None:
        return None
    names = ModuleNames(tree)
    wanted = set(finding.operand_spans or (finding.span,))
    calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)
                    and span_of(n) in wanted), key=lambda n: (n.lineno, n.col_offset))
    rewrites = []
    for call in calls:
        target = names.dotted(call.func)
        numpy = numpy_name(target) if target else None
        if numpy is not None:
            rewrites.append((call, numpy.removeprefix("numpy.")))
    if not rewrites or len(calls) != len(wanted):
        return None
    alias, imports = _numpy_alias(tree, src.text)
    edits = [TextEdit(span_of(call.func), f"{alias}.{member}") for call, member in rewrites]
    if imports is not None:
        edits.insert(0, imports)
    new = ", ".join(dict.fromkeys(f"`{alias}.{member}`" for _, member in rewrites))
    written = ", ".join(dict.fromkeys(f"`{ast.unparse(call.func)}`" for call, _ in rewrites))
    title = (f"Use NumPy's {new} instead of {written} in the host function "
             "(unsafe: NumPy may compute in float64 where JAX used float32)")
    return Fix(FixKind.NUMPY_IN_HOST, title, False, tuple(edits), preferred=True)


def _numpy_alias(tree: ast.Module, text: str) -> tuple[str, TextEdit | None]:
    """The name the module imports NumPy as, or one to import it as (and the edit that
    does)."""
    for node in tree.body:
        if isinstance(node, ast.Import):
            for al in node.names:
                if al.name == "numpy":
                    return al.asname or "numpy", None
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        (al.asname or al.name).split(".")[0] for n in ast.walk(tree)
        if isinstance(n, (ast.Import, ast.ImportFrom)) for al in n.names}
    alias = next(a for a in ("np", "onp", "numpy_") if a not in used)
    last = max((n.end_lineno or n.lineno for n in tree.body
                if isinstance(n, (ast.Import, ast.ImportFrom))), default=0)
    line = last + 1
    new = f"import numpy as {alias}\n"
    return alias, TextEdit(Span(line, 0, line, 0), new)
