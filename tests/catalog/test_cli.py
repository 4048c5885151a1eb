"""`jax-lsp rule` and `jax-lsp explain`, through the handlers and through the full CLI."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from jax_lsp.catalog import Catalog, commands
from jax_lsp.catalog.render import code_hover_markdown, hover_markdown, hover_text
from jax_lsp.codes import RULES

J = (
    "Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use callbacks while "
    "taking gradients."
)
REPO = Path(__file__).resolve().parents[2]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jax-lsp")
    commands.register(parser.add_subparsers(dest="command"))
    return parser


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    args = _parser().parse_args(argv)
    code = args.run(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_rule_code_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["rule", "jax001"], capsys)
    assert code == 0
    assert out.startswith("JAX001: pure-callback-jvp")
    assert "pure-callback-jvp: A pure_callback operand carries a tangent" in out
    assert "rules.md#jax001" in out


def test_rule_entry_markdown_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["rule", "while-loop-reverse-mode", "--output-format", "markdown"], capsys)
    assert code == 0 and out.startswith("## `while-loop-reverse-mode`")
    assert "```python" in out and "### How to fix it" in out
    code, out, _ = _run(["rule", "JAX010", "--output-format", "json"], capsys)
    data = json.loads(out)
    assert data["code"] == "JAX010"
    assert [e["id"] for e in data["entries"]] == ["grad-integer-input", "jacfwd-integer-input"]


def test_rule_all(capsys: pytest.CaptureFixture[str], catalog: Catalog) -> None:
    code, out, _ = _run(["rule", "--all", "--output-format", "json"], capsys)
    data = json.loads(out)
    assert code == 0 and [c["code"] for c in data["codes"]] == sorted(RULES)
    assert len(data["entries"]) == len(catalog)
    code, out, _ = _run(["rule", "--all"], capsys)
    assert all(f"{e.id}: {e.title}" in out for e in catalog)


def test_rule_parse_error_code(capsys: pytest.CaptureFixture[str]) -> None:
    """`check` reports unparsable files as JAX000, so `rule JAX000` explains it."""
    code, out, _ = _run(["rule", "JAX000"], capsys)
    assert code == 0 and out.startswith("JAX000: file could not be parsed")
    code, out, _ = _run(["rule", "jax000", "--output-format", "json"], capsys)
    assert code == 0 and json.loads(out)["code"] == "JAX000"
    code, out, _ = _run(["rule", "JAX000", "--output-format", "markdown"], capsys)
    assert code == 0 and out.startswith("## JAX000")


def test_rule_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["rule", "nope"], capsys)
    assert code == 2 and "unknown code or entry" in err
    code, _, _ = _run(["rule"], capsys)
    assert code == 2


def test_explain_argument_file_and_stdin(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = _run(["explain", f"ValueError: {J}"], capsys)
    assert code == 0 and out.startswith("Matched catalog entry: pure-callback-jvp")
    code, out, _ = _run(["explain", *J.split()], capsys)  # unquoted words
    assert code == 0 and "pure-callback-jvp" in out
    log = tmp_path / "err.log"
    log.write_text(
        'Traceback (most recent call last):\n  File "/w/train.py", line 9, in <module>\n'
        "    jax.grad(f)(x)\nValueError: IO callbacks do not support JVP.\n"
    )
    code, out, _ = _run(["explain", str(log)], capsys)
    assert code == 0 and "io-callback-jvp" in out and "Triggered at /w/train.py:9" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(log.read_text()))
    code, out, _ = _run(["explain", "-", "--output-format", "json"], capsys)
    data = json.loads(out)
    assert data["entry"]["id"] == "io-callback-jvp"
    assert data["user_frame"] == {
        "file": "/w/train.py",
        "line": 9,
        "function": "<module>",
        "source": "jax.grad(f)(x)",
    }


def test_explain_unknown_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["explain", "RuntimeError: the GPU caught fire"], capsys)
    assert code == 1
    assert out.startswith("No catalog entry matches this error")
    assert "Closest entries:" in out
    code, out, _ = _run(["explain", "--output-format", "json", "the GPU caught fire"], capsys)
    data = json.loads(out)
    assert code == 1 and data["matched"] is False and len(data["suggestions"]) == 3


def test_explain_empty_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["explain", "   "], capsys)
    assert code == 2 and "no error text" in err


def test_hover_forms(catalog: Catalog) -> None:
    entry = catalog.get("pure-callback-jvp")
    assert entry is not None
    md = hover_markdown(entry, code="JAX001")
    assert md.startswith("**JAX001** · `ValueError`: Pure callbacks do not support JVP.")
    assert "**Fix:** Wrap the callback in `jax.custom_jvp`" in md
    assert entry.docs_url in md
    assert "Fix: " in hover_text(entry) and entry.docs_url in hover_text(entry)
    assert code_hover_markdown("jax006", catalog).startswith("**JAX006** · `NotImplementedError`:")


def test_full_cli() -> None:
    """`python -m jax_lsp rule/explain` through jax_lsp/cli.py."""
    run = [sys.executable, "-m", "jax_lsp"]
    proc = subprocess.run(
        [*run, "rule", "JAX005"], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert "custom-vjp-forward-mode" in proc.stdout
    proc = subprocess.run(
        [*run, "explain", "-"],
        input="TypeError: can't apply forward-mode autodiff (jvp) to a custom_vjp function.\n",
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Matched catalog entry: custom-vjp-forward-mode")
    proc = subprocess.run(
        [*run, "explain", "no such error"], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert proc.returncode == 1
