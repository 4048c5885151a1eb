"""Modules nested too deeply for Python to compile (a 20,000-term sum, a 5,000-call chain, a
10,000-attribute chain) get a JAX000 diagnostic each, like a syntax error, and the run goes on
to the other files: no traceback, no internal error."""

from __future__ import annotations

import json
from pathlib import Path

from cli_harness import run_subprocess, write_tree

REPO = Path(__file__).resolve().parents[2]
LOGGING = (REPO / "examples" / "logging_in_loss.py").read_text()

DEEP = {
    "a_sum.py": "import jax\n\ndef loss(x):\n    return " + " + ".join(["x"] * 20_000) + "\n",
    "b_calls.py": "import jax\n\ndef loss(x):\n    return x" + ".f()" * 5_000 + "\n",
    "c_attrs.py": "import jax\n\ndef loss(x):\n    return x" + ".a" * 10_000 + "\n",
    "d_nested_calls.py": "f = abs\ny = " + "f(" * 5_000 + "1" + ")" * 5_000 + "\n",
}


def test_too_deep_modules_are_diagnosed_and_the_run_goes_on(tmp_path: Path) -> None:
    write_tree(tmp_path, {**DEEP, "e_logging.py": LOGGING})
    ran = run_subprocess(["check", "--no-cache", "--output-format", "json", "."], tmp_path)
    assert "Traceback" not in ran.err and "internal error" not in ran.err, ran.err[-2000:]
    assert ran.code == 1
    found = [(Path(i["filename"]).name, i["code"]) for i in json.loads(ran.out)]
    assert found == [(name, "JAX000") for name in DEEP] + [("e_logging.py", "JAX003")]
    messages = [i["message"] for i in json.loads(ran.out)]
    assert all("RecursionError" in m or "SyntaxError" in m for m in messages[:4]), messages
