"""An imported module's interpretation shared between the analyses of one `check` run.

Each analysis interprets the workspace modules its file imports (`load_module`): a repository
whose files all import one large package (NVIDIA/warp: every file re-ran the `warp` package's
statements, a second of work for a file of 60 lines) spent most of its time doing the same
interpretation again. The first module an analysis loads, in a state that the load cannot tell
from a fresh interpreter's, is loaded once in a fresh interpreter of its own (a *template*),
and each analysis that meets the same conditions takes over what the load did to the state
(the modules, functions, classes and memoised calls it made, its work units) instead of
running it. A file's findings are then the same bytes whichever files were analysed before it:

- a template is built only from a load that changed nothing but the state `_MERGED_DICTS`,
  `_MERGED_SETS` and `_MERGED_COUNTS` name (no level, no finding, no limit, within the
  budget), and used only by an analysis whose state before the load holds nothing the load
  reads (`_fresh_enough`), with room in its budget for the template's work units;
- what the load read (each module's content, each import's resolution, recorded by the
  workspace) is checked again before each use, and merged into the analysis's own record (the
  result cache's provenance stays whole);
- every object of the template an analysis could change (module scopes, classes, instances,
  custom-derivative functions: all but values, functions and frozen objects) is put back as
  it was built after each analysis that used it (`verify`): a file that calls a function
  writing its module's global (`global runtime`), or sets `pkg.Config.step = ...`, saw what
  its own load would have given it, and leaves nothing for the next file.

A Python recursion limit reached in a file's own load but not in the template's (a load
nesting within a few frames of the 20,000 the analysis allows) is the one difference left.

Only `jax-lsp check` turns this on (`sharing_loads`); the language server's analyses do not.
"""

from __future__ import annotations

import ast
import dataclasses
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis import run_environment
from jax_lsp.analysis.interp_state import MODULE_ROOT, BudgetExhausted
from jax_lsp.analysis.python import load_sharing
from jax_lsp.analysis.values import FuncInfo, Value
from jax_lsp.analysis.workspace import Workspace

if TYPE_CHECKING:
    from jax_lsp.analysis.interp import Interpreter

#: the templates kept (each holds the trees and values of the modules its load read)
_CAPACITY = 8

#: the interpreter's state a load may change, and how a template's change is merged into an
#: analysis: dicts and sets by adding the template's entries (their keys are the loaded
#: modules' functions, nodes and paths: none is the analysed file's), counters by adding
#: the template's count
_MERGED_DICTS = ("modules", "reexport_writes", "func_infos", "closures_seen", "method_self",
                 "method_class", "memo", "memo_reads", "interpretations", "summaries")
_MERGED_SETS = ("entered",)
_MERGED_COUNTS = ("steps", "impure_effects", "_outer_writes")
#: state the load changes that stays with the template: the scopes its calls made (an
#: analysis's `release` empties its own)
_KEPT = ("captured_scopes",)
#: the state that must be empty before an analysis takes a template: what the load reads
#: besides the workspace (its memoised calls, the modules loaded, the levels made...)
_EMPTY_BEFORE = ("modules", "loading", "reexport_writes", "memo", "memo_reads", "in_progress",
                 "interpretations", "summaries", "entered", "shared_memo", "shared_reads",
                 "levels", "_memo_emits", "loop_tangents", "transformed_created")


@dataclasses.dataclass
class _Template:
    """What loading `path` in a fresh interpreter did."""

    ws: Workspace
    path: Path
    #: the entries it added, by attribute (dicts and sets), and its counts
    added: dict[str, Any]
    counts: dict[str, int]
    loaded: frozenset[str]
    #: what it read: each module's digest, each import's resolution
    reads: dict[str, str | None]
    imports: dict[tuple[str, int, str | None], str | None]
    #: each object an analysis could change, with its state when the template was built
    mutables: list[tuple[object, tuple]]


class LoadShare:
    """The templates of one run, by workspace, module and configuration."""

    def __init__(self) -> None:
        self._templates: OrderedDict[tuple, _Template | None] = OrderedDict()
        #: (for the tests and benchmarks) loads taken from a template, and templates built
        self.reused = 0
        self.built = 0
        self.restored = 0

    def take(self, ev: Interpreter, path: Path) -> bool:
        """Give `ev` what loading `path` does, from a template, if one applies (then True);
        False: `ev` loads the module itself."""
        ws = ev.workspace
        if ws is None or not _fresh_enough(ev):
            return False
        key = (id(ws), path, ev.extra_callbacks, tuple(sorted(ev.extra_transforms.items())),
               run_environment.declared_values(), run_environment.declared_argv())
        if key in self._templates:
            template = self._templates[key]
            self._templates.move_to_end(key)
            if template is not None and (template.ws is not ws
                                         or not _still_reads_alike(ws, template)):
                template = self._build(key, ev, ws, path)
        else:
            template = self._build(key, ev, ws, path)
        if template is None or ev.steps + template.counts["steps"] > ev.budget:
            return False
        _apply(ev, template)
        ev.shared_load = (self, key, template)
        self.reused += 1
        return True

    def verify(self, ev: Interpreter) -> None:
        """After an analysis that took a template: put back each of its objects the analysis
        changed (a function it ran wrote a module's global, `global runtime`), as the template
        was built, so that no later analysis sees the change."""
        assert ev.shared_load
        template = ev.shared_load[2]
        for obj, state in template.mutables:
            if _restore(obj, state):
                self.restored += 1

    def _build(self, key: tuple, ev: Interpreter, ws: Workspace,
               path: Path) -> _Template | None:
        template = _build(ev, ws, path)
        self.built += 1
        self._templates[key] = template
        self._templates.move_to_end(key)
        while len(self._templates) > _CAPACITY:
            self._templates.popitem(last=False)
        return template


