"""The analysis process answers a document opened with its file's text from the result cache of
`jax-lsp check` when the entry's provenance still holds, and writes its own full analyses there
(`server.cached_results`, `analysis_process._analyse`). Run in this process: what the child
does for one request, then what it does once the answer is sent (`_State.after`)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.checker.runner import check_files
from jax_lsp.project.cache import CACHE_DIR_NAME, ENV_CACHE_DIR, ENV_NO_CACHE, CacheSettings
from jax_lsp.project.discovery import ConfigResolver
from jax_lsp.server.runtime import analysis_process, cached_results
from jax_lsp.server.runtime.analysis_process import AnalysisProcess, _State
from jax_lsp.server.session.configuration import Configuration
from jax_lsp.server.session.lint import analyze_here

MAIN = """\
import jax
import jax.numpy as jnp

from helpers import squash


def loss(x):
    return jnp.sum(squash(x))


print(jax.grad(loss)(jnp.ones(3)))
""" + "# a large module: smaller ones are analysed without the cache\n" * (
    cached_results.MIN_CHARS // 60)
HELPERS = """\
import jax
import numpy as np


def squash(x):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""
#: the helper without a callback: its importer has nothing to report
PLAIN_HELPERS = """\
import jax.numpy as jnp


def squash(x):
    return jnp.tanh(x)
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A project (configured by its pyproject.toml) with the cache on and a fresh child."""
    monkeypatch.delenv(ENV_NO_CACHE, raising=False)
    monkeypatch.delenv(ENV_CACHE_DIR, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.jax-lsp]\n")
    (tmp_path / "main.py").write_text(MAIN)
    (tmp_path / "helpers.py").write_text(HELPERS)
    _fresh_child()
    yield tmp_path
    _fresh_child()


def _fresh_child() -> None:
    cached_results.clear()
    _State.analyzers = OrderedDict()
    _State.after = None


def _config(root: Path, path: Path, overlay: tuple[tuple[str, str], ...] = ()
            ) -> AnalysisConfig:
    """The analysis configuration the server sends for `path` (see `Session._snapshot`)."""
    configuration = Configuration(report_problem=pytest.fail)
    configuration.root = root
    config = configuration.for_path(path)
    spec = configuration.workspace_spec(path, config, overlay)
    return replace(config.analysis_config(), workspace=spec)


def _open(root: Path, text: str | None = None, overlay: tuple[tuple[str, str], ...] = ()
          ) -> tuple[list[str], bool]:
    """What the child answers a full analysis of main.py with (the codes), and whether it ran
    the analysis for that; then what it does once the answer is sent."""
    path = root / "main.py"
    text = path.read_text() if text is None else text
    analyzer = analysis_process.analyzer_for(str(path))
    runs = analyzer.full_runs
    findings, error, _, exact = analysis_process._analyse(
        text, str(path), _config(root, path, overlay), False)
    assert error is None and exact
    analysed = analyzer.full_runs > runs
    after, _State.after = _State.after, None
    if after is not None:
        after()
    return [f.code for f in findings], analysed


def _check(root: Path) -> int:
    """`jax-lsp check main.py` with the cache; how many results came from it."""
    path = root / "main.py"
    run = check_files([(path, ConfigResolver().for_path(path))], jobs=1, cwd=root,
                      cache=CacheSettings())
    return run.cached


def _reopen() -> None:
    """A new child (the editor restarted): nothing analysed in this process is kept."""
    _State.analyzers = OrderedDict()


def test_a_checked_file_opens_from_the_cache_with_the_analysis_s_answer(project: Path) -> None:
    expected = analyze_here(MAIN, str(project / "main.py"), _config(project, project / "main.py"))
    assert [f.code for f in expected[0]] == ["JAX001"]
    _check(project)
    codes, analysed = _open(project)
    assert (codes, analysed) == (["JAX001"], False)
    path = project / "main.py"
    findings, _, dependencies, _ = analysis_process._analyse(
        MAIN, str(path), _config(project, path), False)
    assert findings == expected[0]
    assert str((project / "helpers.py").resolve()) in dependencies


def test_the_server_s_analysis_is_cached_for_the_next_session_and_the_cli(project: Path) -> None:
    assert _open(project) == (["JAX001"], True)
    assert list((project / CACHE_DIR_NAME).rglob("*.json"))
    _reopen()
    assert _open(project) == (["JAX001"], False)
    assert _check(project) == 1


def test_a_changed_import_is_a_miss_then_cached_again(project: Path) -> None:
    _check(project)
    (project / "helpers.py").write_text(PLAIN_HELPERS)
    _reopen()
    assert _open(project) == ([], True)
    _reopen()
    assert _open(project) == ([], False)


def test_a_changed_configuration_is_a_miss(project: Path) -> None:
    _check(project)
    (project / "pyproject.toml").write_text(
        '[tool.jax-lsp]\nextra-callbacks = ["helpers.squash"]\n')
    _reopen()
    codes, analysed = _open(project)
    assert analysed and codes == ["JAX001"]


