"""Measure jax-lsp on checkouts of real repositories (`shared/realrepos.txt`): what it reports
on code nobody wrote for it, and what a change alters there.

    PYTHONPATH=<jax-lsp checkout> python scripts/realrepos.py [REAL] OUT [--compare OLD_OUT]
        [--list LIST] [--timeout SECONDS]
    python scripts/realrepos.py --report OUT [--compare OLD_OUT]

REAL (default /work/real) holds one folder per repository (`owner+name`). For each, this runs
`python -P -m jax_lsp check --no-cache --output-format concise FOLDER` from REAL (the caller's
PYTHONPATH picks the jax-lsp), keeps its stdout and stderr in OUT/<repo>.stdout/.stderr, the
files it checks (`--show-files`) in OUT/<repo>.files and the counts in OUT/<repo>.json, then
prints a table: files, lines, findings by code, syntax errors reported (JAX000), CPU seconds
(the child's, its worker processes included). `--compare` prints every finding added or
removed against an earlier OUT and the table's changes.

`--list LIST` runs only the repositories a list file names (one `owner/name commit` a line,
`#` comments and blank lines skipped, as in `shared/realrepos.txt`), checked out as
REAL/owner+name; a named folder that is missing is reported, not skipped silently.
`--timeout SECONDS` bounds each repository's check: a check still running then is stopped
(its whole process group, worker processes included) and recorded as timed out, so one
pathological repository cannot stall the run.

Nothing of a repository runs: its files are only read (line counts, notebook cells) by this
script, and jax-lsp parses them (no `--python`, no `--trust-project-python`, `-P` so the
working directory is not on the import path).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

#: ``path:row:col: CODE [*] message``, or ``path:cell N:row:col: ...`` in a notebook
FINDING = re.compile(
    r"^(?P<path>.+?):(?:cell (?P<cell>\d+):)?(?P<line>\d+):(?P<col>\d+): "
    r"(?P<code>[A-Z]+[0-9]+)(?: \[\*\])? (?P<message>.*)$")
#: the summary lines concise output ends with
SUMMARY = re.compile(r"^(All checks passed!|Found \d+ .*|\[\*\] \d+ fixable.*|No fixes .*|"
                     r"\d+ unsafe fix(?:es)? available .*)$")


def parse_concise(text: str) -> tuple[list[dict], list[str]]:
    """The findings of a concise report (path, cell or None, line, col, code, message), and the
    lines that are neither a finding nor the summary (a crash's output, a format change)."""
    findings, other = [], []
    for line in text.splitlines():
        if not line.strip() or SUMMARY.match(line):
            continue
        m = FINDING.match(line)
        if m is None:
            other.append(line)
            continue
        d = m.groupdict()
        findings.append({"path": d["path"], "cell": int(d["cell"]) if d["cell"] else None,
                         "line": int(d["line"]), "col": int(d["col"]), "code": d["code"],
                         "message": d["message"]})
    return findings, other


def count_lines(path: Path) -> int:
    """Lines of a .py file; of a notebook, the lines of its code cells (read as JSON)."""
    try:
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8", errors="replace")).get("cells", [])
            n = 0
            for c in cells:
                if c.get("cell_type") == "code":
                    src = c.get("source", "")
                    n += len("".join(src).splitlines()) if isinstance(src, list) else \
                        len(src.splitlines())
            return n
        with open(path, "rb") as fh:
            return sum(1 for _ in fh)
    except (OSError, ValueError, AttributeError):
        return 0


def summarise(stdout: str, files: list[str], cpu: float, wall: float, rc: int,
              stderr: str, root: Path) -> dict:
    findings, other = parse_concise(stdout)
    codes = Counter(f["code"] for f in findings)
    return {
        "files": len(files),
        "notebooks": sum(f.endswith(".ipynb") for f in files),
        "lines": sum(count_lines(root / f) for f in files),
        "findings": findings,
        "codes": dict(sorted(codes.items())),
        "syntax_errors": codes.get("JAX000", 0),
        "unparsed": other,
        "stderr_lines": len(stderr.splitlines()),
        "cpu": round(cpu, 2),
        "wall": round(wall, 2),
        "rc": rc,
    }


#: the exit status recorded for a check stopped by `--timeout`
TIMED_OUT = -999


def read_list(path: Path) -> list[tuple[str, str]]:
    """(owner/name, commit) of each line of a list file; `#` comments and blank lines skipped,
    a line without a commit gives an empty commit."""
    pairs = []
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        if "/" not in line[0]:
            raise ValueError(f"{path}: not `owner/name commit`: {raw!r}")
        pairs.append((line[0], line[1] if len(line) > 1 else ""))
    return pairs


def folder(repo: str) -> str:
    """The checkout folder of `owner/name`: `owner+name`."""
    return repo.replace("/", "+", 1)


def _run(cmd: list[str], cwd: Path,
         timeout: float | None = None) -> tuple[str, str, int, float, float]:
    """stdout, stderr, exit status (TIMED_OUT when stopped after `timeout` seconds), CPU
    seconds (user + system of the child and the children it waited for), wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    # its own session, so that a timeout stops the check's worker processes with it
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, errors="replace", start_new_session=True)
    try:
        stdout, stderr = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        stdout, stderr = p.communicate()
        rc = TIMED_OUT
        stderr += f"\n[realrepos] stopped after {timeout:g} s\n"
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return stdout, stderr, rc, cpu, wall


def run_repo(real: Path, repo: str, out: Path, extra: list[str],
             timeout: float | None = None, commit: str = "") -> dict:
    base = [sys.executable, "-P", "-m", "jax_lsp", "check"]
    listing, _, _, _, _ = _run(base + ["--show-files", repo], real, timeout)
    files = [os.path.relpath(f, real) if os.path.isabs(f) else f
             for f in listing.splitlines() if f.strip()]
    stdout, stderr, rc, cpu, wall = _run(
        base + ["--no-cache", "--output-format", "concise", *extra, repo], real, timeout)
    (out / f"{repo}.stdout").write_text(stdout)
    (out / f"{repo}.stderr").write_text(stderr)
    (out / f"{repo}.files").write_text("\n".join(files) + "\n")
    s = summarise(stdout, files, cpu, wall, rc, stderr, real)
    if commit:
        s["commit"] = commit
    (out / f"{repo}.json").write_text(json.dumps(s, indent=1))
    return s


def load(out: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in sorted(out.glob("*.json"))}


def table(results: dict[str, dict]) -> str:
    rows = [("repo", "files", "lines", "findings", "by code", "JAX000", "CPU s", "rc")]
    total = Counter()
    for repo, s in results.items():
        codes = {k: v for k, v in s["codes"].items()}
        rows.append((repo, str(s["files"]), f"{s['lines']:,}", str(sum(codes.values())),
                     " ".join(f"{k}:{v}" for k, v in codes.items()) or "-",
                     str(s["syntax_errors"]), f"{s['cpu']:.1f}",
                     "timeout" if s["rc"] == TIMED_OUT else str(s["rc"])))
        total.update(files=s["files"], lines=s["lines"], findings=sum(codes.values()),
                     jax000=s["syntax_errors"])
        total.update({f"code:{k}": v for k, v in codes.items()})
        total["cpu"] += s["cpu"]
    by = " ".join(f"{k[5:]}:{v}" for k, v in sorted(total.items()) if k.startswith("code:"))
    rows.append(("TOTAL", str(total["files"]), f"{total['lines']:,}", str(total["findings"]),
                 by or "-", str(total["jax000"]), f"{total['cpu']:.1f}", ""))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    problems = [f"{repo}: {'timed out' if s['rc'] == TIMED_OUT else 'exit ' + str(s['rc'])}, "
                f"{s['stderr_lines']} stderr lines, "
                f"{len(s['unparsed'])} unparsed stdout lines"
                for repo, s in results.items()
                if s["rc"] not in (0, 1) or s["unparsed"] or s["stderr_lines"]]
    return "\n".join(lines + problems)


def _key(f: dict) -> tuple:
    return (f["path"], f["cell"] or 0, f["line"], f["col"], f["code"])


def _show(f: dict) -> str:
    cell = f"cell {f['cell']}:" if f["cell"] else ""
    return f"{f['path']}:{cell}{f['line']}:{f['col']}: {f['code']} {f['message']}"


def compare(old: dict[str, dict], new: dict[str, dict]) -> str:
    """Findings removed (-), added (+) and whose message changed (~), then the per-repository
    changes of files, lines, syntax errors and CPU."""
    out = []
    for repo in sorted(old.keys() | new.keys()):
        if repo not in new or repo not in old:
            out.append(f"{repo}: only in {'old' if repo in old else 'new'}")
            continue
        a = {_key(f): f for f in old[repo]["findings"]}
        b = {_key(f): f for f in new[repo]["findings"]}
        out += [f"- {_show(a[k])}" for k in sorted(a.keys() - b.keys())]
        out += [f"+ {_show(b[k])}" for k in sorted(b.keys() - a.keys())]
        out += [f"~ {_show(b[k])}" for k in sorted(a.keys() & b.keys())
                if a[k]["message"] != b[k]["message"]]
        for field in ("files", "lines", "syntax_errors", "rc"):
            if old[repo][field] != new[repo][field]:
                out.append(f"{repo}: {field} {old[repo][field]} -> {new[repo][field]}")
        if old[repo]["cpu"] and new[repo]["cpu"]:
            out.append(f"{repo}: CPU {old[repo]['cpu']:.1f} -> {new[repo]['cpu']:.1f} s "
                       f"({new[repo]['cpu'] / old[repo]['cpu']:.2f}x)")
    to = sum(s["cpu"] for s in old.values())
    tn = sum(s["cpu"] for s in new.values())
    nf = [sum(len(s["findings"]) for s in d.values()) for d in (old, new)]
    out.append(f"total: findings {nf[0]} -> {nf[1]}, CPU {to:.1f} -> {tn:.1f} s")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", help="[REAL] OUT")
    ap.add_argument("--compare", metavar="OLD_OUT", help="an earlier OUT to diff against")
    ap.add_argument("--report", metavar="OUT", help="print the table of an OUT, run nothing")
    ap.add_argument("--only", default="", help="comma-separated repository folders to run")
    ap.add_argument("--jobs", default=None, help="passed to `check --jobs`")
    ap.add_argument("--list", metavar="LIST",
                    help="run only the repositories of this file (`owner/name commit` lines)")
    ap.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                    help="stop a repository's check after this many wall seconds")
    args = ap.parse_args(argv)
    if args.report:
        out = Path(args.report)
    else:
        if len(args.paths) not in (1, 2):
            ap.error("give [REAL] OUT")
        real = Path(args.paths[0] if len(args.paths) == 2 else "/work/real").resolve()
        out = Path(args.paths[-1]).resolve()
        out.mkdir(parents=True, exist_ok=True)
        commits: dict[str, str] = {}
        if args.list:
            commits = {folder(r): c for r, c in read_list(Path(args.list))}
            missing = sorted(r for r in commits if not (real / r).is_dir())
            if missing:
                ap.error(f"not checked out in {real}: {', '.join(missing)}")
            repos = sorted(commits)
        else:
            repos = sorted(p.name for p in real.iterdir() if p.is_dir())
        if args.only:
            repos = [r for r in repos if r in args.only.split(",")]
        extra = ["--jobs", args.jobs] if args.jobs else []
        t0 = time.perf_counter()
        for repo in repos:
            s = run_repo(real, repo, out, extra, args.timeout, commits.get(repo, ""))
            status = " (timed out)" if s["rc"] == TIMED_OUT else ""
            print(f"{repo}: {len(s['findings'])} findings, {s['cpu']:.1f} s CPU{status}",
                  flush=True)
        print(f"whole run: {time.perf_counter() - t0:.0f} s wall")
    print(table(load(out)))
    if args.compare:
        print(compare(load(Path(args.compare)), load(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
