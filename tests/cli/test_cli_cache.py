"""The result cache of `jax-lsp check` (`.jax_lsp_cache`): hits, what invalidates an entry, what
does not, broken and unwritable caches, concurrent runs, and output identical with and without
it on the examples and the corpus.

A hit is observed by counting the calls of the analysis (`analyses`: a wrapper around the real
`analyze_source` that records which files it was asked to analyse)."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import pytest
from cli_harness import CACHE_ENV, PACKAGE_ROOT, REPO, Ran, run_subprocess, write_tree
from oracle import RULE_EXAMPLES, rule_examples

from jax_lsp.analysis.engine import AnalysisResult, analyze_source
from jax_lsp.analysis.findings import Finding, FixKind, HostCall, PathStep, Severity, Span
from jax_lsp.checker.runner import check_files
from jax_lsp.project import cache as cache_module
from jax_lsp.project.cache import (
    CACHE_DIR_NAME,
    CacheSettings,
    analyzer_fingerprint,
    decode_findings,
    encode_findings,
)
from jax_lsp.project.discovery import ConfigResolver, discover_files
from jax_lsp.safe_io import Folder

#: the corpus, folder by folder: the project's config excludes them when it recurses
CORPUS = [d.relative_to(REPO).as_posix()
          for d in sorted([*RULE_EXAMPLES.glob("*/fires"), *RULE_EXAMPLES.glob("*/clean")])]

RunCli = Callable[[list[str], Path], Ran]

HELPER_CALLBACK = """\
import jax
import numpy as np


