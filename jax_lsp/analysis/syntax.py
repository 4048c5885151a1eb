"""Parse source written for any Python from 3.9 to 3.14, whatever Python runs jax-lsp.

`ast.parse` knows only the grammar of the running interpreter: on 3.11 it rejects PEP 695 type
parameters and `type` aliases (3.12), PEP 701 f-strings (3.12), PEP 758 `except A, B:` (3.14)
and PEP 750 t-strings (3.14). Reporting those files as syntax errors would be a false finding.

When the plain parse fails, a small lexer (it knows strings, nested f-strings, comments and
brackets, which is all these rewrites need) finds the newer constructs and rewrites them into
text the running parser accepts, keeping every other character where it was, so line and
column numbers of the tree still point into the user's text:

- `type X[T] = v`       -> `_ =  X    = v`  (binds X, the parameters blanked)
- `def f[T](x)`         -> `def f   (x)`     (also `class C[T]:`)
- `except A, B:`        -> `except(A, B):`   (one column shift, on that line only)
- an f-string (or t-string) the running parser rejects -> an empty string of the same extent;
  a t-string that parses as an f-string keeps its expressions (`t"..."` -> `f"..."`)

If the rewritten text still does not parse, the error it reports is a real one (positions are
those of the user's text). If the lexer itself cannot follow the text, the first error stands.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = ["child_nodes", "iter_nodes", "parse_module", "downlevel"]

#: the fields of nodes that hold a name, a number, a flag or a constant: never a node
_LEAF_FIELDS = frozenset({"id", "attr", "arg", "name", "asname", "module", "level", "kind",
                          "type_comment", "simple", "conversion", "is_async", "tag", "lineno",
                          "kwd_attrs"})
#: each node type's fields that may hold nodes (filled as types are met)
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(t: type) -> tuple[str, ...]:
    if t is ast.Constant or t is ast.MatchSingleton:  # (`value`: a Python constant)
        return ()
    return tuple(f for f in t._fields if f not in _LEAF_FIELDS)  # type: ignore[attr-defined]


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """`list(ast.iter_child_nodes(node))`, in its order, without its two generators and
    without reading the fields that never hold a node: the analysis's walks of a module's
    nodes run it once per node."""
    fields = _CHILD_FIELDS.get(type(node))
    if fields is None:
        fields = _CHILD_FIELDS[type(node)] = _child_fields(type(node))
    out: list[ast.AST] = []
    for name in fields:
        f = getattr(node, name, None)
        if isinstance(f, ast.AST):
            out.append(f)
        elif isinstance(f, list):
            for item in f:
                if isinstance(item, ast.AST):
                    out.append(item)
    return out


def iter_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """`ast.walk(node)`: the same nodes in the same (breadth-first) order, as lazily (a loop
    that stops early reads no more of the tree), made by `child_nodes`. The analysis walks
    subtrees some hundred thousand times in a check of a large package (its walks were 8% of
    the compiled cold check's profile, in `ast.walk`'s three nested generators); this one is
    a third cheaper interpreted, and native in the compiled build.

    The analysis's one walk: a list of the nodes (`walk_nodes`, once beside it) saved a
    generator's resumption per node in a full walk, too little to keep two walks for (no
    caller changes the tree while walking it, the one reason a copy would be needed; a node's
    children are read when it is given, as `ast.walk` reads them)."""
    nodes = [node]
    for n in nodes:  # (the list grows as it is read: a tenth cheaper than a deque's pops)
        nodes.extend(child_nodes(n))
        yield n


#: constructs of newer grammars that the lexer pass can rewrite; checked before it runs so
#: that text that is simply broken (an edit in progress) costs nothing more than before.
_NEWER_SYNTAX = re.compile(
    r"(?:^|[:;])[ \t]*(?:type[ \t]+\w+[ \t]*[\[=]"
    r"|(?:async[ \t]+)?def[ \t]+\w+[ \t]*\["
    r"|class[ \t]+\w+[ \t]*\["
    r"|except\b[^:\n]*,"
    r"|except\*)"
    r"|(?<![\w.])(?:[tT]|[rR][tT]|[tT][rR])['\"]",
    re.MULTILINE,
)


def parse_module(
    source: str, filename: str = "<string>", newer_syntax: Callable[[], bool] | None = None
) -> ast.Module:
    """The module's tree, parsed as the newest Python would (see the module docstring).
    Raises `SyntaxError` (or `ValueError` for NUL bytes) for text no Python accepts.
    `newer_syntax`: whether the source may hold a newer construct, if the caller knows it
    cheaper than a search of the whole text (see `newer_syntax_in`)."""
    try:
        return _parse(source, filename)
    except SyntaxError as first:
        message = first.msg or ""
        in_string = message.startswith(("f-string", "unterminated string"))
        if not in_string and not (
            newer_syntax() if newer_syntax is not None else _NEWER_SYNTAX.search(source)
        ):
            raise
        rewritten = downlevel(source)
        if rewritten is None or rewritten == source:
            raise
        return _parse(rewritten, filename)


def _parse(source: str, filename: str) -> ast.Module:
    """`ast.parse`; CPython's parser gives up on text nested past its own stack bound (100,000
    unary minuses in a row) with MemoryError or RecursionError, never a SyntaxError: that is
    a SyntaxError of the file here, not a crash of the run."""
    try:
        return ast.parse(source, filename=filename)
    except (MemoryError, RecursionError) as e:
        raise SyntaxError(f"nested too deeply for Python's parser ({type(e).__name__})",
                          (filename, 1, 1, None)) from None


def newer_syntax_in(lines: list[str], known: dict[str, bool]) -> bool:
    """Whether the text of `lines` holds a construct `_NEWER_SYNTAX` finds: what that search
    of their joined text answers (its matches lie within one line), with the answer for each
    line's text remembered in `known`."""
    for line in lines:
        hit = known.get(line)
        if hit is None:
            hit = known[line] = _NEWER_SYNTAX.search(line) is not None
        if hit:
            return True
    return False


