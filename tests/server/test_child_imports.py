"""The analysis process imports the analyser while it waits for its first request
(`analysis_process.import_analysis`), so that the first open does not pay for it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate  # noqa: E402


def test_the_child_imports_the_analyser_before_its_first_request() -> None:
    """`import_analysis` (run by the child while it waits for its first request) leaves no
    module of jax_lsp for the first analysis to import: it would be paid for in the open."""
    program = (
        "import sys\n"
        "from jax_lsp.server.runtime import analysis_process\n"
        "from jax_lsp.analysis import AnalysisConfig\n"
        "analysis_process.import_analysis()\n"
        "before = set(sys.modules)\n"
        "analysis_process._analyse(sys.argv[1], 'm.py', AnalysisConfig(), False)\n"
        "analysis_process.analyzer_for('m.py').prepare()\n"
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('jax_lsp')))\n"
    )
    out = subprocess.run([sys.executable, "-c", program, generate(200)], capture_output=True,
                         text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]", out.stdout
