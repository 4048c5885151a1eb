"""A small run of scripts/soak_edits.py (the 50,000-edit session of issue 35), so CI exercises it:
300 edits, 2 checkpoints, against the real server; and the script's verdict and its model of
the documents checked on their own."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "soak_edits.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--edits", "300", "--every", "150", *args],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _table(stdout: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in stdout.splitlines() if line.startswith("| ") and line[2].isdigit()]


def test_a_short_session_keeps_memory_flat_and_diagnostics_equal_to_the_cli() -> None:
    run = _run()
    assert run.returncode == 0, run.stdout + run.stderr
    rows = _table(run.stdout)
    assert len(rows) == 2
    assert all(row[2] == "yes" for row in rows)
    assert int(rows[-1][0].replace(",", "")) >= 300
    assert "PASS" in run.stdout


def test_the_script_fails_when_memory_is_not_flat() -> None:
    run = _run("--rss-tolerance", "0.5")  # no real memory can stay within half of itself
    assert run.returncode == 1, run.stdout + run.stderr
    assert "memory flat" in run.stdout and "): no" in run.stdout
    assert "FAIL" in run.stdout


def _apply(text: str, change: dict) -> str:
    """An LSP range change applied to `text`, independently of the script's offsets."""
    lines = text.split("\n")

    def offset(pos: dict) -> int:
        return sum(len(line) + 1 for line in lines[:pos["line"]]) + pos["character"]

    start, end = offset(change["range"]["start"]), offset(change["range"]["end"])
    return text[:start] + change["text"] + text[end:]


def test_the_edits_sent_are_the_edits_modelled_and_mending_parses() -> None:
    spec = importlib.util.spec_from_file_location("soak_edits", SCRIPT)
    assert spec is not None and spec.loader is not None
    soak = importlib.util.module_from_spec(spec)
    sys.modules["soak_edits"] = soak  # its dataclasses look their module up
    spec.loader.exec_module(soak)
    original = (ROOT / "examples" / "logging_in_loss.py").read_text()
    doc = soak.Document("file:///x.py", Path("x.py"), original)
    client_view = original
    rng = random.Random(7)
    for serial in range(3000):
        client_view = _apply(client_view, soak.next_edit(doc, rng, serial))
        assert client_view == doc.text
        assert len(doc.undo) <= soak.MAX_UNDO
    for change in soak.mend(doc):
        client_view = _apply(client_view, change)
    assert client_view == doc.text and soak.parses(doc.text)