# ---------------------------------------------------------------------------------------------
# the lexer: just enough of Python's tokenizer to find statement starts, brackets and strings

_NAME = re.compile(r"[^\W\d]\w*")
_NUMBER = re.compile(r"(?:0[xXoObB][\w_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][-+]?\d+)?[jJlL]?)")
_OPERATOR = re.compile(
    r"\*\*=?|//=?|>>=?|<<=?|->|:=|\.\.\.|[-+*/%&|^@<>=!]=|[-+*/%&|^@~<>=:;,.!]"
)
_STRING_PREFIX = re.compile(r"(?:[rRbBuUfFtT]{1,2})?(?='|\")")


class _Unlexable(Exception):
    """The lexer cannot follow the text (an unterminated string, a stray character)."""


@dataclass
class _Token:
    kind: str  # "name", "op", "string", "newline", "number"
    start: int
    end: int
    text: str
    #: for strings: the lowercased prefix (`f`, `rt`, ...)
    prefix: str = ""


def _lex(src: str) -> Iterator[_Token]:
    """Tokens of `src`; a `newline` token ends each logical line (not inside brackets)."""
    i, n, depth = 0, len(src), 0
    while i < n:
        c = src[i]
        if c in " \t\f":
            i += 1
        elif c == "\\" and src.startswith(("\n", "\r"), i + 1):
            i += 3 if src.startswith("\r\n", i + 1) else 2
        elif c == "#":
            end = src.find("\n", i)
            i = n if end < 0 else end
        elif c in "\r\n":
            if depth == 0:
                yield _Token("newline", i, i + 1, c)
            i += 2 if src.startswith("\r\n", i) else 1
        elif c in "([{":
            depth += 1
            yield _Token("op", i, i + 1, c)
            i += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
            yield _Token("op", i, i + 1, c)
            i += 1
        elif c in "'\"" or ((c.isalpha()) and _STRING_PREFIX.match(src, i)):
            m = _STRING_PREFIX.match(src, i)
            assert m is not None
            prefix = m.group(0).lower()
            end = _string_end(src, m.end(), prefix)
            yield _Token("string", i, end, src[i:end], prefix)
            i = end
        elif c.isdigit() or (c == "." and i + 1 < n and src[i + 1].isdigit()):
            m = _NUMBER.match(src, i)
            end = m.end() if m and m.end() > i else i + 1
            yield _Token("number", i, end, src[i:end])
            i = end
        elif (m := _NAME.match(src, i)) is not None:
            yield _Token("name", i, m.end(), m.group(0))
            i = m.end()
        elif (m := _OPERATOR.match(src, i)) is not None:
            yield _Token("op", i, m.end(), m.group(0))
            i = m.end()
        else:
            raise _Unlexable(f"unexpected character {c!r} at {i}")
    yield _Token("newline", n, n, "")


def _string_end(src: str, i: int, prefix: str, fields: list[str] | None = None) -> int:
    """The end of the string literal whose quote starts at `i`; the expressions of an
    f-string's replacement fields are added to `fields`."""
    quote = src[i : i + 3] if src.startswith(('"""', "'''"), i) else src[i]
    i += len(quote)
    formatted = "f" in prefix or "t" in prefix
    n = len(src)
    while i < n:
        if src.startswith(quote, i):
            return i + len(quote)
        c = src[i]
        if c == "\\":
            i += 2  # even in a raw string a backslash keeps the next quote inside
        elif c in "\r\n" and len(quote) == 1:
            raise _Unlexable("unterminated string")
        elif formatted and c == "{":
            if src.startswith("{{", i):
                i += 2
            else:
                i = _replacement_field_end(src, i + 1, fields)
        else:
            i += 1
    raise _Unlexable("unterminated string")


