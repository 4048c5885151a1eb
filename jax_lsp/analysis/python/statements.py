"""Python's statements as Python runs them, over abstract values.

Blocks, branches (both sides joined unless the test is known), loops to a fixed point, function
and class definitions (dataclass, pytree and framework fields), and assignment with unpacking.
Nothing here knows JAX.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from jax_lsp.analysis.compiled import trait
from jax_lsp.analysis.interp_state import (
    CAUGHT,
    MASK,
    MAX_ITEMS,
    MAX_LOOP,
    MAX_UNROLL,
    STAGED,
    Args,
    Scope,
)
from jax_lsp.analysis.python import (
    caught_errors,
    certain_paths,
    constant_builtins,
    context_managers,
    enums,
    generators,
    import_effects,
    iterator_protocol,
    optional_imports,
    shallow_copies,
    truth_protocol,
)
from jax_lsp.analysis.python.expressions import MAX_REEXPORTS, compare_constants, membership
from jax_lsp.analysis.python.hooks import HOOKS
from jax_lsp.analysis.python.shared import EvaluatorShared
from jax_lsp.analysis.pytree_fields import array_attributes, aux_only_attributes
from jax_lsp.analysis.syntax import child_nodes
from jax_lsp.analysis.values import (
    EMPTY,
    MAX_CHOICES,
    NOCONST,
    UNKNOWN,
    Api,
    ClassObj,
    Closure,
    Decorator,
    FuncInfo,
    Instance,
    LazyName,
    Level,
    ModuleInfo,
    Partial,
    UserModule,
    Value,
    derived,
    join,
    literal,
)


def _says_static(node: ast.expr) -> bool:
    """A literal `dict(static=True)` / `{"static": True}`."""
    if isinstance(node, ast.Dict):
        return any(
            isinstance(k, ast.Constant)
            and k.value == "static"
            and isinstance(v, ast.Constant)
            and v.value is True
            for k, v in zip(node.keys, node.values, strict=True)
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return any(
            k.arg == "static" and isinstance(k.value, ast.Constant) and k.value.value is True
            for k in node.keywords
        )
    return False


def _pattern_matches(pattern: ast.pattern, subject: Value,
                     value_of: Callable[[ast.expr], Value] | None = None) -> bool | None:
    """Whether a `case` pattern matches a subject whose value is a known constant (a literal,
    `None`/`True`/`False`, `|` of those, `_` or a capture, a dotted name such as an enum
    member, read by `value_of` and compared as `==` compares), or a tuple whose items are
    known (a sequence pattern: `case ("swish", 1):` of `match (kind, order):`, each item
    matched in turn); None where that is not decided (an unknown subject, a class or mapping
    pattern)."""
    if isinstance(pattern, ast.MatchAs):
        return True if pattern.pattern is None else _pattern_matches(
            pattern.pattern, subject, value_of)
    if isinstance(pattern, ast.MatchOr):
        found = [_pattern_matches(p, subject, value_of) for p in pattern.patterns]
        return True if True in found else None if None in found else False
    if isinstance(pattern, ast.MatchSequence):
        return _sequence_matches(pattern, subject, value_of)
    if subject.const is NOCONST or isinstance(subject.const, (list, dict)):
        return None
    if isinstance(pattern, ast.MatchSingleton):
        return compare_constants([ast.Is()], [subject, Value(const=pattern.value)])
    if isinstance(pattern, ast.MatchValue):
        if isinstance(pattern.value, ast.Constant):
            return compare_constants([ast.Eq()], [subject, Value(const=pattern.value.value)])
        if value_of is not None and isinstance(pattern.value, ast.Attribute):
            return compare_constants([ast.Eq()], [subject, value_of(pattern.value)])
    return None


def _known_items(subject: Value) -> tuple[Value, ...] | None:
    """The items of a subject that is a known sequence (a list or tuple display, a constant
    tuple, `"a:b".split(":")`), not a string or a mapping; None otherwise."""
    if subject.items is not None and subject.keys is None and subject.min_items == 0 and (
            subject.const is NOCONST or isinstance(subject.const, (list, tuple))):
        return subject.items
    if isinstance(subject.const, tuple):
        return tuple(Value(const=c) for c in subject.const)
    return None


def _sequence_split(pattern: ast.MatchSequence, items: tuple[Value, ...]
                    ) -> list[tuple[ast.pattern, Value | tuple[Value, ...]]] | None:
    """Each subpattern of a sequence pattern with the item (or, for `*rest`, the items) it
    meets; None when the lengths rule the match out."""
    pats = pattern.patterns
    star = next((i for i, p in enumerate(pats) if isinstance(p, ast.MatchStar)), None)
    if star is None:
        return list(zip(pats, items, strict=True)) if len(pats) == len(items) else None
    after = len(pats) - star - 1
    if len(items) < len(pats) - 1:
        return None
    middle = items[star:len(items) - after]
    return [*zip(pats[:star], items[:star], strict=True), (pats[star], middle),
            *zip(pats[star + 1:], items[len(items) - after:], strict=True)]


def _sequence_matches(pattern: ast.MatchSequence, subject: Value,
                      value_of: Callable[[ast.expr], Value] | None = None) -> bool | None:
    """`case ["ledger", *_]:` / `case ("cubic", order):` on a subject whose items are known:
    each subpattern against its item (`*rest` takes the items between)."""
    items = _known_items(subject)
    if items is None:
        c = subject.const
        if c is not NOCONST and not subject.fns and (c is None or isinstance(
                c, (bool, int, float, complex, str, bytes))):
            return False  # (no sequence pattern matches a number, None or a string)
        return None
    pairs = _sequence_split(pattern, items)
    if pairs is None:
        return False
    found = [True if isinstance(p, ast.MatchStar) else _pattern_matches(p, v, value_of)  # type: ignore[arg-type]
             for p, v in pairs]
    return False if False in found else None if None in found else True


def pattern_captures(pattern: ast.pattern, subject: Value) -> dict[str, Value]:
    """The names a matched pattern binds (`case [kind, *rest]:`, `case _ as mode:`) and the
    values they take, for a match `_pattern_matches` decided; names it cannot tell are left
    out (unknown, as before)."""
    out: dict[str, Value] = {}
    if isinstance(pattern, ast.MatchAs):
        if pattern.pattern is not None:
            out.update(pattern_captures(pattern.pattern, subject))
        if pattern.name is not None:
            out[pattern.name] = subject
    elif isinstance(pattern, ast.MatchSequence):
        items = _known_items(subject)
        pairs = _sequence_split(pattern, items) if items is not None else None
        for p, v in pairs or ():
            if isinstance(p, ast.MatchStar):
                if p.name is not None:
                    out[p.name] = Value(items=v)  # type: ignore[arg-type]
            else:
                out.update(pattern_captures(p, v))  # type: ignore[arg-type]
    return out


#: `exec_if`'s answer when one branch of an undecided test left early: the statements after it
#: run on a guessed path (`Ctx.guessed`). How far that reaches is the exit's: a `raise` guesses
#: the rest of its block (`GUESS_REST`); a `break`/`continue` the rest of the loop's body
#: (`GUESS_LOOP`, the next iterations run either way); a `return` all the function runs after
#: it (`GUESS_EXIT`: the next iterations of an unrolled sweep and what follows the loop,
#: `for m in METHODS: ...; if err < tol: return m`). A block's result is an int: false (0)
#: when it always leaves early, true (1) when it goes on, or one of these (true, above 1; ints,
#: not objects told apart by identity, so that a compiled build keeps them: docs/internals.md)
GUESS_REST = 2
GUESS_LOOP = 3
GUESS_EXIT = 4

#: statements whose run in a host's run another run may find changed (`exec_stmt`)
_SHARED_STATE = (ast.Global, ast.Nonlocal)


def _decided(test: Value) -> bool | None:
    """The truth of a loop's test when it is a known constant (not a container's)."""
    c = test.const
    if c is NOCONST or isinstance(c, (list, dict)):
        return None
    return bool(c)


def _guess_kind(branch: list[ast.stmt]) -> int:
    """The marker for a branch that left early: `GUESS_EXIT` when it may `return`,
    `GUESS_LOOP` when it may only `break`/`continue` its loop, else `GUESS_REST`."""
    if any(isinstance(n, ast.Return) for n in _function_nodes(branch)):
        return GUESS_EXIT
    if any(isinstance(n, (ast.Break, ast.Continue)) for n in _loop_body_nodes(branch)):
        return GUESS_LOOP
    return GUESS_REST


def _function_nodes(body: list[ast.stmt]) -> Any:
    """The nodes of a block that belong to its function: not those of nested functions or
    classes (their `return` is their own)."""
    stack: list[ast.AST] = list(body)
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(child_nodes(n))


def _widest(a: int, b: int) -> int:
    """Of two live branches' results, the guess that reaches beyond them (`GUESS_EXIT`
    over `GUESS_LOOP`), else True."""
    for m in (GUESS_EXIT, GUESS_LOOP):
        if a == m or b == m:
            return m
    return True


def _main_guard(test: ast.expr) -> bool:
    """`__name__ == "__main__"` (either way round)."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(
            test.ops[0], ast.Eq):
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(a, ast.Name) and a.id == "__name__" for a in sides) and any(
        isinstance(a, ast.Constant) and a.value == "__main__" for a in sides)


