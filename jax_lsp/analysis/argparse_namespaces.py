"""The attributes of an `argparse` namespace, read from the parser's code (never run).

`vars(parser.parse_args(...))` is a dict of one entry per argument the parser was given
(`add_argument`) and per `set_defaults` keyword, whatever the command line: so
`jax.pure_callback(f, shape, x, **vars(opts))` passes each of them as a keyword. What argparse
does, measured by running it under Python 3.11 (not guessed):

- an optional argument's key (its `dest`) is its first `--long` option, else its first short
  one, without the leading dashes and with `-` made `_` (`-x, --long-one` -> `long_one`); a
  positional argument's is its name as written (`my-pos` stays `my-pos`); `dest=` wins;
- an argument whose default is `argparse.SUPPRESS` has no key unless given on the command
  line (as `action="help"` / `"version"`, and every argument of a parser made with
  `argument_default=argparse.SUPPRESS` that gives no default of its own);
- `store_true` / `store_false` only set the default (False / True) when none is given.

Only the keys are read: which values the command line gives is not known here. A parser
handed to other code (`add_common_args(parser)`), given `parents=` or a `prefix_chars`, may
hold more arguments than the code shows: the keys read are then those the code shows, fewer
than the namespace holds (a code deciding on a key being present stays quiet, never wrong).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jax_lsp.analysis.own_code import own_nodes, own_returns

if TYPE_CHECKING:
    from jax_lsp.analysis.static_names import ModuleNames

PARSER = "argparse.ArgumentParser"
SUPPRESS = "argparse.SUPPRESS"
#: actions whose argument has no key unless it is given (their default is SUPPRESS)
_NO_KEY_ACTIONS = frozenset({"help", "version"})


def parsed_keys(names: ModuleNames, call: ast.Call) -> Iterator[tuple[str, ast.AST]]:
    """The keys of the namespace `call` (`parser.parse_args(...)`) returns, each with the
    call that makes it (its `add_argument` or `set_defaults`): nothing when `call` is not a
    `parse_args` of a parser made in the module by `argparse.ArgumentParser(...)` (bound to
    a name, or returned by a function of the module: `build_parser().parse_args()`)."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "parse_args":
        yield from _parser_keys(names, func.value, 0)


#: how many names and returns a parser is followed through
_MAX_DEPTH = 4


def _parser_keys(names: ModuleNames, parser: ast.expr, depth: int
                 ) -> Iterator[tuple[str, ast.AST]]:
    if depth > _MAX_DEPTH:
        return
    if isinstance(parser, ast.Call):  # a function of the module building the parser
        fn = names.definition(parser.func)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for ret in own_returns(fn):
                if ret.value is not None:
                    yield from _parser_keys(names, ret.value, depth + 1)
        return
    if not isinstance(parser, ast.Name):
        return
    made = names.lookup(parser.id, parser)
    if made is None or made.kind != "assign" or not isinstance(made.node, ast.Call):
        return
    if names.dotted(made.node.func) != PARSER:
        yield from _parser_keys(names, made.node, depth + 1)
        return
    yield from _arguments(names, parser, made.node)


def _arguments(names: ModuleNames, parser: ast.Name, made: ast.Call
               ) -> Iterator[tuple[str, ast.AST]]:
    """The keys the code around `parser` (bound to `made`, an `ArgumentParser(...)`) adds."""
    suppressed = False
    for kw in made.keywords:
        if kw.arg == "prefix_chars":
            return  # (options are written with other characters: not read)
        if kw.arg == "argument_default":
            suppressed = names.dotted(kw.value) == SUPPRESS
    scope = names.scope_of(parser)
    if parser.id not in names.bindings(scope):
        return  # (a parser of an enclosing function: its arguments are added there)
    for node in own_nodes(scope):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == parser.id):
            continue
        if node.func.attr == "add_argument":
            dest = _dest(names, node, suppressed)
            if dest is not None:
                yield dest, node
        elif node.func.attr == "set_defaults":
            yield from ((kw.arg, node) for kw in node.keywords if kw.arg)


def _dest(names: ModuleNames, call: ast.Call, suppressed: bool) -> str | None:
    """The key `parser.add_argument(...)` gives the namespace; None when it gives none
    (or when the code does not show which)."""
    options = []
    for a in call.args:
        if not (isinstance(a, ast.Constant) and isinstance(a.value, str)) or not a.value:
            return None
        options.append(a.value)
    keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg}
    if not options or any(kw.arg is None for kw in call.keywords):
        return None
    action = keywords.get("action")
    if isinstance(action, ast.Constant) and action.value in _NO_KEY_ACTIONS:
        return None
    default = keywords.get("default")
    if default is not None and names.dotted(default) == SUPPRESS:
        return None
    if suppressed and default is None:
        return None
    dest = keywords.get("dest")
    if dest is not None:
        return dest.value if isinstance(dest, ast.Constant) and isinstance(
            dest.value, str) else None
    if not options[0].startswith("-"):
        return options[0]  # a positional argument: its name as written
    long = next((o for o in options if o.startswith("--")), options[0])
    name = long.lstrip("-").replace("-", "_")
    return name or None
