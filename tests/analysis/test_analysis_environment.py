"""Facts of the analysis environment (`python/platform_facts`, `python/optional_imports`,
`Workspace.installed`): the platform is this machine's, an optional import is decided by
whether the configured environment has the module."""

from __future__ import annotations

import ast
import os
import platform
import sys
from pathlib import Path

import pytest

from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.interp import Interpreter
from jax_lsp.analysis.values import NOCONST
from jax_lsp.analysis.workspace import Workspace

SITE = f"lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"


def _env(tmp_path: Path, installed: dict[str, str] | None = None) -> Workspace:
    """A workspace over `tmp_path/proj` whose environment's site folder holds `installed`
    (relative path -> text)."""
    site = tmp_path / "env" / SITE
    site.mkdir(parents=True)
    for rel, text in (installed or {}).items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    (tmp_path / "proj").mkdir()
    return Workspace(roots=[tmp_path / "proj"], env_paths=[site])


def _got(source: str, ws: Workspace | None, tmp_path: Path) -> dict[str, object]:
    path = tmp_path / "proj" / "main.py" if ws is not None else None
    tree = ast.parse(source)
    interp = Interpreter(tree, source.split("\n"), text=source, workspace=ws,
                         path=str(path) if path else None)
    interp.run()
    return {k: v.const for k, v in interp.module_scope.vars.items()
            if k[:1].isupper() or k == "backend"}


def test_the_platform_is_this_machines(tmp_path: Path) -> None:
    got = _got("import os, sys, platform\nP = sys.platform\nN = os.name\n"
               "S = platform.system()\nW = sys.platform.startswith('win')\n"
               "V = sys.version_info[0]\nR = sys.version_info >= (3, 8)\n", None, tmp_path)
    assert got == {"P": sys.platform, "N": os.name, "S": platform.system(),
                   "W": sys.platform.startswith("win"), "V": sys.version_info[0], "R": True}


def test_another_pythons_version_is_not_known(tmp_path: Path) -> None:
    ws = Workspace(roots=[tmp_path], env_paths=[tmp_path / "lib/python2.7/site-packages"])
    assert _got("import sys\nV = sys.version_info[0]\n", ws, tmp_path)["V"] is NOCONST


OPTIONAL = """
try:
    import {module} as backend
    HAVE = True
except {caught}:
    backend = None
    HAVE = False
"""


@pytest.mark.parametrize(("installed", "module", "have"), [
    ({}, "fastlib", False),
    ({"fastlib/__init__.py": ""}, "fastlib", True),
    ({"fastlib.py": ""}, "fastlib", True),
    ({"fastlib/sub/__init__.py": ""}, "fastlib.sub", True),  # a namespace package
    ({"fastlib/__init__.py": ""}, "fastlib.missing", False),
    ({}, "json", True),  # the standard library
])
def test_an_optional_import_is_decided_by_the_environment(
        tmp_path: Path, installed: dict[str, str], module: str, have: bool) -> None:
    ws = _env(tmp_path, installed)
    got = _got(OPTIONAL.format(module=module, caught="ImportError"), ws, tmp_path)
    assert got["HAVE"] is have
    assert (got["backend"] is None) is not have


@pytest.mark.parametrize("caught", ["ModuleNotFoundError", "Exception",
                                    "(ValueError, ImportError)"])
def test_the_handler_catching_the_error_runs(tmp_path: Path, caught: str) -> None:
    got = _got(OPTIONAL.format(module="fastlib", caught=caught), _env(tmp_path), tmp_path)
    assert got["HAVE"] is False


@pytest.mark.parametrize("caught", ["ValueError", "BackendError"])
def test_a_handler_not_known_to_catch_it_decides_nothing(tmp_path: Path, caught: str) -> None:
    """`except ValueError` does not catch it (the program fails: not followed); a class of
    the program's may derive from ImportError: not decided."""
    got = _got(OPTIONAL.format(module="fastlib", caught=caught), _env(tmp_path), tmp_path)
    assert got["HAVE"] is not False


@pytest.mark.parametrize(("module", "have"), [("jax_lsp_t_no_such_module", False),
                                              ("numpy", True)])
def test_without_a_workspace_the_running_environment_decides(
        tmp_path: Path, module: str, have: bool) -> None:
    got = _got(OPTIONAL.format(module=module, caught="ImportError"), None, tmp_path)
    assert got["HAVE"] is have


def test_find_spec_is_decided_by_the_environment(tmp_path: Path) -> None:
    ws = _env(tmp_path, {"fastlib/__init__.py": ""})
    got = _got("import importlib.util\nA = importlib.util.find_spec('fastlib') is None\n"
               "B = importlib.util.find_spec('slowlib') is None\n", ws, tmp_path)
    assert (got["A"], got["B"]) == (False, True)


def test_an_editable_install_through_a_finder_counts_as_installed(tmp_path: Path) -> None:
    ws = _env(tmp_path, {"__editable___mylib_0_1_finder.py":
                         "MAPPING: dict[str, str] = {'mylib': '/somewhere/mylib'}\n"
                         "NAMESPACES: dict[str, list[str]] = {}\n"})
    assert ws.installed("mylib", None) is True
    assert ws.installed("otherlib", None) is False
    got = _got(OPTIONAL.format(module="mylib", caught="ImportError"), ws, tmp_path)
    assert got["HAVE"] is True


PROGRAM = """
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

try:
    import fastlib
    HAVE = True
except ImportError:
    HAVE = False


def _host(v):
    return np.asarray(v, dtype=np.float32)


def via_host(x):
    return io_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, ordered=True)


step = via_host if HAVE else (lambda x: x * 1.0)
print(jax.vmap(step)(jnp.arange(3.0)))
"""


def test_the_findings_follow_the_environment(tmp_path: Path) -> None:
    ws = _env(tmp_path)
    main = tmp_path / "proj" / "main.py"
    main.write_text(PROGRAM)
    assert analyze_source(PROGRAM, str(main), workspace=ws).findings == []
    (ws.env_paths[0] / "fastlib.py").write_text("")
    found = analyze_source(PROGRAM, str(main), workspace=ws).findings
    assert [f.code for f in found] == ["JAX013"]
