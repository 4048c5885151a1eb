"""The result cache never answers differently from the analysis: random sequences of edits to
small multi-module projects, each followed by `jax-lsp check` with the cache and by
`check --no-cache` (in a fresh process state), whose outputs must be the same.

The edits are the ones that change what an analysis reads or how it resolves an import: the
checked file and its notebook twin, dependencies in the folders an absolute import is looked
up in (the importer's, the folder holding its outermost package, the project root, the
environment's site folders), packages' `__init__.py` appearing and going, the configuration
(`select`, `per-file-ignores`, `extra-callbacks`, the environment), a `.pth` file that makes a
folder an installed package's, a symlinked checked file pointed elsewhere, and where the check
runs from and on what. Each step reuses one cache directory, so every entry written by an
earlier step is a candidate answer for the next. A failing case prints its seed and steps;
`test_one_sequence` replays one seed (`JAX_LSP_STALENESS_SEED`)."""

from __future__ import annotations

import json
import logging
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import Ran, write_tree

from jax_lsp.analysis import environment, workspace
from jax_lsp.checker import runner

RunCli = Callable[[list[str], Path], Ran]

CALLBACK = """\
import jax
import numpy as np


def host(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
CLEAN = """\
import jax.numpy as jnp


def host(x):
    return jnp.sin(x)
"""
BROKEN = "def host(:\n    pass\n"
_LOSS = """
import jax
import jax.numpy as jnp
{imports}


def loss(x):
    return jnp.sum({call}(x)){comment}


print(jax.grad(loss)(jnp.ones(3)))
"""
#: the checked module's variants: how it imports `host` (absolute from its folder, from its own
#: package, relative, a module attribute, a registry filled by a module imported for effects)
MAINS = {
    "from_helper": _LOSS.format(imports="from helper import host", call="host", comment=""),
    "from_package": _LOSS.format(imports="from pkg.util import host", call="host", comment=""),
    "relative": _LOSS.format(imports="from .helper import host", call="host", comment=""),
    "attribute": _LOSS.format(imports="import helper", call="helper.host", comment=""),
    "suppressed": _LOSS.format(imports="from helper import host", call="host",
                               comment="  # noqa: JAX001"),
    "registry": _LOSS.format(
        imports="import plugins  # noqa: F401\nimport registry\n\nact = registry.get('host')",
        call="act", comment=""),
}
REGISTRY = """\
_TABLE = {}


def register(name):
    def deco(fn):
        _TABLE[name] = fn
        return fn
    return deco


def get(name):
    return _TABLE[name]
"""
PLUGINS = """\
import jax
import numpy as np

from registry import register


@register("host")
def host(x):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
PLUGINS_CLEAN = PLUGINS.replace("jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, "
                                "x.dtype), x)", "jax.numpy.tanh(x)")
#: where a dependency may be, and what it may hold (None: no such file)
DEPENDENCIES = ["proj/helper.py", "proj/pkg/sub/helper.py", "proj/pkg/util.py",
                "proj/pkg/util/__init__.py", "proj/lib/helper.py", "proj/pkg/sub/plugins.py"]
DEPENDENCY_TEXTS = [CALLBACK, CLEAN, BROKEN, "from pkg.util import host\n",
                    "from helper import host\n", PLUGINS, PLUGINS_CLEAN, None]
PACKAGES = ["proj/__init__.py", "proj/pkg/__init__.py", "proj/pkg/sub/__init__.py",
            "proj/lib/__init__.py"]
