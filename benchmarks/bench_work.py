"""Benchmark: the work of a whole-module analysis per 1,000 lines, counted, beside its CPU time
per phase: a noise-free view of whether the analysis is linear in the module's size (the CPU
times of a shared, loaded machine are not).

Per file, in this process (collector paused, as `engine.analyze_source` runs):
- CPU ms/kline of parsing, of the interpreter's run (counting adds a few percent) and of
  freeing the tree and interpreter;
- per 1,000 lines: statements executed, expressions evaluated, calls of user functions, their
  interpretations (memo misses), the functions interpreted, and how many were interpreted
  1, 2, 3 or more times (each a distinct abstract context: under a level, without, batched);
- the resident memory after parsing and after the run (MiB).

    python benchmarks/bench_work.py /tmp/gen/single/jaxmod_*/*.py
"""

from __future__ import annotations

import gc
import resource
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jax_lsp.analysis import engine
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.source_text import python_text

COUNTED = ("exec_stmt", "eval", "call_closure")


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def counting(counts: Counter) -> None:
    """Count the calls of `COUNTED` on every interpreter (this process only)."""
    for name in COUNTED:
        orig = getattr(Interpreter, name)

        def counted(self, *a, _orig=orig, _name=name, **k):  # type: ignore[no-untyped-def]
            counts[_name] += 1
            return _orig(self, *a, **k)

        setattr(Interpreter, name, counted)


def measure(path: Path, counts: Counter) -> str:
    source = python_text(path.read_text(encoding="utf-8"))
    kl = source.count("\n") / 1e3
    counts.clear()
    gc.disable()
    t0 = cpu()
    tree = engine.parse(source, str(path))
    t1 = cpu()
    parsed = rss_mib()
    if isinstance(tree, engine.AnalysisResult):
        return f"{path.name}: does not parse"
    cfg, workspace = engine.settle(None, None)
    interp = engine.interpreter(tree, source, str(path), cfg, workspace)
    t2 = cpu()
    engine.finish(interp)
    t3 = cpu()
    ran = rss_mib()
    it = interp.interpretations
    times = Counter(min(n, 3) for n in it.values())
    interp.release()
    del interp, tree
    t4 = cpu()
    gc.enable()
    per = {k: counts[k] / kl for k in COUNTED}
    return (
        f"{path.name:<24} {kl * 1e3:>7.0f} {1e3 * (t1 - t0) / kl:>6.1f} "
        f"{1e3 * (t3 - t2) / kl:>6.1f} {1e3 * (t4 - t3) / kl:>6.1f} "
        f"{per['exec_stmt']:>7.0f} {per['eval']:>7.0f} {per['call_closure']:>7.0f} "
        f"{sum(it.values()) / kl:>7.1f} {len(it) / kl:>6.1f} "
        f"{times[1]:>6} {times[2]:>6} {times[3]:>6} {parsed:>7.0f} {ran:>7.0f}"
    )


#: analysed once first: what the first analysis of a process loads (JAX's API table...) is
#: not the work of the files measured
WARM_UP = "import jax\n\n\ndef f(x):\n    return jax.grad(jax.numpy.sin)(x)\n"


def main() -> int:
    engine.analyze_source(WARM_UP, "warm_up.py")
    counts: Counter = Counter()
    counting(counts)
    print(f"{'file':<24} {'lines':>7} {'parse':>6} {'run':>6} {'free':>6} {'stmts':>7} "
          f"{'exprs':>7} {'calls':>7} {'interp':>7} {'funcs':>6} {'x1':>6} {'x2':>6} "
          f"{'x3+':>6} {'RSS p':>7} {'RSS r':>7}")
    print("(parse/run/free: CPU ms per 1,000 lines; stmts..funcs: per 1,000 lines; x1..x3+: "
          "functions interpreted once, twice, 3+ times; RSS after parse / run, MiB)")
    for arg in sys.argv[1:]:
        print(measure(Path(arg), counts), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
