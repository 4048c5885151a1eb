"""Whether interpreting a module can find anything: a sound pre-filter, cheaper than a parse.

Every finding is reported under a differentiation or batching `Level` (`decisions.report`),
and the interpreter makes a level (`Transforms.level`) only when it calls, by its canonical
name, a JAX function that differentiates, transposes or batches: a transform
(`jaxapi.TRANSFORMS`, or a user wrapper configured as one), a wrapper of kind "vmap",
"linen_vmap" (whose module class batches where it is called) or "map", `custom_root`,
`custom_linear_solve`, or a measured function that transposes, differentiates or maps
(`vectorize`) the functions it is given (`apitable`). Such a name reaches the interpreter as an
`Api` value, built from import and attribute names, or from the constant name given to
`getattr`; `jaxapi.canonical` keeps the last part of a name, except for the aliases it maps
whole. So a module's analysis can make a level only if one of these last parts (or an alias's,
see `trigger_names`) is written in a module it interprets: itself or a workspace module it
imports, transitively. The exception, `getattr` of a name the interpreter computes
(`"gr" + "ad"`, a variable), is ruled out: every `getattr` must be a call with a constant name;
and a module that writes `methodcaller` (which reads the attribute it names, perhaps computed,
when called) is interpreted.

A trigger that is also the name of a Python builtin (`map`: `jax.lax.map`'s last part) counts
only where it may be more than that builtin: a bare name `map` the module never binds otherwise
is looked up as `builtins.map`, and a bound one holds a value made elsewhere by one of the routes
above (an attribute, an import, a `getattr`), which are looked for in every module interpreted.
So when each time the text writes it is a bare name (the tree's `Name` nodes, counted against
the text) and the module has no star import, it does not count.

Written as an attribute (`jax.tree.map`, `df.map`), such a trigger makes a level only when what
it is read from is a JAX module value whose attribute of that name is level-making (`jax.lax`:
`receiver_names`); anything else with that attribute (an instance, a class, a workspace module)
holds a value made elsewhere by the routes above. Such a module value is made only by a route
that writes its own last part (`lax`) or an alias's that `jaxapi.canonical` maps onto it. So an
attribute use counts only if some module interpreted (itself or one it imports, transitively)
writes one of those receiver names.

The imported modules are those its import statements resolve to in the workspace (with the
importer's own resolution). A package's `__init__` also exposes its submodules by attribute
(`pkg.sub`): rather than guess which, a module that imports a package is not cleared.

A cleared module's analysis is its parse: `engine` skips the interpreter.
"""

from __future__ import annotations

import ast
import builtins
import re
import unicodedata
from bisect import bisect_left
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from jax_lsp.analysis.jax import apitable, jaxapi
from jax_lsp.analysis.workspace import Workspace

__all__ = ["may_find", "trigger_names"]

#: the `jaxapi.HIGHER_ORDER` kinds whose calls make a level (a batch level, custom_root's
#: linearization, custom_linear_solve's transposition)
_LEVEL_KINDS = frozenset({"vmap", "linen_vmap", "map", "custom_root", "custom_linear_solve"})

#: facts of imported modules, by content hash (they depend on the text only)
_FACTS: dict[tuple[_Triggers, str], _Facts] = {}
_MAX_FACTS = 20_000


@lru_cache(maxsize=1)
def _level_apis() -> frozenset[str]:
    """The canonical names of the JAX functions whose calls make a level."""
    names = set(jaxapi.TRANSFORMS)
    names.update(n for n, kind in jaxapi.HIGHER_ORDER.items() if kind in _LEVEL_KINDS)
    for name in apitable.table()["functions"]:
        facts = apitable.facts(name)
        if facts is not None and (facts.transposes or facts.differentiates or facts.maps):
            names.add(name)
    return frozenset(names)


def trigger_names(extra_transforms: Iterable[str] = ()) -> frozenset[str]:
    """The last parts of the names by which a level-making function can be written: theirs,
    those of the aliases `jaxapi.canonical` maps onto them, and the configured transforms'."""
    return _trigger_names(frozenset(extra_transforms))


@lru_cache(maxsize=16)
def _trigger_names(extra_transforms: frozenset[str]) -> frozenset[str]:
    level_apis = _level_apis()
    names = set(level_apis) | set(extra_transforms)
    names.update(a for a in jaxapi.ALIASES if jaxapi.canonical(a) in level_apis)
    return frozenset(n.rpartition(".")[2] for n in names)


_IDENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def _identifiers_at(text: str, word: str) -> Iterator[tuple[int, str]]:
    """The runs of ASCII identifier characters of `text` that contain `word`, with where each
    starts (str.find is much faster than a regex here). A run may be longer than Python's
    identifier (a string's content) or shorter (next to a non-ASCII letter): both only make
    more texts match."""
    n = len(text)
    i = text.find(word)
    while i >= 0:
        start, end = i, i + len(word)
        while start > 0 and text[start - 1] in _IDENT_CHARS:
            start -= 1
        while end < n and text[end] in _IDENT_CHARS:
            end += 1
        yield start, text[start:end]
        i = text.find(word, end)


@dataclass(frozen=True)
class _Triggers:
    """Finds the trigger names in a text, as whole identifiers or parts of strings."""

    names: frozenset[str]
    #: the names none of which holds another: a text holds a trigger only if it holds one
    words: tuple[str, ...]
    #: the trigger names that are also builtins' names, and no configured transform's (see
    #: the module docstring): `_scan` looks at how the text writes them
    builtins: frozenset[str] = frozenset()
    #: for each of `builtins`, the last parts of the names of the JAX module values whose
    #: attribute of that name makes a level (`map`: `lax`)
    receivers: tuple[tuple[str, frozenset[str]], ...] = ()

    def named_in(self, text: str, besides: frozenset[str] = frozenset()) -> bool:
        """Whether `text` holds a trigger name not in `besides`."""
        return any(ident in self.names and ident not in besides
                   for w in self.words for _, ident in _identifiers_at(text, w))


_BUILTIN_NAMES = frozenset(dir(builtins))


@lru_cache(maxsize=16)
def _triggers(names: frozenset[str], configured: frozenset[str] = frozenset()) -> _Triggers:
    """`configured`: the last parts of the configured transforms' names."""
    shadowed = frozenset(names & _BUILTIN_NAMES - configured)
    return _Triggers(
        names, tuple(sorted(w for w in names if not any(o != w and o in w for o in names))),
        shadowed, tuple((b, receiver_names(b)) for b in sorted(shadowed)),
    )


@lru_cache(maxsize=16)
def receiver_names(attribute: str) -> frozenset[str]:
    """The last parts of the names by which a JAX module value whose attribute `attribute` is
    a level-making function can be made (`map`: `lax`, for `jax.lax.map`). The interpreter
    names an attribute of such a value `jaxapi.canonical(f"{value}.{attribute}")`, and makes
    the value itself from a written name, canonical: its own last part, or an alias's that
    `canonical` maps onto it whole."""
    level_apis = _level_apis()
    suffix = "." + attribute
    candidates = {a[: -len(suffix)] for a in level_apis if a.endswith(suffix)}
    for key, value in jaxapi.ALIASES.items():
        if key.endswith(suffix):
            candidates.add(key[: -len(suffix)])
        # an alias of a prefix: `canonical` maps `key.rest` to `value.rest`
        candidates.update(key + a[len(value): -len(suffix)] for a in level_apis
                          if a.startswith(value + ".") and a.endswith(suffix))
    receivers = {c for c in candidates if jaxapi.canonical(c + suffix) in level_apis}
    receivers |= {jaxapi.canonical(c) for c in receivers}
    names = {r.rpartition(".")[2] for r in receivers}
    names.update(k.rpartition(".")[2] for k in jaxapi.ALIASES
                 if jaxapi.canonical(k) in receivers)
    return frozenset(names)


@dataclass(frozen=True)
class _Facts:
    #: the text names a trigger, or has a `getattr` the interpreter may give a computed name
    unsafe: bool
    #: (dotted name, level) of each module it imports, as the interpreter looks them up
    imports: tuple[tuple[str, int], ...]
    #: the builtin-named triggers it writes as attributes (`x.map`): each makes a level only
    #: where some module interpreted writes one of its receiver names
    attributes: frozenset[str] = frozenset()
    #: the builtin-named triggers one of whose receiver names it writes (`lax`: `map`)
    receivers: frozenset[str] = frozenset()


