"""A file analysed before is answered by the stdin front from the result cache (`early`,
`cached_results.answer`), in the server's process, without the analyser and without the
analysis process; never when the file, a module it imports, its configuration or the
analyser changed, and a corrupt cache file is only a miss.

Each test runs what `jax-lsp serve` does up to `early.wait()` in a new process, as
test_early.py does, but with no analysis process prestarted: whatever the front publishes
there came from the cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jax_lsp.checker.runner import check_files
from jax_lsp.project.cache import CACHE_DIR_NAME, ENV_CACHE_DIR, ENV_NO_CACHE, CacheSettings
from jax_lsp.project.discovery import ConfigResolver
from jax_lsp.server.runtime import cached_results
from jax_lsp.server.runtime.early import _FAULT_ENV
from tests.server.early_probe import DRIVE_FRONT
from tests.server.raw_server import PACKAGE_ROOT

REPO = Path(__file__).resolve().parents[2]
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
CAPABILITIES = {"general": {"positionEncodings": ["utf-16"]},
                "textDocument": {"publishDiagnostics": {"relatedInformation": True}}}
#: the analyser proper: the front never imports it, cache or not
ANALYSER = ("jax_lsp.analysis.engine", "jax_lsp.analysis.incremental",
            "jax_lsp.analysis.interp", "lsprotocol", "pygls.server", "libcst")

# `jax-lsp serve` up to `early.wait()`, over pipes standing in for the client's, with no
# analysis process: prints what the front published (None: nothing) and what it imported
_PROBE = r"""
import json, os, sys
from jax_lsp.server.runtime.early import EarlyLint
from jax_lsp.server.runtime.front import StdinFront

""" + DRIVE_FRONT + r"""
early.wait(open_wait=30)
if early.thread is not None:
    early.thread.join(60)