def _cases_run(cases: list[ast.match_case], subject: Value,
               value_of: Callable[[ast.expr], Value],
               guard: Callable[[ast.match_case], bool | None] = lambda _: None,
               ) -> tuple[list[ast.match_case], bool]:
    """The cases of a `match` that may run, in order, for a subject whose value may be known
    (`match MODE:` on a configuration string: only the case it selects), and whether one of
    them surely runs (then the state with none run is not one to keep). `guard`: a matched
    case's guard, when known (`case ("cubic", n) if n > 2:`)."""
    run = []
    for case in cases:
        matched = _pattern_matches(case.pattern, subject, value_of)
        if matched is False:
            continue
        passes = True if case.guard is None else guard(case) if matched else None
        if passes is False:
            continue
        run.append(case)
        if matched and passes:
            return run, True
    return run, False


@trait
class PythonStatements(EvaluatorShared):
    """A part of `interp.Interpreter` (one mixin per concern): see the module's docstring."""

    # ---------------------------------------------------------------------- statements

    def exec_block(self, body: list[ast.stmt], scope: Scope) -> int:
        """Interpret statements in order; False when the block always leaves early."""
        for i, stmt in enumerate(body):
            live = self.exec_stmt(stmt, scope)
            if not live:
                return False
            if live > 1:  # a guess (`GUESS_REST`...)
                # the rest runs only where an undecided `if` did not leave early
                with self.guessing():
                    rest = self.exec_block(body[i + 1:], scope)
                # a `return` or `break`/`continue` guesses beyond this block too
                return rest and (live if live != GUESS_REST else rest)
        return True

    def exec_stmt(self, stmt: ast.stmt, scope: Scope) -> int:
        run = self.host_run
        if run is not None and self.module is self.main:
            # a host's run notes the analysed module's statements it runs (`jax.host_runs`)
            run.ran.add(stmt)
            if type(stmt) in _SHARED_STATE:  # (another run may find it changed)
                run.complete = False
        self.spend(1, stmt)
        t = type(stmt)
        if t is ast.Expr:
            self.eval(stmt.value, scope)  # type: ignore[attr-defined]
        elif t is ast.Assign:
            v = self.eval(stmt.value, scope)  # type: ignore[attr-defined]
            for target in stmt.targets:  # type: ignore[attr-defined]
                self.assign(target, v, scope)
            if isinstance(stmt.value, ast.Call):  # type: ignore[attr-defined]
                HOOKS.after_call_assignment(self, stmt, scope)  # type: ignore[arg-type]
        elif t is ast.AnnAssign:
            if stmt.value is not None:  # type: ignore[attr-defined]
                self.assign(stmt.target, self.eval(stmt.value, scope), scope)  # type: ignore[attr-defined]
        elif t is ast.AugAssign:
            v = self.eval(stmt.value, scope)  # type: ignore[attr-defined]
            target = stmt.target  # type: ignore[attr-defined]
            old = self.eval(target, scope) if isinstance(target, (ast.Name, ast.Attribute)) \
                else UNKNOWN
            if _number(old) and _number(v):
                # `self.served += 1` of known numbers: the number Python computes (an
                # iterator's counter decides where its `__next__` stops)
                self.assign(target, self.binop(old, v, stmt.op), scope)  # type: ignore[attr-defined]
            else:
                done = self.in_place_dunder(old, v, stmt.op, stmt)  # type: ignore[attr-defined]
                self.assign(target, derived([old, v]) if done is None else done, scope)
        elif t is ast.Return:
            value = stmt.value  # type: ignore[attr-defined]
            watch = self.watched_returns
            if watch is not None and scope.func is not None and scope.func.node is watch[0]:
                v = self._watched_return(stmt, scope, watch[1])  # type: ignore[arg-type]
            else:
                v = self.eval(value, scope) if value is not None else Value(const=None)
            rv = scope.vars.get("<return>")
            scope.vars["<return>"] = v if rv is None else join([rv, v])
            if self.endings is not None:
                iterator_protocol.note_end(self, stmt)
            return False
        elif t is ast.If:
            return self.exec_if(stmt, scope)  # type: ignore[arg-type]
        elif t in (ast.For, ast.AsyncFor):
            return self.exec_for(stmt, scope)  # type: ignore[arg-type]
        elif t is ast.While:
            test = self.eval_test(stmt.test, scope)  # type: ignore[attr-defined]
            if test is None:
                return False  # TracerBoolConversionError
            if _decided(test) is True:
                return self._unrolled_while(stmt, scope)  # type: ignore[arg-type]
            left = False
            if test.const is NOCONST or test.const:
                self.loop_exits.append(None)
                try:
                    left = self.loop(lambda: self.exec_block(stmt.body, scope), scope)  # type: ignore[attr-defined]
                finally:
                    self.loop_exits.pop()
            with self.guessing(left):
                self.exec_block(stmt.orelse, scope)  # type: ignore[attr-defined]
            return GUESS_EXIT if left else True
        elif t in (ast.FunctionDef, ast.AsyncFunctionDef):
            self.exec_def(stmt, scope)  # type: ignore[arg-type]
        elif t is ast.ClassDef:
            self.exec_class(stmt, scope)  # type: ignore[arg-type]
        elif t in (ast.With, ast.AsyncWith):
            changes: dict[str, Any] = {}
            exits: list[Callable[[], object]] = []
            for item in stmt.items:  # type: ignore[attr-defined]
                changes.update(self._evaluation_context(item.context_expr, scope))
                entered = (self._enter_generator(item.context_expr, scope)
                           if t is ast.With else None)
                if entered is not None:
                    v, leave = entered
                    exits.append(leave)
                else:
                    patched = self._enter_patch(item.context_expr, scope)
                    if patched is not None:
                        exits.append(patched)
                        if item.optional_vars is not None:
                            self.assign(item.optional_vars, UNKNOWN, scope)
                        continue
                    v = self.eval(item.context_expr, scope)
                    managed = self._enter_instance(v, item.context_expr)
                    if managed is not None:
                        v, leave = managed
                        exits.append(leave)
                    elif any(type(f) is Instance and (f.cls.lookup("__enter__") is not None
                                                      or f.cls.lookup("__exit__") is not None)
                             for f in v.fns):
                        # its `__enter__`/`__exit__` are not run: what they change (a switch a
                        # host reads) is not seen, so no host run decides a line (`host_runs`)
                        self.cuts += 1
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, v, scope)
            if changes:
                with self.within(**changes):  # type: ignore[attr-defined]
                    live = self.exec_block(stmt.body, scope)  # type: ignore[attr-defined]
            else:
                live = self.exec_block(stmt.body, scope)  # type: ignore[attr-defined]
            for leave in reversed(exits):  # (`return` in the block exits them too)
                leave()
            return live
        elif t is ast.Try or t.__name__ == "TryStar":
            decided = self._try_missing_import(stmt, scope)  # type: ignore[arg-type]
            if decided is not None:
                return decided
            before = dict(scope.vars)
            self.uncertain += 1  # (it may stop anywhere: `certain_paths`)
            caught = caught_errors.handled(stmt, scope.func.node if scope.func else None)
            try:
                with (self.within(caught=self.reads(CAUGHT).caught | caught) if caught
                      else nullcontext()):
                    self.exec_block(stmt.body, scope)  # type: ignore[attr-defined]
            finally:
                self.uncertain -= 1
            states = [dict(scope.vars)]
            # a body of imports JAX has cannot raise: no handler runs (the fallback of
            # `try: from jax.scipy.fft import dct / except ImportError: <host version>`)
            raises = not _imports_measured_jax(stmt.body) and not (  # type: ignore[attr-defined]
                optional_imports.imports_installed(self, stmt.body))  # type: ignore[attr-defined]
            for h in stmt.handlers if raises else ():  # type: ignore[attr-defined]
                scope.vars = self._merge(before, scope.vars)
                if h.name:
                    self.store(h.name, UNKNOWN, scope)
                with self.guessing():  # (whether it raises is not known)
                    self.exec_block(h.body, scope)
                states.append(dict(scope.vars))
            scope.vars = self._merge_all(states)
            self.exec_block(stmt.orelse, scope)  # type: ignore[attr-defined]
            self.exec_block(stmt.finalbody, scope)  # type: ignore[attr-defined]
        elif t is ast.Import:
            for a in stmt.names:  # type: ignore[attr-defined]
                if a.asname:
                    user = self.find_user_module(a.name, 0)
                    v = Value(fns=(user,)) if user else Value(fns=(Api(HOOKS.canonical(a.name)),))
                    self.store(a.asname, v, scope)
                    self._run_for_effects(a.asname, user)
                else:
                    top = a.name.split(".")[0]
                    user = self.find_user_module(top, 0)
                    self.store(top, Value(fns=(user,)) if user else Value(fns=(Api(top),)), scope)
                    if user is not None and top != a.name:
                        user = self.find_user_module(a.name, 0)
                    # `import pkg.rules` is for effects when the code never names
                    # `pkg.rules` again (naming `pkg` itself, `from pkg.ops import f`, does
                    # not use the submodule)
                    self._run_for_effects(a.name, user)
        elif t is ast.ImportFrom:
            mod = stmt.module or ""  # type: ignore[attr-defined]
            level = stmt.level or 0  # type: ignore[attr-defined]
            user = self.find_user_module(mod, level)
            if level:
                mod = "." * level + mod
            for a in stmt.names:  # type: ignore[attr-defined]
                if a.name == "*":
                    info = self.load_module(user.path) if user is not None else None
                    if info is not None:
                        for k, v in info.scope.vars.items():
                            if not k.startswith("_"):
                                self.store(k, v, scope)
                    continue
                if user is not None and self.module.path and user.path == Path(self.module.path):
                    v = self._imported_from_itself(a.name, scope)
                    submodule = next((f for f in v.fns if type(f) is UserModule), None)
                    self._run_for_effects(a.asname or a.name, submodule)
                elif user is not None:
                    v = Value(fns=(LazyName(user.path, a.name),))
                    runs = self._from_import_module(user, a.name)
                    if not str(self.module.path).endswith("__init__.py"):  # not a re-export
                        self._run_for_effects(a.asname or a.name, runs)
                    else:
                        self._run_reexported(runs)
                else:
                    v = Value(fns=(Api(HOOKS.canonical(f"{mod}.{a.name}" if mod else a.name)),))
                self.store(a.asname or a.name, v, scope)
        elif t in (ast.Raise, ast.Assert):
            for child in child_nodes(stmt):
                if isinstance(child, ast.expr):
                    self.eval(child, scope)
            if t is ast.Raise and self.endings is not None:
                iterator_protocol.note_end(self, stmt)
            return t is ast.Assert
        elif t is ast.Match:
            subject = self.eval(stmt.subject, scope)  # type: ignore[attr-defined]
            before = dict(scope.vars)
            states = []
            cases, exhaustive = _cases_run(
                stmt.cases, subject, lambda e: self.eval(e, scope),  # type: ignore[attr-defined]
                lambda c: self._match_guard(c, subject, scope))  # type: ignore[attr-defined]
            with self.guessing(len(cases) > 1 or not exhaustive):
                for case in cases:
                    scope.vars = dict(before)
                    if _pattern_matches(case.pattern, subject):
                        scope.vars.update(pattern_captures(case.pattern, subject))
                    self.exec_block(case.body, scope)
                    states.append(scope.vars)
            scope.vars = self._merge_all(states + ([] if exhaustive and states else [before]))
        elif t in (ast.Break, ast.Continue):
            passes = self.loop_exits[-1] if self.loop_exits else None
            if passes is not None:  # (its loop is unrolled: the next pass starts from here)
                passes.append((t is ast.Break, dict(scope.vars)))
            return False
        return True

    def _watched_return(self, stmt: ast.Return, scope: Scope,
                        record: dict[tuple[ast.Return, ast.expr | None], Value]) -> Value:
        """A `return` of the custom rule being run (`watched_returns`): its value, evaluated
        as `eval` does, and, in `record`, under the return and the expression it took (the
        branch of `a if test else b` a known test selects): what this run of the rule gave
        JAX (`rule_shapes` reads it)."""
        expr = stmt.value
        while isinstance(expr, ast.IfExp):
            test = self.eval_test(expr.test, scope)
            if test is None:
                return Value()  # TracerBoolConversionError
            if test.const is NOCONST or isinstance(test.const, (list, dict)):
                break
            expr = expr.body if test.const else expr.orelse
        v = self.eval(expr, scope) if expr is not None else Value(const=None)
        seen = record.get((stmt, expr))
        record[(stmt, expr)] = v if seen is None else join([seen, v])
        return v

    def _from_import_module(self, user: UserModule, name: str) -> UserModule:
        """The module whose statements `from <user> import name` may run: the package's
        submodule `name` when `user` is a package whose `__init__` does not bind `name`
        (Python's import then imports the submodule: `from .plugins import gelu` runs
        `plugins/gelu.py`), else `user`."""
        ws = self.workspace
        if ws is None or user.path.name != "__init__.py":
            return user
        bound = ws.facts(user.path, import_effects.bound_names)
        if bound is None or name in bound:
            return user
        try:
            sub = ws.find(name, 1, user.path)
        except OSError:
            return user
        return UserModule(sub) if sub is not None else user

    def _run_for_effects(self, bound: str, user: UserModule | None) -> None:
        """Run the workspace module `user` now, as Python does at its import, when the import
        binding `bound` is there only for what the module does as it runs (`import_effects`);
        other imports load their module when a name of it is first used."""
        if user is None or self.workspace is None or user.path in self.modules:
            return
        if import_effects.installed(user.path, self.workspace.env_paths):
            return
        lines = self.module.lines
        if (self.main_effects.for_effects(bound, lines) if self.module is self.main
                else import_effects.for_effects(bound, lines)):
            self.load_module(user.path)

    def _run_reexported(self, user: UserModule) -> None:
        """A package's `__init__` re-exports a name of its module `user`: the module stays
        lazy (importers read the name) unless it writes another module's state as it runs
        (`_writes_others`); then it runs now, as Python runs it."""
        if self.workspace is None or user.path in self.modules:
            return
        if import_effects.installed(user.path, self.workspace.env_paths):
            return
        writes = self.reexport_writes.get(user.path)  # (one `from .m import a, b`: twice)
        if writes is None:
            writes = self.reexport_writes[user.path] = self._writes_others(user.path)
        if writes:
            self.load_module(user.path)

    def _writes_others(self, path: Path) -> bool:
        """Whether the workspace module at `path` may write another workspace module's state
        as it runs: a name its statements write through is imported from the workspace
        (`import_effects.written_imports`, read off its text without keeping its tree: see
        `Workspace.facts`)."""
        ws = self.workspace
        assert ws is not None
        written = ws.facts(path, import_effects.written_imports)
        if not written:
            return False

        def workspace_import(dotted: str, level: int) -> bool:
            try:
                found = ws.find(dotted, level, path)
            except OSError:
                return False
            return found is not None and not import_effects.installed(found, ws.env_paths)

        return any(workspace_import(*imported) for imported in written)

    def _imported_from_itself(self, name: str, scope: Scope) -> Value:
        """`from <this module> import name` (a package's `__init__` importing its submodule,
        `from . import sub`): what the module binds to `name` so far, else its submodule
        `name`, as Python's import does. A name resolved later, by reading the module, would
        resolve to this very import (forever, or to nothing while the module is loading)."""
        bound = scope.module.vars.get(name)
        if bound is not None:
            return bound
        if str(self.module.path).endswith("__init__.py"):
            sub = self.find_user_module(name, 1)
            if sub is not None:
                return Value(fns=(sub,))
        return UNKNOWN

    def _enter_generator(
        self, expr: ast.expr, scope: Scope
    ) -> tuple[Value, Callable[[], object]] | None:
        """Enter a `with` over a `@contextlib.contextmanager` generator of the analysed code
        whose body `context_managers.split` cuts: run what precedes its `yield` now, in the
        generator's scope; the value `as` binds and what runs at the exit. None for any
        other manager (evaluated as a call), or arguments not plainly written."""
        if not isinstance(expr, ast.Call) or any(
            isinstance(a, ast.Starred) for a in expr.args
        ) or any(k.arg is None for k in expr.keywords):
            return None
        fv = self.eval(expr.func, scope)
        if len(fv.fns) != 1 or type(fv.fns[0]) is not Closure:
            return None
        closure = fv.fns[0]
        node = closure.func.node
        if not isinstance(node, ast.FunctionDef) or not any(
            self._api_named(d, closure.scope) in context_managers.CONTEXT_MANAGER_DECORATORS
            for d in node.decorator_list
        ):
            return None
        cut = context_managers.split(node)
        if cut is None:
            return None
        args = Args(
            [self.eval(a, scope) for a in expr.args],
            {k.arg: self.eval(k.value, scope) for k in expr.keywords if k.arg},
            list(expr.args),
            {k.arg: k for k in expr.keywords if k.arg},
        )
        if closure.func.locals is None:
            self.ensure_scope(closure.func)
        self.impure_effects += 1  # the module's code runs (see `replay`)
        gen = Scope(closure.func, closure.scope, closure.scope.module)
        self.bind_params(closure, args, gen)
        self.entered.add(closure.func)
        if self.record and closure.func.module is self.main:
            self._effects.entered.add(node)
            self._entered_log.append(node)

        def run(body: tuple[ast.stmt, ...]) -> Value:
            caller_module, outer_frame = self.module, self.frame
            if closure.func.module is not None:
                self.module = closure.func.module
            self.frame = gen
            try:
                self.exec_block(list(body), gen)
                return Value(const=None)
            finally:
                self.module, self.frame = caller_module, outer_frame

        run(cut.enter)
        value = Value(const=None)
        if cut.value is not None:
            caller_module = self.module
            if closure.func.module is not None:
                self.module = closure.func.module
            try:
                value = self.eval(cut.value, gen)
            finally:
                self.module = caller_module
        return value, lambda: run(cut.exit)

    def _enter_patch(self, expr: ast.expr, scope: Scope) -> Callable[[], object] | None:
        """Enter a `with mock.patch.object(obj, "name", new):` over one instance the analysis
        follows (a `SimpleNamespace` backend, an object of the analysed code): its attribute
        is `new` for the block, and what it was again at the exit, as the patch does. What
        restores it then; None for anything else (evaluated as a call)."""
        if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
                and len(expr.args) in (2, 3) and not any(
                    isinstance(a, ast.Starred) for a in expr.args)
                and self._api_named(expr.func, scope) == "unittest.mock.patch.object"):
            return None
        new_node = expr.args[2] if len(expr.args) == 3 else next(
            (k.value for k in expr.keywords if k.arg == "new"), None)
        obj = self.resolve_lazy(self.eval(expr.args[0], scope))  # type: ignore[attr-defined]
        name = self.eval(expr.args[1], scope).const
        if new_node is None or not isinstance(name, str) or len(obj.fns) != 1 or type(
                obj.fns[0]) is not Instance or name not in obj.fns[0].attrs:
            return None
        inst, new = obj.fns[0], self.eval(new_node, scope)
        old = inst.attrs[name]

        def put(v: Value) -> None:
            if self.host_runs:
                self.note_late_write(inst.attrs.get(name), v)
            inst.attrs[name] = v
            self._outer_writes += 1
            self.observer.note_attribute_write(inst, name)  # type: ignore[attr-defined]

        put(new)
        return lambda: put(old)

    def _try_missing_import(self, stmt: ast.Try, scope: Scope) -> int | None:
        """A `try` whose body imports a module the analysis environment lacks, with a
        handler catching the ModuleNotFoundError (`optional_imports`): the body up to the
        import, that handler, then `finally`, all run for sure; None when not decided."""
        fails = optional_imports.failing_import(self, stmt.body)
        if fails is None:
            return None
        h = optional_imports.catching_handler(stmt.handlers)
        if h is None:
            return None
        live = self.exec_block(stmt.body[:fails], scope)  # type: ignore[attr-defined]
        if live:
            if h.name:
                self.store(h.name, UNKNOWN, scope)
            live = self.exec_block(h.body, scope)  # type: ignore[attr-defined]
        if stmt.finalbody:
            self.exec_block(stmt.finalbody, scope)  # type: ignore[attr-defined]
        return live

    def _enter_instance(
        self, v: Value, node: ast.expr
    ) -> tuple[Value, Callable[[], object]] | None:
        """Enter a `with` over one instance of a class of the analysed code defining both
        `__enter__` and `__exit__` (a switch flipped for the block, `Precision.reference =
        True`, restored at its exit): call `__enter__` now, its result the value `as` binds,
        and `__exit__(None, None, None)` at the exit, as Python does. None for anything else
        (several possible objects, a library's manager): not run."""
        if len(v.fns) != 1 or type(v.fns[0]) is not Instance:
            return None
        cls = v.fns[0].cls
        hooks = [cls.lookup(n) for n in ("__enter__", "__exit__")]
        if any(h is None or len(h.fns) != 1 or type(h.fns[0]) is not Closure for h in hooks):
            return None
        value = self.call_value(self.attribute(v, "__enter__"), Args.of(), node)
        none = Value(const=None)
        return value, lambda: self.call_value(
            self.attribute(v, "__exit__"), Args.of(none, none, none), node)

    def exec_if(self, stmt: ast.If, scope: Scope) -> int:
        test = self.eval_test(stmt.test, scope)
        if test is None:
            return False  # TracerBoolConversionError: neither branch runs
        if test.const is not NOCONST and not isinstance(test.const, (list, dict)):
            # a Python `if` on a static value: only the taken branch is ever traced
            return self.exec_block(stmt.body if test.const else stmt.orelse, scope)
        before = dict(scope.vars)
        # the analysed module run as a script runs its `__main__` block: not a guess
        with self.guessing(not (self.module is self.main and _main_guard(stmt.test))):
            live_a = self.exec_block(stmt.body, scope)
        after_a = scope.vars
        scope.vars = dict(before)
        with self.guessing():
            live_b = self.exec_block(stmt.orelse, scope)
        after_b = scope.vars
        if live_a and live_b:
            scope.vars = self._merge(after_a, after_b)
        elif live_a:
            scope.vars = self._keep_return(after_a, after_b)
        elif live_b:
            scope.vars = self._keep_return(after_b, after_a)
        else:
            scope.vars = self._merge(after_a, after_b)
            return False
        if self.ctx.guessed:
            return True
        if live_a and live_b:
            return _widest(live_a, live_b)
        return _guess_kind(stmt.orelse if live_a else stmt.body)

    def eval_test(self, node: ast.expr, scope: Scope) -> Value | None:
        """The test of an `if` or `while`; None when Python's `bool()` of it raises: in code
        JAX stages (jit, vmap, a loop body), a value carrying a level's tangent is an abstract
        tracer, and JAX raises TracerBoolConversionError before either branch runs."""
        if not self.reads(STAGED).staged or not self.levels:
            v = self.eval(node, scope)
            # (an object of the analysed code: its `__bool__` / `__len__` decides)
            return truth_protocol.tested(self, v, node) if v.fns or v.min_items else v
        if isinstance(node, ast.Compare) and not all(
            isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops
        ):
            vals = [self.eval(node.left, scope)] + [self.eval(c, scope) for c in node.comparators]
            if any(self._is_array_tracer(v) for v in vals):
                return None
            known = membership(node.ops, vals)  # (`Sink.FILE in sink` of a static flag)
            if known is None:
                known = compare_constants(node.ops, vals)
            if known is not None:
                return Value(const=known)  # static operands (`static_argnames`, a closure's)
            return Value(traced=any(v.traced for v in vals))
        v = self.eval(node, scope)
        if v.fns or v.min_items:
            v = truth_protocol.tested(self, v, node)
        return None if self._is_array_tracer(v) else v

    def _is_array_tracer(self, v: Value) -> bool:
        """`v` is a traced array carrying a (non-masked) level's tangent: a JVP tracer. A
        Python constant never is, nor a field read from a differentiated module (not marked
        traced: equinox differentiates its arrays only, not a float field)."""
        return (
            v.traced
            and v.items is None
            and not v.fns
            and v.const is NOCONST
            and any(isinstance(m, Level) for m in v.tan - self.reads(MASK).mask)
        )

    @staticmethod
    def _keep_return(live: dict[str, Value], dead: dict[str, Value]) -> dict[str, Value]:
        if "<return>" in dead:
            live = dict(live)
            rv = live.get("<return>")
            live["<return>"] = dead["<return>"] if rv is None else join([rv, dead["<return>"]])
        return live

    def _evaluation_context(self, expr: ast.expr, scope: Any) -> dict[str, Any]:
        """The context fields a `with` item changes for its body (`HOOKS.evaluation_contexts`:
        `jax.disable_jit()`, `jax.ensure_compile_time_eval()`; `contextlib.suppress(E)`: the
        errors caught, `caught_errors`); none for any other context manager, nor for
        `disable_jit(False)`."""
        if not isinstance(expr, ast.Call) or not isinstance(expr.func, (ast.Name, ast.Attribute)):
            return {}
        fns = self.eval(expr.func, scope).fns  # type: ignore[attr-defined]
        names = {f.name for f in fns if isinstance(f, Api)}
        if len(fns) != 1 or len(names) != 1:
            return {}
        name = HOOKS.canonical(names.pop())
        if name == "contextlib.suppress":
            caught = caught_errors.suppressed(expr)
            return {"caught": self.reads(CAUGHT).caught | caught} if caught else {}
        row = HOOKS.evaluation_contexts.get(name)
        if row is None:
            return {}
        flag = expr.args[0] if expr.args else next(
            (k.value for k in expr.keywords if k.arg == "disable"), None
        )
        if flag is not None and self.eval(flag, scope).const is False:  # type: ignore[attr-defined]
            return {}
        return dict(row)

    @staticmethod
    def _merge(a: dict[str, Value], b: dict[str, Value]) -> dict[str, Value]:
        out = dict(a)
        for k, v in b.items():
            old = out.get(k)
            out[k] = v if old is None else (old if old == v else join([old, v]))
        return out

    def _merge_all(self, states: list[dict[str, Value]]) -> dict[str, Value]:
        out = states[0]
        for s in states[1:]:
            out = self._merge(out, s)
        return out

    def loop(self, body: Callable[[], Any], scope: Scope) -> bool:
        """Run a loop's body to a fixpoint; True when a pass left the function on an
        undecided test (`GUESS_EXIT`): the passes after it, and what follows the loop, run
        on a guessed path (then the caller's `guessing`)."""
        left = False
        self.uncertain += 1  # (one pass stands for any number: `certain_paths`)
        try:
            for _ in range(MAX_LOOP):
                before = dict(scope.vars)
                with self.guessing(left):
                    left = body() == GUESS_EXIT or left
                scope.vars = self._merge(before, scope.vars)
                if scope.vars == before:
                    break
            else:
                if self.host_run is not None:  # later passes may run other lines
                    self.host_run.complete = False
        finally:
            self.uncertain -= 1
        return left

    def exec_for(self, stmt: ast.For, scope: Scope) -> int:
        """A `for`; its result is `exec_block`'s (`GUESS_EXIT` when an iteration may have
        returned on an undecided test: the rest of the function is a guess)."""
        outer_made, self.loop_made = self.loop_made, certain_paths.loop_made(stmt.iter)
        try:
            it = self.eval(stmt.iter, scope)
        finally:
            self.loop_made = outer_made
        if isinstance(it.const, range) and not it.const:
            # `for _ in range(n_warmup)` of a known 0: the body never runs
            return self.exec_block(stmt.orelse, scope)
        it = generators.iterated(self, it)
        items = self._unrollable(it)
        if items is not None:
            return self._unrolled_for(stmt, items, scope)
        elem = self.element_of(it)

        def body() -> int:
            self.assign(stmt.target, elem, scope)
            return self.exec_block(stmt.body, scope)

        self.loop_exits.append(None)
        try:
            left = self.loop(body, scope)
        finally:
            self.loop_exits.pop()
        with self.guessing(left):
            self.exec_block(stmt.orelse, scope)
        return GUESS_EXIT if left else True

    def _unrolled_for(self, stmt: ast.For, items: tuple[Value, ...], scope: Scope) -> int:
        """A short sequence of known items: one pass per item, in order, as Python runs it
        (`for k, v in OVERRIDES: setattr(cfg, k, v)` leaves the last value set). A pass's
        `continue` starts the next pass from where it left; its `break` ends the loop there.
        A `break` (or `return`) on an undecided test (a threshold on a computed loss) may end
        the loop: the passes after it run on a guessed path whose findings are not reported
        (`Ctx.past_exit`: decided at run time), and the `else` on a guessed path."""
        saved = self.unroll_factor
        self.unroll_factor = min(saved * len(items), MAX_UNROLL)
        left = False  # a pass may have returned on an undecided test
        broke: list[dict[str, Value]] = []  # the states where a pass may have left by `break`
        try:
            for item in items:
                self.assign(stmt.target, item, scope)
                exits: list[tuple[bool, dict[str, Value]]] = []
                self.loop_exits.append(exits)
                try:
                    past = left or bool(broke)
                    with self.guessing(past), (self.within(past_exit=True) if past  # type: ignore[attr-defined]
                                               else nullcontext()):
                        live = self.exec_block(stmt.body, scope)
                finally:
                    self.loop_exits.pop()
                broke += [state for is_break, state in exits if is_break]
                going = ([scope.vars] if live else []) + [
                    state for is_break, state in exits if not is_break]
                if not going:  # every path of the pass left the loop
                    if broke:
                        scope.vars = self._merge_all(broke)
                    return GUESS_EXIT if left else True
                scope.vars = self._merge_all(going)
                left = left or live == GUESS_EXIT
        finally:
            self.unroll_factor = saved
        with self.guessing(left or bool(broke)):
            self.exec_block(stmt.orelse, scope)
        if broke:
            scope.vars = self._merge_all([scope.vars, *broke])
        return GUESS_EXIT if left else True

    def _unrolled_while(self, stmt: ast.While, scope: Scope) -> int:
        """A `while` whose test is known true: one pass at a time, as Python runs it, while
        each pass is decided (it goes on, or every path of it leaves by `break`) and the
        test stays known (at most `MAX_UNROLL` passes): a worker's `while True: item =
        q.get(); if item is STOP: break` takes each job put in turn, and stops at the
        sentinel (`concurrency`: a queue filled and drained in order). A pass that may or
        may not leave (a `break` or `return` on an undecided test), a test no longer known,
        or the last pass allowed: the rest is run to a fixpoint from there, as any `while`."""
        saved = self.unroll_factor
        self.unroll_factor = min(saved * MAX_UNROLL, MAX_UNROLL)
        broke: list[dict[str, Value]] = []
        left = False
        try:
            for _ in range(MAX_UNROLL):
                exits: list[tuple[bool, dict[str, Value]]] = []
                self.loop_exits.append(exits)
                try:
                    live = self.exec_block(stmt.body, scope)
                finally:
                    self.loop_exits.pop()
                broke = [state for is_break, state in exits if is_break]
                going = ([scope.vars] if live else []) + [
                    state for is_break, state in exits if not is_break]
                if not going:  # every path of the pass left the loop (its `else` skipped)
                    if not broke:
                        return False  # (by `return` or `raise`: what follows never runs)
                    scope.vars = self._merge_all(broke)
                    return True
                scope.vars = self._merge_all(going)
                if broke or live == GUESS_EXIT:
                    left = live == GUESS_EXIT
                    break  # (it may have left: the passes after it are not certain)
                test = self.eval_test(stmt.test, scope)  # type: ignore[attr-defined]
                if test is None:
                    return False  # TracerBoolConversionError
                decided = _decided(test)
                if decided is None:
                    break
                if decided is False:
                    return self.exec_block(stmt.orelse, scope)  # type: ignore[no-any-return]
        finally:
            self.unroll_factor = saved
        # (the fixpoint as for any `while`: a pass after one that may have left by `break`
        # is not guessed, as it never was; one after a `return` that may have run is)
        self.loop_exits.append(None)
        try:
            with self.guessing(left):
                left = self.loop(lambda: self.exec_block(stmt.body, scope), scope) or left  # type: ignore[attr-defined]
        finally:
            self.loop_exits.pop()
        with self.guessing(left):
            self.exec_block(stmt.orelse, scope)  # type: ignore[attr-defined]
        if broke:
            scope.vars = self._merge_all([scope.vars, *broke])
        return GUESS_EXIT if left else True

    def _unrollable(self, it: Value) -> tuple[Value, ...] | None:
        """The items a `for` visits, when they are known (a tuple or list of at most
        `MAX_UNROLL` items; a dict's known keys, in order: `for i in self.partials` of a
        registry its decorators fill, as a comprehension and `list(d)` read it; a short
        constant `range`: `for k in range(order + 1)` of a known order, as a comprehension
        visits it); None otherwise: the loop runs to a fixpoint."""
        it = self.resolve_lazy(it)
        if isinstance(it.const, range) and not it.traced and 0 < len(it.const) <= MAX_UNROLL:
            return tuple(Value(const=i, intish=True) for i in it.const)
        if type(it.const) is str and not it.traced and 0 < len(it.const) <= MAX_UNROLL:
            return tuple(literal(ch) for ch in it.const)  # (a string's characters)
        if it.keys is not None and it.items is not None and not it.traced and all(
                type(k) in constant_builtins.SCALARS for k in it.keys):
            return tuple(literal(k) for k in it.keys) if 0 < len(it.keys) <= MAX_UNROLL \
                else None
        if it.items is None or it.keys is not None or not 0 < len(it.items) <= MAX_UNROLL:
            return None
        return it.items

    def element_of(self, it: Value) -> Value:
        it = self.resolve_lazy(it)  # `from registry import PLUGINS`, then `for p in PLUGINS`
        if it.items is not None and it.keys is None:
            return join(list(it.items)) if it.items else UNKNOWN
        if it.keys is not None:
            return Value(traced=it.traced)
        if isinstance(it.const, range) and len(it.const) <= MAX_CHOICES and not it.traced:
            # `for t in range(2)`: t is one of the range's ints (`pos + t` keeps `pos`'s dtype,
            # `t == 5` is false)
            return Value(intish=True, choices=frozenset(it.const))
        if it.intish:
            return Value(traced=it.traced, intish=True)  # `range(n)`'s elements are ints
        if not it.fns:
            return it.array_element() if it.prng_key else derived([it])
        # a summarised list of functions or modules (a comprehension's): its elements are them
        fns = tuple(f for f in it.fns if not isinstance(f, Api))
        return Value(tan=it.tan, fns=fns, traced=it.traced)

    def exec_def(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> None:
        closure = self.make_closure(stmt, scope)
        v = Value(fns=(closure,))
        for dec in reversed(stmt.decorator_list):
            v = self.decorate(self.eval(dec, scope), v, dec)
        self.store(stmt.name, v, scope)

    def decorate(self, dv: Value, v: Value, dec: ast.AST) -> Value:
        out = self.call_value(dv, Args([v], {}, [None], {}), dec)
        if not out.fns and all(isinstance(f, (Api, Partial)) for f in dv.fns):
            # a decorator we know nothing about (`nn.compact`, `jaxtyped`, ...): assume it
            # returns a function that behaves like the one it decorates
            return v
        return out

    def make_closure(self, node: Any, scope: Scope) -> Closure:
        fi = self.info(node)
        a = node.args
        defaults = tuple(self.eval(d, scope) for d in a.defaults) if a.defaults else ()
        kw_defaults = (
            tuple((k.arg, self.eval(d, scope)) for k, d in zip(a.kwonlyargs, a.kw_defaults) if d)
            if a.kwonlyargs
            else ()
        )
        closure = Closure(fi, scope, defaults, kw_defaults)
        if self.captured_scopes is not None and scope.module is not scope:
            self.captured_scopes.append(scope)  # a cycle if `scope` comes to hold it
        if self.closures_seen.setdefault(fi, closure) is closure and self.record:
            self.observer.note_spawned(fi)
        return closure

    def exec_class(self, stmt: ast.ClassDef, scope: Scope) -> None:
        bases = [self.resolve_lazy(self.eval(b, scope)) for b in stmt.bases]
        cls = ClassObj(stmt.name, stmt, bases=bases)
        cls.singular = certain_paths.singular_here(self)
        cls.linen = any(
            (isinstance(f, Api) and f.name in HOOKS.module_class_bases)
            or (isinstance(f, ClassObj) and f.linen)
            for b in bases
            for f in b.fns
        )
        self_value = Value(fns=(Instance(cls),))
        # class bodies bind into their own namespace, the class's attributes (`f.defjvp(rule)`
        # there reads the `f` defined above it), and resolve other names in the enclosing scope
        body_scope = Scope(None, scope, scope.module)
        body_scope.vars = cls.attrs
        body_scope.func = FuncInfo(
            stmt, stmt.name, self.module, frozenset(), frozenset(), frozenset()
        )  # type: ignore[arg-type]
        for s in stmt.body:
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                closure = self.make_closure(s, scope)
                is_static = any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in s.decorator_list
                )
                if not is_static:
                    self.method_self[closure.func] = self_value
                self.method_class[closure.func] = cls
                v = Value(fns=(closure,))
                for dec in reversed(s.decorator_list):
                    if isinstance(dec, ast.Name) and dec.id in (
                        "staticmethod",
                        "classmethod",
                        "property",
                    ):
                        v = Value(fns=v.fns + (Decorator(dec.id),))
                        continue
                    v = self.decorate(self.eval(dec, body_scope), v, dec)
                cls.attrs[s.name] = v
            elif isinstance(s, (ast.Assign, ast.AnnAssign)):
                value = getattr(s, "value", None)
                v = self.eval(value, body_scope) if value is not None else UNKNOWN
                if isinstance(s, ast.AnnAssign):
                    # (`eqx.field(static=True, default=True)`: the dataclass machinery leaves
                    # the default as the class's attribute, read where no argument sets it)
                    v = self._field_keyword(value, body_scope, "default") or v
                    made = self._field_keyword(value, body_scope, "default_factory")
                    if made is not None and isinstance(s.target, ast.Name):
                        cls.factories[s.target.id] = made
                if (
                    isinstance(s, ast.AnnAssign)
                    and isinstance(s.target, ast.Name)
                    and self._is_static_field(value, body_scope)
                ):
                    cls.static_fields.add(s.target.id)
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
                for tg in targets:
                    if isinstance(tg, ast.Name):
                        cls.attrs[tg.id] = v
            elif isinstance(s, ast.ClassDef):
                self.exec_class(s, body_scope)
            else:
                self.exec_stmt(s, body_scope)
        if enums.is_enum(cls):
            enums.make_members(cls, stmt, lambda node: self._is_enum_auto(node, body_scope))
        v = Value(fns=(cls,))
        self._init_subclass(cls, stmt, scope)
        self._run_metaclass(cls, stmt, scope)
        for dec in reversed(stmt.decorator_list):
            dv = self.eval(dec, scope)
            if any(
                isinstance(f, (Closure, Api))
                or (  # `@partial(register_dataclass, meta_fields=[...])`
                    isinstance(f, Partial)
                    and isinstance(f.fn, Api)
                    and f.fn.name in HOOKS.pytree_registrations
                )
                for f in dv.fns
            ):
                # dataclasses, flax.struct and friends return the class itself
                if all(isinstance(f, Api) for f in dv.fns):
                    if any(f.name in HOOKS.pytree_class_decorators for f in dv.fns):
                        cls.pytree = True
                    if any(f.name == HOOKS.data_class_registration for f in dv.fns):
                        # the decorator form: every field not marked static is data
                        cls.data_fields.update(
                            s.target.id
                            for s in stmt.body
                            if isinstance(s, ast.AnnAssign)
                            and isinstance(s.target, ast.Name)
                            and s.target.id not in cls.static_fields
                        )
                    if any(f.name == HOOKS.pytree_node_class for f in dv.fns):
                        cls.static_fields |= aux_only_attributes(stmt)
                    continue
                v = self.call_value(dv, Args([v], {}, [None], {}), dec)
        cls.record = HOOKS.record_class(self, cls, stmt, scope)
        if cls.is_pytree():
            # its array fields are leaves: traced under jit (see `attribute`)
            cls.data_fields |= {
                a
                for a in array_attributes(stmt, lambda e: self._api_named(e, scope))
                if not cls.is_static_field(a)
            }
        self.store(stmt.name, v, scope)

    def _run_metaclass(self, cls: ClassObj, stmt: ast.ClassDef, scope: Scope) -> None:
        """A class made by a metaclass of the workspace (its `metaclass=`, or its bases'):
        the metaclass's `__new__(mcls, name, bases, ns)` and `__init__(cls, name, bases, ns)`
        run, as Python runs them when the class statement ends (a registry they fill:
        `registry[name] = cls`); `type.__new__` there returns the class. The namespace is
        the class body's attributes, the class's own."""
        given = next((k.value for k in stmt.keywords if k.arg == "metaclass"), None)
        if given is not None:
            metas = self.eval(given, scope).fns
            meta = metas[0] if len(metas) == 1 and type(metas[0]) is ClassObj else None
        else:
            meta = next((f.metaclass for b in cls.bases for f in b.fns
                         if type(f) is ClassObj and f.metaclass is not None), None)
        if meta is None:
            return
        cls.metaclass = meta
        own = list(cls.attrs.items())[:MAX_ITEMS]
        made = [
            Value(const=stmt.name),
            Value(items=tuple(cls.bases)),
            Value(items=tuple(v for _, v in own), keys=tuple(k for k, _ in own)),
        ]
        self.classes_made.append(cls)
        try:
            for name, first in (("__new__", Value(fns=(meta,))), ("__init__", Value(fns=(cls,)))):
                method = meta.lookup(name)
                fns = tuple(f for f in method.fns if type(f) is Closure) if method else ()
                if fns:
                    self.call_value(Value(fns=fns), Args([first, *made], {}, [None] * 4, {}),
                                    stmt)
        finally:
            self.classes_made.pop()

    def _init_subclass(self, cls: ClassObj, stmt: ast.ClassDef, scope: Scope) -> None:
        """A base's `__init_subclass__` runs once the class exists, before its decorators,
        with the class and the class statement's keywords, as Python runs it (a registry
        filled by subclassing: `Stage.stages[tag] = cls`)."""
        hook: Value | None = None
        for b in cls.bases:
            for f in b.fns:
                if isinstance(f, ClassObj):
                    hook = f.lookup("__init_subclass__")
                    if hook is not None:
                        break
            if hook is not None:
                break
        if hook is None:
            return
        fns = tuple(f for f in hook.fns if isinstance(f, Closure))
        if not fns:
            return
        kws = [k for k in stmt.keywords if k.arg is not None and k.arg != "metaclass"]
        args = Args(
            [Value(fns=(cls,))],
            {k.arg: self.eval(k.value, scope) for k in kws},  # type: ignore[misc]
            [None],
            {k.arg: k.value for k in kws},  # type: ignore[misc]
        )
        self.call_value(Value(fns=fns), args, stmt)

    def _match_guard(self, case: ast.match_case, subject: Value, scope: Scope) -> bool | None:
        """A matched case's guard with the pattern's captures bound, when it is a known
        constant (the scope is left as it was)."""
        if case.guard is None:
            return True
        before = scope.vars
        scope.vars = {**before, **pattern_captures(case.pattern, subject)}
        try:
            v = self.eval(case.guard, scope)
        finally:
            scope.vars = before
        if v.const is NOCONST or isinstance(v.const, (list, dict)):
            return None
        return bool(v.const)

    def _is_enum_auto(self, value: ast.expr, scope: Scope) -> bool:
        """`enum.auto()` (however `auto` was imported): a member whose value Python
        generates."""
        if not isinstance(value, ast.Call) or value.args or value.keywords:
            return False
        return any(isinstance(f, Api) and f.name == "enum.auto"
                   for f in self.eval(value.func, scope).fns)

    def _field_keyword(self, value: ast.expr | None, scope: Scope, keyword: str) -> Value | None:
        """A keyword of a field function's call (`dataclasses.field(default=3)`,
        `eqx.field(static=True, default=True)`, `field(default_factory=lambda: Settings())`):
        `default=` is what the class holds for the field once its dataclass is made,
        `default_factory=` what each instance not given the field calls; None where `value`
        is no such call or does not give `keyword`."""
        if not isinstance(value, ast.Call):
            return None
        given = next((k.value for k in value.keywords if k.arg == keyword), None)
        if given is None:
            return None
        fv = self.eval(value.func, scope)
        if not any(isinstance(f, Api) and f.name in HOOKS.field_functions for f in fv.fns):
            return None
        return self.eval(given, scope)

    def _is_static_field(self, value: ast.expr | None, scope: Scope) -> bool:
        """`eqx.field(static=True)`, `flax.struct.field(pytree_node=False)`: a field that is
        part of the pytree's structure, never a leaf (never differentiated)."""
        if not isinstance(value, ast.Call):
            return False
        fv = self.eval(value.func, scope)
        if not any(isinstance(f, Api) and f.name in HOOKS.field_functions for f in fv.fns):
            return False
        for k in value.keywords:
            if isinstance(k.value, ast.Constant):
                if k.arg == "static" and k.value.value is True:
                    return True
                if k.arg == "pytree_node" and k.value.value is False:
                    return True
            if k.arg == "metadata" and _says_static(k.value):
                # `dataclasses.field(metadata=dict(static=True))`: what
                # `register_dataclass(cls)` reads to tell meta fields from data fields
                return True
        return False

    # ---------------------------------------------------------------------- assignment

    def assign(self, target: ast.expr, v: Value, scope: Scope) -> None:
        t = type(target)
        if t is ast.Name:
            self.store(target.id, v, scope)  # type: ignore[attr-defined]
        elif t in (ast.Tuple, ast.List):
            elts = target.elts  # type: ignore[attr-defined]
            star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
            if (
                v.items is not None
                and v.keys is None
                and (
                    len(v.items) == len(elts)
                    or (star is not None and len(v.items) >= len(elts) - 1)
                )
            ):
                if star is None:
                    for e, iv in zip(elts, v.items):
                        self.assign(e, iv, scope)
                else:
                    n_after = len(elts) - star - 1
                    for e, iv in zip(elts[:star], v.items[:star]):
                        self.assign(e, iv, scope)
                    rest = v.items[star : len(v.items) - n_after]
                    self.assign(
                        elts[star].value,
                        Value(
                            tan=join(list(rest)).tan if rest else EMPTY,  # type: ignore[attr-defined]
                            items=tuple(rest),
                        ),
                        scope,
                    )
                    for e, iv in zip(elts[star + 1 :], v.items[len(v.items) - n_after :]):
                        self.assign(e, iv, scope)
            else:
                part = (
                    self.element_of(v)
                    if v.keys is None and v.items is not None
                    else v.array_element()
                    if v.items is None and not v.fns
                    else Value(tan=v.tan, fns=v.fns, traced=v.traced)
                )
                for e in elts:
                    self.assign(e.value if isinstance(e, ast.Starred) else e, part, scope)
        elif t is ast.Starred:
            self.assign(target.value, v, scope)  # type: ignore[attr-defined]
        elif t is ast.Attribute:
            obj = self.eval(target.value, scope)  # type: ignore[attr-defined]
            self.set_attribute(obj, target.attr, v)  # type: ignore[attr-defined]
        elif t is ast.Subscript:
            key = self.eval(target.slice, scope)  # type: ignore[attr-defined]
            base = target.value  # type: ignore[attr-defined]
            if isinstance(base, ast.Name) and self.store_entry(base.id, key.const, v, scope):
                return
            if isinstance(base, ast.Name) and self._store_local_entry(base.id, key.const, v,
                                                                      scope):
                return
            if not _holds_functions(v) and self.change_attribute(
                    base, scope, lambda old: dict_with(old, key.const, v)):
                return
            if (
                isinstance(base, ast.Attribute)
                and _holds_functions(v)
                and _plain_key(key.const)
            ):
                obj = self.eval(base.value, scope)
                if len(obj.fns) == 1 and type(obj.fns[0]) is UserModule:
                    # `registry.TABLE[name] = fn`: the dict of that module holds it now
                    defined = self._definition(obj.fns[0].path, base.attr)
                    old = UNKNOWN if defined is None else defined[0].scope.vars.get(defined[1],
                                                                                    UNKNOWN)
                    table = old.keys is not None and old.items is not None
                    if defined and table and len(old.items) < MAX_ITEMS:  # type: ignore[arg-type]
                        self._write_global_of(*defined, _with_entry(old, key.const, v))
                        return
                if len(obj.fns) == 1 and self._store_class_entry(obj.fns[0], base.attr,
                                                                 key.const, v):
                    return
            if isinstance(base, ast.Name) and v.tan:
                old = self.lookup(base.id, scope)
                self.store(base.id, Value(tan=old.tan | v.tan, traced=True), scope)

    def _store_local_entry(self, name: str, key: object, v: Value, scope: Scope) -> bool:
        """`opts["vmap_method"] = method` into a dict of known keys bound to a local of the
        running function (or a name of the module's own statements): the dict now holds that
        entry, whatever its value. Without it the dict kept its old keys, as if the store had
        never run (equinox's `filter_pure_callback` fills the keywords it spreads into
        `jax.pure_callback` so). Under an `if`, the branches' dicts join: a key set on one path
        only makes the keys unknown (maybe present), so no code reads it as absent. State other
        code reads (a global from a function, another module's) stays `store_entry`'s."""
        if not _plain_key(key):
            return False
        if scope.func is not None and name not in scope.func.locals:
            return self._store_global_entry(name, key, v, scope)
        old = scope.vars.get(name)
        if old is None or old.keys is None or old.items is None or len(old.items) >= MAX_ITEMS:
            return False
        self._store_mutated(name, _with_entry(old, key, v), scope)
        other = self.aliased(name, scope)
        if other is not None:  # (`strict_mode(opts)`: the module's dict changes too)
            self._store_global_entry(other, key, v, scope)
        return True

    def _store_global_entry(self, name: str, key: object, v: Value, scope: Scope) -> bool:
        """`OVERRIDES["ordered"] = True` from a function, into a dict of known keys bound to a
        name of the analysed module (or through a local that certainly is that dict:
        `container_aliases`): where the store certainly runs, once, where it is met
        (`certain_paths`: the module's statements and the calls they make; no entry point,
        host run, guessed or undecided branch), the module's dict holds the entry for its
        later readers, as `global` writes are. Anywhere else the store is not followed: it
        may not run, or run at another time than the code reading the dict."""
        if self.module is not self.main or not certain_paths.certain(self):
            return False
        s: Scope | None = scope
        while s is not None and s.func is not None:
            if name in s.func.locals:
                return False  # (an enclosing function's local: a closure's state)
            s = s.parent
        old = scope.module.vars.get(name)
        if old is None or old.keys is None or old.items is None or len(old.items) >= MAX_ITEMS:
            return False
        self._store_mutated(name, _with_entry(old, key, v), scope)
        return True

    def change_attribute(
        self, target: ast.expr, scope: Scope, change: Callable[[Value], Value | None]
    ) -> bool:
        """`obj.attr[k] = v`, `obj.attr.append(v)`, `obj.attr.setdefault(k, v)`: the container
        an instance's attribute holds, changed in place (`change` of it; None: not followed).
        The attribute holds the changed container: in place of the old one on a certain path
        of one object (`certain_paths`: a builder's `self._opts["vectorized"] = flag`),
        joined with it elsewhere (the change may not have run). False when not followed."""
        if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
            return False
        obj = self.eval(target.value, scope)
        if len(obj.fns) != 1 or type(obj.fns[0]) is not Instance:
            return False
        old = obj.fns[0].attrs.get(target.attr)
        new = None if old is None else change(old)
        if new is None:
            return False
        self.set_attribute(obj, target.attr, new, in_place=True)
        for other in shallow_copies.sharing(self, obj.fns[0], target.attr, old):  # type: ignore[arg-type]
            # a shallow copy's container, shared with its original (`copy.copy(self)`)
            self.set_attribute(Value(fns=(other,)), target.attr, new, in_place=True)
        return True

    def _store_class_entry(self, owner: object, attr: str, key: object, v: Value) -> bool:
        """`Cls.table[key] = fn` (`Stage.stages[tag] = cls` in `__init_subclass__`, a
        metaclass's `mcs.table[key] = cls()`): the dict is the class attribute, held by the
        class that defines it (a subclass reads the same dict), or an instance's own
        attribute. False when it is not a known dict."""
        holder: ClassObj | Instance | None = None
        if type(owner) is Instance and attr in owner.attrs:
            holder = owner
        elif type(owner) is ClassObj:
            cls: ClassObj | None = owner
            seen: set[ClassObj] = set()
            while cls is not None and cls not in seen and attr not in cls.attrs:
                seen.add(cls)
                cls = next(
                    (f for b in cls.bases for f in b.fns
                     if isinstance(f, ClassObj) and f.lookup(attr) is not None),
                    None,
                )
            holder = cls
        old = holder.attrs.get(attr) if holder is not None else None
        if old is None or old.keys is None or old.items is None or len(old.items) >= MAX_ITEMS:
            return False
        holder.attrs[attr] = _with_entry(old, key, v)  # type: ignore[union-attr]
        if self.host_runs:
            self.late_writes += 1
        if type(holder) is Instance:
            self.observer.note_attribute_write(holder, attr)  # type: ignore[attr-defined]
        else:
            self.observer.note_write()  # type: ignore[attr-defined]
        return True

    def store_entry(self, name: str, key: object, v: Value, scope: Scope) -> bool:
        """`name[key] = v` (or `name.update(key=v)`) into the dict bound to `name`, when `v`
        holds a function and `key` is a known constant: a function registered in a dict
        (`LOSSES[name] = fn`, often by a decorator, or inside a tuple: `R[name] = (fn,
        weight)`), which the dict now holds at that key for its later readers; where the name
        lives, or in the module it was imported from (`from registry import TABLE`). A list of
        known length takes it at a constant index the same way (`rules[1] = cheap_bwd`: the
        list `defvjp(*rules)` later spreads holds it). False when nothing was stored."""
        if not _holds_functions(v) or not _plain_key(key):
            return False
        imported = self._imported_binding(name, scope)
        defined = None if imported is None else self._definition(imported.path, imported.name)
        old = (
            self.lookup(name, scope) if imported is None
            else UNKNOWN if defined is None
            else defined[0].scope.vars.get(defined[1], UNKNOWN)
        )
        if old.items is None or len(old.items) >= MAX_ITEMS:
            return False
        if old.keys is None:
            new = _with_item(old, key, v)
            if new is None:
                return False
        else:
            new = _with_entry(old, key, v)
        if defined is not None:  # `from registry import TABLE`: that module's dict
            self._write_global_of(*defined, new)
        else:
            self._store_mutated(name, new, scope)
            other = self.aliased(name, scope)
            if other is not None:  # (`cfg = DEFAULTS`: the module's dict changes too)
                self.store_entry(other, key, v, scope)
        return True

    def set_attribute(self, obj: Value, name: str, v: Value, in_place: bool = False) -> None:
        """`obj.name = v` (or `setattr(obj, "name", v)`): an instance's attribute, or a global
        of a workspace module (`registry.ACTIVATION = fn`). An imported name, still
        unresolved (`from cfg import FLOW; FLOW.mode = v`, or `pkg.FLOW.mode = v` through a
        package's re-export), is the object its module holds: the store changes that one, which
        the module's own functions read. `in_place`: `v` is the attribute's container changed
        in place (`change_attribute`), noted apart once a host ran (`note_late_change`)."""
        obj = self.resolve_lazy(obj)  # type: ignore[attr-defined]
        replace = (len(obj.fns) == 1 and type(obj.fns[0]) is Instance and obj.fns[0].singular
                   and certain_paths.certain(self))
        for inst in obj.fns:
            if isinstance(inst, Instance):
                old = inst.attrs.get(name)
                if replace and old is not None and old is not v:
                    # one object, a store that certainly runs: its value now (`certain_paths`)
                    inst.attrs[name] = v
                    inst.version += 1
                    self.strong_updates += 1
                else:
                    inst.attrs[name] = v if old is None else join([old, v])
                if self.host_runs and in_place:
                    self.note_late_change(name, old, inst.attrs[name])
                elif self.host_runs:
                    self.note_late_write(old, inst.attrs[name])
                self._outer_writes += 1
                self.observer.note_attribute_write(inst, name)  # type: ignore[attr-defined]
            elif type(inst) is UserModule:
                self._write_module_global(inst.path, name, v, alone=len(obj.fns) == 1)
            elif type(inst) is ClassObj:
                # `cls.__call__ = fn` in a class decorator: every instance's method now
                old = inst.attrs.get(name)
                if (inst.singular and len(obj.fns) == 1 and certain_paths.certain(self)
                        and old is not None and old is not v):
                    # one class, a store that certainly runs: its value now (`certain_paths`)
                    inst.attrs[name] = v
                    inst.version += 1
                    self.strong_updates += 1
                else:
                    inst.attrs[name] = v if old is None else join([old, v])
                if self.host_runs:
                    self.note_late_write(old, inst.attrs[name])
                self.observer.note_write()  # type: ignore[attr-defined]

    def _imported_binding(self, name: str, scope: Scope) -> LazyName | None:
        """The imported name `name` is bound to where it lives (`from registry import TABLE`,
        still unresolved): a change of its value in place is a change of that module's."""
        s: Scope | None = scope
        while s is not None and s.func is not None:
            if name in s.func.locals:
                return None
            s = s.parent
        bound = scope.module.vars.get(name)
        if bound is not None and len(bound.fns) == 1 and type(bound.fns[0]) is LazyName:
            return bound.fns[0]
        return None

    def _definition(self, path: Path, name: str) -> tuple[ModuleInfo, str] | None:
        """The module (its one instance in this analysis) and name that define global `name`
        of the workspace module at `path`, following re-exports (`from .table import TABLE`
        in a package's `__init__`); None when it cannot be read."""
        for _ in range(MAX_REEXPORTS):
            info = self.load_module(path)
            if info is None:
                return None
            bound = info.scope.vars.get(name)
            if bound is None or len(bound.fns) != 1 or type(bound.fns[0]) is not LazyName:
                return info, name
            path, name = bound.fns[0].path, bound.fns[0].name
        return None

    def _write_module_global(self, path: Path, name: str, value: Value, *, alone: bool) -> None:
        """Another module's global is written (`mod.X = v`): the one instance of that module
        the analysis has holds it for every later reader (joined with its old value when the
        written object may be another one: `alone` False)."""
        defined = self._definition(path, name)
        if defined is not None:
            old = defined[0].scope.vars.get(defined[1])
            self._write_global_of(*defined, value if alone or old is None else join([old, value]))

    def _write_global_of(self, info: ModuleInfo, name: str, value: Value) -> None:
        if self.host_runs:
            self.note_late_write(info.scope.vars.get(name), value)
        info.scope.vars[name] = value
        self._outer_writes += 1
        self.observer.note_write()

    def _store_mutated(self, name: str, value: Value, scope: Scope) -> None:
        """The container bound to `name` was changed in place: bind the changed one where
        the name lives (a local of this or an enclosing function, else a global: then it is
        state other code reads)."""
        s: Scope | None = scope
        while s is not None and s.func is not None:
            if name in s.func.locals:
                s.vars[name] = value
                return
            s = s.parent
        if scope.func is None:
            self.store(name, value, scope)
        elif name in scope.module.vars:
            self.write_global(name, value, scope, in_place=True)


