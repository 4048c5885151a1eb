"""Hover: the catalog's explanation on a diagnostic's range (with this finding's path), on a code
inside a suppression comment; Markdown or plain text as the client prefers; nothing (never an
error) for positions with nothing to say or outside the document."""

from __future__ import annotations

import pytest
from lsp_harness import Session, example, find
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="package")

HOST_ACTIVATION = example("train_with_host_activation.py")

SUPPRESSED = """import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def loss(w):
    value = jnp.sum(w**2)
    io_callback(print, None, value)  # noqa: E501, JAX003  # jax-lsp: ignore[JAX001]
    return value


g = jax.grad(loss)(jnp.ones(3))
"""


async def hover(session: Session, uri: str, pos: types.Position) -> types.Hover | None:
    return await session.request(
        session.client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri), position=pos)
        )
    )


async def test_hover_on_a_finding_explains_it(session: Session) -> None:
    enc = session.profile.encoding
    uri = session.uri("train.py")
    session.open(uri, HOST_ACTIVATION)
    [diag] = await session.diagnostics(uri, 1)
    inside = find(HOST_ACTIVATION, "pure_callback(_host", enc).start
    result = await hover(session, uri, inside)
    assert result is not None
    assert result.range == diag.range
    assert isinstance(result.contents, types.MarkupContent)
    text = result.contents.value
    assert "JAX001" in text and "Pure callbacks do not support JVP" in text
    assert "pure-callback-jvp" in text  # the catalog entry
    # this finding's path, the differentiation site first
    assert text.index("`jax.grad` differentiates here") < text.index("calls `softplus`")
    assert "line 31" in text
    if session.profile.markdown:
        assert result.contents.kind == types.MarkupKind.Markdown
        assert "**JAX001**" in text


async def test_no_hover_where_nothing_is_reported(session: Session) -> None:
    uri = session.uri("train.py")
    session.open(uri, HOST_ACTIVATION)
    await session.diagnostics(uri, 1)
    assert await hover(session, uri, types.Position(line=0, character=0)) is None


async def test_hover_on_a_code_in_a_suppression_comment(session: Session) -> None:
    enc = session.profile.encoding
    uri = session.uri("suppressed.py")
    session.open(uri, SUPPRESSED)
    assert await session.diagnostics(uri, 1) == []  # suppressed by the noqa
    on_code = find(SUPPRESSED, "JAX003", enc)
    result = await hover(session, uri, on_code.start)
    assert result is not None
    assert result.range == on_code
    assert "JAX003" in result.contents.value  # type: ignore[union-attr]
    assert "IO callbacks do not support JVP" in result.contents.value  # type: ignore[union-attr]
    on_other = find(SUPPRESSED, "JAX001", enc)
    result = await hover(session, uri, on_other.end)
    assert result is not None and "JAX001" in result.contents.value  # type: ignore[union-attr]
    # another tool's code: nothing to say
    assert await hover(session, uri, find(SUPPRESSED, "E501", enc).start) is None


async def test_out_of_range_and_unknown_documents(session: Session) -> None:
    uri = session.uri("train.py")
    session.open(uri, HOST_ACTIVATION)
    await session.diagnostics(uri, 1)
    assert await hover(session, uri, types.Position(line=10_000, character=0)) is None
    # a character past the end of a line means the end of the line
    line = find(HOST_ACTIVATION, "jax.pure_callback(", "utf-32").start.line
    result = await hover(session, uri, types.Position(line=line, character=10_000))
    assert result is None
    assert (
        await hover(session, session.uri("unknown.py"), types.Position(line=0, character=0)) is None
    )
