"""Where an open's first analysis spends, and how much of it a pre-pass that skips entry points
could ever save: the ceiling of issue 33's "skip what provably reports nothing" route.

The open is the analysis process's: `IncrementalAnalyzer.analyze` with its records deferred,
the automatic collector off and the imports frozen (as `bench_instructions.py --open`). In the
same process, per module, the CPU (`time.process_time`, median of `--runs`) of:

- the floor: `ast.parse` with the collector off plus one `ast.walk` (issue 33's);
- the open's phases: the parse, the module's statements, the entry points (roots) that name a
  differentiation transform, those analysed for batching only (JAX008/JAX013), the transforms
  left escaped at module level, the module checks that need no level (`callback_hosts`), and
  the rest (set-up, sorting, the records due before the answer);
- the roots by what happened while they ran, found by watching the interpreter: a new finding
  (a code at a span no earlier root reported), a report of a finding already made, a host
  callback (`pure_callback`, `io_callback`: `jax.debug`'s are never reported), custom rule or
  loop reached with no report, or none of these ("inert").

Printed last: when the last root that made a finding ended (an open answered then would have
all its findings, had it a proof that the roots after it add none).

Inert roots are the most any static pre-pass that proves "reaches no callback, custom rule,
loop or report" could skip, and only if it proved it of every one of them. A root's time runs
from its start to the next root's (the last: to the end of the entry points' loop).

    python benchmarks/open_phases.py FILE [FILE ...] [--runs 5]

With `--ceiling`, the same as instructions (`valgrind --tool=cachegrind`, as
`bench_instructions.py --open` counts them: each count less that of a process that only
imports and warms up): the floor, the open, and the open with the entry points of a class left
out (found by a first, unwatched run; each process analyses once): the inert ones; those and the
batch-only ones; every one that made no new finding (the most any skipping of entry points could
save). Each variant's findings are compared with the open's (a variant that changes them is no
ceiling a sound pre-pass could reach). Then the open with its module statements unrecorded
(`unrecorded`: run as a one-shot analysis runs them, no statement record made and every
module-level name's fingerprint left until after the answer: the most that making the
statements' records lazily could save), alone and with the inert roots left out too (the two
structural routes together).
"""

from __future__ import annotations

import argparse
import ast
import gc
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jax_lsp.analysis import analyze_source, callback_hosts  # noqa: E402
from jax_lsp.analysis.incremental import IncrementalAnalyzer  # noqa: E402
from jax_lsp.analysis.incremental import analyzer as analyzer_module  # noqa: E402
from jax_lsp.analysis.incremental.replay import ModuleCarry, StatementReplay  # noqa: E402
from jax_lsp.analysis.interp import Interpreter  # noqa: E402
from jax_lsp.analysis.interp_state import MODULE_ROOT  # noqa: E402
from jax_lsp.analysis.jax import custom_rules, decisions, jax_calls, jaxapi  # noqa: E402

#: the loops whose reverse-mode differentiation a rule decides about (JAX009)
_LOOPS = frozenset({"jax.lax.while_loop", "jax.lax.fori_loop", "jax.lax.scan"})
#: what a root can have met, by precedence (the first that applies names its class)
CLASSES = ("new finding", "repeated report", "callback", "custom rule", "loop", "inert")


class Watch:
    """The phases' CPU and, per root, what it met; installed by patching the interpreter's
    classes for the duration of one open (`watching`)."""

    def __init__(self) -> None:
        self.phases: dict[str, float] = defaultdict(float)
        self.root_class_time: dict[str, float] = defaultdict(float)
        self.root_class_count: dict[str, int] = defaultdict(int)
        self._root: Any = None
        self._root_escaped = False
        self.in_escaped = False
        #: when the open started, and when the last root that made a finding ended (CPU)
        self.started = self.last_finding = 0.0
        #: the entry points by where their function starts, what they met and their phase
        self.roots: list[list] = []
        self._root_start = 0.0
        self._root_findings = 0
        self._met: set[str] = set()

    def start_root(self, interp: Interpreter) -> None:
        self.end_root(interp)
        self._root = interp.root
        self._root_escaped = self.in_escaped
        self._root_start = time.process_time()
        self._root_findings = len(interp.findings)
        self._met = set()

    def end_root(self, interp: Interpreter) -> None:
        if self._root is None:
            return
        spent = time.process_time() - self._root_start
        if self._root_escaped:
            phase = "roots (escaped transforms)"
        elif self._root in interp._batch_roots:
            phase = "roots (batch only)"
        else:
            phase = "roots (differentiating)"
        self.phases[phase] += spent
        if len(interp.findings) > self._root_findings:
            kind = "new finding"
            self.last_finding = time.process_time() - self.started
        else:
            kind = next((c for c in CLASSES[1:-1] if c in self._met), "inert")
        self.root_class_time[kind] += spent
        self.root_class_count[kind] += 1
        node = self._root
        line, col = getattr(node, "lineno", None), getattr(node, "col_offset", None)
        if line is not None:
            self.roots.append([line, col, int(self._root_escaped), kind, phase])
        self._root = None

    def met(self, what: str) -> None:
        if self._root is not None:
            self._met.add(what)