def _loop_body_nodes(body: list[ast.stmt]) -> Any:
    """The nodes of a loop body that belong to that loop: not those of nested loops,
    functions or classes (their `break` is their own)."""
    stack: list[ast.AST] = list(body)
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, (ast.For, ast.AsyncFor, ast.While)):
            stack.extend(n.orelse)
            continue
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(child_nodes(n))


def _number(v: Value) -> bool:
    """A known Python int or float (not a bool), nothing else known of it."""
    return type(v.const) in (int, float) and v.items is None and not v.fns and not v.traced


def _imports_measured_jax(body: list[ast.stmt]) -> bool:
    """Every statement of `body` imports a module or name the measured JAX has (absolute,
    no `*`): running it cannot raise. Any other statement, or a name the table does not
    know, may raise."""
    if not body:
        return False
    for stmt in body:
        if isinstance(stmt, ast.Import):
            names = [a.name for a in stmt.names]
        elif isinstance(stmt, ast.ImportFrom) and not stmt.level and stmt.module:
            names = [f"{stmt.module}.{a.name}" for a in stmt.names]
        else:
            return False
        if not all(HOOKS.import_cannot_raise(n) for n in names):
            return False
    return True


def _holds_functions(v: Value) -> bool:
    """`v` is a function or a tuple/list holding one (`(fn, weight)`): worth storing in a
    registry so that its readers can unpack it again."""
    if v.fns:
        return True
    return v.keys is None and v.items is not None and any(_holds_functions(i) for i in v.items)


