"""Run a program under real JAX in a fresh interpreter and report how it ended.

The corpus and the catalog are labeled by what JAX really does; this module is the one place
that runs JAX for them. Each program runs in its own subprocess (JAX state never leaks between
programs) and the outcome is the exception class and message it died with, if any.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

_RUNNER = r"""
import json, runpy, sys, traceback
path = sys.argv[1]
sys.argv = [path]
try:
    runpy.run_path(path, run_name="__main__")
except BaseException as e:  # noqa: BLE001 - we report every way a program can end
    if isinstance(e, SystemExit) and not e.code:
        out = {"ok": True}
    else:
        out = {"ok": False, "exception": type(e).__name__, "message": str(e)}
else:
    out = {"ok": True}
sys.stdout.flush()
sys.stderr.write("\n@@ORACLE@@" + json.dumps(out) + "\n")
"""

EXPECT_RE = re.compile(r"#\s*EXPECT:\s*([A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)")


@dataclass(frozen=True)
class Outcome:
    ok: bool
    exception: str = ""
    message: str = ""

    def __str__(self) -> str:
        return "ran without error" if self.ok else f"{self.exception}: {self.message[:300]}"


def run_program(
    path: Path, timeout: float = 240.0, extra_path: list[Path] | None = None
) -> Outcome:
    env = dict(os.environ)
    if extra_path:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(p) for p in extra_path] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
        )
    env.setdefault("JAX_PLATFORMS", "cpu")
    env.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=1")
    env["PYTHONHASHSEED"] = "0"
    proc = subprocess.run(
        [sys.executable, "-c", _RUNNER, str(path)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(path.parent),
        env=env,
    )
    marker = proc.stderr.rfind("@@ORACLE@@")
    if marker < 0:
        return Outcome(False, "Crash", f"exit {proc.returncode}: {proc.stderr[-2000:]}")
    data = json.loads(proc.stderr[marker + len("@@ORACLE@@") :].strip().splitlines()[0])
    return Outcome(data["ok"], data.get("exception", ""), data.get("message", ""))


def expected_markers(source: str) -> set[tuple[int, str]]:
    """The `# EXPECT: CODE` markers of a program, as (line, code) pairs."""
    found = set()
    for lineno, line in enumerate(source.splitlines(), start=1):
        m = EXPECT_RE.search(line)
        if m:
            for code in m.group(1).split(","):
                found.add((lineno, code.strip()))
    return found


#: the labeled corpus: each code's programs, `tests/rules/<CODE>/{fires,clean}/*.py`
#: (`tests/rules/multi/fires/` for a program marked with several codes; tests/rules/README.md)
RULE_EXAMPLES = Path(__file__).resolve().parent / "rules"
#: the bundled examples, labeled as the corpus is
BUNDLED_EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def rule_examples(code: str = "*", kind: str = "*") -> list[Path]:
    """The corpus programs of `code` (a folder of tests/rules/) that fire (`kind="fires"`) or
    must not (`"clean"`), sorted; by default every program of every code."""
    return sorted(RULE_EXAMPLES.glob(f"{code}/{kind}/*.py"))


def corpus_programs() -> list[Path]:
    """Every labeled program: the rules' examples, then the bundled examples."""
    return rule_examples() + sorted(BUNDLED_EXAMPLES.glob("*.py"))
