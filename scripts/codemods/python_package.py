"""Codemod (issue 29, item 2): Python's parts of the evaluator into `jax_lsp/analysis/python/`.

Re-runnable (each step is idempotent), so that code written against the old layout (a branch
merged later) is brought to the new one by running it again, after `incremental_layer.py` and
`jax_component.py`:

    python scripts/codemods/python_package.py [--no-move] [FILES...]

(default files: jax_lsp, tests, benchmarks, scripts/*.py).

What it does:
1. `git mv jax_lsp/analysis/<m>.py jax_lsp/analysis/python/<m>.py` for each module of
   `MOVED` still at its old place (a module at both places is reported, not moved: a merge
   re-created the old one, whose changes must be carried over by hand);
2. rewrites the imports of the moved modules (`jax_lsp.analysis.<m>` and
   `from jax_lsp.analysis import <m>`) to `jax_lsp.analysis.python.<m>`, and sorts the
   imports of the files it rewrote (`ruff check --fix --select I`);
3. lists every import of the JAX model, a library model or the rules left in `python/` (or in
   a shared module it imports): each needs a hook (`python/hooks.py`) that the JAX model
   registers (`jax/overlay.py`), which no rewrite can write. Exit code 1 if there is any.
The hooks, `jax/overlay.py` and the uses that read them are hand edits, in the commit before
its first run.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ANALYSIS = ROOT / "jax_lsp/analysis"
PYTHON = ANALYSIS / "python"

#: the modules moved: the evaluator's three Python parts and what only they use
MOVED = (
    "statements", "expressions", "calls", "scopes", "namespaces", "single_dispatch",
    "import_effects",
)
#: what `python/` may not reach, by module-name prefix
FORBIDDEN = ("jax_lsp.analysis.jax", "jax_lsp.analysis.libraries", "jax_lsp.rules")


def move() -> list[str]:
    """Step 1; the problems found (a module at both places)."""
    problems = []
    PYTHON.mkdir(exist_ok=True)
    for m in MOVED:
        old, new = ANALYSIS / f"{m}.py", PYTHON / f"{m}.py"
        if old.exists() and new.exists():
            problems.append(f"{old.relative_to(ROOT)} and {new.relative_to(ROOT)} both exist")
        elif old.exists():
            subprocess.run(["git", "mv", str(old), str(new)], cwd=ROOT, check=True)
            print("moved", old.relative_to(ROOT), "->", new.relative_to(ROOT))
    return problems


def rewrite_imports(text: str) -> str:
    """Step 2."""
    for m in MOVED:
        text = re.sub(rf"\bjax_lsp\.analysis\.{m}\b", f"jax_lsp.analysis.python.{m}", text)

        def split(mo: re.Match[str], m: str = m) -> str:
            indent, names = mo.group(1), [n.strip() for n in mo.group(2).split(",")]
            if m not in names:
                return mo.group(0)
            rest = [n for n in names if n != m]
            line = f"{indent}from jax_lsp.analysis.python import {m}"
            if rest:
                line = f"{indent}from jax_lsp.analysis import {', '.join(rest)}\n{line}"
            return line

        text = re.sub(r"^([ \t]*)from jax_lsp\.analysis import ([\w, ]+)$", split, text, flags=re.M)
    return text


def _runtime_imports(path: Path) -> list[tuple[int, str]]:
    """The jax_lsp modules `path` imports outside `if TYPE_CHECKING:`, with their lines."""
    out: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                continue
            if isinstance(child, ast.Import):
                out.extend((child.lineno, a.name) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and not child.level:
                out.append((child.lineno, child.module))
                out.extend((child.lineno, f"{child.module}.{a.name}") for a in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return [(line, name) for line, name in out if name.startswith("jax_lsp")]


def _file_of(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def forbidden_imports() -> list[str]:
    """Step 3: the imports by which `python/` reaches the JAX model, a library or a rule."""
    found, seen = [], set()
    todo = [p for p in sorted(PYTHON.glob("*.py"))]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for line, name in _runtime_imports(path):
            if name.startswith(FORBIDDEN):
                found.append(f"{path.relative_to(ROOT)}:{line}: imports {name}")
                continue
            target = _file_of(name)
            if target is not None:
                todo.append(target)
    return sorted(set(found))


def main(argv: list[str]) -> int:
    moving = "--no-move" not in argv
    argv = [a for a in argv if a != "--no-move"]
    problems = move() if moving else []
    files = [Path(a) for a in argv] or [
        *ROOT.glob("jax_lsp/**/*.py"), *ROOT.glob("tests/**/*.py"),
        *ROOT.glob("benchmarks/*.py"), *ROOT.glob("scripts/*.py"),
    ]
    rewritten = []
    for path in files:
        path = path.resolve()
        text = path.read_text()
        new = rewrite_imports(text)
        if new != text:
            path.write_text(new)
            rewritten.append(str(path))
            print("rewrote", path.relative_to(ROOT))
    if rewritten:  # the imports' order, as `ruff check` wants it (its isort rule)
        subprocess.run([sys.executable, "-m", "ruff", "check", "-q", "--fix", "--select", "I",
                        *rewritten], cwd=ROOT, check=False)
    problems += forbidden_imports()
    for p in problems:
        print("needs a hand edit:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