def _plain_key(c: Any) -> bool:
    """A constant a dict's keys can be told apart by (`Value.keys` holds constants)."""
    return type(c) in (str, int, bool, float)


def dict_with(d: Value, key: Any, v: Value) -> Value | None:
    """The dict `d` of known keys with `v` stored at the constant `key`; None when either is
    not known (or the dict is at its size's bound)."""
    if (d.keys is None or d.items is None or not _plain_key(key)
            or len(d.items) >= MAX_ITEMS):
        return None
    return _with_entry(d, key, v)


def _with_item(seq: Value, index: Any, v: Value) -> Value | None:
    """The sequence `seq` of known items with `v` at the constant `index` (a list's item
    store; Python raises for an index out of range, and for a tuple); None when not known."""
    if seq.items is None or seq.keys is not None or type(index) is not int or seq.fns:
        return None
    n = len(seq.items)
    if not -n <= index < n:
        return None
    items = list(seq.items)
    items[index] = v
    return Value(
        tan=frozenset().union(*(i.tan for i in items)),
        items=tuple(items),
        traced=any(i.traced for i in items),
    )


def _with_entry(d: Value, key: Any, v: Value) -> Value:
    """The dict `d` with `v` stored at `key` (replacing an entry of that key)."""
    keys = list(d.keys)  # type: ignore[arg-type]
    items = list(d.items)  # type: ignore[arg-type]
    for i, k in enumerate(keys):
        if type(k) is type(key) and k == key:
            items[i] = v
            break
    else:
        keys.append(key)
        items.append(v)
    return Value(
        tan=frozenset().union(*(i.tan for i in items)),
        items=tuple(items),
        keys=tuple(keys),
        traced=any(i.traced for i in items),
    )