#: the fields of the statements that hold statements
_NESTED: dict[type, tuple[str, ...]] = {
    ast.FunctionDef: ("body",),
    ast.AsyncFunctionDef: ("body",),
    ast.ClassDef: ("body",),
    ast.If: ("body", "orelse"),
    ast.For: ("body", "orelse"),
    ast.AsyncFor: ("body", "orelse"),
    ast.While: ("body", "orelse"),
    ast.With: ("body",),
    ast.AsyncWith: ("body",),
    ast.Try: ("body", "orelse", "finalbody"),
}
#: `try` statements (`try/except*` is Python 3.11's; jax-lsp runs on 3.10 too)
_TRY_TYPES: tuple[type, ...] = (ast.Try, *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))
_NESTED.update({t: _NESTED[ast.Try] for t in _TRY_TYPES})
#: the statements that define a function
_FUNCTIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef})
#: the statements whose bodies are not the module's top level
_DEFINITIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})


def _imports(tree: ast.Module) -> tuple[tuple[str, int], ...]:
    """What `PythonStatements` looks up for each import statement (nested ones too):
    `import a.b` binds (and looks up) `a`, `import a.b as m` looks up `a.b`, `from m import x`
    looks up `m`."""
    found: list[tuple[str, int]] = []
    bodies: list[list[ast.stmt]] = [tree.body]
    for body in bodies:
        for stmt in body:
            t = type(stmt)
            if t is ast.Import:
                for alias in stmt.names:  # type: ignore[attr-defined]
                    name = alias.name
                    found.append((name if alias.asname else name.split(".")[0], 0))
            elif t is ast.ImportFrom:
                found.append((stmt.module or "", stmt.level or 0))  # type: ignore[attr-defined]
            elif t in _NESTED:
                bodies.extend(getattr(stmt, f) for f in _NESTED[t])
                if t in _TRY_TYPES:
                    bodies.extend(h.body for h in stmt.handlers)  # type: ignore[attr-defined]
            elif t is ast.Match:
                bodies.extend(c.body for c in stmt.cases)  # type: ignore[attr-defined]
    return tuple(dict.fromkeys(found))


def _scan(text: str, tree: ast.Module, triggers: _Triggers) -> _Facts:
    """What the text says of the levels its module may make: whether it names a trigger
    (identifiers as the parser reads them: NFKC) or has a `getattr` the interpreter may give a
    name not written in it (`unsafe`), which builtin-named triggers it writes as attributes
    and which of their receiver names it writes (see the module docstring)."""
    scanned = text if text.isascii() else unicodedata.normalize("NFKC", text)
    unsafe = _Facts(True, ())
    if triggers.named_in(scanned, triggers.builtins):
        return unsafe
    if any(ident == "methodcaller" for _, ident in _identifiers_at(scanned, "methodcaller")):
        return unsafe  # `operator.methodcaller(name)(obj)` reads `obj.<name>`, name computed
    attributes: set[str] = set()
    for name in triggers.builtins:
        use = _builtin_use(scanned, tree, name)
        if use is None:
            return unsafe
        if use:
            attributes.add(name)
    lines = _lines_using(scanned, "getattr")
    if lines:
        names = _getattr_names(_statements_at(tree, lines), lines)
        if names is None or len(names) != sum(lines.values()):
            return unsafe  # a getattr that is not a call with a constant name (or in a comment)
        if any(triggers.named_in(n if n.isascii() else unicodedata.normalize("NFKC", n))
               for n in names):
            return unsafe
    receivers = frozenset(
        name for name, written in triggers.receivers
        if any(ident in written for w in written for _, ident in _identifiers_at(scanned, w))
    )
    return _Facts(False, _imports(tree), frozenset(attributes), receivers)


def _builtin_use(text: str, tree: ast.Module, name: str) -> bool | None:
    """How `text` writes identifier `name`: None unless each time it is a bare name (a `Name`
    node), a function's name (`def map`), an attribute read from something (`x.map`: an
    `Attribute` node), a word of a comment or of a string, and the module has no star import
    (which could bind it unseen); else whether it is ever an attribute or a string's word
    (`operator.methodcaller("map")` reads it as an attribute). Not an imported name, a keyword
    or a class's name. A bare name names the builtin, or a value made by a route that is
    looked for elsewhere."""
    lines = _lines_using(text, name)
    if not lines:
        return False
    if _has_star_import(tree):
        return None
    statements = _statements_at(tree, lines)
    code: dict[tuple[int, int], bool] = {}  # where a node writes it: whether as an attribute
    for stmt in statements:
        for node in _nodes_on(stmt, lines):
            t = type(node)
            if t is ast.Name and node.id == name:  # type: ignore[attr-defined]
                code[node.lineno, node.col_offset] = False  # type: ignore[attr-defined]
            elif t is ast.Attribute and node.attr == name:  # type: ignore[attr-defined]
                end = node.end_col_offset or 0  # type: ignore[attr-defined]
                code[node.end_lineno or 0, end - len(name)] = True  # type: ignore[attr-defined]
            elif t in _FUNCTIONS and node.name == name:  # type: ignore[attr-defined]
                code[node.lineno, -1] = False  # type: ignore[attr-defined]
    if len(code) == sum(lines.values()):
        return any(code.values())
    return _classified(text, statements, lines, name, code)


