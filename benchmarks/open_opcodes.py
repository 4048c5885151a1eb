"""Where an open's Python runs, counted by bytecode: per function (its own opcodes, not its
callees') and per module, of the analysis an open runs (`IncrementalAnalyzer.analyze` with
its records deferred, collector off, as `bench_instructions.py --open` runs it).

`sys.settrace` with `f_trace_opcodes` counts each opcode each code object runs: deterministic
(load does not change it, unlike cProfile's times, whose overhead per call also inflates
small functions), and an interpreted opcode costs a roughly even number of instructions, so
it says which functions to make cheaper where cachegrind counts only C functions. C builtins
(`sorted`, dict operations) are not counted: compare with `bench_instructions.py` for the
total. It runs about 50x slower than the open.

    python benchmarks/open_opcodes.py FILE [--top 50]
"""

from __future__ import annotations

import argparse
import collections
import gc
import sys
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

WARM_UP = "import jax\n\n\ndef f(x):\n    return jax.grad(jax.numpy.sin)(x)\n"


def count_opcodes(path: Path) -> collections.Counter[CodeType]:
    """The opcodes each code object ran during the open of `path`."""
    from jax_lsp.analysis import analyze_source
    from jax_lsp.analysis.incremental import IncrementalAnalyzer

    analyze_source(WARM_UP, "w.py")  # (what a first analysis loads is not the open's work)
    source = path.read_text(encoding="utf-8")
    counts: collections.Counter[CodeType] = collections.Counter()

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            counts[frame.f_code] += 1
        return local

    def called(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        return local

    analyzer = IncrementalAnalyzer()
    analyzer.defer_records = True
    gc.disable()
    sys.settrace(called)
    try:
        analyzer.analyze(source, str(path))
    finally:
        sys.settrace(None)
        gc.enable()
    return counts


def _where(code: CodeType) -> str:
    return code.co_filename.split("jax_lsp/")[-1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("file", type=Path)
    ap.add_argument("--top", type=int, default=50, help="functions listed")
    args = ap.parse_args()
    counts = count_opcodes(args.file)
    total = sum(counts.values())
    print(f"{args.file.name}: {total:,} opcodes")
    by_module: collections.Counter[str] = collections.Counter()
    for code, n in counts.items():
        by_module[_where(code)] += n
    for module, n in by_module.most_common(25):
        print(f"{n:>10,} {100 * n / total:5.1f}%  {module}")
    print()
    for code, n in counts.most_common(args.top):
        where = f"{_where(code)}:{code.co_firstlineno} {code.co_name}"
        print(f"{n:>10,} {100 * n / total:5.1f}%  {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
