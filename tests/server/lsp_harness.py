"""End-to-end harness: the real server (`python -m jax_lsp serve`) over stdio, driven by a
pytest-lsp client that speaks with the capabilities of Neovim (utf-8, pull diagnostics,
lazy code actions), VS Code (utf-16, push diagnostics, lazy code actions) or Emacs/eglot
(utf-32, push diagnostics, eager code actions).

Tests read like specifications: open a program, expect diagnostics, hover, code actions. The
helpers here compute every expected LSP position independently of the server's own conversion.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Union

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SERVER_COMMAND = [sys.executable, "-m", "jax_lsp", "serve"]
#: generous: under a loaded CI machine the server can take seconds to start and analyse
TIMEOUT = 30.0


@dataclass(frozen=True)
class Profile:
    """A client as the tests drive it."""

    name: str
    capabilities: types.ClientCapabilities
    encoding: str
    pull: bool
    lazy_edits: bool
    markdown: bool
    related_information: bool


def _profiles() -> dict[str, Profile]:
    nvim = client_capabilities("neovim@v0.11.0")
    vscode = client_capabilities("visual-studio-code")
    emacs = client_capabilities("emacs")
    return {
        "neovim": Profile("neovim", nvim, "utf-8", True, True, True, True),
        "vscode": Profile("vscode", vscode, "utf-16", False, True, True, True),
        "emacs": Profile("emacs", emacs, "utf-32", False, False, True, False),
    }


PROFILES = _profiles()


# -- the client ------------------------------------------------------------------------------


def _converter() -> Any:
    """pygls's converter, telling a code action that carries a command from a bare `Command`
    as clients do, by the type of `command` (lsprotocol 2025.0.0 reads any object with a
    `command` key as a `Command`, losing the action's edit)."""
    converter = default_converter()

    def action_or_command(obj: Any, _: type) -> types.Command | types.CodeAction:
        kind = types.Command if isinstance(obj.get("command"), str) else types.CodeAction
        return converter.structure(obj, kind)

    converter.register_structure_hook(types.Command | types.CodeAction, action_or_command)
    converter.register_structure_hook(
        Union[types.Command, types.CodeAction], action_or_command)  # noqa: UP007
    return converter


def make_client() -> LanguageClient:
    """pytest-lsp's client, also recording every publishDiagnostics (with its version), counting
    its answers to workspace/configuration and accepting client/registerCapability as real
    editors do."""
    client = LanguageClient(converter_factory=_converter)
    features = {
        method: fn
        for method, fn in DEFAULT_CLIENT_FEATURES.items()
        if method not in (types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, types.WORKSPACE_CONFIGURATION)
    }
    register_lsp_features(client, features)
    published: dict[str, list[types.PublishDiagnosticsParams]] = defaultdict(list)
    registrations: list[types.Registration] = []
    client.published = published  # type: ignore[attr-defined]
    client.registrations = registrations  # type: ignore[attr-defined]

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: types.PublishDiagnosticsParams) -> None:
        published[params.uri].append(params)
        client.diagnostics[params.uri] = params.diagnostics

    client.configuration_answers = 0  # type: ignore[attr-defined]
    answer_configuration = DEFAULT_CLIENT_FEATURES[types.WORKSPACE_CONFIGURATION]

    @client.feature(types.WORKSPACE_CONFIGURATION)
    def on_configuration(params: types.ConfigurationParams) -> list[Any]:
        answer = answer_configuration(client, params)
        client.configuration_answers += 1  # type: ignore[attr-defined]
        return answer

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def on_register(params: types.RegistrationParams) -> None:
        registrations.extend(params.registrations)

    return client


def server_config(env: dict[str, str] | None = None) -> ClientServerConfig:
    return ClientServerConfig(
        server_command=SERVER_COMMAND,
        client_factory=make_client,
        server_env={**os.environ, **(env or {})} if env else None,
    )


async def initialize(
    client: LanguageClient,
    profile: Profile,
    root: Path,
    initialization_options: Any = None,
) -> types.InitializeResult:
    """Initialize, and return once the server has pulled the editor settings, when the client
    can answer that: a document's first diagnostics may come from the stdin front before the
    server ran `initialized`, and a test that changes the settings before that pull was
    answered would have them reset by the answer (this client answers with nothing)."""
    result = await asyncio.wait_for(
        client.initialize_session(
            types.InitializeParams(
                capabilities=profile.capabilities,
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="ws")],
                initialization_options=initialization_options,
            )
        ),
        TIMEOUT,
    )
    workspace = profile.capabilities.workspace
    if workspace is not None and workspace.configuration:
        deadline = asyncio.get_running_loop().time() + TIMEOUT
        while not client.configuration_answers:  # type: ignore[attr-defined]
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError("the server never asked for its settings")
            await asyncio.sleep(0.01)
    return result