def _patch(owner: Any, name: str, wrap: Callable[[Callable], Callable]) -> Callable[[], None]:
    original = getattr(owner, name)
    setattr(owner, name, wrap(original))
    return lambda: setattr(owner, name, original)


@contextmanager
def watching(w: Watch) -> Iterator[None]:
    """Patch the interpreter to report to `w` while the block runs."""

    def timed(phase: str) -> Callable[[Callable], Callable]:
        def wrap(f: Callable) -> Callable:
            def run(*a: Any, **k: Any) -> Any:
                t = time.process_time()
                try:
                    return f(*a, **k)
                finally:
                    w.phases[phase] += time.process_time() - t
            return run
        return wrap

    def begin_root(f: Callable) -> Callable:
        def run(self: Interpreter, root: object, entry: object = None) -> Any:
            out = f(self, root, entry)
            w.start_root(self)
            return out
        return run

    def escaped(f: Callable) -> Callable:
        def run(self: Interpreter) -> Any:
            w.end_root(self)
            w.in_escaped = True
            t = time.process_time()
            roots = w.phases["roots (escaped transforms)"]
            try:
                return f(self)
            finally:
                w.end_root(self)
                w.in_escaped = False
                w.phases["escaped transforms (less their roots)"] += (
                    time.process_time() - t - (w.phases["roots (escaped transforms)"] - roots))
        return run

    def seen(what: Callable[..., str | None]) -> Callable[[Callable], Callable]:
        def wrap(f: Callable) -> Callable:
            def run(self: Any, *a: Any, **k: Any) -> Any:
                label = what(*a)
                if label is not None:
                    w.met(label)
                return f(self, *a, **k)
            return run
        return wrap

    def api(name: str, *_: Any) -> str | None:
        spec = jaxapi.CALLBACKS.get(name)
        if spec is not None and spec.kind != "debug":  # (a debug callback is never reported)
            return "callback"
        return "loop" if name in _LOOPS else None

    undo = [
        _patch(analyzer_module, "parse", timed("parse")),
        _patch(callback_hosts, "check_module", timed("module checks (callback_hosts)")),
        _patch(Interpreter, "_begin_root", begin_root),
        _patch(Interpreter, "_apply_escaped_transforms", escaped),
        _patch(decisions.CallbackDecisions, "report", seen(lambda *a: "repeated report")),
        _patch(custom_rules.CustomRules, "call_custom", seen(lambda *a: "custom rule")),
        _patch(jax_calls.JaxApiCalls, "call_api", seen(api)),
    ]
    undo.append(_patch(StatementReplay, "exec_module_body", timed("module statements")))
    try:
        yield
    finally:
        for u in reversed(undo):
            u()


def floor_s(source: str, path: str) -> float:
    """The floor's CPU: `ast.parse` with the collector off plus one `ast.walk`."""
    gc.disable()
    t = time.process_time()
    tree = ast.parse(source, path)
    for _ in ast.walk(tree):
        pass
    return time.process_time() - t


