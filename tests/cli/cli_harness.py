"""Helpers for the command-line tests: run `jax-lsp` in-process or as a subprocess, write file
trees, and replace the analysis with a fake that reports what `# FAKE CODE` markers say."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from jax_lsp import cli
from jax_lsp.analysis.engine import AnalysisConfig, AnalysisResult
from jax_lsp.analysis.findings import Finding, ParseError, PathStep, Span

REPO = Path(__file__).resolve().parents[2]
#: the folder holding the `jax_lsp` these tests import: the repository, or a compiled copy
#: given by PYTHONPATH (docs/internals.md, "The compiled build"). A subprocess is given it, so
#: that it runs the package the in-process runs it is compared with run (the rules' URLs
#: name the package's folder)
PACKAGE_ROOT = Path(cli.__file__).resolve().parents[1]

#: a program JAX rejects (jacfwd reaches a pure_callback): one JAX001 on line 6, column 12
CALLBACK_PROGRAM = (
    "import jax\n"
    "import jax.numpy as jnp\n"
    "import numpy as np\n"
    "\n"
    "def f(x):\n"
    "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x)\n"
    "\n"
    "jax.jacfwd(f)(1.0)\n"
)


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> Path:
    for rel, content in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8", newline="")
    return root


#: the environment variables of the result cache: tests choose them, not the caller's shell
CACHE_ENV = ("JAX_LSP_CACHE_DIR", "JAX_LSP_NO_CACHE")


def run_subprocess(args: list[str], cwd: Path, env: Mapping[str, str] | None = None,
                   input_text: str | None = None) -> Ran:
    base = {k: v for k, v in os.environ.items() if k not in CACHE_ENV}
    # (PYTHONSAFEPATH: the working directory, the repository for some tests, not before it)
    full_env = {**base, "PYTHONPATH": str(PACKAGE_ROOT), "PYTHONSAFEPATH": "1", **(env or {})}
    full_env.pop("FORCE_COLOR", None)
    p = subprocess.run(
        [sys.executable, "-m", "jax_lsp", *args],
        cwd=cwd, env=full_env, capture_output=True, text=True, encoding="utf-8", timeout=120,
        check=False, input=input_text,
    )
    return Ran(p.returncode, p.stdout, p.stderr)


@pytest.fixture
def run_cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Ran]:
    """Run `jax_lsp.cli.main(argv)` in-process with the working directory `cwd` (the result
    cache, on by default, goes to `cwd`/.jax_lsp_cache unless a pyproject.toml says otherwise)."""
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name in CACHE_ENV:
        monkeypatch.delenv(name, raising=False)

    def run(args: list[str], cwd: Path) -> Ran:
        monkeypatch.chdir(cwd)
        capsys.readouterr()
        code = cli.main(args)
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


_FAKE = re.compile(r"#\s*FAKE\s+([A-Z]+[0-9]+)")


def fake_analyze(
    source: str, filename: str = "<string>", config: AnalysisConfig | None = None
) -> AnalysisResult:
    """A finding for each `# FAKE CODE` marker, on the code before the comment from its first
    `cb(` (or its first character); a path of two steps (the first line of the file, then the
    finding itself). Syntax errors as the real engine reports them."""
    try:
        ast.parse(source)
    except SyntaxError as e:
        return AnalysisResult([], ParseError(f"SyntaxError: {e.msg}", e.lineno or 1,
                                             (e.offset or 1) - 1))
    findings = []
    for n, line in enumerate(re.split(r"\r\n|\r|\n", source), 1):
        for m in _FAKE.finditer(line):
            code_part = line[: line.index("#")].rstrip()
            start = code_part.find("cb(")
            if start < 0:
                start = len(code_part) - len(code_part.lstrip())
            span = Span(n, start, n, len(code_part))
            path = (PathStep(Span(1, 0, 1, 1), "the differentiation site"),
                    PathStep(span, "calls the callback"))
            findings.append(Finding(m.group(1), f"fake {m.group(1)} finding", span, path=path))
    return AnalysisResult(findings)


@pytest.fixture
def fake_analysis(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[AnalysisConfig | None]]:
    """Replace the analysis the checker calls with `fake_analyze`; yields the configs it got."""
    seen: list[AnalysisConfig | None] = []

    def analyze(
        source: str,
        filename: str = "<string>",
        config: AnalysisConfig | None = None,
        workspace: object = None,
    ) -> AnalysisResult:
        seen.append(config)
        return fake_analyze(source, filename, config)

    monkeypatch.setattr("jax_lsp.checker.runner.analyze_source", analyze)
    yield seen
