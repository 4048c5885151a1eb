"""Diagnostics over LSP: pulled by Neovim, pushed (with the document version) to VS Code and
Emacs; ranges right in every position encoding; coalesced while typing; kept through a syntax
error; cleared on close."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate  # noqa: E402
from lsp_harness import Session, example, find, position  # noqa: E402
from lsprotocol import types  # noqa: E402

from jax_lsp.analysis import analyze_source  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="package")

HOST_ACTIVATION = example("train_with_host_activation.py")
LOGGING = example("logging_in_loss.py")

#: accents, CJK and an emoji (two UTF-16 units, four UTF-8 bytes) before the callback
NON_ASCII = """import jax
import jax.numpy as jnp


def _host(x):
    return x


def loss(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    tag, y = "é 世界 🎉", jax.pure_callback(_host, spec, x)
    return jnp.sum(y)


g = jax.grad(loss)(jnp.ones(3))
"""


async def test_open_reports_the_finding_with_its_path(session: Session) -> None:
    uri = session.uri("train.py")
    session.open(uri, HOST_ACTIVATION)
    [diag] = await session.diagnostics(uri, 1)
    enc = session.profile.encoding
    assert diag.code == "JAX001"
    assert diag.source == "jax-lsp"
    assert diag.severity == types.DiagnosticSeverity.Error
    assert diag.range == types.Range(
        start=find(HOST_ACTIVATION, "jax.pure_callback(", enc).start,
        end=find(HOST_ACTIVATION, '"broadcast_all")', enc).end,
    )
    assert "Pure callbacks do not support JVP" in diag.message
    assert diag.data["code"] == "JAX001" and diag.data["version"] == 1
    if session.profile.name == "vscode":
        assert diag.code_description is not None
        assert diag.code_description.href.endswith("#jax001")
    else:  # Neovim and Emacs do not declare codeDescriptionSupport
        assert diag.code_description is None
    if session.profile.related_information:
        assert diag.related_information is not None
        steps = [(r.message, r.location.range.start.line) for r in diag.related_information]
        # the differentiation site first, then each call down to the callback
        assert steps == [
            ("`jax.grad` differentiates here", 30),
            ("calls `loss`", 30),
            ("calls `predict`", 25),
            ("calls `softplus`", 21),
        ]
        assert all(r.location.uri == uri for r in diag.related_information)
    else:
        assert diag.related_information is None


async def test_non_ascii_text_before_the_callback(session: Session) -> None:
    enc = session.profile.encoding
    uri = session.uri("unicode.py")
    session.open(uri, NON_ASCII)
    [diag] = await session.diagnostics(uri, 1)
    assert diag.range == find(NON_ASCII, "jax.pure_callback(_host, spec, x)", enc)
    # widen the string on that line with an incremental edit right after the emoji
    anchor = find(NON_ASCII, "🎉", enc).end
    session.change(uri, 2, [(types.Range(start=anchor, end=anchor), " ünï 😀")])
    edited = NON_ASCII.replace("🎉", "🎉 ünï 😀")
    [diag] = await session.diagnostics(uri, 2)
    assert diag.range == find(edited, "jax.pure_callback(_host, spec, x)", enc)


async def test_push_carries_versions_and_pull_answers_unchanged(session: Session) -> None:
    uri = session.uri("logging.py")
    session.open(uri, LOGGING, version=7)
    [diag] = await session.diagnostics(uri, 7)
    assert diag.code == "JAX003"
    if session.profile.pull:
        first = await session.request(
            session.client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri))
            )
        )
        again = await session.request(
            session.client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(
                    text_document=types.TextDocumentIdentifier(uri),
                    previous_result_id=first.result_id,
                )
            )
        )
        assert isinstance(again, types.RelatedUnchangedDocumentDiagnosticReport)
        assert again.result_id == first.result_id
        assert uri not in session.client.published  # type: ignore[attr-defined]
    else:
        [published] = session.client.published[uri]  # type: ignore[attr-defined]
        assert published.version == 7


async def test_close_clears_pushed_diagnostics(session: Session) -> None:
    uri = session.uri("closing.py")
    session.open(uri, LOGGING)
    assert len(await session.diagnostics(uri, 1)) == 1
    session.close(uri)
    if session.profile.pull:
        report = await session.request(
            session.client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri))
            )
        )
        assert report.items == []
    else:
        cleared = await session.wait_for_publish(uri, lambda p: p.diagnostics == [])
        assert cleared.version is None


async def test_typing_fast_coalesces_and_ends_on_the_last_version(session: Session) -> None:
    """Keystrokes a few milliseconds apart: no backlog of analyses (each is linted at once,
    an analysis made stale is dropped: the versions published only increase), and the final
    diagnostics are those of the final text."""
    enc = session.profile.encoding
    uri = session.uri("typing.py")
    session.open(uri, LOGGING)
    await session.diagnostics(uri, 1)
    # type a comment, one character at a time, at the start of the line of the callback
    text = LOGGING
    line = LOGGING.split("\n").index(
        "    io_callback(_record, jax.ShapeDtypeStruct((), jnp.float32), value)  # EXPECT: JAX003"
    )
    typed = "x = 1  # é世🎉 typed"
    version = 1
    for i, ch in enumerate(typed):
        at = position(text, line, 4 + i, enc)
        version += 1
        session.change(uri, version, [(types.Range(start=at, end=at), ch)])
        text_lines = text.split("\n")
        text_lines[line] = text_lines[line][: 4 + i] + ch + text_lines[line][4 + i :]
        text = "\n".join(text_lines)
        await asyncio.sleep(0.003)
    # now `x = 1  # ...io_callback(...)` : the call became part of a comment
    assert await session.diagnostics(uri, version) == []
    if not session.profile.pull:
        versions = [p.version for p in session.client.published[uri]]  # type: ignore[attr-defined]
        assert versions == sorted(set(versions))
        assert versions[-1] == version


async def test_edits_of_a_large_module_are_right_and_confirmed(session: Session) -> None:
    """Edits of one function of a large module are analysed incrementally (the other entry
    points' findings carried over, moved down when lines are added above them) and confirmed by
    a full analysis once typing pauses: every published version equals what a full analysis of
    its text finds, and the confirmation publishes nothing new."""
    enc = session.profile.encoding
    uri = session.uri("large.py")
    text = generate(2_000)
    session.open(uri, text)
    await session.diagnostics(uri, 1)
    edits = [
        # the callback's operand no longer carries a tangent: one finding goes
        (
            "return host_call(_host_bad_4, jax.ShapeDtypeStruct(x.shape, x.dtype), x)",
            "return host_call(_host_bad_4, jax.ShapeDtypeStruct(x.shape, x.dtype), "
            "jax.lax.stop_gradient(x))",
        ),
        # two lines added in an early function: every later finding moves down
        (
            "    return np.tanh(np.asarray(x)).astype(np.float32)",
            "    y = np.asarray(x)\n    y = y + 0\n    return np.tanh(y).astype(np.float32)",
        ),
    ]
    version = 1
    for old, new in edits:
        at = text.index(old)
        rng = types.Range(
            start=position(text, text.count("\n", 0, at), at - text.rfind("\n", 0, at) - 1, enc),
            end=position(
                text,
                text.count("\n", 0, at + len(old)),
                at + len(old) - text.rfind("\n", 0, at + len(old)) - 1,
                enc,
            ),
        )
        version += 1
        session.change(uri, version, [(rng, new)])
        text = text[:at] + new + text[at + len(old) :]
        got = await session.diagnostics(uri, version)
        want = analyze_source(text, "large.py").findings
        assert [(d.code, d.range.start.line + 1, d.message) for d in got] == [
            (f.code, f.span.line, f.message) for f in want
        ]
    await asyncio.sleep(1.0)  # the confirmation runs
    assert [d.message for d in await session.diagnostics(uri, version)] == [f.message for f in want]
    if not session.profile.pull:
        last = [p for p in session.client.published[uri] if p.version == version]  # type: ignore[attr-defined]
        assert len(last) == 1, "the confirmation found the same and published nothing"


async def test_syntax_error_keeps_the_last_good_diagnostics(session: Session) -> None:
    enc = session.profile.encoding
    uri = session.uri("broken.py")
    session.open(uri, LOGGING)
    [good] = await session.diagnostics(uri, 1)
    # a half-typed definition above the finding: the module no longer parses
    top = types.Position(line=9, character=0)
    session.change(uri, 2, [(types.Range(start=top, end=top), "def broken(:\n")])
    [kept] = await session.diagnostics(uri, 2)
    assert kept.code == good.code and kept.message == good.message
    assert kept.range.start.line == good.range.start.line + 1
    assert kept.range.start.character == good.range.start.character
    # the edit reaches the finding's own line: nothing is reported there while broken
    call = find(LOGGING, "io_callback(_record", enc).start
    call = types.Position(line=call.line + 1, character=call.character)
    session.change(uri, 3, [(types.Range(start=call, end=call), "(")])
    assert await session.diagnostics(uri, 3) == []
    # fixed again: the analysis runs on the new text
    session.change(uri, 4, LOGGING)
    [fresh] = await session.diagnostics(uri, 4)
    assert fresh.range == good.range


async def test_unknown_document_gets_nothing(session: Session) -> None:
    if session.profile.pull:
        report = await session.request(
            session.client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(
                    text_document=types.TextDocumentIdentifier(session.uri("never-opened.py"))
                )
            )
        )
        assert report.items == []
    # an edit to a document that is not open is ignored, and the server goes on
    session.change(session.uri("never-opened.py"), 2, "x = 1\n")
    uri = session.uri("after.py")
    session.open(uri, LOGGING)
    assert len(await session.diagnostics(uri, 1)) == 1
