"""Compare the findings of two versions of jax-lsp on the same files (a change meant to keep
results identical, or to see what it changed).

    PYTHONPATH=<old checkout> python scripts/diff_findings.py dump old.json ROOT:PATH ...
    PYTHONPATH=<new checkout> python scripts/diff_findings.py dump new.json ROOT:PATH ...
    python scripts/diff_findings.py compare old.json new.json

`dump` analyses each file (PATH: a .py file or a folder) as `jax-lsp check` does, imports
followed from ROOT, and writes every field of every finding (code, range, message, path,
operand ranges, modes); `compare` prints the findings removed, added and changed (by code and
position) and a count.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
from pathlib import Path
from typing import Any


def _plain(o: Any) -> Any:
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return {f.name: _plain(getattr(o, f.name)) for f in dataclasses.fields(o)}
    if isinstance(o, (list, tuple)):
        return [_plain(x) for x in o]
    if isinstance(o, enum.Enum):
        return o.value
    return o


def dump(out: str, specs: list[str]) -> None:
    from jax_lsp.analysis.engine import AnalysisConfig
    from jax_lsp.checker.runner import analyse_file

    result = {}
    for spec in specs:
        root, _, target = spec.partition(":")
        files = [target] if target.endswith(".py") else sorted(
            str(p) for p in Path(target).rglob("*.py"))
        for f in files:
            a = analyse_file(f, AnalysisConfig(), root=root)
            result[f] = {"findings": _plain(list(a.findings)), "internal_error": a.internal_error}
    Path(out).write_text(json.dumps(result, indent=1, sort_keys=True, default=str))
    print(f"{len(result)} files, {sum(len(v['findings']) for v in result.values())} findings")


def compare(old_path: str, new_path: str) -> int:
    old, new = (json.loads(Path(p).read_text()) for p in (old_path, new_path))
    counts = {"files": 0, "same": 0, "removed": 0, "added": 0, "changed": 0}

    def by_place(findings: list[dict]) -> dict[tuple, dict]:
        return {(f["code"], f["span"]["line"], f["span"]["col"]): f for f in findings}

    for path in sorted(old.keys() | new.keys()):
        a = by_place(old.get(path, {}).get("findings", []))
        b = by_place(new.get(path, {}).get("findings", []))
        counts["files"] += 1
        if a == b:
            counts["same"] += 1
            continue
        for k in sorted(a.keys() - b.keys()):
            counts["removed"] += 1
            print("REMOVED", path, k, a[k]["message"])
        for k in sorted(b.keys() - a.keys()):
            counts["added"] += 1
            print("ADDED", path, k, b[k]["message"])
        for k in sorted(a.keys() & b.keys()):
            if a[k] != b[k]:
                counts["changed"] += 1
                fields = [f for f in a[k] if a[k][f] != b[k].get(f)]
                print("CHANGED", path, k, fields, "\n  was:", a[k]["message"],
                      "\n  now:", b[k]["message"])
    print(counts)
    return 0 if counts["same"] == counts["files"] else 1


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "dump":
        dump(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        raise SystemExit(compare(sys.argv[2], sys.argv[3]))
    else:
        raise SystemExit(__doc__)
