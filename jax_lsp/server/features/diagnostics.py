"""Delivering diagnostics: pulled (``textDocument/diagnostic``) by clients that support it,
pushed (``textDocument/publishDiagnostics``, with the document version) to the others.
Notebook cells get theirs from their notebook's report (see `notebooks`), pulled or pushed alike.

A pull waits for the report of the version the document is at when the request arrives (or a
later one), and answers ``unchanged`` when the client already has that report. A push happens
for every report the scheduler accepts; closing a document pushes an empty list.
"""

from __future__ import annotations

import json
from functools import partial
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jax_lsp.server.runtime.errors import guarded
from jax_lsp.server.session.lint import SOURCE, Report

if TYPE_CHECKING:
    from jax_lsp.server.server import JaxLanguageServer

__all__ = ["as_json", "clear", "prepare", "publish", "publish_cell", "register"]

#: seconds a pull waits for the analysis before answering with what there is
PULL_TIMEOUT = 30.0


def publish(server: JaxLanguageServer, report: Report) -> None:
    """Push a report's diagnostics, as the JSON text the analysis thread made (lsprotocol's
    objects, or even the JSON's objects, turned into text here on the event loop took
    milliseconds per keystroke on a large module)."""
    server.protocol.notify_text(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, report.publish_params)


def prepare(server: JaxLanguageServer) -> None:
    """Have the protocol's converter build its (un)structuring functions for what delivering
    diagnostics sends, now (e.g. while the first analysis runs): the first time it meets a type
    it builds them, tens of milliseconds the first diagnostics would otherwise wait for."""
    position = types.Position(line=0, character=0)
    where = types.Range(start=position, end=position)
    diagnostic = types.Diagnostic(
        range=where,
        message="",
        severity=types.DiagnosticSeverity.Error,
        code="",
        code_description=types.CodeDescription(href="https://example.invalid"),
        source=SOURCE,
        related_information=[types.DiagnosticRelatedInformation(
            location=types.Location(uri="file:///", range=where), message="")],
        data={"uri": "file:///", "version": 0, "code": "", "span": [0, 0, 0, 0]},
    )
    protocol = server.protocol
    # the messages as pygls sends them (`notify`, `_send_response`)
    params = types.PublishDiagnosticsParams(uri="file:///", diagnostics=[diagnostic], version=0)
    notification = types.PublishDiagnosticsNotification(params=params)
    json.dumps(notification, default=protocol._serialize_message)
    report = types.RelatedFullDocumentDiagnosticReport(items=[diagnostic], result_id="0")
    response = types.DocumentDiagnosticResponse(id=0, result=report)
    json.dumps(response, default=protocol._serialize_message)


def as_json(server: JaxLanguageServer, report: Report) -> list[dict[str, Any]]:
    """The report's diagnostics as the JSON `publish` sends (a copy)."""
    return json.loads(json.dumps(list(report.diagnostics_json)))


def publish_cell(
    server: JaxLanguageServer, uri: str, items: list[types.Diagnostic], version: int
) -> None:
    """The diagnostics of one notebook cell (from its notebook's report)."""
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=items, version=version)
    )


def clear(server: JaxLanguageServer, uri: str) -> None:
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
    )


def _empty() -> types.RelatedFullDocumentDiagnosticReport:
    return types.RelatedFullDocumentDiagnosticReport(items=[])


async def _pull_cell(
    server: JaxLanguageServer,
    params: types.DocumentDiagnosticParams,
) -> types.RelatedFullDocumentDiagnosticReport | types.RelatedUnchangedDocumentDiagnosticReport:
    """A notebook cell's diagnostics: those of its notebook's report of the current
    revision (or a later one), in the cell."""
    session = server.session
    uri = params.text_document.uri
    notebook = session.notebooks.of_cell(uri)
    if notebook is None:
        return _empty()
    report = await session.scheduler.wait_for(notebook.uri, notebook.revision, PULL_TIMEOUT)
    if report is None:
        return _empty()
    result_id, items = session.cell_diagnostics(uri)
    if result_id is not None and params.previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=result_id)


@guarded(types.TEXT_DOCUMENT_DIAGNOSTIC, _empty)
async def pull(
    server: JaxLanguageServer,
    params: types.DocumentDiagnosticParams,
) -> types.RelatedFullDocumentDiagnosticReport | types.RelatedUnchangedDocumentDiagnosticReport:
    session = server.session
    await session.configuration_settled()
    notebook = session.notebooks.of_cell(params.text_document.uri)
    if notebook is not None:
        return await _pull_cell(server, params)
    doc = session.documents.get(params.text_document.uri)
    if doc is None:
        return _empty()
    report = await session.scheduler.wait_for(doc.uri, doc.version, PULL_TIMEOUT)
    if report is None:
        return _empty()
    if params.previous_result_id is not None and params.previous_result_id == report.result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=report.result_id)
    return types.RelatedFullDocumentDiagnosticReport(
        items=list(report.diagnostics), result_id=report.result_id
    )


def register(server: JaxLanguageServer) -> None:
    server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(
            identifier=SOURCE, inter_file_dependencies=False, workspace_diagnostics=False
        ),
    )(partial(pull, server))
