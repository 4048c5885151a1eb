"""Codemod (issue 29, item 6): the incremental re-analysis as an observer object, not mixins.

Re-runnable (each rewrite is idempotent), so that code written against the old structure (a
branch merged later) is brought to the new one by running it again:

    python scripts/codemods/incremental_layer.py [FILES...]   (default: jax_lsp, tests, benchmarks)

What it rewrites:
1. imports of the modules moved into `jax_lsp/analysis/incremental/` (recording, replay,
   carried_calls, roots, fingerprint, call_logs; incremental.py as analyzer.py);
2. in the evaluator's modules, `self.<name>` for a name of the incremental layer (its state
   and methods, `LAYER_NAMES`) to `self.observer.<name>`;
3. in the layer's modules (`LAYER_MODULES`), `self.<name>` for any other name (the
   evaluator's) to `self.ev.<name>`;
4. elsewhere (the analyzer, tests), `interp.<name>` (an `Interpreter` named `interp`) for a
   name of the layer to `interp.observer.<name>`.
Hand edits on top (the hooks, the layer's `__init__`) are in the commit after its run.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOVED = ("recording", "replay", "carried_calls", "roots", "fingerprint", "call_logs")

#: the evaluator's modules (the mixins of `interp.Interpreter` that stay)
EVALUATOR_MODULES = (
    "interp", "statements", "expressions", "calls", "jax_calls", "transforms",
    "python/statements", "python/expressions", "python/calls",
    "higher_order", "custom_rules", "decisions",
    # (JAX's parts, once moved: `jax_component.py` then sends `self.observer` through `ev`)
    "jax/jax_calls", "jax/transforms", "jax/higher_order", "jax/custom_rules", "jax/decisions",
)
LAYER_MODULES = (
    "incremental/recording.py", "incremental/replay.py", "incremental/carried_calls.py",
)

#: the incremental layer's state (moved out of `Interpreter.__init__`)
LAYER_STATE = frozenset("""
reuse defer_records records_due _runs_made skipped records module_fingerprints _entries _spawned
_wrote _late carry_in infos_in carry_out statements_replayed recipe_classes class_values
carried_classes _classes_as_made _fresh_fingerprints _custom_fields _recipe_of_class calls_in
carried_reads calls_version calls_edits calls_checked _touched _edit_index portable_calls
calls_ready carried_calls_used _replayed_inspected _injected_late _memo_entered _made_in
_custom_made custom_recipes rule_log _write_clock _written_at _memo_made _root_self _self_writes
_self_state _class_fps entry_infos
""".split())
#: the layer's attributes for the evaluator and the layer's own back-reference
LINKS = frozenset({"observer", "ev"})


def layer_methods() -> frozenset[str]:
    """The methods the three mixins define (read from their modules, wherever they are)."""
    names: set[str] = set()
    for rel in LAYER_MODULES:
        path = ROOT / "jax_lsp/analysis" / rel
        if not path.exists():
            path = ROOT / "jax_lsp/analysis" / Path(rel).name
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef):
                names.update(f.name for f in node.body if isinstance(f, ast.FunctionDef))
    names.discard("__init__")
    return frozenset(names)


def rewrite_imports(text: str) -> str:
    for m in MOVED:
        text = re.sub(rf"\bjax_lsp\.analysis\.{m}\b", f"jax_lsp.analysis.incremental.{m}", text)
        text = re.sub(
            rf"^([ \t]*)from jax_lsp\.analysis import ((?:\w+, )*){m}((?:, \w+)*)$",
            lambda mo, m=m: _split_from(mo, m),
            text,
            flags=re.M,
        )
    # the analyzer's private names and the module itself (monkeypatched by tests)
    text = re.sub(
        r"^([ \t]*)from jax_lsp\.analysis import incremental$",
        r"\1from jax_lsp.analysis.incremental import analyzer as incremental",
        text,
        flags=re.M,
    )

    def private(mo: re.Match[str]) -> str:
        names = mo.group(2)
        if re.search(r"\b_\w+|\breparse\b", names):
            return f"{mo.group(1)}from jax_lsp.analysis.incremental.analyzer import {names}"
        return mo.group(0)

    return re.sub(
        r"^([ \t]*)from jax_lsp\.analysis\.incremental import (\([^)]*\)|.+)$",
        private,
        text,
        flags=re.M,
    )


def _split_from(mo: re.Match[str], m: str) -> str:
    indent, before, after = mo.group(1), mo.group(2), mo.group(3)
    rest = [n for n in (before.rstrip(", ").split(", ") + after.lstrip(", ").split(", ")) if n]
    line = f"{indent}from jax_lsp.analysis.incremental import {m}"
    if rest:
        line = f"{indent}from jax_lsp.analysis import {', '.join(rest)}\n{line}"
    return line


#: the classes whose methods are rewritten (the evaluator's and the layer's parts)
CLASSES = frozenset({
    "Interpreter", "PythonStatements", "PythonExpressions", "PythonCalls", "JaxApiCalls",
    "Transforms", "HigherOrder", "CustomRules", "CallbackDecisions",
    "RootRecording", "StatementReplay", "CarriedCalls",
})


def rewrite_self(text: str, wanted, prefix: str) -> str:
    """`self.X` -> `self.<prefix>.X` for each X with wanted(X), in the methods of `CLASSES`."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    edits = []
    nodes = [
        n
        for c in tree.body
        if isinstance(c, ast.ClassDef) and c.name in CLASSES
        for f in c.body
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        for n in ast.walk(f)
    ]
    for node in nodes:
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr not in LINKS
            and wanted(node.attr)
        ):
            line = lines[node.value.end_lineno - 1]
            col = len(line.encode()[: node.value.end_col_offset].decode())  # (a UTF-8 offset)
            at = starts[node.value.end_lineno - 1] + col
            edits.append(at)
    for at in sorted(edits, reverse=True):
        text = text[:at] + f".{prefix}" + text[at:]
    return text


def main(argv: list[str]) -> int:
    names = LAYER_STATE | layer_methods()
    analysis = ROOT / "jax_lsp/analysis"
    files = [Path(a) for a in argv] or [
        *ROOT.glob("jax_lsp/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("benchmarks/*.py"),
    ]
    for path in files:
        path = path.resolve()
        text = path.read_text()
        new = rewrite_imports(text)
        rel = path.relative_to(analysis).as_posix() if path.is_relative_to(analysis) else None
        if rel in LAYER_MODULES:
            new = rewrite_self(new, lambda a: a not in names, "ev")
        elif rel is not None and rel.removesuffix(".py") in EVALUATOR_MODULES:
            new = rewrite_self(new, names.__contains__, "observer")
        else:
            new = re.sub(
                rf"(?<![.\w])interp\.({'|'.join(sorted(names | {'finish_records'}))})\b",
                r"interp.observer.\1",
                new,
            )
        if new != text:
            path.write_text(new)
            print("rewrote", path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
