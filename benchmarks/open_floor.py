"""The least time any analysis written on CPython's `ast` could take from opening a module to
its first diagnostics, beside ruff's whole open, in the same run.

Issue 12 asks for open -> diagnostics within 4x ruff's. Whatever the analysis, a Python
language server parsing with `ast` must at least parse the module and visit its tree once to
find what is differentiated. This prints, per module:

- ruff's open -> diagnostics (`ruff server`, opened the way `bench_lsp.py` opens it: after
  `initialize` and a first answered request; median of `--runs`);
- `ast.parse` (collector off, as the analysis parses; smallest of `--runs`), one `ast.walk`
  of the tree (smallest), and their sum, the floor;
- the floor against 4x ruff's open. A floor above it means the target cannot be met by
  parsing with CPython's `ast` and visiting each node once, before any analysis, IPC or
  publication is counted.

    python benchmarks/open_floor.py FILE [FILE ...] [--runs 7]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import gc
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_lsp  # noqa: E402  (the same client and open sequence as the latency benchmark)


async def _ruff_open_ms(ruff: str, text: str) -> float:
    with tempfile.TemporaryDirectory(prefix="open-floor-") as workdir:
        path = Path(workdir) / "module.py"
        path.write_text(text, encoding="utf-8")
        uri = path.as_uri()
        client = bench_lsp.Client([ruff, "server"])
        await client.start(workdir)
        try:
            await bench_lsp.until_running(client, workdir, uri)
            t0 = time.perf_counter()
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "python", "version": 1, "text": text}})
            return (await client.wait_publish(uri, 1) - t0) * 1000
        finally:
            await client.stop()


def _parse_and_walk_ms(text: str, runs: int) -> tuple[float, float]:
    parses, walks = [], []
    for _ in range(runs):
        gc.disable()
        try:
            t0 = time.perf_counter()
            tree = ast.parse(text)
            parses.append(time.perf_counter() - t0)
        finally:
            gc.enable()
        t0 = time.perf_counter()
        for _node in ast.walk(tree):
            pass
        walks.append(time.perf_counter() - t0)
        del tree
        gc.collect()
    return min(parses) * 1000, min(walks) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    ruff = shutil.which("ruff")
    if ruff is None:
        parser.error("ruff is not on PATH")
    print(f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'module':<24}{'lines':>8}{'ruff open':>11}{'parse':>10}{'walk':>10}"
          f"{'floor':>10}{'4x ruff':>10}  floor/ruff")
    for file in args.files:
        text = file.read_text(encoding="utf-8")
        opens = [asyncio.run(_ruff_open_ms(ruff, text)) for _ in range(args.runs)]
        ruff_ms = statistics.median(opens)
        parse_ms, walk_ms = _parse_and_walk_ms(text, args.runs)
        floor = parse_ms + walk_ms
        cells = [f"{ms:.1f} ms" for ms in (ruff_ms, parse_ms, walk_ms, floor, 4 * ruff_ms)]
        print(f"{file.name:<24}{text.count(chr(10)):>8}{cells[0]:>11}{cells[1]:>10}"
              f"{cells[2]:>10}{cells[3]:>10}{cells[4]:>10}  {floor / ruff_ms:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
