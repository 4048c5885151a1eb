"""What the client can do, read once from its ``initialize`` capabilities.

Every handler asks this profile instead of walking `ClientCapabilities`, so the differences
between editors (pull or push diagnostics, lazy or eager code action edits, Markdown hovers,
related information, ...) are decided in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lsprotocol import types
from pygls.capabilities import get_capability

__all__ = ["ClientProfile"]


def _has(caps: types.ClientCapabilities, path: str) -> bool:
    return bool(get_capability(caps, path, False))


@dataclass(frozen=True)
class ClientProfile:
    #: the negotiated position encoding ("utf-8", "utf-16" or "utf-32")
    encoding: str = types.PositionEncodingKind.Utf16.value
    #: the client pulls diagnostics (textDocument/diagnostic); otherwise the server pushes them
    pull_diagnostics: bool = False
    #: the client can be asked to re-pull diagnostics (workspace/diagnostic/refresh)
    diagnostic_refresh: bool = False
    related_information: bool = False
    code_description: bool = False
    #: hover contents in Markdown (else plain text)
    markdown_hover: bool = False
    #: code actions may leave `edit` out and fill it in codeAction/resolve
    resolve_edit: bool = False
    #: code actions may leave `command` out and fill it in codeAction/resolve too (lsp-mode
    #: resolves only an action that has neither an edit nor a command)
    resolve_command: bool = False
    #: workspace edits as versioned `documentChanges` (else the `changes` map)
    document_changes: bool = False
    #: the client accepts client/registerCapability for workspace/didChangeWatchedFiles
    watched_files_registration: bool = False
    #: the client answers workspace/configuration
    configuration_request: bool = False
    #: the client shows server-initiated `$/progress` (window/workDoneProgress/create)
    work_done_progress: bool = False

    @classmethod
    def from_capabilities(cls, caps: types.ClientCapabilities, encoding: str) -> ClientProfile:
        formats: Any = get_capability(caps, "text_document.hover.content_format", None) or []
        resolve_props: Any = (
            get_capability(caps, "text_document.code_action.resolve_support.properties", None) or []
        )
        return cls(
            encoding=str(encoding),
            pull_diagnostics=get_capability(caps, "text_document.diagnostic", None) is not None,
            diagnostic_refresh=_has(caps, "workspace.diagnostics.refresh_support"),
            related_information=_has(caps, "text_document.publish_diagnostics.related_information"),
            code_description=_has(
                caps, "text_document.publish_diagnostics.code_description_support"
            ),
            markdown_hover=bool(formats) and formats[0] == types.MarkupKind.Markdown,
            resolve_edit="edit" in resolve_props,
            resolve_command="command" in resolve_props,
            document_changes=_has(caps, "workspace.workspace_edit.document_changes"),
            watched_files_registration=_has(
                caps, "workspace.did_change_watched_files.dynamic_registration"
            ),
            configuration_request=_has(caps, "workspace.configuration"),
            work_done_progress=_has(caps, "window.work_done_progress"),
        )
