"""`jax-lsp check --watch`: a real process re-checks when a file is edited, clears the screen as
ruff does, picks up a configuration change, and Ctrl-C ends it cleanly."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from cli_harness import CALLBACK_PROGRAM, REPO

from jax_lsp.checker.watch import CLEAR_SCREEN, watch


def _reader(stream: object, lines: queue.Queue[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        lines.put(line)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _until(lines: queue.Queue[str], needle: str, seen: list[str], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.1)
        except queue.Empty:
            continue
        seen.append(line)
        if needle in line:
            return
    raise AssertionError(f"no {needle!r} in {''.join(seen)!r}")


def test_watch_rechecks_an_edited_file_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    path = tmp_path / "train.py"
    path.write_text("x = 1\n")
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "jax_lsp", "check", "--watch", "--output-format", "concise",
         "train.py"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # Ctrl-C as a terminal delivers it: a suite started in the background (`pytest &` in a
        # script) hands its children SIGINT ignored, and a Python started so never raises
        # KeyboardInterrupt (this test then waited out its timeout: the flaky failure)
        preexec_fn=_default_sigint,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    seen: list[str] = []
    try:
        _until(lines, "Watching for file changes", seen)
        assert seen[0].startswith(CLEAR_SCREEN) and "Starting jax-lsp in watch mode" in seen[0]
        # as ruff: the summary's first line, stamped, above the findings
        assert seen[-1].endswith("] Found 0 errors. Watching for file changes.\n")
        path.write_text(CALLBACK_PROGRAM)
        _until(lines, "Found 1 error. Watching for file changes.", seen)
        assert any(line.startswith(CLEAR_SCREEN) and "File change detected" in line
                   for line in seen)
        _until(lines, "train.py:6:12: JAX001", seen)
        # a configuration change is a change too: ignoring the code leaves nothing
        (tmp_path / "pyproject.toml").write_text('[tool.jax-lsp]\nignore = ["JAX001"]\n')
        _until(lines, "Found 0 errors. Watching for file changes.", seen)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(timeout=60)
        finally:
            if proc.poll() is None:  # never left running past the test
                proc.kill()
                proc.wait()
        err = proc.stderr.read() if proc.stderr else ""
    assert code == 0
    assert "Traceback" not in err, err


def test_watch_loop_runs_again_only_on_a_change() -> None:
    stamps = iter([{"a": (1, 1)}, {"a": (1, 1)}, {"a": (2, 1)}, {"a": (2, 1)}])
    runs: list[int] = []
    out: list[str] = []

    def watched() -> dict[str, tuple[int, int]]:
        try:
            return next(stamps)
        except StopIteration:
            raise KeyboardInterrupt from None

    code = watch(lambda settle: runs.append(1) or 0, watched, out.append,
                 sleep=lambda s: None)
    assert code == 0 and len(runs) == 2
    assert sum("File change detected" in o for o in out) == 1


def test_watch_report_puts_the_summary_first_as_ruff() -> None:
    from jax_lsp.checker.watch import watch_report

    text = "a.py:1:1: JAX001 x\nFound 1 error.\n[*] 1 fixable with `--fix`.\n"
    report = watch_report(text, "Found 1 error.\n[*] 1 fixable with `--fix`.", "Found 1 error.")
    assert report.split("] ", 1)[1] == ("Found 1 error. Watching for file changes.\n\n"
                                        "a.py:1:1: JAX001 x\n")
    clean = watch_report("All checks passed!\n", "All checks passed!", "All checks passed!")
    assert clean.endswith("] Found 0 errors. Watching for file changes.\n")


def test_watch_report_leaves_out_a_coloured_summary(tmp_path: Path, run_cli, monkeypatch) -> None:
    """With colour on, the summary under the findings (its `[*]` coloured) is still left out:
    only the stamped line above says it."""
    import jax_lsp.checker.watch as watch_module

    monkeypatch.setattr(watch_module, "watch",
                        lambda check_once, watched, write: check_once(lambda: None))
    (tmp_path / "a.py").write_text(CALLBACK_PROGRAM)
    ran = run_cli(["check", "--watch", "--color", "--no-cache", "a.py"], tmp_path)
    assert "Found 1 error. Watching for file changes." in ran.out
    assert "fixable with" not in ran.out and ran.out.count("Found 1 error.") == 1, ran.out