def _replacement_field_end(src: str, i: int, fields: list[str] | None = None) -> int:
    """The index after the `}` closing the f-string replacement field whose expression starts
    at `i` (PEP 701: any quotes, nesting and comments inside)."""
    start: int | None = i
    depth, n = 0, len(src)

    def expression_ends(at: int) -> None:
        if fields is not None and start is not None:
            fields.append(src[start:at])
    while i < n:
        c = src[i]
        if c in "'\"" or (c.isalpha() and _STRING_PREFIX.match(src, i)):
            m = _STRING_PREFIX.match(src, i)
            if m is not None:
                i = _string_end(src, m.end(), m.group(0).lower())
                continue
        if c == "#":
            end = src.find("\n", i)
            i = n if end < 0 else end
        elif c in "([{":
            depth += 1
            i += 1
        elif c in ")]" or (c == "}" and depth > 0):
            depth -= 1
            i += 1
        elif c == "}":
            expression_ends(i)
            return i + 1
        elif c == ":" and depth == 0:
            expression_ends(i)
            return _format_spec_end(src, i + 1, fields)
        elif c == "!" and depth == 0 and not src.startswith("!=", i):
            expression_ends(i)
            start = None  # the conversion (`!r`) and what follows are no expression
            i += 1
        elif (m := _NAME.match(src, i)) is not None:
            i = m.end()
        else:
            i += 1
    raise _Unlexable("unterminated replacement field")


def _format_spec_end(src: str, i: int, fields: list[str] | None = None) -> int:
    """The index after the `}` that closes a format spec starting at `i` (nested fields)."""
    n = len(src)
    while i < n:
        c = src[i]
        if c == "{":
            i = _replacement_field_end(src, i + 1, fields)
        elif c == "}":
            return i + 1
        else:
            i += 1
    raise _Unlexable("unterminated format spec")


# ---------------------------------------------------------------------------------------------
# the rewrites


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    text: str


def _blank(text: str) -> str:
    """Spaces in place of every character but line breaks."""
    return re.sub(r"[^\r\n]", " ", text)


def _parses(expression: str) -> bool:
    try:
        ast.parse(f"(\n{expression}\n)", mode="eval")
    except (SyntaxError, ValueError):
        return False
    return True


def _string_edit(token: _Token) -> _Edit | None:
    """An f- or t-string the running parser rejects, as text it accepts of the same extent."""
    if not ("f" in token.prefix or "t" in token.prefix):
        return None
    text = token.text
    if "t" in token.prefix:
        head = len(token.prefix)
        as_f = text[:head].replace("t", "f").replace("T", "F") + text[head:]
        if _parses(as_f):
            return _Edit(token.start, token.end, as_f)
    elif _parses(text):
        return None
    if not _fields_are_valid(text, token.prefix):
        return None  # a real error: left for the parser to report
    lines = text.split("\n")
    if len(lines) == 1:
        return _Edit(token.start, token.end, '""' + " " * (len(text) - 2))
    # a string over several lines: an empty string in parentheses, the line breaks kept
    first = '(""' + " " * (len(lines[0]) - 3) if len(lines[0]) >= 3 else None
    last = _blank(lines[-1])
    if first is None or not last:
        raise _Unlexable("cannot blank this string in place")
    middle = [_blank(line) for line in lines[1:-1]]
    return _Edit(token.start, token.end, "\n".join([first, *middle, last[:-1] + ")"]))


_SELF_DOCUMENTING = re.compile(r"(?<![=!<>])=\s*\Z")


def _fields_are_valid(text: str, prefix: str) -> bool:
    """Whether every replacement field of the f-string `text` holds a valid expression (by
    the newest grammar: its own nested f-strings are checked the same way)."""
    fields: list[str] = []
    try:
        _string_end(text, len(prefix), prefix, fields)
    except _Unlexable:
        return False
    for field in fields:
        expression = _SELF_DOCUMENTING.sub("", field)
        if not expression.strip():
            return False
        rewritten = downlevel(expression)
        if rewritten is None or not _parses(rewritten):
            return False
    return True