@dataclass
class Session:
    """A connected client, its profile and a private workspace directory."""

    client: LanguageClient
    profile: Profile
    root: Path

    _counter = 0

    def uri(self, name: str = "module.py") -> str:
        """A fresh document URI in this session's workspace."""
        Session._counter += 1
        return (self.root / f"d{Session._counter}" / name).as_uri()

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=version, text=text
                )
            )
        )

    def change(
        self, uri: str, version: int, edits: Sequence[tuple[types.Range, str]] | str
    ) -> None:
        """Incremental edits (range, new text), or the whole text when given a string."""
        if isinstance(edits, str):
            changes: list[Any] = [types.TextDocumentContentChangeWholeDocument(text=edits)]
        else:
            changes = [types.TextDocumentContentChangePartial(range=r, text=t) for r, t in edits]
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=changes,
            )
        )

    def close(self, uri: str) -> None:
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )

    async def diagnostics(self, uri: str, version: int) -> list[types.Diagnostic]:
        """The diagnostics of `version`: pulled, or waited for until pushed for that version."""
        if self.profile.pull:
            report = await asyncio.wait_for(
                self.client.text_document_diagnostic_async(
                    types.DocumentDiagnosticParams(
                        text_document=types.TextDocumentIdentifier(uri=uri)
                    )
                ),
                TIMEOUT,
            )
            assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
            return list(report.items)
        published = await self.wait_for_publish(uri, lambda p: p.version == version)
        return list(published.diagnostics)

    async def wait_for_publish(
        self, uri: str, accept: Callable[[types.PublishDiagnosticsParams], bool]
    ) -> types.PublishDiagnosticsParams:
        published = self.client.published[uri]  # type: ignore[attr-defined]
        deadline = asyncio.get_running_loop().time() + TIMEOUT
        while True:
            for p in published:
                if accept(p):
                    return p
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"no matching publishDiagnostics for {uri}: {published}")
            await asyncio.sleep(0.01)

    async def request(self, coro: Any) -> Any:
        return await asyncio.wait_for(coro, TIMEOUT)


# -- positions, computed independently of the server -----------------------------------------


def units(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def position(text: str, line: int, column: int, encoding: str) -> types.Position:
    """The LSP position of a 0-based line and code-point column of `text`."""
    line_text = text.split("\n")[line]
    return types.Position(line=line, character=units(line_text[:column], encoding))


def find(text: str, needle: str, encoding: str, occurrence: int = 0) -> types.Range:
    """The LSP range of the `occurrence`-th `needle` in `text`."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    before = text[:start]
    line = before.count("\n")
    col = start - (before.rfind("\n") + 1)
    end_col = col + len(needle)
    return types.Range(
        start=position(text, line, col, encoding), end=position(text, line, end_col, encoding)
    )


def to_offset(text: str, pos: types.Position, encoding: str) -> int:
    lines = text.split("\n")
    offset = sum(len(line) + 1 for line in lines[: pos.line])
    line_text = lines[pos.line] if pos.line < len(lines) else ""
    col = 0
    while col < len(line_text) and units(line_text[: col + 1], encoding) <= pos.character:
        col += 1
    return offset + col


def apply_text_edits(text: str, edits: Sequence[types.TextEdit], encoding: str) -> str:
    spans = [
        (to_offset(text, e.range.start, encoding), to_offset(text, e.range.end, encoding), e)
        for e in edits
    ]
    for start, end, edit in sorted(spans, key=lambda s: (s[0], s[1]), reverse=True):
        text = text[:start] + edit.new_text + text[end:]
    return text


def edits_of(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    """The edits of document `uri`; every other change creates a file (see `created_files`)."""
    created = created_files(edit)
    if edit.document_changes:
        out: list[types.TextEdit] = []
        for change in edit.document_changes:
            if isinstance(change, types.CreateFile) or change.text_document.uri in created:
                continue
            assert isinstance(change, types.TextDocumentEdit)
            assert change.text_document.uri == uri
            out.extend(e for e in change.edits if isinstance(e, types.TextEdit))
        return out
    assert edit.changes is not None
    return list(edit.changes[uri])


def created_files(edit: types.WorkspaceEdit) -> dict[str, str]:
    """The files `edit` creates (a `CreateFile`, then an edit filling it), by URI."""
    created: dict[str, str] = {}
    for change in edit.document_changes or []:
        if isinstance(change, types.CreateFile):
            created[change.uri] = ""
        elif isinstance(change, types.TextDocumentEdit) and change.text_document.uri in created:
            assert change.text_document.version is None
            created[change.text_document.uri] = apply_text_edits(
                created[change.text_document.uri],
                [e for e in change.edits if isinstance(e, types.TextEdit)], "utf-16")
    return created


def example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


# -- servers ---------------------------------------------------------------------------------


def client_fixture(scope: str) -> Any:
    """A fixture: one server per `scope` and client profile (tests use distinct documents)."""

    @pytest_lsp.fixture(config=server_config(), params=list(PROFILES), scope=scope)
    async def client(
        lsp_client: LanguageClient, request: pytest.FixtureRequest, tmp_path_factory: Any
    ) -> AsyncIterator[None]:
        profile = PROFILES[request.param]
        root = tmp_path_factory.mktemp(f"ws-{profile.name}")
        lsp_client.init_result = await initialize(lsp_client, profile, root)  # type: ignore[attr-defined]
        lsp_client.profile = profile  # type: ignore[attr-defined]
        lsp_client.root = root  # type: ignore[attr-defined]
        yield
        await asyncio.wait_for(lsp_client.shutdown_session(), TIMEOUT)

    return client


@asynccontextmanager
async def start_session(
    profile: Profile,
    root: Path,
    *,
    initialization_options: Any = None,
    env: dict[str, str] | None = None,
    capabilities: types.ClientCapabilities | None = None,
) -> AsyncIterator[Session]:
    """A server of its own, for tests that change what every document sees."""
    if capabilities is not None:
        profile = replace(profile, capabilities=capabilities)
    client = await server_config(env).start()
    try:
        client.init_result = await initialize(  # type: ignore[attr-defined]
            client, profile, root, initialization_options
        )
        yield Session(client, profile, root)
        await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
    finally:
        process = client._server
        if process is not None and process.returncode is None:
            process.kill()
        await asyncio.wait_for(client.stop(), TIMEOUT)