def active() -> LoadShare | None:
    """The run's templates while `check` runs (`sharing_loads`), else None. They are kept in
    `python/load_sharing.ACTIVE`, the slot Python's module loads read."""
    share = load_sharing.ACTIVE
    return share if isinstance(share, LoadShare) else None


@contextmanager
def sharing_loads() -> Iterator[LoadShare]:
    """Share module loads between the analyses run inside (one `check` run)."""
    saved = load_sharing.ACTIVE
    share = load_sharing.ACTIVE = LoadShare()
    try:
        yield share
    finally:
        load_sharing.ACTIVE = saved


def share_in_process() -> None:
    """Share module loads between every analysis this process runs (a `check` worker)."""
    load_sharing.ACTIVE = LoadShare()


def _fresh_enough(ev: Interpreter) -> bool:
    """Whether the load would run in `ev` as in a fresh interpreter: the module's own
    statements run (no entry point, no call, no level), nothing loaded or memoised yet, no
    record of limits or of what each root read (`record`: the server's incremental analysis,
    which a reused or carried analysis is too)."""
    if (ev.record or ev.limits is not None or ev.root is not MODULE_ROOT or ev.depth
            or ev.level_depth or ev.unroll_factor != 1 or ev.frame is not None
            or ev.order_sensitive or ev.shared_load is not None):
        return False
    return not any(getattr(ev, name) for name in _EMPTY_BEFORE)


def _build(ev: Interpreter, ws: Workspace, path: Path) -> _Template | None:
    """Load `path` in a fresh interpreter like `ev`; None when the load did something a
    template cannot carry."""
    from jax_lsp.analysis.interp import Interpreter
    from jax_lsp.project.provenance import RecordingWorkspace

    if not isinstance(ws, RecordingWorkspace):
        return None
    fresh = Interpreter(ast.Module(body=[], type_ignores=[]), [],
                        extra_callbacks=ev.extra_callbacks,
                        extra_transforms=dict(ev.extra_transforms), path=ev.main.path,
                        workspace=ws)
    fresh.shared_load = ()  # (its own loads are not taken from a template)
    before = _fingerprint(fresh)
    counts0 = {name: getattr(fresh, name) for name in _MERGED_COUNTS}
    with ws.recording() as record:
        try:
            info = fresh.load_module(path)
        except (BudgetExhausted, RecursionError):
            return None
    after = _fingerprint(fresh)
    # (the workspace's caches: what the load read of it is in `record`)
    allowed = {*_MERGED_DICTS, *_MERGED_SETS, *_MERGED_COUNTS, *_KEPT, "_effects", "workspace"}
    if info is None or not record.replayable or fresh.findings or fresh.levels \
            or any(after[k] != before.get(k) for k in after if k not in allowed) \
            or _effects_state(fresh._effects, loaded=False) != _effects_state(
                type(fresh._effects)(), loaded=False):
        return None
    added: dict[str, Any] = {name: dict(getattr(fresh, name)) for name in _MERGED_DICTS}
    added.update({name: set(getattr(fresh, name)) for name in _MERGED_SETS})
    counts = {name: getattr(fresh, name) - counts0[name] for name in _MERGED_COUNTS}
    return _Template(ws, path, added, counts, frozenset(fresh._effects.loaded),
                     dict(record.reads), dict(record.imports), _mutables(fresh))


def _fingerprint(ev: Interpreter) -> dict[str, object]:
    """Each attribute of the interpreter (and of its parts, one level down) as something to
    compare: a container by its items' identities, a number or string by value."""
    out: dict[str, object] = {}
    for name in _field_names(ev):
        out[name] = _shallow(getattr(ev, name, _UNSET), 0)
    return out