def _bracket_group_end(tokens: list[_Token], k: int) -> int:
    """The index of the token closing the bracket opened by `tokens[k]`."""
    depth = 0
    for j in range(k, len(tokens)):
        text = tokens[j].text
        if tokens[j].kind == "op" and text in "([{":
            depth += 1
        elif tokens[j].kind == "op" and text in ")]}":
            depth -= 1
            if depth == 0:
                return j
    raise _Unlexable("unclosed bracket")


def _type_params_edits(src: str, tokens: list[_Token], k: int, alias: bool) -> Iterator[_Edit]:
    """Blank the type parameter list `[...]` opened by `tokens[k]`. A list over several lines
    of a `def` or `class` becomes the opening of its parameter or base list, so that its line
    breaks stay inside brackets: `class C[\\n T\\n](B):` -> `class C(\\n  \\n   B):`."""
    close = _bracket_group_end(tokens, k)
    start, end = tokens[k].start, tokens[close].end
    if "\n" not in src[start:end] and "\r" not in src[start:end]:
        yield _Edit(start, end, " " * (end - start))
        return
    after = tokens[close + 1].text if close + 1 < len(tokens) else ""
    if alias or after not in ("(", ":"):
        raise _Unlexable("a type parameter list over several lines")
    yield _Edit(start, start + 1, "(")
    yield _Edit(start + 1, end - 1, _blank(src[start + 1 : end - 1]))
    if after == "(":
        yield _Edit(end - 1, end, " ")
        yield _Edit(tokens[close + 1].start, tokens[close + 1].end, " ")
    else:
        yield _Edit(end - 1, end, ")")


def _statement_edits(src: str, line: list[_Token]) -> Iterator[_Edit]:
    """The rewrites of one logical line's tokens (the first token starts the statement)."""
    names = [t.text if t.kind == "name" else None for t in line]
    head = 1 if names[:1] == ["async"] else 0
    first = names[head] if head < len(names) else None
    if (
        first == "type"
        and len(line) > head + 2
        and line[head + 1].kind == "name"
        and line[head + 2].text in ("[", "=")
    ):
        keyword = line[head]
        yield _Edit(keyword.start, keyword.end, "_ = ")
        if line[head + 2].text == "[":
            yield from _type_params_edits(src, line, head + 2, alias=True)
    elif (
        first in ("def", "class")
        and len(line) > head + 2
        and line[head + 1].kind == "name"
        and line[head + 2].text == "["
    ):
        yield from _type_params_edits(src, line, head + 2, alias=False)
    elif first == "except":
        yield from _except_edits(line, head)


def _except_edits(line: list[_Token], k: int) -> Iterator[_Edit]:
    """`except A, B:` (PEP 758) -> `except(A, B):`; `except*` on a Python before 3.11."""
    j = k + 1
    if j < len(line) and line[j].text == "*":
        if sys.version_info < (3, 11):
            yield _Edit(line[j].start, line[j].end, " ")
        j += 1
    depth, comma, colon = 0, False, None
    for m in range(j, len(line)):
        t = line[m]
        if t.kind == "op" and t.text in "([{":
            depth += 1
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
        elif depth == 0 and t.text == ",":
            comma = True
        elif depth == 0 and t.kind == "name" and t.text == "as":
            return
        elif depth == 0 and t.text == ":":
            colon = m
            break
    if comma and colon is not None and colon > j:
        yield _Edit(line[k].end, line[j].start, "(")
        yield _Edit(line[colon].start, line[colon].start, ")")


def _edits(src: str) -> list[_Edit]:
    tokens = list(_lex(src))
    edits: list[_Edit] = []
    line: list[_Token] = []
    depth = 0
    for token in tokens:
        if token.kind == "string":
            edit = _string_edit(token)
            if edit is not None:
                edits.append(edit)
        if token.kind == "newline" or (depth == 0 and token.text == ";"):
            if line:
                edits.extend(_statement_edits(src, line))
            line = []
            continue
        if token.kind == "op" and token.text in "([{":
            depth += 1
        elif token.kind == "op" and token.text in ")]}":
            depth = max(0, depth - 1)
        # a compound statement's header ends at a top-level colon: `if x: type X = int`
        if not line or line[-1].text != ":" or depth:
            line.append(token)
        else:
            edits.extend(_statement_edits(src, line))
            line = [token]
    return edits


def downlevel(src: str) -> str | None:
    """`src` with the constructs of newer grammars rewritten (see the module docstring), or
    None when the lexer cannot follow it."""
    try:
        edits = _edits(src)
    except (_Unlexable, RecursionError):
        return None
    out, at = [], 0
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if edit.start < at:
            continue  # inside an edit already made (a string within a blanked list)
        out.append(src[at : edit.start])
        out.append(edit.text)
        at = edit.end
    out.append(src[at:])
    return "".join(out)
