"""Terminal screenshots of jax-lsp in real Neovim and Emacs, as SVG (docs/images/).

Each editor runs in a detached tmux session of a fixed size on a copy of
`examples/train_with_host_activation.py`, with this checkout's server and the shipped editor
files; keys are sent as a user types them, and `tmux capture-pane -e` gives the screen with its
colours, which this turns into SVG text (every SGR code a terminal editor uses: bold, italic,
underline, reverse, the 16 colours, 256 colours and 24-bit colours). Three pictures per editor:
the finding (underline and message), the hover, and the file after the preferred fix; then the
fixed file is run under JAX and its gradient compared with the same model written in JAX alone
(`scripts/same_gradient.py`), printed as the largest difference.

    python scripts/editor_screens.py [nvim|nvim07|emacs|emacs-lsp ...]   # needs tmux, editors

Not run by the tests (it waits on a real terminal editor); `docs/editors.md` shows its output.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from html import escape
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "images"
EXAMPLE = REPO / "examples" / "train_with_host_activation.py"
COLS, ROWS = 112, 36
CHAR_W, LINE_H, PAD = 8.4, 18, 10
#: xterm's 16 colours, a light-on-dark palette
BASE16 = ["#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
          "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
FG, BG = "#d4d4d4", "#1e1e1e"
_SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def _xterm256(n: int) -> str:
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    level = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (level, level, level)


class Style:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.fg: str | None = None
        self.bg: str | None = None
        self.bold = self.italic = self.underline = self.reverse = False

    def apply(self, params: str) -> None:
        codes = [int(c) if c.isdigit() else 0 for c in re.split("[;:]", params or "0")]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 3:
                self.italic = True
            elif c in (4, 21):
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 22:
                self.bold = False
            elif c == 23:
                self.italic = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = BASE16[c - 30]
            elif 90 <= c <= 97:
                self.fg = BASE16[c - 90 + 8]
            elif 40 <= c <= 47:
                self.bg = BASE16[c - 40]
            elif 100 <= c <= 107:
                self.bg = BASE16[c - 100 + 8]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48, 58) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour, i = _xterm256(codes[i + 2]), i + 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = "#%02x%02x%02x" % tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    colour = None
                if c == 38:
                    self.fg = colour
                elif c == 48:
                    self.bg = colour
            i += 1

    def colours(self) -> tuple[str, str | None]:
        fg, bg = self.fg or FG, self.bg
        if self.reverse:
            return bg or BG, fg
        return fg, bg


def render(screen: str, title: str) -> str:
    """SVG of a captured screen (lines of ANSI-coloured text)."""
    lines = screen.rstrip("\n").split("\n")[:ROWS]
    w, h = round(COLS * CHAR_W + 2 * PAD), ROWS * LINE_H + 2 * PAD
    rects, texts = [], []
    style = Style()  # `capture-pane -e` writes a code where the style changes, across lines too
    for row, line in enumerate(lines):
        col, at = 0, 0
        y = PAD + row * LINE_H
        pieces: list[tuple[str, Style, str, str | None]] = []
        for m in [*_SGR.finditer(line), None]:
            end = m.start() if m else len(line)
            if end > at:
                fg, bg = style.colours()
                pieces.append((line[at:end], style, fg, bg))
                copy = Style()
                copy.__dict__.update(style.__dict__)
                style = copy
            if m:
                style.apply(m.group(1))
                at = m.end()
        spans = []
        for text, st, fg, bg in pieces:
            x = PAD + col * CHAR_W
            if bg:
                rects.append(f'<rect x="{x:.1f}" y="{y}" width="{len(text) * CHAR_W:.1f}" '
                             f'height="{LINE_H}" fill="{bg}"/>')
            attrs = f' fill="{fg}"' if fg != FG else ""
            attrs += ' font-weight="bold"' if st.bold else ""
            attrs += ' font-style="italic"' if st.italic else ""
            attrs += ' text-decoration="underline"' if st.underline else ""
            spans.append(f'<tspan x="{x:.1f}"{attrs}>{escape(text)}</tspan>')
            col += len(text)
        if spans:
            texts.append(f'<text y="{y + LINE_H - 5}" xml:space="preserve">{"".join(spans)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" role="img" aria-label="{escape(title)}">\n'
            f'<rect width="100%" height="100%" fill="{BG}"/>\n' + "\n".join(rects) +
            f'\n<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" '
            f'fill="{FG}">\n' + "\n".join(texts) + "\n</g>\n</svg>\n")


class Tmux:
    """An editor in a detached tmux session of COLS x ROWS."""

    def __init__(self, name: str, command: str, cwd: Path) -> None:
        self.name = name
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, check=False)
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(COLS), "-y", str(ROWS),
                        f"cd {cwd} && {command}"], check=True)

    def keys(self, *keys: str, wait: float = 0.5) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.2)
        time.sleep(wait)

    def screen(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-t", self.name, "-e", "-p"],
                              capture_output=True, text=True, check=True).stdout

    def wait_for(self, text: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in _SGR.sub("", screen):
                return screen
            time.sleep(0.5)
        raise SystemExit(f"{self.name}: {text!r} never appeared:\n{_SGR.sub('', self.screen())}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True, check=False)


def _project(root: Path) -> Path:
    project = root / "project"
    project.mkdir()
    shutil.copy(EXAMPLE, project / EXAMPLE.name)
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    return project


def _server(root: Path) -> Path:
    """A `jax-lsp` that runs this checkout with this interpreter."""
    exe = root / "jax-lsp"
    exe.write_text(f"#!/bin/sh\nPYTHONPATH={REPO} exec {sys.executable} -m jax_lsp \"$@\"\n")
    exe.chmod(0o755)
    return exe


def neovim(name: str, nvim: str, root: Path) -> None:
    project, server = _project(root), _server(root)
    init = root / "init.lua"
    modern = "vim.lsp.enable" if name == "nvim" else "setup"
    init.write_text(
        f"vim.opt.runtimepath:prepend('{REPO / 'editors' / 'nvim'}')\n"
        + (f"vim.lsp.config('jax_lsp', {{ cmd = {{ '{server}', 'serve' }} }})\n"
           "vim.lsp.enable('jax_lsp')\n" if modern == "vim.lsp.enable" else
           f"require('jax_lsp').setup({{ cmd = {{ '{server}', 'serve' }} }})\n")
        + "vim.diagnostic.config({ virtual_text = true })\n"
        + "vim.keymap.set('n', 'K', vim.lsp.buf.hover)\n")
    tmux = Tmux(f"eco-{name}", f"{nvim} --clean -u {init} {EXAMPLE.name}", project)
    try:
        tmux.keys(":18", "Enter")
        shot = tmux.wait_for("■")
        (OUT / f"{name}-finding.svg").write_text(render(shot, f"{name}: the JAX001 finding"))
        tmux.keys("0", "f(", "b", "K", wait=1)
        shot = tmux.wait_for("preferred quick fix")
        (OUT / f"{name}-hover.svg").write_text(render(shot, f"{name}: the hover"))
        tmux.keys("Escape", "Escape")
        if name == "nvim":
            tmux.keys(":lua vim.lsp.buf.code_action({ apply = true, filter = function(a) return "
                      "a.isPreferred end })", "Enter", wait=3)
        else:  # 0.7's code_action() has no filter nor apply: the safe fixes, the same one here
            tmux.keys(":lua require('jax_lsp').fix_all()", "Enter", wait=3)
        tmux.keys(":w", "Enter", ":12", "Enter", "zt", wait=3)
        shot = tmux.wait_for("jax_lsp_derivatives.pure_callback_with_vjp")
        (OUT / f"{name}-fixed.svg").write_text(render(shot, f"{name}: the preferred fix applied"))
    finally:
        tmux.close()
    same_gradient(project)


def emacs(root: Path) -> None:
    project, server = _project(root), _server(root)
    init = root / "init.el"
    init.write_text(
        "(require 'package) (package-initialize)\n"
        f"(add-to-list 'load-path \"{REPO / 'editors' / 'emacs'}\")\n"
        f"(setq eglot-jax-server-command '(\"{server}\" \"serve\"))\n"
        "(require 'eglot-jax)\n(add-hook 'python-mode-hook #'eglot-ensure)\n"
        "(setq eldoc-echo-area-use-multiline-p 6 warning-minimum-level :error\n"
        "      native-comp-async-report-warnings-errors nil)\n")
    tmux = Tmux("eco-emacs", f"TERM=xterm-256color emacs -nw -q -l {init} {EXAMPLE.name}",
                project)
    try:
        tmux.wait_for("[eglot:", timeout=60)
        time.sleep(6)
        tmux.keys("M-g", "g", "18", "Enter", "C-s", "pure_callback", "Enter", "M-b", wait=3)
        shot = tmux.screen()
        (OUT / "emacs-finding.svg").write_text(render(shot, "Emacs + Eglot: the JAX001 finding"))
        tmux.keys("M-x", "eldoc-doc-buffer", "Enter", wait=2)
        shot = tmux.wait_for("JAX001")
        (OUT / "emacs-hover.svg").write_text(render(shot, "Emacs + Eglot: the hover"))
        tmux.keys("C-x", "1", "M-x", "eglot-code-actions", "Enter", wait=2)
        tmux.keys("Enter", wait=4)
        tmux.keys("C-x", "C-s", wait=2)
        tmux.keys("M-g", "g", "12", "Enter", "C-l", "C-l", wait=1)  # line 12 at the top
        shot = tmux.wait_for("pure_callback_with_vjp")
        (OUT / "emacs-fixed.svg").write_text(render(shot, "Emacs + Eglot: the fix applied"))
    finally:
        tmux.close()
    same_gradient(project)


def emacs_lsp(root: Path) -> None:
    """lsp-mode: the add-on client of `editors/emacs/lsp-jax.el`, Flymake for diagnostics (no
    lsp-ui here), `lsp-describe-thing-at-point` for the hover, `lsp-jax-fix-preferred`."""
    project, server = _project(root), _server(root)
    init = root / "init.el"
    init.write_text(
        "(require 'package) (package-initialize)\n"
        f"(add-to-list 'load-path \"{REPO / 'editors' / 'emacs'}\")\n"
        f"(setq lsp-session-file \"{root / 'lsp-session'}\" lsp-enabled-clients '(jax-lsp)\n"
        "      lsp-diagnostics-provider :flymake lsp-enable-file-watchers nil\n"
        "      lsp-headerline-breadcrumb-enable nil lsp-modeline-code-actions-enable nil\n"
        "      warning-minimum-level :error)\n"
        f"(setq lsp-jax-server-command '(\"{server}\" \"serve\"))\n"
        "(with-eval-after-load 'lsp-mode (require 'lsp-jax))\n"
        "(require 'lsp-mode)\n"
        "(add-hook 'python-mode-hook (lambda ()\n"
        "  (lsp-workspace-folders-add (file-name-directory buffer-file-name)) (lsp)))\n")
    tmux = Tmux("eco-emacs-lsp", f"TERM=xterm-256color emacs -nw -q -l {init} {EXAMPLE.name}",
                project)
    try:
        tmux.wait_for("LSP", timeout=60)
        time.sleep(8)
        tmux.keys("M-g", "g", "18", "Enter", "C-s", "pure_callback", "Enter", "M-b", wait=3)
        shot = tmux.screen()
        (OUT / "emacs-lsp-finding.svg").write_text(
            render(shot, "Emacs + lsp-mode: the JAX001 finding"))
        tmux.keys("M-x", "lsp-describe-thing-at-point", "Enter", wait=3)
        shot = tmux.wait_for("preferred quick fix")
        (OUT / "emacs-lsp-hover.svg").write_text(render(shot, "Emacs + lsp-mode: the hover"))
        tmux.keys("C-x", "1", "M-x", "lsp-jax-fix-preferred", "Enter", wait=5)
        tmux.keys("C-x", "C-s", wait=2)
        tmux.keys("M-g", "g", "12", "Enter", "C-l", "C-l", wait=1)
        shot = tmux.wait_for("pure_callback_with_vjp")
        (OUT / "emacs-lsp-fixed.svg").write_text(
            render(shot, "Emacs + lsp-mode: the preferred fix applied"))
    finally:
        tmux.close()
    same_gradient(project)


def same_gradient(project: Path) -> None:
    """Run the fixed file under JAX and compare its gradient (see the module's docstring)."""
    fixed = project / EXAMPLE.name
    run = subprocess.run([sys.executable, str(fixed)], cwd=project, capture_output=True,
                         text=True, timeout=300, check=False)
    if run.returncode != 0:
        raise SystemExit(f"the fixed file fails under JAX:\n{run.stderr}")
    check = subprocess.run([sys.executable, str(REPO / "scripts" / "same_gradient.py"),
                            str(fixed)], cwd=project, capture_output=True, text=True,
                           timeout=300, check=False)
    print(check.stdout.strip() or check.stderr)
    if check.returncode != 0:
        raise SystemExit("the fixed file's gradient differs")


def main(which: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in which or ["nvim", "nvim07", "emacs", "emacs-lsp"]:
        with tempfile.TemporaryDirectory() as tmp:
            if name == "emacs":
                emacs(Path(tmp))
            elif name == "emacs-lsp":
                emacs_lsp(Path(tmp))
            else:
                nvim = shutil.which("nvim") if name == "nvim" else "/usr/bin/nvim"
                neovim(name, nvim or "nvim", Path(tmp))
        print("wrote", name)


if __name__ == "__main__":
    main(sys.argv[1:])