def child(path: str) -> None:
    """One run, in a process of its own (the analysis's caches, by content, would answer a
    second open of the same text): the floor, then the open; printed as JSON."""
    analyze_source("import jax\n\n\ndef f(x):\n    return jax.grad(jax.numpy.sin)(x)\n", "w.py")
    source = Path(path).read_text(encoding="utf-8")
    gc.collect()
    floor = floor_s(source, path)
    gc.collect()
    gc.disable()
    gc.freeze()
    w = Watch()
    analyzer = IncrementalAnalyzer()
    analyzer.defer_records = True
    with watching(w):
        t = w.started = time.process_time()
        analyzer.analyze(source, path)
        total = time.process_time() - t
    print(json.dumps({"floor": floor, "total": total, "phases": w.phases,
                      "class_time": w.root_class_time, "class_count": w.root_class_count,
                      "roots": w.roots, "last_finding": w.last_finding}))
    sys.stdout.flush()
    os._exit(0)  # (what the open keeps for the next edit is not freed: not its cost)


def skipping(where: set[tuple[int, int, int]] | None) -> None:
    """Leave out the entry points at `where` (line, column, 1 for an escaped transform's: the
    node its root is named by; 0 for a function's: where it starts); None: every entry point,
    the escaped transforms' too (what an open costs without them)."""
    if where is None:
        Interpreter._entry_points = lambda self, wanted: []  # type: ignore[method-assign]
        Interpreter._apply_escaped_transforms = lambda self: False  # type: ignore[method-assign]
        return
    entry_points, escaped = Interpreter._entry_points, Interpreter._apply_escaped_transforms

    def at(node: Any, flag: int) -> bool:
        return (getattr(node, "lineno", -1), getattr(node, "col_offset", -1), flag) in where

    def functions(self: Interpreter, wanted: Any) -> list:
        return [c for c in entry_points(self, wanted) if not at(c.func.node, 0)]

    def transforms(self: Interpreter) -> bool:
        # (the root `_apply_escaped_transforms` groups one under: taken as applied already)
        for tf, node in self.transformed_created.items():
            creator = self._created_root.get(tf, MODULE_ROOT)
            if at(node if creator is MODULE_ROOT else creator, 1):
                self.transformed_called.add(tf)
        return escaped(self)

    Interpreter._entry_points = functions  # type: ignore[method-assign]
    Interpreter._apply_escaped_transforms = transforms  # type: ignore[method-assign]


def unrecorded() -> None:
    """Run a first version's module statements as a one-shot analysis runs them: no statement
    record (`StatementReplay._exec_recorded`: effect marks, `stable`'s walk, the record), and
    every module-level name taken as stable, so that its fingerprint is left until after the
    answer as `defer_records` leaves those a record proved stable. Not sound (the next version
    replays nothing, and a name the roots change is fingerprinted too late): a ceiling only."""
    run = StatementReplay.exec_module_body

    def plain(self: Any) -> None:
        ev = self.ev
        if not ev.record or self.carry_in is not None:
            run(self)
            return
        scope = ev.module_scope
        ev.exec_block(ev.tree.body, scope)
        self.carry_out = ModuleCarry(ev.main, scope, {}, {})
        self._runs_made = (ev.tree.body, {}, {})
        self.stable_bound.update({id(v): v for v in scope.vars.values()})

    StatementReplay.exec_module_body = plain  # type: ignore[method-assign]


def counted_child(mode: str, path: str, skip: str) -> None:
    """A process for one count: "warm" (imports and the warm-up only), "walk" (the floor),
    "open" (skipping the entry points listed in the JSON `skip`, or every one if it is null); with
    "findings", the open's findings are printed instead of counted. "open-unrecorded" and
    "findings-unrecorded": the same with the module statements unrecorded (`unrecorded`)."""
    analyze_source("import jax\n\n\ndef f(x):\n    return jax.grad(jax.numpy.sin)(x)\n", "w.py")
    if mode.endswith("-unrecorded"):
        unrecorded()
        mode = mode.removesuffix("-unrecorded")
    where = json.loads(skip)
    skipping(None if where is None else {(a, b, c) for a, b, c in where})
    source = Path(path).read_text(encoding="utf-8")
    gc.collect()
    gc.disable()
    if mode == "walk":
        for _ in ast.walk(ast.parse(source, path)):
            pass
    elif mode in ("open", "findings"):
        gc.freeze()
        analyzer = IncrementalAnalyzer()
        analyzer.defer_records = True
        result = analyzer.analyze(source, path)
        if mode == "findings":
            print(json.dumps([repr(f) for f in result.findings]))
            sys.stdout.flush()
    os._exit(0)