def host(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
HELPER_CLEAN = """\
import jax.numpy as jnp


def host(x):
    return jnp.sin(x)
"""
MAIN = """\
import jax
import jax.numpy as jnp
from helper import host


def loss(x):
    return jnp.sum(host(x))


print(jax.grad(loss)(jnp.ones(3)))
"""
CLEAN = "import math\n\n\ndef area(r):\n    return math.pi * r * r\n"
SYNTAX_ERROR = "def f(:\n    pass\n"
USES_MYLIB = """\
import jax
from mylib import simulate


def loss(x):
    return simulate(x)


jax.grad(loss)(1.0)
"""
REVERSE_ONLY = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(s)


print(jax.grad(loss)(jnp.ones(3)))
"""
NOTEBOOK = (REPO / "tests" / "notebooks" / "host_callback.ipynb").read_text(encoding="utf-8")
PROJECT: dict[str, str | bytes] = {
    "helper.py": HELPER_CALLBACK,
    "main.py": MAIN,
    "clean.py": CLEAN,
    "broken.py": SYNTAX_ERROR,
    "latin1.py": 'name = "caf\xe9"\n'.encode("latin-1"),
    "nb.ipynb": NOTEBOOK,
}
JSON = ["check", "--output-format", "json"]


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the checker analyses (each call of the real analysis)."""
    calls: list[str] = []

    def counting(source: str, filename: str = "<string>", config: object = None,
                 workspace: object = None) -> AnalysisResult:
        calls.append(Path(filename).name)
        return analyze_source(source, filename, config, workspace)  # type: ignore[arg-type]

    monkeypatch.setattr("jax_lsp.checker.runner.analyze_source", counting)
    return calls


def rows(ran: Ran) -> list[tuple[str, str, int]]:
    return [(Path(i["filename"]).name, i["code"], i["location"]["row"])
            for i in json.loads(ran.out)]


def buckets(cache_dir: Path) -> list[Path]:
    """The cache's files of entries (one per source directory)."""
    return sorted(cache_dir.glob("*/*.json"))


def payload(bucket: Path) -> bytes:
    """A bucket file's JSON, its signature checked."""
    verified = cache_module._verified(bucket.read_bytes())
    assert verified is not None
    return verified


def entries(cache_dir: Path) -> dict[str, object]:
    """Every entry in the cache, by the path of its file."""
    found: dict[str, object] = {}
    for bucket in buckets(cache_dir):
        data = json.loads(payload(bucket))
        assert data["format"] == cache_module.FORMAT
        found.update(data["entries"])
    return found


def rerun(
    run_cli: RunCli, analyses: list[str], args: list[str], cwd: Path
) -> tuple[Ran, list[str]]:
    """Run the CLI; the result and the files it analysed (not taken from the cache)."""
    analyses.clear()
    ran = run_cli(args, cwd)
    return ran, sorted(analyses)


# -- hits -----------------------------------------------------------------------------------


def test_second_run_hits_the_cache(
    run_cli: RunCli, tmp_path: Path, analyses: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    write_tree(tmp_path, PROJECT)
    caplog.set_level(logging.DEBUG, logger="jax_lsp.checker.runner")
    cold, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    # latin1.py does not decode: never analysed, cached all the same
    assert analysed == ["broken.py", "clean.py", "helper.py", "main.py", "nb.ipynb"]
    assert rows(cold) == [("broken.py", "JAX000", 1), ("latin1.py", "JAX000", 1),
                          ("main.py", "JAX001", 7), ("nb.ipynb", "JAX001", 2)]
    assert "result cache: 0 of 6 files cached, 6 entries written" in caplog.text
    cache_dir = tmp_path / CACHE_DIR_NAME
    assert sorted(entries(cache_dir)) == sorted(str(tmp_path / name) for name in PROJECT)
    assert len(buckets(cache_dir)) == 1  # one file for the directory
    assert (cache_dir / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (cache_dir / "CACHEDIR.TAG").read_text().startswith(
        "Signature: 8a477f597d28d172789f06886806bc55")

    caplog.clear()
    warm, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == []
    assert (warm.code, warm.out, warm.err) == (cold.code, cold.out, cold.err)
    assert "result cache: 6 of 6 files cached, 0 entries written" in caplog.text
    # every format reads the same cached results (the full one shows the cached source lines)
    for fmt in ("full", "concise", "github", "sarif"):
        args = ["check", "--output-format", fmt]
        assert run_cli(args, tmp_path) == run_cli([*args, "--no-cache"], tmp_path)


def test_check_files_counts_cached_results(tmp_path: Path) -> None:
    write_tree(tmp_path, {"main.py": MAIN, "helper.py": HELPER_CALLBACK})
    files = discover_files([tmp_path], ConfigResolver())
    settings = CacheSettings(directory=tmp_path / "c")
    first = check_files(files, cwd=tmp_path, cache=settings)
    second = check_files(files, cwd=tmp_path, cache=settings)
    assert (first.cached, second.cached) == (0, 2)
    assert first.results == second.results
    assert check_files(files, cwd=tmp_path).cached == 0  # no cache unless asked for


# -- what invalidates an entry, and what does not ---------------------------------------------


def test_editing_a_file_invalidates_only_it(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    write_tree(tmp_path, {"a.py": CLEAN, "b.py": CLEAN, "c.py": CLEAN})
    run_cli(JSON, tmp_path)
    write_tree(tmp_path, {"b.py": SYNTAX_ERROR})
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["b.py"]
    assert rows(ran) == [("b.py", "JAX000", 1)]
    write_tree(tmp_path, {"b.py": CLEAN})  # back to content that was cached before
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == (["b.py"], "[]\n")


def test_editing_an_imported_helper_invalidates_the_importer(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    write_tree(tmp_path, {"main.py": MAIN, "helper.py": HELPER_CALLBACK, "other.py": CLEAN})
    assert rows(run_cli(JSON, tmp_path)) == [("main.py", "JAX001", 7)]
    write_tree(tmp_path, {"helper.py": HELPER_CLEAN})
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["helper.py", "main.py"]
    assert ran.out == "[]\n"
    write_tree(tmp_path, {"helper.py": HELPER_CALLBACK})
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["helper.py", "main.py"]
    assert rows(ran) == [("main.py", "JAX001", 7)]
    # checked alone (the helper is not among the checked files), the import is still followed
    ran, analysed = rerun(run_cli, analyses, [*JSON, "main.py"], tmp_path)
    assert (analysed, rows(ran)) == ([], [("main.py", "JAX001", 7)])
    write_tree(tmp_path, {"helper.py": HELPER_CLEAN})
    ran, analysed = rerun(run_cli, analyses, [*JSON, "main.py"], tmp_path)
    assert (analysed, ran.out) == (["main.py"], "[]\n")


def test_a_helper_that_did_not_parse_or_exist_invalidates_the_importer(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    write_tree(tmp_path, {"main.py": MAIN, "helper.py": SYNTAX_ERROR})
    assert rows(run_cli(JSON, tmp_path)) == [("helper.py", "JAX000", 1)]
    write_tree(tmp_path, {"helper.py": HELPER_CALLBACK})  # fixed: main.py reaches the callback
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["helper.py", "main.py"]
    assert rows(ran) == [("main.py", "JAX001", 7)]
    (tmp_path / "helper.py").unlink()  # gone: the import resolves to nothing
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == (["main.py"], "[]\n")
    write_tree(tmp_path, {"helper/__init__.py": HELPER_CALLBACK})  # back, as a package
    ran, analysed = rerun(run_cli, analyses, [*JSON, "main.py"], tmp_path)
    assert (analysed, rows(ran)) == (["main.py"], [("main.py", "JAX001", 7)])


def test_a_module_that_shadows_the_imported_one_invalidates_the_importer(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    # `from helper import host` looks in the importer's folder before the project root
    write_tree(tmp_path, {"pkg/main.py": MAIN, "helper.py": HELPER_CALLBACK})
    assert rows(run_cli([*JSON, "pkg"], tmp_path)) == [("main.py", "JAX001", 7)]
    write_tree(tmp_path, {"pkg/helper.py": HELPER_CLEAN})
    ran, analysed = rerun(run_cli, analyses, [*JSON, "pkg/main.py"], tmp_path)
    assert (analysed, ran.out) == (["main.py"], "[]\n")


def test_changing_extra_callbacks_invalidates_but_select_ignore_severity_do_not(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    pyproject = tmp_path / "pyproject.toml"
    write_tree(tmp_path, {"pyproject.toml": "[tool.jax-lsp]\n", "m.py": USES_MYLIB,
                          "other.py": CLEAN})
    assert run_cli(JSON, tmp_path).out == "[]\n"
    pyproject.write_text('[tool.jax-lsp]\nextra-callbacks = ["mylib.simulate"]\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["m.py", "other.py"]
    assert rows(ran) == [("m.py", "JAX001", 6)]
    pyproject.write_text('[tool.jax-lsp]\nextra-callbacks = ["mylib.simulate"]\n'
                         'severity = { JAX001 = "warning" }\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == []
    assert [i["severity"] for i in json.loads(ran.out)] == ["warning"]
    pyproject.write_text('[tool.jax-lsp]\nextra-callbacks = ["mylib.simulate"]\n'
                         'ignore = ["JAX001"]\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == ([], "[]\n")
    ran, analysed = rerun(run_cli, analyses, [*JSON, "--select", "JAX002"], tmp_path)
    assert (analysed, ran.out) == ([], "[]\n")
    pyproject.write_text('[tool.jax-lsp]\nextra-callbacks = ["mylib.other"]\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == (["m.py", "other.py"], "[]\n")
    pyproject.write_text('[tool.jax-lsp]\nextra-transforms = { "mylib.g" = "jax.grad" }\n')
    _, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["m.py", "other.py"]


ENV_ORDERED = """\
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

STRICT = os.environ.get("STRICT_ORDER", "1") == "1"


def traced(x):
    return io_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=STRICT)


print(jax.vmap(traced)(jnp.arange(3.0)))
"""


def test_the_declared_environment_is_part_of_the_key(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    """A variable not declared is unset (the default "1" orders the callback: JAX013); a
    declared one changes the answer, and the entry made without it is not reused."""
    pyproject = tmp_path / "pyproject.toml"
    write_tree(tmp_path, {"pyproject.toml": "[tool.jax-lsp]\n", "m.py": ENV_ORDERED})
    assert [code for _, code, _ in rows(run_cli(JSON, tmp_path))] == ["JAX013"]
    pyproject.write_text('[tool.jax-lsp]\nenvironment = { STRICT_ORDER = "0" }\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == (["m.py"], "[]\n")
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == ([], "[]\n")
    pyproject.write_text('[tool.jax-lsp]\nenvironment = { STRICT_ORDER = "1" }\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["m.py"] and [c for _, c, _ in rows(ran)] == ["JAX013"]


OPTIONAL_BACKEND = """\
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

try:
    import fastlib
    HAVE = True
except ImportError:
    HAVE = False


def via_host(x):
    return io_callback(np.sin, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, ordered=True)


step = via_host if HAVE else jnp.sin
print(jax.vmap(step)(jnp.arange(3.0)))
"""


def test_installing_a_package_invalidates_what_its_absence_decided(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    """An optional import is decided by the configured environment: the question is replayed
    with the entry's other import lookups, so installing the package re-checks the file."""
    site = tmp_path / ".venv" / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / (
        "site-packages")
    write_tree(tmp_path, {"pyproject.toml": '[tool.jax-lsp]\npython = ".venv"\n',
                          ".venv/pyvenv.cfg": "home = /usr/bin\n", "m.py": OPTIONAL_BACKEND})
    site.mkdir(parents=True)
    assert run_cli(JSON, tmp_path).out == "[]\n"
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == ([], "[]\n")
    (site / "fastlib").mkdir()
    (site / "fastlib" / "__init__.py").write_text("")
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["m.py"] and [c for _, c, _ in rows(ran)] == ["JAX013"]


ARGV_ORDERED = """\
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

parser = argparse.ArgumentParser()
parser.add_argument("--unordered", action="store_true")
args = parser.parse_args()


def traced(x):
    return io_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x,
                       ordered=not args.unordered)


print(jax.vmap(traced)(jnp.arange(3.0)))
"""


def test_the_declared_command_line_is_part_of_the_key(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    """Run with no arguments, the flag is off and the callback ordered (JAX013); a declared
    command line setting it changes the answer, and the entry made without it is not
    reused."""
    pyproject = tmp_path / "pyproject.toml"
    write_tree(tmp_path, {"pyproject.toml": "[tool.jax-lsp]\n", "m.py": ARGV_ORDERED})
    assert [code for _, code, _ in rows(run_cli(JSON, tmp_path))] == ["JAX013"]
    pyproject.write_text('[tool.jax-lsp]\nargv = ["--unordered"]\n')
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == (["m.py"], "[]\n")
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (analysed, ran.out) == ([], "[]\n")
    pyproject.write_text("[tool.jax-lsp]\nargv = []\n")
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert analysed == ["m.py"] and [c for _, c, _ in rows(ran)] == ["JAX013"]


def test_editing_the_analyser_invalidates_everything(
    run_cli: RunCli, tmp_path: Path, analyses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = cache_module._analyzer_sources()
    assert {p.name for p in real} >= {"interp.py", "engine.py", "jaxapi.py", "runner.py"}
    fake_source = tmp_path / "interp.py"
    fake_source.write_text("# the analyser, version 1\n")
    monkeypatch.setattr(cache_module, "_analyzer_sources", lambda: [*real, fake_source])
    analyzer_fingerprint.cache_clear()
    try:
        project = write_tree(tmp_path / "proj", {"a.py": CLEAN, "b.py": CLEAN})
        run_cli(JSON, project)
        assert rerun(run_cli, analyses, JSON, project)[1] == []
        fake_source.write_text("# the analyser, version 2\n")
        analyzer_fingerprint.cache_clear()  # a new process
        assert rerun(run_cli, analyses, JSON, project)[1] == ["a.py", "b.py"]
    finally:
        analyzer_fingerprint.cache_clear()


def test_every_source_of_the_fingerprint_exists() -> None:
    # a path left behind by a move (the runner, the analysis process and its use of the cache
    # were hashed as "?" after the server's split) leaves that file's changes out of every key
    sources = cache_module._analyzer_sources()
    assert [p for p in sources if not p.is_file()] == []
    named = {p.relative_to(PACKAGE_ROOT / "jax_lsp").as_posix() for p in sources}
    assert {"checker/runner.py", "server/runtime/analysis_process.py",
            "server/runtime/cached_results.py", "codes.py", "project/cache.py",
            "analysis/jax/data/jax_api.json"} <= named
    # a rule's module writes its code's message (JAX011's joined calls): a cached result
    # written before its change kept the old message
    assert {"rules/base.py", "rules/jax011_jax_in_host_function.py"} <= named


def test_the_fingerprint_is_remembered_until_a_source_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JAX_LSP_KEY_DIR", str(tmp_path / "key"))
    real = cache_module._analyzer_sources()
    source = tmp_path / "interp.py"
    source.write_text("# the analyser, version 1\n")
    monkeypatch.setattr(cache_module, "_analyzer_sources", lambda: [*real, source])
    reads: list[Path] = []
    read_bytes = Path.read_bytes

    def counted(path: Path) -> bytes:
        reads.append(path)
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", counted)
    try:
        analyzer_fingerprint.cache_clear()
        first = analyzer_fingerprint()
        assert source in reads
        [memo] = (tmp_path / "key").glob("analyzer-fingerprint-*")
        reads.clear()
        analyzer_fingerprint.cache_clear()  # a new process: the sources are not read again
        assert (analyzer_fingerprint(), reads) == (first, [])
        source.write_text("# the analyser, version 2\n")  # same size
        analyzer_fingerprint.cache_clear()
        second = analyzer_fingerprint()
        assert second != first and source in reads
        memo.write_text("garbage")
        analyzer_fingerprint.cache_clear()
        assert analyzer_fingerprint() == second
    finally:
        analyzer_fingerprint.cache_clear()


def test_fix_never_reports_stale_results(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    # the helper differentiates its own callback: --fix rewrites it, which also repairs main.py
    helper = REVERSE_ONLY.replace("def loss(x):\n    s = ", "def host(x):\n    return ") \
        .replace("    return jnp.sum(s)\n", "\n\ndef loss(x):\n    return jnp.sum(host(x))\n")
    write_tree(tmp_path, {"helper.py": helper, "main.py": MAIN, "clean.py": CLEAN})
    before = run_cli(JSON, tmp_path)
    assert rows(before) == [("helper.py", "JAX001", 7), ("main.py", "JAX001", 7)]
    ran, analysed = rerun(run_cli, analyses, [*JSON, "--fix"], tmp_path)
    assert "Fixed 1 finding in 1 file." in ran.err
    assert "pure_callback_with_vjp(sin_vjp," in (tmp_path / "helper.py").read_text()
    assert (ran.code, ran.out) == (0, "[]\n")
    # the cache held the files as they were: the check reported the fixing's last analyses of
    # the rewritten file and of its importer (fixed after it: main.py read the rewritten
    # helper.py), analysing nothing again, and stored them
    assert analysed == []
    again, analysed = rerun(run_cli, analyses, JSON, tmp_path)  # now with the created module
    assert (again.out, analysed) == ("[]\n", ["jax_lsp_derivatives.py"])
    assert run_cli([*JSON, "--no-cache"], tmp_path).out == "[]\n"


# -- where the cache lives, and turning it off -------------------------------------------------


def test_cache_lives_in_the_project_root(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"proj/pyproject.toml": "[tool.jax-lsp]\n", "proj/src/a.py": CLEAN,
                          "loose/b.py": CLEAN})
    run_cli(["check", "."], tmp_path / "proj" / "src")
    assert len(entries(tmp_path / "proj" / CACHE_DIR_NAME)) == 1
    assert not (tmp_path / "proj" / "src" / CACHE_DIR_NAME).exists()
    run_cli(["check", "."], tmp_path / "loose")  # no configuration: the working directory
    assert len(entries(tmp_path / "loose" / CACHE_DIR_NAME)) == 1
    # files of two projects checked together: each in its project's cache
    run_cli(["check", "proj", "loose"], tmp_path)
    assert len(entries(tmp_path / "proj" / CACHE_DIR_NAME)) == 1
    assert len(entries(tmp_path / CACHE_DIR_NAME)) == 1  # loose/b.py, from here


def test_cache_dir_flag_and_environment_variable(
    run_cli: RunCli, tmp_path: Path, analyses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(tmp_path, {"a.py": CLEAN})
    run_cli(["check", "--cache-dir", "elsewhere/c"], tmp_path)
    assert len(entries(tmp_path / "elsewhere" / "c")) == 1
    assert (tmp_path / "elsewhere" / "c" / "CACHEDIR.TAG").is_file()
    monkeypatch.setenv("JAX_LSP_CACHE_DIR", str(tmp_path / "from-env"))
    run_cli(["check"], tmp_path)
    assert len(entries(tmp_path / "from-env")) == 1
    assert rerun(run_cli, analyses, ["check"], tmp_path)[1] == []
    run_cli(["check", "--cache-dir", "flag-wins"], tmp_path)
    assert len(entries(tmp_path / "flag-wins")) == 1
    assert not (tmp_path / CACHE_DIR_NAME).exists()
    env = {"JAX_LSP_CACHE_DIR": str(tmp_path / "sub-env")}
    assert run_subprocess(["check"], tmp_path, env).code == 0
    assert len(entries(tmp_path / "sub-env")) == 1


def test_no_cache_neither_reads_nor_writes(
    run_cli: RunCli, tmp_path: Path, analyses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_tree(tmp_path, {"a.py": CLEAN, "main.py": MAIN, "helper.py": HELPER_CALLBACK})
    ran, analysed = rerun(run_cli, analyses, [*JSON, "--no-cache"], tmp_path)
    assert len(analysed) == 3 and rows(ran) == [("main.py", "JAX001", 7)]
    assert not (tmp_path / CACHE_DIR_NAME).exists()
    monkeypatch.setenv("JAX_LSP_NO_CACHE", "1")
    run_cli(JSON, tmp_path)
    assert not (tmp_path / CACHE_DIR_NAME).exists()
    assert run_subprocess(["check", "--no-cache"], tmp_path).code == 1
    assert run_subprocess(["check"], tmp_path, {"JAX_LSP_NO_CACHE": "true"}).code == 1
    assert not (tmp_path / CACHE_DIR_NAME).exists()
    monkeypatch.delenv("JAX_LSP_NO_CACHE")
    run_cli(JSON, tmp_path)  # a warm cache is not read with --no-cache
    assert len(rerun(run_cli, analyses, [*JSON, "--no-cache"], tmp_path)[1]) == 3


def test_cache_settings_from_options() -> None:
    assert CacheSettings.from_options(environ={}) == CacheSettings()
    assert CacheSettings.from_options(no_cache=True, cache_dir="x", environ={}).enabled is False
    for value, enabled in (("1", False), ("TRUE", False), ("yes", False), ("0", True),
                           ("", True), ("false", True)):
        settings = CacheSettings.from_options(environ={"JAX_LSP_NO_CACHE": value})
        assert settings.enabled is enabled, value
    env = {"JAX_LSP_CACHE_DIR": "from-env"}
    assert CacheSettings.from_options(environ=env).directory == Path("from-env")
    assert CacheSettings.from_options(cache_dir="flag", environ=env).directory == Path("flag")
    assert CACHE_ENV == ("JAX_LSP_CACHE_DIR", "JAX_LSP_NO_CACHE")


# -- broken, unwritable and shared caches ------------------------------------------------------


@pytest.mark.parametrize("damage", ["truncated", "garbage", "not-an-object", "other-format",
                                    "entries-not-an-object", "bad-entries"])
def test_corrupt_cache_files_are_ignored_and_rewritten(
    run_cli: RunCli, tmp_path: Path, analyses: list[str], damage: str
) -> None:
    write_tree(tmp_path, PROJECT)
    cold = run_cli(JSON, tmp_path)
    (bucket,) = buckets(tmp_path / CACHE_DIR_NAME)
    good = bucket.read_bytes()
    data = json.loads(payload(bucket))
    sign = cache_module._sign  # damage that passes the signature (this user's own files)
    if damage == "bad-entries":  # a valid file, some entries of the wrong shape
        by_name = {Path(p).name: p for p in data["entries"]}
        data["entries"][by_name["main.py"]]["findings"][0][2] = "not a span"
        data["entries"][by_name["clean.py"]]["dependencies"] = 7
        data["entries"][by_name["broken.py"]] = "not an entry"
        data["entries"][by_name["helper.py"]]["imports"] = [[1, 2]]
    broken = {
        "truncated": good[: len(good) // 2],
        "garbage": sign(b"\x00\xff garbage"),
        "not-an-object": sign(b"[1, 2, 3]"),
        "other-format": sign(json.dumps({**data, "format": 0}).encode()),
        "entries-not-an-object": sign(json.dumps({**data, "entries": []}).encode()),
        "bad-entries": sign(json.dumps(data).encode()),
    }[damage]
    bucket.write_bytes(broken)
    ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
    assert (ran.code, ran.out, ran.err) == (cold.code, cold.out, cold.err)
    if damage == "bad-entries":
        assert analysed == ["broken.py", "clean.py", "helper.py", "main.py"]
    else:
        assert len(analysed) == 5  # all but the undecodable file, which needs no analysis
    assert bucket.read_bytes() == good  # rewritten as it was
    assert rerun(run_cli, analyses, JSON, tmp_path)[1] == []


def test_unwritable_cache_directory_just_disables_the_cache(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    write_tree(tmp_path, {"main.py": MAIN, "helper.py": HELPER_CALLBACK, "a-file": "x"})
    expected = run_cli([*JSON, "--no-cache", "main.py", "helper.py"], tmp_path)
    for _ in range(2):  # a regular file where the directory should be
        ran, analysed = rerun(run_cli, analyses,
                              [*JSON, "--cache-dir", "a-file", "main.py", "helper.py"], tmp_path)
        assert ran == expected and analysed == ["helper.py", "main.py"]
    sub = run_subprocess([*JSON, "--cache-dir", "a-file/c", "main.py", "helper.py"], tmp_path)
    assert (sub.code, sub.out, sub.err) == (expected.code, expected.out, "")


def test_a_failing_write_stops_writing_for_the_run(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a read-only directory or a full disk does (root ignores permissions: simulated)."""
    write_tree(tmp_path, {"a.py": CLEAN, "b.py": SYNTAX_ERROR, "c.py": CLEAN})
    expected = run_cli([*JSON, "--no-cache"], tmp_path)
    attempts: list[Path] = []

    def refuse(folder: Folder, name: str, data: bytes) -> None:
        attempts.append(folder.path / name)
        raise PermissionError(13, "Permission denied", name)

    monkeypatch.setattr(cache_module, "_write_file", refuse)
    assert run_cli(JSON, tmp_path) == expected
    assert len(attempts) == 1  # the first failure turned writing off
    assert not buckets(tmp_path / CACHE_DIR_NAME)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="needs POSIX permissions that bind (not root)")
def test_read_only_cache_directory_is_read_but_not_written(
    run_cli: RunCli, tmp_path: Path, analyses: list[str]
) -> None:
    write_tree(tmp_path, {"a.py": CLEAN, "b.py": CLEAN})
    run_cli(JSON, tmp_path)
    (tmp_path / "c.py").write_text(CLEAN)
    versions = tmp_path / CACHE_DIR_NAME / next((tmp_path / CACHE_DIR_NAME).glob("*/")).name
    versions.chmod(0o555)
    try:
        ran, analysed = rerun(run_cli, analyses, JSON, tmp_path)
        assert (ran.code, ran.out, ran.err) == (0, "[]\n", "")
        assert analysed == ["c.py"]
    finally:
        versions.chmod(0o755)


def test_concurrent_runs_share_one_cache(tmp_path: Path, run_cli: RunCli,
                                         analyses: list[str]) -> None:
    shared = tmp_path / "shared"
    args = [*JSON, "--cache-dir", str(shared), "examples", *CORPUS]
    env = {k: v for k, v in os.environ.items() if k not in CACHE_ENV}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    env["PYTHONSAFEPATH"] = "1"  # (run from the repository: not its package before PYTHONPATH)
    procs = [
        subprocess.Popen([sys.executable, "-m", "jax_lsp", *args, *extra], cwd=REPO, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for extra in ([], ["--jobs", "2"], [])
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    expected = uncached(run_cli, "json")
    for p, (out, err) in zip(procs, outs):
        assert (p.returncode, out, err) == (expected.code, expected.out, "")
    assert not list(shared.rglob("*.tmp"))
    checked = discover_files([REPO / "examples", *(REPO / d for d in CORPUS)], ConfigResolver())
    assert sorted(entries(shared)) == sorted(str(p) for p, _ in checked)
    ran, analysed = rerun(run_cli, analyses, args, REPO)
    assert (analysed, ran.out) == ([], expected.out)


# -- the same answers with and without the cache -------------------------------------------------

_UNCACHED: dict[str, Ran] = {}


def uncached(run_cli: RunCli, fmt: str) -> Ran:
    """`check --no-cache` of the examples and the corpus in format `fmt`: the reference the
    cached runs are compared with, the same for every test here, so run once per process."""
    if fmt not in _UNCACHED:
        _UNCACHED[fmt] = run_cli(
            ["check", "--no-cache", "--output-format", fmt, "examples", *CORPUS], REPO)
    return _UNCACHED[fmt]


@pytest.mark.parametrize("jobs", ["0", "2"])
def test_examples_and_corpus_give_the_same_output_with_and_without_cache(
    run_cli: RunCli, tmp_path: Path, analyses: list[str], jobs: str
) -> None:
    base = ["check", "--cache-dir", str(tmp_path / "c"), "examples", *CORPUS]
    expected = {fmt: uncached(run_cli, fmt) for fmt in ("json", "full")}
    assert json.loads(expected["json"].out)  # the corpus has findings
    cold = run_cli([*base, "--jobs", jobs, "--output-format", "json"], REPO)
    assert cold == expected["json"]
    for fmt in ("json", "full"):
        warm, analysed = rerun(run_cli, analyses, [*base, "--output-format", fmt], REPO)
        assert analysed == []
        assert warm == expected[fmt]


def _all_fields(f: Finding) -> tuple[object, ...]:
    """Every field, also those equality ignores (operand_spans, modes)."""
    return tuple(getattr(f, field.name) for field in fields(f))


def test_findings_round_trip_through_the_entry_format() -> None:
    findings: list[Finding] = []
    for path in sorted([*(REPO / "examples").glob("*.py"), *rule_examples()]):
        findings += analyze_source(path.read_text(encoding="utf-8"), str(path)).findings
    assert {f.code for f in findings} >= {"JAX001", "JAX002", "JAX005"}
    every_field = Finding(
        "JAX007", "message \u2013 with \u00fcnicode \U0001f600", Span(3, 4, 5, 6),
        Severity.WARNING,
        (PathStep(Span(1, 0, 1, 9), "site", None), PathStep(Span(2, 1, 2, 3), "call", "/x/h.py")),
        tuple(FixKind), "jax.jvp(jax.grad)", (Span(7, 8, 7, 9),), ("forward", "reverse"),
        sites=(Span(9, 0, 9, 4),),
        host_call=HostCall("jnp.max", "JAX", "`host`, the host function of `jax.pure_callback`"
                           " (line 3)", "numpy.max"),
    )
    findings.append(every_field)
    assert all(getattr(every_field, f.name) != f.default for f in fields(Finding))
    decoded = decode_findings(json.loads(json.dumps(encode_findings(tuple(findings)))))
    assert [_all_fields(f) for f in decoded] == [_all_fields(f) for f in findings]
    assert all(type(s) is Severity for f in decoded for s in (f.severity,))
    for bad in ("x", [["JAX001"]], [[*encode_findings((every_field,))[0][:3], "fatal",
                                       *encode_findings((every_field,))[0][4:]]]):
        with pytest.raises((TypeError, ValueError)):
            decode_findings(bad)


def test_the_cache_directory_is_never_walked(tmp_path: Path, run_cli: RunCli) -> None:
    write_tree(tmp_path, {"a.py": CLEAN})
    run_cli(["check"], tmp_path)
    # even a Python file inside the cache is not a file to check
    shutil.copy(tmp_path / "a.py", tmp_path / CACHE_DIR_NAME / "stray.py")
    files = discover_files([tmp_path], ConfigResolver())
    assert [p.name for p, _ in files] == ["a.py"]


def test_the_analysis_reads_the_workspace_only_through_what_the_cache_records(
    tmp_path: Path,
) -> None:
    """`RecordingWorkspace` notes `find`, `parse` and `facts` (what is read off a module's
    tree, kept by its digest): if the analysis starts reading modules
    some other way, entries could miss a dependency. Then teach `cache.RecordingWorkspace`.
    It may also read `env_paths`, which the entry's key covers (the interpreter's site folders),
    and `parsed_if_kept`, which reads no file: it hands back a parse already made, taken only
    where it is of the analysed text itself (`engine._kept_tree`) or the very parse a module
    loaded through `parse` came from (`environment_reads`: the same `lines`)."""
    from jax_lsp.analysis.workspace import Workspace

    class Spy:
        def __init__(self, workspace: Workspace) -> None:
            self.workspace = workspace
            self.used: set[str] = set()

        def __getattr__(self, name: str) -> object:
            self.used.add(name)
            return getattr(self.workspace, name)

    write_tree(tmp_path, {"main.py": MAIN, "helper.py": HELPER_CALLBACK,
                          "pkg/__init__.py": "from .impl import host\n",
                          "pkg/impl.py": "from helper import host\n",
                          "user.py": MAIN.replace("from helper", "from pkg")})
    for name in ("main.py", "user.py"):
        spy = Spy(Workspace.for_environment([tmp_path]))
        path = tmp_path / name
        result = analyze_source(path.read_text(), str(path), None, spy)  # type: ignore[arg-type]
        assert [f.code for f in result.findings] == ["JAX001"]
        assert result.dependencies
        # `env_paths` (whether a resolved module is an installed one, `import_effects`) is
        # the interpreter's site folders, `.pth` files' included: the entry's key holds them
        assert spy.used <= {"find", "parse", "facts", "env_paths", "parsed_if_kept"}, spy.used