def test_an_unsaved_import_stands_for_its_file(project: Path) -> None:
    """The entry holds while the import's text (saved or not) is the one the analysis read."""
    _check(project)
    helpers = str((project / "helpers.py").resolve())
    assert _open(project, overlay=((helpers, PLAIN_HELPERS),)) == ([], True)
    _reopen()
    assert _open(project, overlay=((helpers, PLAIN_HELPERS),)) == ([], False)
    _reopen()
    assert _open(project) == (["JAX001"], True)  # the buffer was closed unsaved
    (project / "helpers.py").write_text(PLAIN_HELPERS)
    _reopen()
    assert _open(project, overlay=((helpers, PLAIN_HELPERS),)) == ([], True)
    _reopen()
    assert _open(project) == ([], False)  # saved: the file now holds what was read


def test_a_corrupted_cache_file_is_ignored_logged_and_rewritten(
        project: Path, caplog: pytest.LogCaptureFixture) -> None:
    _check(project)
    (bucket,) = (project / CACHE_DIR_NAME).rglob("*.json")
    data = bucket.read_bytes()
    bucket.write_bytes(data[: len(data) // 2])
    with caplog.at_level(logging.DEBUG, logger="jax_lsp"):
        assert _open(project) == (["JAX001"], True)
    assert "not signed with this user's key" in caplog.text
    assert "no valid cached result" in caplog.text
    _reopen()
    assert _open(project) == (["JAX001"], False)


def test_text_other_than_the_file_s_neither_reads_nor_writes_the_cache(project: Path) -> None:
    _check(project)
    codes, analysed = _open(project, MAIN + "\n# unsaved\n")
    assert analysed and codes == ["JAX001"]
    (bucket,) = (project / CACHE_DIR_NAME).rglob("*.json")
    before = bucket.read_bytes()
    _reopen()
    _open(project, MAIN + "\n# unsaved\n")
    assert bucket.read_bytes() == before


def test_a_small_document_is_analysed_without_the_cache(project: Path) -> None:
    small = MAIN[: cached_results.MIN_CHARS // 2]
    (project / "main.py").write_text(small)
    assert _open(project) == (["JAX001"], True)
    _reopen()
    assert _open(project) == (["JAX001"], True)
    assert not (project / CACHE_DIR_NAME).exists()


def test_no_cache_is_respected(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_NO_CACHE, "1")
    cached_results.clear()
    assert _open(project) == (["JAX001"], True)
    _reopen()
    assert _open(project) == (["JAX001"], True)
    assert not (project / CACHE_DIR_NAME).exists()


def test_the_cache_dir_setting_is_respected(project: Path, monkeypatch: pytest.MonkeyPatch,
                                           tmp_path_factory: pytest.TempPathFactory) -> None:
    elsewhere = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(ENV_CACHE_DIR, str(elsewhere))
    cached_results.clear()
    _open(project)
    assert not (project / CACHE_DIR_NAME).exists()
    assert list(elsewhere.rglob("*.json"))


def test_a_project_cache_directory_that_is_a_symlink_is_not_used(
        project: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Issue 35: the server's analyses wrote `.gitignore`, `CACHEDIR.TAG` and their entries
    through a repository's `.jax_lsp_cache` link; now the cache is off for that project."""
    outside = tmp_path_factory.mktemp("outside")
    (project / CACHE_DIR_NAME).symlink_to(outside, target_is_directory=True)
    assert _open(project) == (["JAX001"], True)
    _reopen()
    assert _open(project) == (["JAX001"], True)  # nothing cached: analysed again
    assert list(outside.iterdir()) == []


def test_a_cached_answer_is_followed_by_the_analysis(project: Path) -> None:
    """The next edit is analysed incrementally: the analysis the cache spared runs once the
    answer is sent."""
    _check(project)
    assert _open(project) == (["JAX001"], False)
    analyzer = analysis_process.analyzer_for(str(project / "main.py"))
    assert analyzer.full_runs == 1
    edited = MAIN.replace("jnp.sum(", "jnp.mean(")
    findings, _, _, _ = analysis_process._analyse(
        edited, str(project / "main.py"), _config(project, project / "main.py"), True)
    assert [f.code for f in findings] == ["JAX001"]
    assert analyzer.full_runs == 1 and analyzer.incremental_runs == 1


def test_the_analysis_process_answers_what_comes_while_it_analyses_ahead(project: Path) -> None:
    """After a cached answer the child analyses the document anyway; requests sent meanwhile
    (another document's, which abandons it, and an edit of this one, which waits for it) are
    answered, in order."""
    _check(project)
    main, other = project / "main.py", project / "other.py"
    other.write_text(MAIN.replace("loss", "other_loss"))
    process = AnalysisProcess()
    try:
        for _ in range(2):
            findings, _, _, _ = process.analyze(MAIN, str(main), _config(project, main))
            assert [f.code for f in findings] == ["JAX001"]
            findings, _, _, _ = process.analyze(other.read_text(), str(other),
                                                _config(project, other))
            assert [f.code for f in findings] == ["JAX001"]
        findings, _, _, _ = process.analyze(MAIN, str(main), _config(project, main))
        edited = MAIN.replace("jnp.sum(", "jnp.mean(")
        findings, _, _, _ = process.analyze(edited, str(main), _config(project, main), True)
        assert [f.code for f in findings] == ["JAX001"]
    finally:
        process.stop()