def _shallow(v: object, depth: int) -> object:
    if isinstance(v, dict):
        return ("dict", tuple((id(k), id(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return ("seq", tuple(id(x) for x in v))
    if isinstance(v, (set, frozenset)):
        return ("set", frozenset(id(x) for x in v))
    if v is None or isinstance(v, (int, float, str, bool)):
        return v
    if depth == 0 and hasattr(v, "__dict__") and not isinstance(v, type):
        return ("obj", id(v), tuple((k, _shallow(x, 1)) for k, x in vars(v).items()))
    if depth == 0 and hasattr(type(v), "__mypyc_attrs__"):  # (an object of the compiled build)
        return ("obj", id(v), tuple((k, _shallow(getattr(v, k, _UNSET), 1))
                                    for k in _field_names(v)))
    return ("id", id(v))


def _effects_state(effects: Any, *, loaded: bool) -> tuple:
    return tuple((k, _shallow(getattr(effects, k, _UNSET), 1)) for k in _field_names(effects)
                 if loaded or k != "loaded")


def _still_reads_alike(ws: Workspace, template: _Template) -> bool:
    """Whether each module the template's load read has the same content now, and each
    import it looked up resolves to the same file."""
    for path, digest in template.reads.items():
        # (read as the analysis reads it: once, by a recording workspace, for this check
        # and for the analysis's own reads after)
        if ws.content_digest(Path(path)) != digest:
            return False
    try:
        for (dotted, level, importer), found in template.imports.items():
            now = Workspace.find(ws, dotted, level, None if importer is None else Path(importer))
            if (None if now is None else str(now)) != found:
                return False
    except OSError:
        return False
    return True


def _apply(ev: Interpreter, template: _Template) -> None:
    """Give `ev` the state the template's load made, as its own load would have."""
    for name, entries in template.added.items():
        getattr(ev, name).update(entries)
    for name, count in template.counts.items():
        setattr(ev, name, getattr(ev, name) + count)
    ev._effects.loaded |= template.loaded
    record = getattr(ev.workspace, "_record", None)
    if record is not None:  # what the load read, as the analysis's own reads
        for path, digest in template.reads.items():
            if record.reads.setdefault(path, digest) != digest:
                record.replayable = False
        for key, found in template.imports.items():
            record.imports[key] = found


# -- what an analysis could change of a template ----------------------------------------------


def _immutable(obj: object) -> bool:
    """Objects no analysis changes: frozen dataclasses, values (never changed once made) and
    functions (`FuncInfo`: its scope facts are filled in when first called, the same for
    every analysis)."""
    t = type(obj)
    if t is Value or t is FuncInfo:
        return True
    params = getattr(t, "__dataclass_params__", None)
    return params is not None and params.frozen


def _mutables(ev: Interpreter) -> list[tuple[object, tuple]]:
    """Every object reachable from the state the template's load made that an analysis could
    change (a module's scope, a class, an instance...), with its state now."""
    seen: set[int] = set()
    found: list[tuple[object, tuple]] = []
    todo: list[object] = []
    for name in (*_MERGED_DICTS, *_MERGED_SETS):
        c = getattr(ev, name)
        todo.extend(c.values() if isinstance(c, dict) else c)
    todo.extend(ev.memo)
    while todo:
        obj = todo.pop()
        if obj is None or id(obj) in seen or isinstance(
                obj, (str, int, float, bytes, ast.AST, Path, type)):
            continue
        seen.add(id(obj))
        if isinstance(obj, (tuple, list, set, frozenset)):
            todo.extend(obj)
            continue
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
            continue
        if type(obj) is Value:
            todo.extend((obj.fns, obj.items, obj.keys, obj.const, obj.choices))
            continue
        if not _immutable(obj):
            found.append((obj, _state(obj)))
        todo.extend(_fields(obj))
    return found


def _field_names(obj: object) -> tuple[str, ...]:
    t = type(obj)
    if hasattr(obj, "__dict__"):
        return tuple(vars(obj))
    names: list[str] = []
    for c in t.__mro__:
        slots = c.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
        # a class the compiled build made native: its attributes (docs/internals.md)
        names.extend(n for n in c.__dict__.get("__mypyc_attrs__", ()) if n not in names)
    return tuple(n for n in names if n not in ("__weakref__", "__dict__"))


def _fields(obj: object) -> list[object]:
    return [getattr(obj, n, None) for n in _field_names(obj)]


def _state(obj: object) -> tuple:
    """An object's fields, its containers copied."""
    out: list[tuple[str, Any, Any]] = []
    for name in _field_names(obj):
        v = getattr(obj, name, _UNSET)
        if isinstance(v, (dict, list, set)):
            out.append((name, v, v.copy()))
        else:
            out.append((name, v, None))
    return tuple(out)


def _restore(obj: object, state: tuple) -> bool:
    """Put `obj` back as `state` holds it; whether it had changed."""
    changed = False
    for name, v, copy in state:
        now = getattr(obj, name, _UNSET)
        if now is not v:
            changed = True
            object.__setattr__(obj, name, v)
        if copy is not None and not _same_items(v, copy):
            changed = True
            v.clear()
            if isinstance(v, list):
                v.extend(copy)
            else:
                v.update(copy)
    if not hasattr(obj, "__dict__"):
        return changed
    if len(vars(obj)) != len(state):  # an attribute added
        for name in set(vars(obj)) - {n for n, _, _ in state}:
            delattr(obj, name)
        changed = True
    return changed


def _same_items(now: Any, then: Any) -> bool:
    """Whether a container holds the very objects it held (in the same order)."""
    if len(now) != len(then):
        return False
    if isinstance(now, dict):
        return all(k is k0 and v is v0
                   for (k, v), (k0, v0) in zip(now.items(), then.items()))
    if isinstance(now, list):
        return all(a is b for a, b in zip(now, then))
    return bool(now == then)


_UNSET = object()