def _classified(
    text: str, statements: list[ast.stmt], lines: dict[int, int], name: str,
    code: dict[tuple[int, int], bool],
) -> bool | None:
    """`_builtin_use` where the text also writes `name` outside the nodes in `code` (a
    comment's or a string's word): each place it is written is found, by line and column, in
    a node, a string or a comment. None where that cannot be told: a non-ASCII text (the
    parser's columns are bytes), a lone CR (its lines), within an f-string (whose parts'
    places Python 3.10 does not always give)."""
    if not text.isascii() or "\r" in text:
        return None
    rows = text.split("\n")
    strings: list[tuple[int, int, int, int]] = []
    fstrings: list[tuple[int, int, int, int]] = []
    for stmt in statements:
        for node in _nodes_on(stmt, lines):
            t = type(node)
            if t is ast.JoinedStr or (
                t is ast.Constant and isinstance(node.value, (str, bytes))  # type: ignore[attr-defined]
            ):
                (fstrings if t is ast.JoinedStr else strings).append((
                    node.lineno, node.col_offset,  # type: ignore[attr-defined]
                    node.end_lineno or 0, node.end_col_offset or 0,  # type: ignore[attr-defined]
                ))

    def within(spans: list[tuple[int, int, int, int]], line: int, col: int) -> bool:
        return any((l0, c0) <= (line, col) < (l1, c1) for l0, c0, l1, c1 in spans)

    def in_string(line: int, col: int) -> bool:
        return within(strings, line, col)

    defs = {line for line, col in code if col == -1}
    weak = any(code.values())
    found = 0
    line, counted = 1, 0
    for start, ident in _identifiers_at(text, name):
        if ident != name:
            continue
        line += text.count("\n", counted, start)
        counted = start
        row = rows[line - 1]
        col = start - (text.rfind("\n", 0, start) + 1)
        if (line, col) in code:
            found += 1
        elif line in defs and re.match(r"\s*(async\s+)?def\s+$", row[:col]):
            found += 1  # (one `def` a line: the parser's `;` allows no second one)
        elif within(fstrings, line, col):
            return None  # an f-string's: text, or a name in its braces the parser placed
        elif in_string(line, col):
            weak = True
        elif not any(row[i] == "#" and not in_string(line, i) and not within(fstrings, line, i)
                     for i in range(col)):
            return None
    if found != len(code):
        return None
    return weak


def _has_star_import(tree: ast.Module) -> bool:
    """Whether the module has `from m import *` (allowed at its top level only, which may be
    inside an `if`, `try` or `with`)."""
    bodies: list[list[ast.stmt]] = [tree.body]
    for body in bodies:
        for stmt in body:
            t = type(stmt)
            if t is ast.ImportFrom:
                if any(a.name == "*" for a in stmt.names):  # type: ignore[attr-defined]
                    return True
            elif t in _NESTED and t not in _DEFINITIONS:
                bodies.extend(getattr(stmt, f) for f in _NESTED[t])
                if t in _TRY_TYPES:
                    bodies.extend(h.body for h in stmt.handlers)  # type: ignore[attr-defined]
            elif t is ast.Match:
                bodies.extend(c.body for c in stmt.cases)  # type: ignore[attr-defined]
    return False


def _lines_using(text: str, name: str) -> dict[int, int]:
    """How often identifier `name` is written on each line (counting newlines)."""
    found: dict[int, int] = {}
    line, counted = 1, 0
    for start, ident in _identifiers_at(text, name):
        if ident == name:
            line += text.count("\n", counted, start)
            counted = start
            found[line] = found.get(line, 0) + 1
    return found


def _statements_at(tree: ast.Module, lines: dict[int, int]) -> list[ast.stmt]:
    """The top-level statements that span any of `lines` (decorators included). Should lines
    be counted otherwise than the parser does (a lone CR), fewer uses are found in them than
    were counted in the text: the module is then not cleared."""
    found = []
    for stmt in tree.body:
        decorators = getattr(stmt, "decorator_list", None) or ()
        start = min((stmt.lineno, *(d.lineno for d in decorators)))
        end = stmt.end_lineno or stmt.lineno
        if any(start <= line <= end for line in lines):
            found.append(stmt)
    return found


