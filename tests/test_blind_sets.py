"""The blind sets (`tests/blind/`): jax-lsp's score on them, and their labels against real JAX.

The sets were written by sessions that never read `jax_lsp/` and scored before any change
made for them (`tests/blind/README.md`); here they guard against regressions.
`tests/blind/scores.json` holds the false positives and negatives at the last measurement: a
change may lower them, never raise them. The labels test runs every program under JAX: 11 CPU
minutes, which would make CI half as long again, so it runs when `JAX_LSP_BLIND_LABELS=1` (130
passed when the sets were added, and their writers' labellers ran each set twice with identical
results).
"""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLIND = ROOT / "tests" / "blind"
# loaded by path under its own name (tests/catalog/pasted/score.py is another `score`)
_SPEC = importlib.util.spec_from_file_location("blind_score", BLIND / "score.py")
assert _SPEC is not None and _SPEC.loader is not None
blind_score = importlib.util.module_from_spec(_SPEC)
sys.modules["blind_score"] = blind_score  # its dataclasses look their module up
_SPEC.loader.exec_module(blind_score)

RECORDED = json.loads((BLIND / "scores.json").read_text())


def _programs():
    for name in sorted(RECORDED):
        labels = json.loads((BLIND / name / "labels.json").read_text())
        for program, label in sorted(labels.items()):
            yield pytest.param(name, program, label, id=f"{name}/{program}")


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_score_does_not_regress(name):
    env_python = f"{sys.executable} -P -m jax_lsp"
    counts, verdicts = blind_score.score(BLIND / name, env_python)
    wrong = {p: v for p, v in verdicts.items() if v[0] in ("FP", "FN")}
    assert counts["FP"] <= RECORDED[name]["FP"], wrong
    assert counts["FN"] <= RECORDED[name]["FN"], wrong


@pytest.mark.skipif(os.environ.get("JAX_LSP_BLIND_LABELS") != "1",
                    reason="runs every blind program under JAX: JAX_LSP_BLIND_LABELS=1")
@pytest.mark.parametrize("name,program,label", _programs())
def test_label_is_what_jax_does(name, program, label):
    path = BLIND / name / program
    script, cwd = (path / "main.py", path) if path.is_dir() else (path, path.parent)
    run = subprocess.run([sys.executable, script.name], cwd=cwd, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    tail = run.stderr[-4000:]
    family = next((f for f, text in blind_score.FAMILY_MESSAGES if text in tail), None)
    assert (run.returncode != 0) == label["raises"], tail
    assert family == label["family"], tail
