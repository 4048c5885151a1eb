"""The README is a user's page: under 250 lines, the two set-up commands (which `.ci/run` and
users copy) in its first 60 lines exactly as they were, its picture rendered from the CLI's real
output as it is today, and every relative link of it and of docs/editors.md pointing at a file
that exists (the reference and the figures moved to docs/)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
SET_UP = (
    "python3 -m pip install -e . && jax-lsp check examples/",
    "python3 -m pip install -e '.[test]' && python3 -m pytest -n 2",
)


def test_the_readme_is_short_and_keeps_its_set_up_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 250
    head = lines[:60]
    for command in SET_UP:
        at = head.index(command)  # a line of its own, in a fenced block
        assert head[at - 1] == "```sh" and head[at + 1] == "```"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-2:] == ["python3 -m pip install -q -e '.[test]'", "python3 -m pytest -n 2"]


def test_the_picture_is_the_cli_output_of_today() -> None:
    spec = importlib.util.spec_from_file_location(
        "render_terminal_svg", REPO / "scripts" / "render_terminal_svg.py")
    assert spec is not None and spec.loader is not None
    render = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render)
    assert "docs/images/check.svg" in README.read_text(encoding="utf-8")
    committed = (REPO / "docs" / "images" / "check.svg").read_text(encoding="utf-8")
    assert committed == render.render(render.run_check()), (
        "python scripts/render_terminal_svg.py > docs/images/check.svg")


def test_relative_links_point_at_files() -> None:
    for page in (README, REPO / "docs" / "editors.md", REPO / "editors" / "README.md"):
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), (page.name, target)