def _nodes_on(stmt: ast.stmt, lines: dict[int, int]) -> Iterator[ast.AST]:
    """The nodes of `stmt` that may be written on one of `lines`, in `ast.walk`'s order (a
    call before its function): a subtree whose span (a definition's
    decorators included) holds none of them is not entered. A node's text lies within its
    ancestors' spans, which the parser gives exactly outside f-strings; an f-string spanning
    one of the lines is entered whole (the places of its parts are not always exact) and
    one that spans none holds no text of theirs. Nodes with no place (`arguments`,
    `comprehension`...) are entered."""
    wanted = sorted(lines)
    todo: deque[tuple[ast.AST, bool]] = deque([(stmt, False)])  # (node, entered whole)
    iter_child = ast.iter_child_nodes
    while todo:
        node, whole = todo.popleft()
        yield node
        whole = whole or type(node) is ast.JoinedStr
        for child in iter_child(node):
            first = getattr(child, "lineno", None)
            if whole or first is None:
                todo.append((child, whole))
                continue
            decorators = getattr(child, "decorator_list", None)
            if decorators:
                first = min(first, *(d.lineno for d in decorators))
            last = getattr(child, "end_lineno", None) or first
            i = bisect_left(wanted, first)
            if i < len(wanted) and wanted[i] <= last:
                todo.append((child, False))


def _getattr_names(statements: list[ast.stmt], lines: dict[int, int]) -> list[str] | None:
    """The constant names of every `getattr(obj, "name", ...)` call on `lines` of
    `statements`, or None if `getattr` is used otherwise there (`getattr(obj, name)`,
    `g = getattr`, `builtins.getattr`)."""
    names: list[str] = []
    calls: set[int] = set()
    for node in (n for stmt in statements for n in _nodes_on(stmt, lines)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
        ):
            args = node.args
            if (
                len(args) < 2
                or any(isinstance(a, ast.Starred) for a in args[:2])
                or not isinstance(args[1], ast.Constant)
                or not isinstance(args[1].value, str)
            ):
                return None
            names.append(args[1].value)
            calls.add(id(node.func))
        elif isinstance(node, ast.Name) and node.id == "getattr" and id(node) not in calls:
            # ast.walk visits a call before its function: any other Name is another use
            return None
        elif isinstance(node, (ast.Attribute, ast.alias)) and "getattr" in (
            getattr(node, "attr", None),
            getattr(node, "name", None),
            getattr(node, "asname", None),
        ):
            return None
    return names


def may_find(
    tree: ast.Module,
    source: str,
    path: str | None,
    workspace: Workspace | None,
    extra_transforms: Mapping[str, str],
) -> tuple[bool, list[str]]:
    """Whether interpreting the module may make a level (see the module docstring), and the
    workspace modules that were read to decide (what the decision depends on)."""
    triggers = _triggers(trigger_names(extra_transforms),
                         frozenset(q.rpartition(".")[2] for q in extra_transforms))
    main = _scan(source, tree, triggers)
    if main.unsafe:
        return True, []
    attributes, receivers = set(main.attributes), set(main.receivers)
    if attributes & receivers:
        return True, []
    if workspace is None:
        return False, []
    read: list[str] = []
    seen: set[Path] = set()
    todo: list[tuple[_Facts, Path | None]] = [(main, Path(path) if path else None)]
    while todo:
        facts, importer = todo.pop()
        for dotted, level in facts.imports:
            try:
                found = workspace.find(dotted, level, importer)
            except OSError:
                return True, read
            if found is None or found in seen:
                continue
            seen.add(found)
            if found.name == "__init__.py":
                return True, read  # a package: its submodules are its attributes
            parsed = workspace.parse(found)
            if parsed is None:
                continue  # the interpreter cannot read it either: an unknown module
            read.append(str(found))
            key = (triggers, parsed.digest)
            imported = _FACTS.get(key)
            if imported is None:
                if len(_FACTS) >= _MAX_FACTS:
                    _FACTS.clear()
                text = "\n".join(parsed.lines)
                imported = _FACTS[key] = _scan(text, parsed.tree, triggers)
            if imported.unsafe:
                return True, read
            attributes |= imported.attributes
            receivers |= imported.receivers
            if attributes & receivers:
                return True, read
            todo.append((imported, found))
    return False, read
