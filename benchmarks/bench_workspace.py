"""Benchmark: analyse a generated workspace of N modules with one shared Workspace index.

Each module imports two others (absolute and relative imports, a re-export package), one in
ten holds a host callback, one in five differentiates a loss that reaches another module.
Reports the total time, the per-module median, the findings, and the peak RSS of the process.

    python benchmarks/bench_workspace.py [--modules 500]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from jax_lsp.analysis import Workspace, analyze_source

MODULE = '''"""Generated module {i}."""
import jax
import jax.numpy as jnp
import numpy as np

from pkg.m{a} import layer_{a}
from .m{b} import layer_{b}


def _host_{i}(x):
    return np.tanh(np.asarray(x)).astype(np.float32)


def layer_{i}(x):
    y = layer_{a}(x) + layer_{b}(x) if {recurse} else x
    {callback}
    return jnp.tanh(y)


def loss_{i}(w, x):
    return jnp.sum(layer_{i}(x @ w) ** 2)
'''
CALLBACK = "y = jax.pure_callback(_host_{i}, jax.ShapeDtypeStruct(y.shape, y.dtype), y)"
SITE = """

grad_{i} = jax.jit(jax.grad(loss_{i}))
"""


def generate(root: Path, n: int) -> list[Path]:
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .m0 import layer_0\n", encoding="utf-8")
    files = []
    for i in range(n):
        a, b = (i + 1) % n, (i + 7) % n
        text = MODULE.format(
            i=i,
            a=a,
            b=b,
            recurse="True" if i % 3 else "False",
            callback=CALLBACK.format(i=i) if i % 10 == 0 else "pass",
        )
        if i % 5 == 0:
            text += SITE.format(i=i)
        path = pkg / f"m{i}.py"
        path.write_text(text, encoding="utf-8")
        files.append(path)
    return files


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--modules", type=int, default=500)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        files = generate(root, args.modules)
        ws = Workspace(roots=[root])
        per_file = []
        findings = 0
        t0 = time.perf_counter()
        for path in files:
            t = time.perf_counter()
            result = analyze_source(path.read_text(encoding="utf-8"), str(path), workspace=ws)
            per_file.append(time.perf_counter() - t)
            findings += len(result.findings)
        total = time.perf_counter() - t0
        # an edit in one helper: re-analyse a dependent module with the warm index
        helper = files[1]
        helper.write_text(helper.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
        t = time.perf_counter()
        analyze_source(files[0].read_text(encoding="utf-8"), str(files[0]), workspace=ws)
        refresh = time.perf_counter() - t
    rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"modules            {args.modules}")
    print(f"total index time   {total:.2f} s")
    print(f"per module median  {statistics.median(per_file) * 1e3:.1f} ms")
    print(f"per module p95     {sorted(per_file)[int(0.95 * len(per_file))] * 1e3:.1f} ms")
    print(f"findings           {findings}")
    print(f"edit -> re-analyse {refresh * 1e3:.1f} ms (dependent module, warm index)")
    print(f"peak RSS           {rss_mib:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
