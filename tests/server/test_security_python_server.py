"""The language server never runs the interpreter a clone's configuration, its
initializationOptions or its settings name (issue 13): it still reports the finding."""

from __future__ import annotations

from pathlib import Path

import pytest
from evil_clone import SOURCE, make_evil_clone
from lsp_harness import PROFILES, start_session

pytestmark = pytest.mark.asyncio(loop_scope="function")


async def test_opening_a_file_of_a_clone_runs_nothing(tmp_path: Path) -> None:
    repo, marker = make_evil_clone(tmp_path)
    options = {"jax-lsp": {"python": str(repo / ".venv")}}
    async with start_session(PROFILES["vscode"], repo, initialization_options=options) as own:
        uri = (repo / "a.py").as_uri()
        own.open(uri, SOURCE)
        assert [d.code for d in await own.diagnostics(uri, 1)] == ["JAX001"]
    assert not marker.exists()
