"""Codemod (issue 29, item 7): the server split into features / session / runtime, and what the
CLI and the server share in its own package, `jax_lsp/project/`.

Re-runnable (each step is idempotent), so that code written against the old layout (a branch
merged later) is brought over by running it again:

    python scripts/codemods/server_and_project.py

What it does:
1. `git mv` each module of `MOVES` to its new place (when the old file exists and the new one
   does not), creating the packages (`PACKAGES`, each an `__init__.py` with a docstring and no
   imports: the server's start-up imports no more than before);
2. moves the file discovery out of `checker/runner.py` into `project/discovery.py`
   (`DISCOVERY`: the definitions, with their comments), leaving the runner importing them;
3. rewrites, in every tracked `.py`, `.md`, `.toml` file: `from P import m` of a moved module
   (split by new parent when one statement names several), `from <old runner> import <a
   discovery name>`, dotted names (`jax_lsp.server.sync`, also in strings: patch targets,
   mypy's overrides) and paths (`jax_lsp/server/sync.py`, `server/sync.py`);
4. runs `ruff check --fix --select I001,F401` on the files it changed, so imports stay sorted
   and the runner drops what only discovery used.
A module added to `jax_lsp/server/` (or the top level) by a later branch is not moved: it is
listed as left flat, to be given a place in `MOVES`.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: new package -> its docstring
PACKAGES = {
    "jax_lsp/server/features": (
        "The language server's features: one module per LSP feature, each with a\n"
        "`register(server)` that declares its handlers."
    ),
    "jax_lsp/server/session": (
        "One client connection's state: what the client supports, the open documents and\n"
        "notebooks, the configuration, and when and how each document is linted (scheduler,\n"
        "workers, lint)."
    ),
    "jax_lsp/server/runtime": (
        "The server process: its start before the heavy imports (`command`, `front`, `early`,\n"
        "`spawn`), its connection (`framing`, `protocol`, `transport`), its errors, and the\n"
        "analysis processes it drives (`analysis_process`, `cached_results`, `collection`)."
    ),
    "jax_lsp/project": (
        "What the CLI and the language server share about a project: its configuration (`config`,\n"
        "`globs`), its files (`discovery`, `gitignore`), its result cache (`cache`, `provenance`)\n"
        "and whether its own Python may run (`trust`). Imports nothing here: each module is\n"
        "imported where it is used, so the server's start-up imports no more than before."
    ),
}

_FEATURES = ("sync", "diagnostics", "hover", "code_actions", "helper_module", "scan")
#: (fix_plan: the code actions' plans per document version, from branch speed3a)
_SESSION = ("session", "documents", "notebooks", "capabilities", "configuration", "positions",
            "paths", "scheduler", "worker", "lint", "reported", "carryover", "fix_plan")
_RUNTIME = ("command", "early", "front", "spawn", "pipes", "framing", "protocol", "transport",
            "errors", "analysis_process", "cached_results", "collection", "latency")

#: old dotted module -> new dotted module
MOVES: dict[str, str] = {
    **{f"jax_lsp.server.{m}": f"jax_lsp.server.features.{m}" for m in _FEATURES},
    **{f"jax_lsp.server.{m}": f"jax_lsp.server.session.{m}" for m in _SESSION if m != "session"},
    # the package took the module's name: the module is the session's state
    "jax_lsp.server.session": "jax_lsp.server.session.state",
    **{f"jax_lsp.server.{m}": f"jax_lsp.server.runtime.{m}" for m in _RUNTIME},
    "jax_lsp.config": "jax_lsp.project.config",
    "jax_lsp.globs": "jax_lsp.project.globs",
    "jax_lsp.trust": "jax_lsp.project.trust",
    "jax_lsp.checker.cache": "jax_lsp.project.cache",
    "jax_lsp.checker.provenance": "jax_lsp.project.provenance",
    "jax_lsp.checker.gitignore": "jax_lsp.project.gitignore",
}
#: modules that stay where they are (not reported as left flat)
STAYING = {"jax_lsp.server.server", "jax_lsp.server.__init__"}

RUNNER = "jax_lsp.checker.runner"
DISCOVERY_MODULE = "jax_lsp.project.discovery"
#: the runner's top-level definitions that find the files to check
DISCOVERY = ("SOURCE_SUFFIXES", "ConfigResolver", "_is_venv", "_walkable_file", "_unsearchable",
             "discover_files", "display_path")
DISCOVERY_HEAD = '''"""Which files a check covers: the paths named, directories walked (built-in
skips, `exclude`, `.gitignore`, links out of the tree), each with the configuration of its
nearest `pyproject.toml`. The CLI's `check` and the server's workspace scan both use it."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from jax_lsp.project.config import (
    DEFAULT_EXCLUDED_DIRS,
    Config,
    has_config_table,
    is_regular_file,
)
from jax_lsp.project.gitignore import GitIgnore, work_tree_root