SITE = f"proj/.venv/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
#: a `.pth` file of the project's environment: the folders it adds are installed packages'
PTH = f"{SITE}/editable.pth"
PTH_FOLDERS = ["pkg/sub", "lib", "pkg"]
CONFIGS = [
    None,
    "[tool.jax-lsp]\n",
    '[tool.jax-lsp]\nselect = ["JAX002"]\n',
    '[tool.jax-lsp]\nper-file-ignores = { "pkg/sub/main.py" = ["JAX001"] }\n',
    '[tool.jax-lsp]\nextra-callbacks = ["helper.host"]\n',
    '[tool.jax-lsp]\npython = ".venv"\n',
]
MAIN = "proj/pkg/sub/main.py"
#: the same program in another folder, where its imports find other modules
TWIN = "proj/lib/main.py"
NOTEBOOK = "proj/pkg/sub/nb.ipynb"
LINK = "proj/app/main.py"
FOLDERS = ["", "proj", "proj/pkg/sub", "other"]
TARGETS = [["proj"], [MAIN], [LINK, NOTEBOOK], [MAIN, TWIN, "proj/helper.py"]]
FORMATS = ["json", "full"]


def notebook(source: str) -> str:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": ["# a notebook\n"]},
             {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": source.splitlines(keepends=True)}]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def fresh_process_state() -> None:
    """Forget what this process keeps between checks (the import index, the environment's
    site folders): each `jax-lsp check` is a process of its own."""
    runner._WORKSPACES.clear()
    workspace._SPEC_CACHE.clear()
    workspace._RESOLVED.clear()
    environment._ENV_CACHE.clear()


class Project:
    """A project under `base` and the edits a step may make to it."""

    def __init__(self, base: Path, rng: random.Random) -> None:
        self.base = base
        self.rng = rng
        write_tree(base, {MAIN: MAINS["from_helper"], TWIN: MAINS["from_helper"],
                          "proj/helper.py": CALLBACK, "proj/pkg/util.py": CALLBACK,
                          "proj/pkg/sub/helper.py": CLEAN, "proj/pkg/sub/registry.py": REGISTRY,
                          "proj/pkg/sub/plugins.py": PLUGINS, "proj/lib/helper.py": CLEAN,
                          "proj/.venv/pyvenv.cfg": "home = /usr/bin\n", f"{SITE}/.keep": "",
                          "other/.keep": ""})
        (base / LINK).parent.mkdir(parents=True)
        self.link(MAIN)

    def write(self, rel: str, text: str | None) -> None:
        path = self.base / rel
        if text is None:
            path.unlink(missing_ok=True)
        else:
            write_tree(self.base, {rel: text})

    def link(self, target: str) -> None:
        path = self.base / LINK
        path.unlink(missing_ok=True)
        path.symlink_to(os.path.relpath(self.base / target, path.parent))

    def edit(self) -> str:
        """Make one random edit; what it was."""
        rng = self.rng
        kind = rng.choice(["main", "main", "dependency", "dependency", "package", "package",
                           "config", "pth", "notebook", "link"])
        if kind == "main":
            name = rng.choice(sorted(MAINS))
            self.write(MAIN, MAINS[name])
            self.write(TWIN, MAINS[name])
            return f"main.py, lib/main.py := {name}"
        if kind == "dependency":
            rel = rng.choice(DEPENDENCIES)
            text = rng.choice(DEPENDENCY_TEXTS)
            self.write(rel, text)
            return f"{rel} := {None if text is None else text.splitlines()[-1].strip()!r}"
        if kind == "package":
            rel = rng.choice(PACKAGES)
            present = (self.base / rel).exists()
            self.write(rel, None if present else "")
            return f"{'removed' if present else 'added'} {rel}"
        if kind == "config":
            rel = rng.choice(["proj/pyproject.toml", "proj/pyproject.toml",
                              "proj/pkg/pyproject.toml"])
            text = rng.choice(CONFIGS)
            self.write(rel, text)
            return f"{rel} := {text!r}"
        if kind == "pth":
            folder = rng.choice([*PTH_FOLDERS, None])
            self.write(PTH, None if folder is None else f"{self.base / 'proj' / folder}\n")
            return f"editable.pth := {folder}"
        if kind == "notebook":
            name = rng.choice([*sorted(MAINS), None])
            self.write(NOTEBOOK, None if name is None else notebook(MAINS[name]))
            return f"nb.ipynb := {name}"
        target = rng.choice([MAIN, TWIN])
        self.link(target)
        return f"app/main.py -> {target}"

    def command(self) -> tuple[list[str], Path, str]:
        """A random check to run: its arguments (without `--no-cache`), folder and description."""
        rng = self.rng
        cwd = self.base / rng.choice(FOLDERS)
        targets = [os.path.relpath(self.base / t, cwd) for t in rng.choice(TARGETS)]
        args = ["check", "--output-format", rng.choice(FORMATS),
                "--jobs", rng.choice(["1", "1", "1", "2"]), *targets]
        return args, cwd, f"in {cwd.relative_to(self.base)}: {' '.join(args)}"


_CACHED = re.compile(r"result cache: (\d+) of (\d+) files cached")


def run_sequence(seed: int, steps: int, base: Path, run_cli: RunCli,
                 caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> int:
    """Edit and check `steps` times; fails at the first step where the cached check differs
    from the uncached one. The number of files answered from the cache."""
    rng = random.Random(seed)
    project = Project(base, rng)
    monkeypatch.setenv("JAX_LSP_CACHE_DIR", str(base / "cache"))
    caplog.set_level(logging.DEBUG, logger="jax_lsp.checker.runner")
    history: list[str] = []
    hits = 0
    for _ in range(steps):
        for _ in range(rng.randint(1, 3)):
            history.append(project.edit())
        args, cwd, shown = project.command()
        history.append(shown)
        fresh_process_state()
        caplog.clear()
        cached = run_cli(args, cwd)
        hits += sum(int(m.group(1)) for m in _CACHED.finditer(caplog.text))
        fresh_process_state()
        uncached = run_cli([*args, "--no-cache"], cwd)
        assert cached == uncached, (
            f"seed {seed}: the cached check differs after\n  " + "\n  ".join(history))
    return hits


SEEDS = range(16)


@pytest.mark.parametrize("seed", SEEDS)
def test_cached_check_equals_uncached_check(
    seed: int, tmp_path: Path, run_cli: RunCli, caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hits = run_sequence(seed, 14, tmp_path, run_cli, caplog, monkeypatch)
    assert hits > 0, "no step was answered from the cache: the test compares nothing"


@pytest.mark.skipif("JAX_LSP_STALENESS_SEED" not in os.environ,
                    reason="replays one seed: JAX_LSP_STALENESS_SEED=<seed>[:<steps>]")
def test_one_sequence(tmp_path: Path, run_cli: RunCli, caplog: pytest.LogCaptureFixture,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    seed, _, steps = os.environ["JAX_LSP_STALENESS_SEED"].partition(":")
    run_sequence(int(seed), int(steps or 40), tmp_path, run_cli, caplog, monkeypatch)


# -- the staleness each mechanism once had, one step at a time ----------------------------


def checks_alike(run_cli: RunCli, args: list[str], cwd: Path) -> Ran:
    """Check with the cache (each as a process of its own) and without; both must agree."""
    fresh_process_state()
    cached = run_cli(args, cwd)
    fresh_process_state()
    assert cached == run_cli([*args, "--no-cache"], cwd)
    return cached


def findings_of(ran: Ran) -> list[tuple[str, int, str]]:
    return [(Path(i["filename"]).name, i["location"]["row"], i["message"].split(" (in ")[-1])
            for i in json.loads(ran.out)]


def test_a_symlink_pointed_at_the_same_text_elsewhere_is_analysed_again(
    tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`app/main.py` links to `a/main.py`, then to `b/main.py`, of the same text: the file's
    path and content hash are unchanged, and its recorded lookups (from `a/`) still resolve
    as before, but the analysis now looks `helper` up in `b/`."""
    monkeypatch.setenv("JAX_LSP_CACHE_DIR", str(tmp_path / "cache"))
    write_tree(tmp_path, {"a/main.py": MAINS["from_helper"], "a/helper.py": CALLBACK,
                          "b/main.py": MAINS["from_helper"], "b/helper.py": CLEAN})
    link = tmp_path / "app" / "main.py"
    link.parent.mkdir()
    link.symlink_to("../a/main.py")
    args = ["check", "--output-format", "json", "app/main.py"]
    assert len(json.loads(checks_alike(run_cli, args, tmp_path).out)) == 1
    link.unlink()
    link.symlink_to("../b/main.py")
    assert checks_alike(run_cli, args, tmp_path).out == "[]\n"


def test_a_pth_file_that_makes_a_folder_installed_is_seen(
    tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An editable install's `.pth` file adds the folder of `plugins.py` to the environment's
    site folders: `import plugins` (imported only for what it registers) now imports an
    installed package, which the analysis does not run (`import_effects.installed`). Every
    lookup still resolves to the same file: only the site folders tell."""
    monkeypatch.setenv("JAX_LSP_CACHE_DIR", str(tmp_path / "cache"))
    write_tree(tmp_path, {MAIN: MAINS["registry"], "proj/pkg/sub/registry.py": REGISTRY,
                          "proj/pkg/sub/plugins.py": PLUGINS,
                          "proj/.venv/pyvenv.cfg": "home = /usr/bin\n", f"{SITE}/.keep": "",
                          "proj/pyproject.toml": '[tool.jax-lsp]\npython = ".venv"\n'})
    args = ["check", "--output-format", "json", "pkg/sub/main.py"]
    assert len(json.loads(checks_alike(run_cli, args, tmp_path / "proj").out)) == 1
    write_tree(tmp_path, {PTH: f"{tmp_path / 'proj' / 'pkg' / 'sub'}\n"})
    assert checks_alike(run_cli, args, tmp_path / "proj").out == "[]\n"
    (tmp_path / PTH).unlink()
    assert len(json.loads(checks_alike(run_cli, args, tmp_path / "proj").out)) == 1


@pytest.mark.parametrize("cache", [True, False], ids=["cached", "uncached"])
def test_a_package_made_between_checks_of_one_process_is_seen(
    tmp_path: Path, cache: bool,
) -> None:
    """`--watch` checks again in the same process, with the same import index: the packages'
    layout it looked up (`Workspace.forget_layout`) is looked up again by each analysis, and by
    each replayed lookup of a cache entry. `pkg/sub/main.py` imports `pkg.util` from its
    package base, which it has only while `pkg/__init__.py` exists."""
    from jax_lsp.checker.runner import check_files
    from jax_lsp.project.cache import CacheSettings
    from jax_lsp.project.discovery import ConfigResolver, discover_files

    write_tree(tmp_path, {MAIN: MAINS["from_package"], "proj/pkg/util.py": CALLBACK,
                          "proj/pkg/sub/__init__.py": "", "other/.keep": ""})
    main = tmp_path / MAIN
    settings = CacheSettings(directory=tmp_path / "cache") if cache else None
    cwd = tmp_path / "other"  # the root: the package base is the only way to `pkg`

    def codes() -> list[str]:
        run = check_files(discover_files([main], ConfigResolver()), cwd=cwd, cache=settings)
        return [f.code for r in run.results for f in r.findings]

    assert codes() == []
    write_tree(tmp_path, {"proj/pkg/__init__.py": ""})
    assert codes() == ["JAX001"]
    (tmp_path / "proj/pkg/__init__.py").unlink()
    assert codes() == []


def test_a_symlinked_folder_pointed_elsewhere_is_analysed_again(
    tmp_path: Path, run_cli: RunCli, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As above, the link one folder up: `app -> a`, then `app -> b`."""
    monkeypatch.setenv("JAX_LSP_CACHE_DIR", str(tmp_path / "cache"))
    write_tree(tmp_path, {"a/main.py": MAINS["from_helper"], "a/helper.py": CALLBACK,
                          "b/main.py": MAINS["from_helper"], "b/helper.py": CLEAN})
    link = tmp_path / "app"
    link.symlink_to("a")
    args = ["check", "--output-format", "json", "app/main.py"]
    assert len(json.loads(checks_alike(run_cli, args, tmp_path).out)) == 1
    link.unlink()
    link.symlink_to("b")
    assert checks_alike(run_cli, args, tmp_path).out == "[]\n"
