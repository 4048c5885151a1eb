"""The blind sets of issue 31's checks (`tests/blind/checks31*`): scores and labels.

Each set was scored once, unseen, before anything was changed for it (`tests/blind/README.md`);
here they guard against regressions. `tests/blind/checks31/scores.json` holds, per set and
family, the false positives and negatives at the last measurement: a change may lower them,
never raise them. A family's code reported in another family's program counts as that family's
false positive (`score.py`). The labels test runs every program under JAX (about 20 CPU
minutes), so, like the older sets', it runs only when `JAX_LSP_BLIND_LABELS=1`.
"""
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BLIND = Path(__file__).resolve().parent / "blind"
_SPEC = importlib.util.spec_from_file_location("checks31_score", BLIND / "checks31" / "score.py")
assert _SPEC is not None and _SPEC.loader is not None
checks31_score = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(checks31_score)

RECORDED = json.loads((BLIND / "checks31" / "scores.json").read_text())


def _labels(name):
    return json.loads((BLIND / name / "labels.json").read_text())


def test_every_checks31_set_is_recorded():
    sets = {p.parent.name for p in BLIND.glob("checks31*/labels.json")}
    assert sets == set(RECORDED)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_score_does_not_regress(name):
    by_file = checks31_score.findings(f"{sys.executable} -P -m jax_lsp", str(BLIND / name))
    result = checks31_score.score(_labels(name), by_file)
    assert set(result) == set(RECORDED[name])
    for family, (counts, errors) in result.items():
        wrong = [e for e in errors if e[0] != "TP"]
        assert counts["FP"] <= RECORDED[name][family]["FP"], (family, wrong)
        assert counts["FN"] <= RECORDED[name][family]["FN"], (family, wrong)


def _programs():
    for name in sorted(RECORDED):
        for program, label in sorted(_labels(name).items()):
            yield pytest.param(name, program, label, id=f"{name}/{program}")


@pytest.mark.skipif(os.environ.get("JAX_LSP_BLIND_LABELS") != "1",
                    reason="runs every issue-31 blind program under JAX: JAX_LSP_BLIND_LABELS=1")
@pytest.mark.parametrize("name,program,label", _programs())
def test_label_is_what_jax_does(name, program, label):
    """Run-labelled programs raise their message exactly when they fire; rule-labelled ones
    (family A: the hang is intermittent) must run cleanly either way."""
    path = BLIND / name / program
    # a folder program is a package layout run from its entry script, main.py
    cwd, script = (path, "main.py") if path.is_dir() else (path.parent, path.name)
    run = subprocess.run([sys.executable, script], cwd=cwd, capture_output=True,
                         text=True, timeout=300, env={**os.environ, "JAX_PLATFORMS": "cpu"})
    tail = run.stderr[-6000:]
    if label["how"] == "rule":
        assert run.returncode == 0, tail
        return
    assert (run.returncode != 0) == label["fires"], tail
    if label["fires"]:
        assert label["message"] and label["message"].strip() in run.stderr, tail
