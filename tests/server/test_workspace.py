"""Workspace analysis over LSP: a callback in another module of the workspace reaches the open
file, and editing that module (unsaved, in the editor) refreshes the open file's diagnostics."""

from __future__ import annotations

import asyncio

import pytest
from lsp_harness import PROFILES, Session, start_session

pytestmark = pytest.mark.asyncio(loop_scope="function")

MAIN = """\
import jax
import jax.numpy as jnp

from helpers import squash


def loss(x):
    return jnp.sum(squash(x))


print(jax.grad(loss)(jnp.ones(3)))
"""

HELPERS_CLEAN = """\
import jax.numpy as jnp


def squash(x):
    return jnp.tanh(x)
"""

HELPERS_HOST = """\
import jax
import numpy as np


def squash(x):
    return jax.pure_callback(np.tanh, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""


async def _diagnostics(session: Session, uri: str, version: int, count: int) -> list:
    """The diagnostics of `uri` once there are `count` of them (pulled, or pushed)."""
    if session.profile.pull:
        for _ in range(100):
            found = await session.diagnostics(uri, version)
            if len(found) == count:
                return found
            await asyncio.sleep(0.1)
        return found
    published = session.client.published[uri]  # type: ignore[attr-defined]
    await session.wait_for_publish(
        uri, lambda p: bool(published) and len(published[-1].diagnostics) == count
    )
    return list(published[-1].diagnostics)


@pytest.mark.parametrize("profile", ["neovim", "emacs"])
async def test_editing_a_helper_module_refreshes_its_importer(profile: str, tmp_path) -> None:
    (tmp_path / "main.py").write_text(MAIN, encoding="utf-8")
    (tmp_path / "helpers.py").write_text(HELPERS_CLEAN, encoding="utf-8")
    async with start_session(PROFILES[profile], tmp_path) as session:
        main_uri = (tmp_path / "main.py").as_uri()
        helpers_uri = (tmp_path / "helpers.py").as_uri()
        session.open(main_uri, MAIN)
        assert await _diagnostics(session, main_uri, 1, 0) == []

        # the helper gets a host callback, unsaved: the open importer is re-analysed
        session.open(helpers_uri, HELPERS_CLEAN)
        session.change(helpers_uri, 2, HELPERS_HOST)
        (diag,) = await _diagnostics(session, main_uri, 1, 1)
        assert diag.code == "JAX001"
        assert diag.range.start.line == 7  # `squash(x)` in loss, where the path leaves main.py
        assert "(in helpers.py:6)" in diag.message
        if session.profile.related_information:
            last = diag.related_information[-1]
            assert last.location.uri == helpers_uri
            assert last.location.range.start.line == 5

        # and back
        session.change(helpers_uri, 3, HELPERS_CLEAN)
        assert await _diagnostics(session, main_uri, 1, 0) == []
