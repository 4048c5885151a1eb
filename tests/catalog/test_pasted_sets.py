"""`jax-lsp explain` on the pasted error texts of tests/catalog/pasted keeps its scores.

Both parts of round 2 were scored (the held-out part once, unseen, at the end of issue 32;
see tests/catalog/pasted/README.md); from then on they are regression sets: no text named
wrong, no out-of-scope text claimed, and no fewer named right than recorded.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

PASTED = Path(__file__).parent / "pasted"
# loaded by path under its own name: tests/blind/score.py is another top-level `score` module, and
# whichever a test worker imported first would otherwise answer both imports
_SPEC = importlib.util.spec_from_file_location("pasted_score", PASTED / "score.py")
assert _SPEC is not None and _SPEC.loader is not None
_pasted_score = importlib.util.module_from_spec(_SPEC)
sys.modules["pasted_score"] = _pasted_score  # its dataclasses look their module up
_SPEC.loader.exec_module(_pasted_score)
score = _pasted_score.score

#: file -> texts named right when recorded
RECORDED = {"round2_dev.toml": 15, "round2_heldout.toml": 9}


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_pasted_set_keeps_its_score(name: str) -> None:
    outcomes = score(PASTED / name)
    wrong = [o for o in outcomes if o.kind in ("wrong", "claimed")]
    assert not wrong, [(o.url, o.expect, o.named) for o in wrong]
    right = sum(o.kind == "right" for o in outcomes)
    assert right >= RECORDED[name], [(o.url, o.expect) for o in outcomes if o.kind == "unmatched"]
