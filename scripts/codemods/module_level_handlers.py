"""Codemod (issue 29, item 7): the language server's handlers as module-level functions, which
a test can import and call alone, instead of closures inside each feature's `register`.

Re-runnable (a module whose `register` holds no handler any more is left as it is), so that a
branch that adds or edits a closure-style handler is brought over by running it again, after
`server_and_project.py`:

    python scripts/codemods/module_level_handlers.py [FILES...]

(default: `jax_lsp/server/features/*.py`). In each module whose `register(server)` holds only
`session = server.session` and (async) function definitions:
- each function becomes a module-level one whose first parameter is `server:
  JaxLanguageServer` (with `session = server.session` first in its body when it uses
  `session`); a call of another lifted function gets `server` as its first argument;
- its `@server.feature(...)` decorator becomes, in `register`, the call
  `server.feature(...)(partial(handler, server))`; other decorators (`@guarded`) stay on it.
A `register` with anything else (`@server.command`, whose arguments pygls converts by reading
the handler's annotations; lazy imports; other statements) is left as it is and listed.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INDENT = "    "


def _is_call_of(node: ast.expr, dotted: str) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) == dotted


def _dedent(block: str) -> str:
    return "".join(line[len(INDENT):] if line.startswith(INDENT) else line
                   for line in block.splitlines(keepends=True))


def _uses(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _fit(source: str, name: str, width: int = 100) -> str:
    """A one-line signature grown past `width`: its parameters on their own line(s)."""
    line = next(ln for ln in source.splitlines() if re.match(rf"(async )?def {name}\(", ln))
    parts = re.fullmatch(rf"((?:async )?def {name}\()(.*)(\)(?: -> .*)?:)", line)
    if len(line) <= width or parts is None:
        return source
    params = parts.group(2)
    if len(INDENT + params) <= width:
        middle = f"{INDENT}{params}\n"
    else:
        middle = "".join(f"{INDENT}{p.strip()},\n" for p in params.split(", "))
    return source.replace(line, f"{parts.group(1)}\n{middle}{parts.group(3)}", 1)


def lift(path: Path) -> str:
    """Rewrite `path`; returns what was done, or why not."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    register = next((n for n in tree.body
                     if isinstance(n, ast.FunctionDef) and n.name == "register"), None)
    if register is None or len(register.args.args) != 1:
        return "no register(server)"
    server = register.args.args[0].arg
    module_names = {n.name for n in tree.body
                    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    doc = ast.get_docstring(register, clean=False)
    for stmt in register.body[1 if doc is not None else 0:]:
        if (isinstance(stmt, ast.Assign) and ast.unparse(stmt) == f"session = {server}.session"):
            continue
        if isinstance(stmt, ast.Expr) and ast.unparse(stmt).startswith(f"{server}.feature("):
            continue  # lifted already: `server.feature(...)(partial(handler, server))`
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return f"left: register holds `{ast.unparse(stmt).splitlines()[0]}`"
        if any(_is_call_of(d, f"{server}.command") for d in stmt.decorator_list):
            return f"left: {stmt.name} is a command"
        if stmt.name in module_names:
            return f"left: {stmt.name} is also a module-level name"
        functions.append(stmt)
    if not functions:
        return "nothing to lift (handlers at module level)"
    lifted = {f.name for f in functions}
    pieces, registrations = [], []
    # each function's text starts after the previous one's (so the comments between go along)
    previous_end = (register.body[0].end_lineno or 0) if doc is not None else register.lineno
    for fn in functions:
        features = [d for d in fn.decorator_list if _is_call_of(d, f"{server}.feature")]
        first = previous_end
        previous_end = fn.end_lineno or fn.lineno
        skip = {i for i in range(first, fn.lineno)
                if lines[i].strip() == f"session = {server}.session"}
        for d in features:
            skip.update(range(d.lineno - 1, d.end_lineno or d.lineno))  # with its `@`
            call = ast.get_source_segment(text, d) or ""
            # its continuation lines keep their indentation: `register`'s body, as before
            registrations.append(f"{INDENT}{call}(partial({fn.name}, {server}))\n")
        body_start = fn.body[0]
        if (isinstance(body_start, ast.Expr) and isinstance(body_start.value, ast.Constant)
                and isinstance(body_start.value.value, str)):
            insert_at = body_start.end_lineno or body_start.lineno  # after the docstring
        else:
            insert_at = body_start.lineno - 1
        out = []
        for i in range(first, fn.end_lineno or fn.lineno):
            if i in skip:
                continue
            if i == insert_at and _uses(fn, "session"):
                out.append(f"{INDENT * 2}session = {server}.session\n")
            out.append(lines[i])
        source = _dedent("".join(out)).strip("\n") + "\n"
        # the server, first parameter
        head = re.search(rf"def {fn.name}\(", source)
        assert head is not None
        rest = source[head.end():]
        param = f"{server}: JaxLanguageServer"
        if rest.startswith("\n"):
            source = source[:head.end()] + f"\n{INDENT}{param}," + rest
        elif rest.startswith(")"):
            source = source[:head.end()] + param + rest
        else:
            source = source[:head.end()] + f"{param}, " + rest
        pieces.append(_fit(source, fn.name))
    calls = "|".join(sorted(lifted))
    pieces = [re.sub(rf"(?<![\w.])(?<!def )({calls})\((?!{server}\b)", rf"\1({server}, ", p)
              for p in pieces]
    start = min([d.lineno for d in register.decorator_list] + [register.lineno]) - 1
    head = lines[start:register.body[0].lineno - 1]
    if doc is not None:
        head += lines[register.body[0].lineno - 1:register.body[0].end_lineno]
    new_register = "".join(head) + "".join(registrations)
    new = ("".join(lines[:start]) + "\n\n".join(pieces) + "\n\n" + new_register
           + "".join(lines[register.end_lineno:]))
    if "from functools import partial" not in new:
        new = new.replace("from __future__ import annotations\n",
                          "from __future__ import annotations\n\nfrom functools import partial\n",
                          1)
    path.write_text(new, encoding="utf-8")
    subprocess.run(["ruff", "check", "-q", "--fix", "--select", "I001", str(path)], cwd=ROOT,
                   check=False)
    return f"lifted {', '.join(sorted(lifted))}"


def main(argv: list[str]) -> int:
    files = [Path(a) for a in argv] or sorted((ROOT / "jax_lsp/server/features").glob("*.py"))
    for path in files:
        if path.name == "__init__.py":
            continue
        print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: {lift(path.resolve())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
