"""`jax-lsp --version` and `--help` import none of the analysis (the subcommands' modules load
only when their subcommand runs), and the lazy command list says what the modules register."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import pytest
from cli_harness import REPO

from jax_lsp import cli

#: packages a `--version` or `--help` must not import
HEAVY = ("jax_lsp.analysis", "jax_lsp.catalog", "jax_lsp.checker", "jax_lsp.server",
         "jax_lsp.fixes", "jax_lsp.project", "pygls", "lsprotocol", "libcst", "jedi")

_PROBE = """
import contextlib, io, json, sys
from jax_lsp.cli import main
codes = []
for argv in sys.argv[1:]:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            codes.append(main(argv.split()))
        except SystemExit as e:
            codes.append(e.code)
print(json.dumps({"codes": codes, "modules": sorted(sys.modules)}))
"""


def test_version_and_help_import_no_subcommand_module() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    p = subprocess.run([sys.executable, "-c", _PROBE, "--version", "--help", "", "nosuchcommand"],
                       capture_output=True, text=True, env=env, timeout=60, check=True)
    ran = json.loads(p.stdout)
    assert ran["codes"] == [0, 0, 2, 2]
    heavy = [m for m in ran["modules"] if m.startswith(HEAVY)]
    assert heavy == []


def _help_by_command(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_lazy_command_list_matches_what_the_modules_register() -> None:
    lazy = _help_by_command(cli.build_parser(needed=()))
    full = _help_by_command(cli.build_parser())
    assert lazy == full == {name: text for name, (_, text) in cli.COMMANDS.items()}


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_each_subcommand_gets_its_full_arguments_when_named(name: str) -> None:
    parser = cli.build_parser({name})
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args([name, "--no-such-option"])
    assert exit_.value.code == 2
    args = parser.parse_args([name])
    assert callable(args.run)


def test_the_requested_command_is_the_first_non_option() -> None:
    assert cli._requested_command(["--version"]) is None
    assert cli._requested_command(["check", "--jobs", "2", "x.py"]) == "check"
    assert cli._requested_command(["-h", "serve"]) == "serve"
    assert cli._requested_command(["--", "check"]) is None


_LIGHT_PROBE = """
import json, sys
import jax_lsp.project.config, jax_lsp.analysis.findings, jax_lsp.analysis.options
import jax_lsp.server.runtime.analysis_process, jax_lsp.server.session.configuration
import jax_lsp.server.session.reported
light = sorted(sys.modules)
import jax_lsp.analysis as analysis
names = {name: type(getattr(analysis, name)).__name__ for name in analysis.__all__}
print(json.dumps({"light": light, "names": names, "dir": sorted(dir(analysis))}))
"""


def test_the_analysis_package_loads_the_analyser_only_when_asked() -> None:
    """The configuration, the analysis's plain data and the server's side of the analysis
    process import none of the analyser; its names still load from the package on use."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    p = subprocess.run([sys.executable, "-c", _LIGHT_PROBE], capture_output=True, text=True,
                       env=env, timeout=60, check=True)
    ran = json.loads(p.stdout)
    analysis = {m for m in ran["light"] if m.startswith("jax_lsp.analysis")}
    # `modes`: four strings the rules (read through `jax_lsp.codes`) compare levels with
    assert analysis == {"jax_lsp.analysis", "jax_lsp.analysis.findings", "jax_lsp.analysis.jax",
                        "jax_lsp.analysis.jax.modes", "jax_lsp.analysis.options"}
    assert not [m for m in ran["light"] if m.startswith(("lsprotocol", "pygls.lsp", "libcst"))]
    assert ran["names"]["analyze_source"] == "function"
    assert ran["names"]["AnalysisConfig"] == ran["names"]["Finding"] == "type"
    assert set(ran["names"]) <= set(ran["dir"])
