"""A repository's pathological pyproject.toml (issue 35, item 3): nested 1,000 levels deep, or
with a dotted key of 20,000 parts, it used to kill the configuration lookup (RecursionError,
or minutes of tomllib); the server published nothing and never answered hover. Now the file is
refused with a message naming it, the defaults apply, and every request is answered."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_harness import PROFILES, Session, example, find, start_session
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="function")

HOST_ACTIVATION = example("train_with_host_activation.py")

HOSTILE = {
    "nested": "[tool.jax-lsp]\nselect = " + "[" * 1000 + "]" * 1000 + "\n",
    "inline-tables": "[tool.jax-lsp]\nseverity = " + "{a = " * 1000 + "1" + "}" * 1000 + "\n",
    "dotted-key": "[tool.jax-lsp]\n" + ".".join(["a"] * 20_000) + " = 1\n",
}


@pytest.mark.parametrize("kind", list(HOSTILE))
async def test_a_pathological_pyproject_is_refused_and_the_server_answers(
    tmp_path: Path, kind: str
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    pyproject = project / "pyproject.toml"
    pyproject.write_text(HOSTILE[kind], encoding="utf-8")
    async with start_session(PROFILES["vscode"], project) as session:
        uri = (project / "train.py").as_uri()
        session.open(uri, HOST_ACTIVATION)
        [diag] = await session.diagnostics(uri, 1)  # the defaults: every code reported
        assert diag.code == "JAX001"
        answer = await hover(session, uri, find(HOST_ACTIVATION, "pure_callback(_host",
                                                session.profile.encoding).start)
        assert answer is not None and "JAX001" in str(answer.contents)
        messages = [m.message for m in session.client.messages]
        assert any(str(pyproject) in m and "using the defaults" in m for m in messages), \
            messages


async def hover(session: Session, uri: str, pos: types.Position) -> types.Hover | None:
    return await session.request(
        session.client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri), position=pos)
        )
    )


async def test_a_document_too_deep_for_pythons_parser_holds_up_nothing(tmp_path: Path) -> None:
    """100,000 unary minuses in a row: CPython's parser gives up with MemoryError (not a
    SyntaxError). The document is a syntax error (the server leaves those to the editor's
    Python support: no diagnostics), and the documents opened after it get theirs."""
    async with start_session(PROFILES["vscode"], tmp_path) as session:
        deep = (tmp_path / "deep.py").as_uri()
        session.open(deep, "x = " + "-" * 100_000 + "1\n")
        assert await session.diagnostics(deep, 1) == []
        other = (tmp_path / "train.py").as_uri()
        session.open(other, HOST_ACTIVATION)
        assert [d.code for d in await session.diagnostics(other, 1)] == ["JAX001"]
