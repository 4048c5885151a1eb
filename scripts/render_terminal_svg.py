"""Render what `jax-lsp check` prints, colours included, as an SVG for the README.

The picture is the command's real output, not a drawing: this runs `python -m jax_lsp check`
on an example with FORCE_COLOR=1, reads the ANSI colour codes it writes (the few SGR codes the
CLI uses: bold, reset and foreground colours) and lays the text out as SVG text in a
monospace font. `tests/test_readme.py` checks that the committed picture is what this prints.

    python scripts/render_terminal_svg.py > docs/images/check.svg
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html import escape
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = "train_with_host_activation.py"
#: the command shown, run in examples/
COMMAND = ["jax-lsp", "check", EXAMPLE]
#: ANSI foreground colour -> a colour readable on the dark background
COLOURS = {"33": "#e5c07b", "36": "#56b6c2", "91": "#e06c75", "94": "#61afef", "96": "#56b6c2"}
FOREGROUND = "#dcdfe4"
CHAR_W, LINE_H, PAD = 8.4, 19, 14
_SGR = re.compile(r"\x1b\[([0-9;]*)m")


def run_check() -> str:
    env = {**os.environ, "FORCE_COLOR": "1", "JAX_LSP_NO_CACHE": "1",
           "PYTHONPATH": str(REPO)}
    env.pop("NO_COLOR", None)
    done = subprocess.run([sys.executable, "-m", "jax_lsp", *COMMAND[1:]], cwd=REPO / "examples",
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 1:
        raise SystemExit(f"expected exit 1 (a finding), got {done.returncode}: {done.stderr}")
    return done.stdout


def spans(line: str) -> list[tuple[str, str | None, bool]]:
    """(text, colour, bold) runs of one line of ANSI-coloured text."""
    out: list[tuple[str, str | None, bool]] = []
    colour, bold, at = None, False, 0
    for m in _SGR.finditer(line):
        if m.start() > at:
            out.append((line[at:m.start()], colour, bold))
        for code in (m.group(1) or "0").split(";"):
            if code == "0":
                colour, bold = None, False
            elif code == "1":
                bold = True
            elif code in COLOURS:
                colour = COLOURS[code]
        at = m.end()
    if at < len(line):
        out.append((line[at:], colour, bold))
    return out


def render(text: str) -> str:
    lines = [f"$ {' '.join(COMMAND)}", *text.rstrip("\n").split("\n")]
    width = max(len(_SGR.sub("", line)) for line in lines)
    w, h = round(width * CHAR_W + 2 * PAD), len(lines) * LINE_H + 2 * PAD
    rows = []
    for i, line in enumerate(lines):
        y = PAD + (i + 1) * LINE_H - 5
        tspans = "".join(
            f'<tspan{f" fill={chr(34)}{c}{chr(34)}" if c else ""}'
            f'{" font-weight=" + chr(34) + "bold" + chr(34) if b else ""}>{escape(t)}</tspan>'
            for t, c, b in spans(line))
        rows.append(f'<text x="{PAD}" y="{y}" xml:space="preserve">{tspans}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="jax-lsp check output">\n'
            f'<rect width="100%" height="100%" rx="6" fill="#282c34"/>\n'
            f'<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" '
            f'fill="{FOREGROUND}">\n' + "\n".join(rows) + "\n</g>\n</svg>\n")


if __name__ == "__main__":
    sys.stdout.write(render(run_check()))