def instructions(mode: str, path: Path, skip: list | None) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={tmp}/cg",
             sys.executable, __file__, "--counted", mode, str(path), json.dumps(skip)],
            capture_output=True, text=True, cwd=tmp, env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    match = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if out.returncode != 0 or match is None:
        raise RuntimeError(f"{mode} {path}: exit {out.returncode}\n{out.stderr[-2000:]}")
    return int(match.group(1).replace(",", ""))


def ceiling(path: Path) -> None:
    roots = run_child(path)["roots"]
    inert = [r[:3] for r in roots if r[3] == "inert"]
    variants: dict[str, tuple[str, list | None]] = {
        "open": ("", []),
        "less the inert roots": ("", inert),
        "less inert and batch-only roots": ("", [
            r[:3] for r in roots if r[3] == "inert" or r[4] == "roots (batch only)"]),
        "less every root with no new finding": ("", [r[:3] for r in roots
                                                     if r[3] != "new finding"]),
        "no entry point at all": ("", None),
        "statements unrecorded": ("-unrecorded", []),
        "unrecorded, less the inert roots": ("-unrecorded", inert),
    }

    def findings(how: str, skip: list | None) -> list:
        out = subprocess.run(
            [sys.executable, __file__, "--counted", "findings" + how, str(path), json.dumps(skip)],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        return json.loads(out.stdout)

    jobs: list[tuple[str, list | None]] = [("warm", []), ("walk", [])]
    jobs += [("open" + how, skip) for how, skip in variants.values()]
    with ThreadPoolExecutor(2) as pool:
        counts = list(pool.map(lambda j: instructions(j[0], path, j[1]), jobs))
    warm, walk = counts[0], counts[1] - counts[0]
    same = findings("", [])
    print(f"{path.name}: floor {walk / 1e6:,.0f} M instructions")
    for (name, (how, skip)), n in zip(variants.items(), counts[2:]):
        verdict = "same findings" if findings(how, skip) == same else "FINDINGS DIFFER"
        left = "all" if skip is None else len(skip)
        print(f"  {name:<38} {left:>4} left out {(n - warm) / 1e6:7,.0f} M "
              f"{(n - warm) / walk:5.2f}x the floor  {verdict}")


def run_child(path: Path) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(path)], capture_output=True, text=True,
        check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    return json.loads(out.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ceiling", action="store_true",
                    help="count instructions of the open less classes of entry points")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--counted", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child)
    if args.counted:
        counted_child(*args.counted)
    if args.ceiling:
        for f in args.files:
            ceiling(f.resolve())
        return 0
    for f in args.files:
        runs = [run_child(f.resolve()) for _ in range(args.runs)]
        floor = statistics.median(r["floor"] for r in runs)
        total = statistics.median(r["total"] for r in runs)

        def ms(key: str, name: str, runs: list[dict] = runs) -> float:
            return statistics.median(r[key].get(name, 0.0) for r in runs) * 1e3

        print(f"{f.name}: floor {floor * 1e3:.0f} ms, open {total * 1e3:.0f} ms "
              f"({total / floor:.2f}x the floor), medians of {args.runs}")
        named = 0.0
        for p in sorted({p for r in runs for p in r["phases"]}):
            named += ms("phases", p)
            print(f"  {p:<40} {ms('phases', p):7.1f} ms {ms('phases', p) / total / 1e3:6.1%}")
        print(f"  {'rest':<40} {total * 1e3 - named:7.1f} ms {1 - named / total / 1e3:6.1%}")
        print("  roots by what they met:")
        for c in CLASSES:
            n = runs[0]["class_count"].get(c, 0)
            print(f"    {c:<20} {n:4d} roots {ms('class_time', c):7.1f} ms "
                  f"{ms('class_time', c) / total / 1e3:6.1%}")
        inert = ms("class_time", "inert") / 1e3
        print(f"  open less every inert root: {(total - inert) / floor:.2f}x the floor")
        last = statistics.median(r["last_finding"] for r in runs)
        print(f"  the last root that made a finding ended at {last * 1e3:.0f} ms "
              f"({last / total:.0%} of the open, {last / floor:.2f}x the floor)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