print(json.dumps({"published": early.published, "modules": sorted(sys.modules)}))
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project configured by its pyproject.toml, its cache in `.jax_lsp_cache`."""
    for name in (ENV_NO_CACHE, ENV_CACHE_DIR, _FAULT_ENV):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "pyproject.toml").write_text("[tool.jax-lsp]\n")
    (tmp_path / "main.py").write_text(MAIN)
    (tmp_path / "helpers.py").write_text(HELPERS)
    return tmp_path


def _check(root: Path) -> None:
    """`jax-lsp check main.py` with the cache on: the entry a new session finds."""
    path = root / "main.py"
    run = check_files([(path, ConfigResolver().for_path(path))], jobs=1, cwd=root,
                      cache=CacheSettings())
    assert [f.code for f in run.results[0].findings] == ["JAX001"]
    assert list((root / CACHE_DIR_NAME).rglob("*.json"))


def _front(root: Path, text: str | None = None) -> dict[str, Any]:
    """What a new session's front publishes for main.py opened with `text` (its file's by
    default), and what its process imported."""
    path = root / "main.py"
    text = path.read_text() if text is None else text
    env = {k: v for k, v in os.environ.items() if k not in (_FAULT_ENV, ENV_NO_CACHE)}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    out = subprocess.run(
        [sys.executable, "-c", _PROBE],
        input=json.dumps([root.as_uri(), path.as_uri(), text, CAPABILITIES]),
        capture_output=True, text=True, env=env, timeout=120, check=True, cwd=root).stdout
    ran = dict(json.loads(out))
    assert [m for m in ran["modules"] if m.startswith(ANALYSER)] == []
    return ran


def _codes(ran: dict[str, Any]) -> list[str] | None:
    published = ran["published"]
    return None if published is None else [d["code"] for d in published[2]]


def test_an_unchanged_file_is_published_from_the_cache(project: Path) -> None:
    assert _codes(_front(project)) is None  # nothing cached: the front cannot answer alone
    _check(project)
    ran = _front(project)
    uri, version, diagnostics = ran["published"]
    assert (uri, version) == ((project / "main.py").as_uri(), 1)
    assert [d["code"] for d in diagnostics] == ["JAX001"]
    # as the server reports it: the path step into the helper module
    assert diagnostics[0]["relatedInformation"][-1]["location"]["uri"] == \
        (project / "helpers.py").as_uri()


#: what a cached answer does without: OpenSSL (`hashlib` and `hmac` load it for algorithms the
#: cache never uses), the parser (import lookups are replayed, nothing is parsed) and the glob
#: compiler (the configuration has no patterns)
NOT_FOR_AN_ANSWER = ("_hashlib", "hashlib", "hmac", "jax_lsp.analysis.syntax",
                     "jax_lsp.project.globs")


def test_a_cached_answer_imports_neither_openssl_nor_the_parser(project: Path) -> None:
    _check(project)
    ran = _front(project)
    assert _codes(ran) == ["JAX001"]
    assert [m for m in ran["modules"] if m in NOT_FOR_AN_ANSWER] == []


def test_a_changed_file_is_never_answered_from_the_cache(project: Path) -> None:
    _check(project)
    changed = MAIN.replace("jnp.sum(squash(x))", "jnp.sum(x)")
    (project / "main.py").write_text(changed)
    assert _codes(_front(project)) is None
    # nor unsaved text other than the file's (the file is what was analysed)
    (project / "main.py").write_text(MAIN)
    assert _codes(_front(project, changed)) is None
    assert _codes(_front(project)) == ["JAX001"]


def test_a_changed_import_is_never_answered_from_the_cache(project: Path) -> None:
    _check(project)
    (project / "helpers.py").write_text(HELPERS.replace(
        "jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)", "x"))
    assert _codes(_front(project)) is None
    (project / "helpers.py").write_text(HELPERS)
    assert _codes(_front(project)) == ["JAX001"]
    # an import that now resolves to another file, of the same text: the module became a
    # package (only the replayed lookup tells)
    (project / "helpers").mkdir()
    (project / "helpers" / "__init__.py").write_text(HELPERS)
    (project / "helpers.py").unlink()
    assert _codes(_front(project)) is None


def test_a_changed_configuration_is_never_answered_from_the_cache(project: Path) -> None:
    _check(project)
    (project / "pyproject.toml").write_text(
        '[tool.jax-lsp]\nextra-callbacks = ["helpers.squash"]\n')
    assert _codes(_front(project)) is None


def test_select_and_severity_apply_to_a_cached_answer(project: Path) -> None:
    """What is cached is the finding list before select/ignore/severity: changing those is
    answered from the cache, configured as now."""
    _check(project)
    (project / "pyproject.toml").write_text('[tool.jax-lsp]\nseverity = { JAX001 = "info" }\n')
    ran = _front(project)
    assert [(d["code"], d["severity"]) for d in ran["published"][2]] == [("JAX001", 3)]
    (project / "pyproject.toml").write_text('[tool.jax-lsp]\nignore = ["JAX001"]\n')
    assert _codes(_front(project)) == []


@pytest.mark.parametrize("damage", ["truncated", "garbage", "unsigned"])
def test_a_corrupt_cache_file_is_a_miss_not_a_failure(project: Path, damage: str) -> None:
    _check(project)
    (bucket,) = (project / CACHE_DIR_NAME).rglob("*.json")
    data = bucket.read_bytes()
    signature, _, payload = data.partition(b"\n")
    bucket.write_bytes({
        "truncated": data[: len(data) // 2],
        "garbage": b"\x00\xff" * 1000,
        # a bucket of another key (e.g. one that came with the repository)
        "unsigned": b"0" * len(signature) + b"\n" + payload,
    }[damage])
    assert _codes(_front(project)) is None


def test_a_well_signed_entry_of_the_wrong_shape_is_a_miss(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry this user's key signed but that does not decode (e.g. written by another
    version of the format) is a miss too."""
    from jax_lsp.project import cache

    _check(project)
    (bucket,) = (project / CACHE_DIR_NAME).rglob("*.json")
    payload = json.loads(bucket.read_bytes().partition(b"\n")[2])
    (entry,) = payload["entries"].values()
    entry["findings"] = [["JAX001", "not a finding"]]
    bucket.write_bytes(cache._sign(json.dumps(payload).encode()))
    assert _codes(_front(project)) is None


def test_no_cache_turns_the_front_s_answer_off(project: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _check(project)
    monkeypatch.setenv(ENV_NO_CACHE, "1")
    env_probe = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)}
    path = project / "main.py"
    out = subprocess.run(
        [sys.executable, "-c", _PROBE],
        input=json.dumps([project.as_uri(), path.as_uri(), MAIN, CAPABILITIES]),
        capture_output=True, text=True, env=env_probe, timeout=120, check=True,
        cwd=project).stdout
    assert json.loads(out)["published"] is None
