"""The first workspace scan: the workspace's modules are parsed into the analysis process's
index in the background, with `$/progress` for clients that declare `window.workDoneProgress`,
skipping what `jax-lsp check` skips; a client without progress support gets none."""

from __future__ import annotations

import asyncio
from pathlib import Path

import attrs
import pytest
from lsp_harness import PROFILES, TIMEOUT, start_session
from lsprotocol import types

from jax_lsp.project.config import Config
from jax_lsp.server.features.scan import workspace_modules

asyncio_test = pytest.mark.asyncio(loop_scope="function")

OPS = """\
import jax
import numpy as np


def squash(x):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""

MAIN = """\
import jax
import jax.numpy as jnp

from pkg import squash


def loss(x):
    return jnp.sum(squash(x))


print(jax.grad(loss)(jnp.ones(3)))
"""


def _project(root: Path) -> None:
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("from .ops import squash\n")
    (root / "pkg" / "ops.py").write_text(OPS)
    (root / "main.py").write_text(MAIN)
    # what the scan must skip: a virtual environment, a build directory, an `exclude` match
    for skipped in (".venv/lib/site.py", "build/lib/copy.py", "generated/big.py"):
        (root / skipped).parent.mkdir(parents=True, exist_ok=True)
        (root / skipped).write_text("x = 1\n")
    (root / "pyproject.toml").write_text('[tool.jax-lsp]\nexclude = ["generated"]\n')


def test_the_scan_lists_what_check_would_check(tmp_path: Path) -> None:
    _project(tmp_path)
    modules = workspace_modules(tmp_path, lambda p: Config.discover(p.parent if p else tmp_path))
    assert [p.relative_to(tmp_path).as_posix() for p in modules] == [
        "main.py",
        "pkg/__init__.py",
        "pkg/ops.py",
    ]


async def _progress_end(client, timeout: float = TIMEOUT) -> list:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        for reports in client.progress_reports.values():
            if reports and isinstance(reports[-1], types.WorkDoneProgressEnd):
                return reports
        await asyncio.sleep(0.05)
    raise AssertionError(f"no finished progress: {client.progress_reports}")


@asyncio_test
@pytest.mark.parametrize("profile", ["vscode", "neovim"])
async def test_the_first_scan_reports_progress(tmp_path: Path, profile: str) -> None:
    _project(tmp_path)
    async with start_session(PROFILES[profile], tmp_path) as session:
        reports = await _progress_end(session.client)
        begin, *middle, end = reports
        assert isinstance(begin, types.WorkDoneProgressBegin)
        assert begin.title == "jax-lsp" and begin.message == "Indexing 3 modules"
        assert all(isinstance(r, types.WorkDoneProgressReport) for r in middle)
        assert middle and middle[-1].percentage == 100
        assert end.message is not None and end.message.startswith("Indexed 3 modules in ")
        # the index serves the analysis: the callback in pkg/ops.py reaches main.py
        uri = (tmp_path / "main.py").as_uri()
        session.open(uri, MAIN)
        [diag] = await session.diagnostics(uri, 1)
        assert diag.code == "JAX001"
        assert "ops.py" in {Path(r.location.uri).name for r in diag.related_information or []}


@asyncio_test
async def test_a_module_too_deep_to_parse_does_not_stop_the_scan(tmp_path: Path) -> None:
    _project(tmp_path)
    (tmp_path / "a_deep.py").write_text("y = " + " + ".join(["x"] * 20_000) + "\n")
    async with start_session(PROFILES["vscode"], tmp_path) as session:
        *_, end = await _progress_end(session.client)
        assert end.message is not None and end.message.startswith("Indexed 3 modules in ")


@asyncio_test
async def test_no_progress_without_client_support(tmp_path: Path) -> None:
    _project(tmp_path)
    profile = PROFILES["emacs"]
    capabilities = attrs.evolve(
        profile.capabilities,
        window=types.WindowClientCapabilities(work_done_progress=False),
    )
    async with start_session(profile, tmp_path, capabilities=capabilities) as session:
        uri = (tmp_path / "main.py").as_uri()
        session.open(uri, MAIN)
        # the server may still be starting: it answers `initialize` before its imports
        for _ in range(int(TIMEOUT / 0.05)):
            published = session.client.published[uri]  # type: ignore[attr-defined]
            if published and published[-1].diagnostics:
                break
            await asyncio.sleep(0.05)
        assert [d.code for d in published[-1].diagnostics] == ["JAX001"]
        assert session.client.progress_reports == {}


def test_the_scan_skips_open_files_and_stops_at_its_budget(tmp_path: Path, monkeypatch) -> None:
    from jax_lsp.server.features import scan

    modules = []
    for i in range(10):
        path = tmp_path / f"m{i}.py"
        path.write_text("x = 1\n" * 100)  # 600 bytes
        modules.append(path)
    monkeypatch.setattr(scan, "MAX_BYTES", 3_000)
    chosen = scan.within_budget(modules, skip={modules[0]})
    assert chosen == modules[1:6]  # five files of 600 bytes; the open one left to its buffer
    monkeypatch.setattr(scan, "MAX_MODULES", 2)
    assert scan.within_budget(modules, skip=set()) == modules[:2]


def test_the_parse_cache_keeps_to_its_budget(tmp_path: Path, monkeypatch) -> None:
    from jax_lsp.analysis import workspace

    monkeypatch.setattr(workspace, "MAX_CACHED_CHARS", 2_500)
    ws = workspace.Workspace(roots=[tmp_path])
    paths = []
    for i in range(5):
        path = tmp_path / f"m{i}.py"
        path.write_text(f"x{i} = 1\n" * 100)  # 700 characters
        paths.append(path)
        assert ws.parse(path) is not None
    assert ws.cached_chars <= 2_500
    assert ws.parse(paths[0]) is not None  # parsed again (it was the least recently used)
    assert ws.cached_chars == sum(
        p.size for p in ws._cache.values()
    ) and ws.cached_chars <= 2_500


def test_listing_the_whole_filesystem_stops_at_its_budget(monkeypatch) -> None:
    """`/` as the workspace root: the listing ends (unreadable directories such as
    /proc/1/fdinfo are skipped, not fatal) and the scan gives up instead of walking it all."""
    import time

    from jax_lsp.server.features import scan

    monkeypatch.setattr(scan, "MAX_DIRECTORIES", 300)
    start = time.monotonic()
    with pytest.raises(scan.WorkspaceTooLarge, match="too large to index"):
        workspace_modules(Path("/"), lambda p: Config())
    assert time.monotonic() - start < 10
    monkeypatch.setattr(scan, "MAX_DIRECTORIES", 10**9)
    monkeypatch.setattr(scan, "MAX_LISTING_SECONDS", 0.5)
    start = time.monotonic()
    with pytest.raises(scan.WorkspaceTooLarge):
        workspace_modules(Path("/"), lambda p: Config())
    assert time.monotonic() - start < 10