__all__ = ["SOURCE_SUFFIXES", "ConfigResolver", "discover_files", "display_path"]
'''

TEXT_SUFFIXES = {".py", ".md", ".toml"}


def path_of(dotted: str) -> Path:
    return ROOT / (dotted.replace(".", "/") + ".py")


def git(*args: str) -> None:
    subprocess.run(["git", *args], cwd=ROOT, check=True)


def make_packages() -> None:
    for pkg, doc in PACKAGES.items():
        init = ROOT / pkg / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text(f'"""{doc}\n"""\n', encoding="utf-8")
            git("add", str(init.relative_to(ROOT)))


def move_modules() -> int:
    moved = 0
    for old, new in MOVES.items():
        src, dst = path_of(old), path_of(new)
        if src.exists() and not dst.exists():
            git("mv", str(src.relative_to(ROOT)), str(dst.relative_to(ROOT)))
            moved += 1
        elif src.exists():
            sys.exit(f"{src.relative_to(ROOT)} and {dst.relative_to(ROOT)} both exist: merge")
    return moved


def _with_comments(lines: list[str], node: ast.stmt) -> int:
    """The first line (0-based) of `node` with the `#` comments right above it."""
    start = (node.decorator_list[0].lineno if getattr(node, "decorator_list", None)
             else node.lineno) - 1
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    return start


def extract_discovery() -> bool:
    """Cut `DISCOVERY`'s definitions out of the runner into `project/discovery.py`."""
    runner = path_of(RUNNER)
    text = runner.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)

    def name_of(node: ast.stmt) -> str | None:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            return node.name
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            return node.targets[0].id
        return None

    found = [n for n in tree.body if name_of(n) in DISCOVERY]
    if not found:
        return False
    cut: list[tuple[int, int]] = []
    blocks = []
    for node in found:
        start, end = _with_comments(lines, node), node.end_lineno or node.lineno
        cut.append((start, end))
        blocks.append("".join(lines[start:end]).rstrip() + "\n")
    keep = [line for i, line in enumerate(lines) if not any(s <= i < e for s, e in cut)]
    new_runner = re.sub(r"\n{4,}", "\n\n\n", "".join(keep))
    # the runner no longer exports them: `project.discovery` is their one home
    for name in DISCOVERY:
        new_runner = re.sub(rf'\n\s*"{name}",(?=\n)', "", new_runner)
    # the runner imports what it still uses of them (ruff drops the rest)
    names = ", ".join(sorted(DISCOVERY, key=str.lower))
    new_runner = new_runner.replace(
        "\nfrom jax_lsp.", f"\nfrom {DISCOVERY_MODULE} import {names}\nfrom jax_lsp.", 1)
    body = "\n\n".join(blocks)  # two blank lines between definitions
    path_of(DISCOVERY_MODULE).write_text(DISCOVERY_HEAD + "\n" + body, encoding="utf-8")
    runner.write_text(new_runner, encoding="utf-8")
    git("add", str(path_of(DISCOVERY_MODULE).relative_to(ROOT)))
    return True


def _parent_and_name(dotted: str) -> tuple[str, str]:
    parent, _, name = dotted.rpartition(".")
    return parent, name


#: (old parent, name) -> (new parent, new name), for `from PARENT import name`
_BY_PARENT = {_parent_and_name(old): _parent_and_name(new) for old, new in MOVES.items()}


def _children(old: str) -> list[str]:
    """The new modules' names below `old` when a package took an old module's name
    (`jax_lsp.server.session`): `old.<child>` is a new name, never to rewrite again."""
    return sorted({new[len(old) + 1:].split(".")[0] for new in MOVES.values()
                   if new.startswith(old + ".")})


def from_imports(text: str) -> str:
    """`from P import a, b as c` naming moved modules (or the runner's discovery names):
    one statement per new parent, in place of the old one."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            continue
        indent = re.match(r"\s*", lines[node.lineno - 1]).group(0)  # type: ignore[union-attr]
        new = _regrouped(indent, node.module, [(a.name, a.asname) for a in node.names])
        if new is not None:
            edits.append((node.lineno - 1, node.end_lineno or node.lineno, new))
    for start, end, new in sorted(edits, reverse=True):
        # keep what followed the statement on its last line (a comment)
        tail = lines[end - 1]
        comment = re.search(r"\)?\s*(#.*)$", tail.rstrip("\n"))
        if comment and start == end - 1 and "#" in tail:
            new = new.rstrip("\n") + "  " + comment.group(1) + "\n"
        lines[start:end] = [new]
    # in strings (programs a test runs): one-line statements the syntax tree did not show
    return _ONE_LINE.sub(_one_line, "".join(lines))


_ONE_LINE = re.compile(r"^([ \t]*)from (jax_lsp[\w.]*) import ([\w, ]+)$", re.M)


def _one_line(mo: re.Match[str]) -> str:
    names = []
    for part in mo.group(3).split(","):
        name, _, asname = part.strip().partition(" as ")
        names.append((name, asname or None))
    new = _regrouped(mo.group(1), mo.group(2), names)
    return mo.group(0) if new is None else new.rstrip("\n")


def _regrouped(indent: str, module: str, names: list[tuple[str, str | None]]) -> str | None:
    """`from module import names` as statements of the moved modules' new parents, or None
    when it names nothing moved."""
    groups: dict[str, list[str]] = {}
    changed = False
    for old_name, alias in names:
        target, name = module, old_name
        if (module, old_name) in _BY_PARENT:
            (target, name), changed = _BY_PARENT[(module, old_name)], True
        elif module == RUNNER and old_name in DISCOVERY:
            target, changed = DISCOVERY_MODULE, True
        elif module in MOVES and old_name not in _children(module):
            target, changed = MOVES[module], True
        asname = alias or (old_name if name != old_name else None)
        groups.setdefault(target, []).append(name + (f" as {asname}" if asname else ""))
    if not changed:
        return None
    return "".join(f"{indent}from {m} import {', '.join(ns)}\n" for m, ns in groups.items())


def rewrite_names(text: str) -> str:
    for old, new in MOVES.items():
        below = "|".join(_children(old))
        # `from <old> import x`: `x` may be the module's name or the package's (`from_imports`)
        after = rf"(?!\w|\.(?:{below})\b|\s+import\b)" if below else r"(?!\w)"
        text = re.sub(rf"(?<![\w.]){re.escape(old)}{after}", new, text)
        old_path, new_path = old.replace(".", "/"), new.replace(".", "/")
        text = re.sub(rf"(?<![\w/]){re.escape(old_path)}\.py\b", f"{new_path}.py", text)
        # `server/sync.py`, `checker/cache.py` (docs name paths below jax_lsp/)
        short_old = old_path.removeprefix("jax_lsp/")
        short_new = new_path.removeprefix("jax_lsp/")
        if "/" in short_old:
            text = re.sub(rf"(?<![\w/]){re.escape(short_old)}\.py\b", f"{short_new}.py", text)
    return text


def text_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    skip = {Path(__file__).resolve()}
    return [ROOT / f for f in out if Path(f).suffix in TEXT_SUFFIXES and (ROOT / f).is_file()
            and (ROOT / f).resolve() not in skip and not f.startswith(("tests/rules/JAX",
                                                                       "tests/blind/"))]


def left_flat() -> list[str]:
    flat = [p for p in (ROOT / "jax_lsp" / "server").glob("*.py")
            if f"jax_lsp.server.{p.stem}" not in STAYING]
    return [p.relative_to(ROOT).as_posix() for p in flat]


def main() -> int:
    make_packages()
    moved = move_modules()
    extracted = extract_discovery()
    changed = []
    for path in text_files():
        text = path.read_text(encoding="utf-8")
        new = rewrite_names(text)
        if path.suffix == ".py":
            new = from_imports(new)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    py = [str(p) for p in changed if p.suffix == ".py"]
    if extracted:
        py += [str(path_of(RUNNER)), str(path_of(DISCOVERY_MODULE))]
    if py:
        subprocess.run(["ruff", "check", "-q", "--fix", "--select", "I001,F401", *sorted(set(py))],
                       cwd=ROOT, check=False)
    print(f"moved {moved} modules; discovery {'extracted' if extracted else 'already apart'}; "
          f"rewrote {len(changed)} files")
    for rel in left_flat():
        print("left flat (give it a place in MOVES):", rel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
