"""Configuration: ``[tool.jax-lsp]`` from the workspace's pyproject.toml (re-read when the
client reports it changed), overridden by initializationOptions, overridden in turn by the
editor's settings (didChangeConfiguration, or pulled with workspace/configuration)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsp_harness import Session, client_fixture, example, start_session
from lsprotocol import types

pytestmark = pytest.mark.asyncio(loop_scope="module")

#: these tests change what every document of the server sees: a server per module, not shared
client = client_fixture("module")

HOST_ACTIVATION = example("train_with_host_activation.py")
LOGGING = example("logging_in_loss.py")


def mark(session: Session) -> dict[str, int]:
    """How many publishes each document has had so far."""
    return {uri: len(p) for uri, p in session.client.published.items()}  # type: ignore[attr-defined]


async def fresh_diagnostics(
    session: Session, uri: str, version: int, before: dict[str, int]
) -> list[types.Diagnostic]:
    """Diagnostics after a configuration change: re-pulled, or the first push for `uri` since
    `before` (a `mark`)."""
    if session.profile.pull:
        return await session.diagnostics(uri, version)
    seen = before.get(uri, 0)
    published = session.client.published[uri]  # type: ignore[attr-defined]
    await session.wait_for_publish(uri, lambda p: len(published) > seen)
    return list(published[seen].diagnostics)


def settings_changed(session: Session, settings: object) -> dict[str, int]:
    before = mark(session)
    session.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=settings)
    )
    return before


async def test_editor_settings_override_and_reset(session: Session) -> None:
    uri = session.uri("logging.py")
    session.open(uri, LOGGING)
    assert [d.code for d in await session.diagnostics(uri, 1)] == ["JAX003"]
    before = settings_changed(session, {"jax-lsp": {"ignore": ["JAX003"], "path": "/x"}})
    assert await fresh_diagnostics(session, uri, 1, before) == []
    # settings without a jax-lsp section: the server asks with workspace/configuration,
    # which this client answers with nothing: back to the defaults
    before = settings_changed(session, None)
    assert [d.code for d in await fresh_diagnostics(session, uri, 1, before)] == ["JAX003"]


async def test_settings_pulled_with_workspace_configuration(session: Session) -> None:
    uri = session.uri("pulled.py")
    session.open(uri, HOST_ACTIVATION)
    [diag] = await session.diagnostics(uri, 1)
    assert diag.severity == types.DiagnosticSeverity.Error
    session.client.set_configuration({"severity": {"JAX001": "warning"}}, section="jax-lsp")
    try:
        before = settings_changed(session, {})
        [diag] = await fresh_diagnostics(session, uri, 1, before)
        assert diag.severity == types.DiagnosticSeverity.Warning
    finally:
        session.client.set_configuration({}, section="jax-lsp")
        before = settings_changed(session, {})
        [diag] = await fresh_diagnostics(session, uri, 1, before)
        assert diag.severity == types.DiagnosticSeverity.Error


async def test_invalid_settings_are_reported_and_ignored(session: Session) -> None:
    uri = session.uri("invalid.py")
    session.open(uri, LOGGING)
    await session.diagnostics(uri, 1)
    before = settings_changed(session, {"jax-lsp": {"select": ["NOPE"], "ignore": ["JAX003"]}})
    assert await fresh_diagnostics(session, uri, 1, before) == []  # the valid key still applies
    messages = [m.message for m in session.client.messages]
    assert any("unknown rule selector 'NOPE'" in m for m in messages), messages
    before = settings_changed(session, None)
    assert len(await fresh_diagnostics(session, uri, 1, before)) == 1


def write_pyproject(directory: Path, body: str) -> Path:
    path = directory / "pyproject.toml"
    path.write_text(f'[project]\nname = "demo"\n\n[tool.jax-lsp]\n{body}\n', encoding="utf-8")
    return path


async def test_pyproject_is_read_and_reloaded_when_it_changes(
    session: Session, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    pyproject = write_pyproject(project, 'ignore = ["JAX003"]\nexclude = ["generated_*.py"]')
    uri = (project / "pkg" / "train.py").as_uri()
    session.open(uri, LOGGING)
    assert await session.diagnostics(uri, 1) == []
    excluded = (project / "pkg" / "generated_model.py").as_uri()
    session.open(excluded, HOST_ACTIVATION)
    assert await session.diagnostics(excluded, 1) == []
    if session.profile.name in ("vscode", "emacs"):  # both allow dynamic registration
        watchers = [
            w["globPattern"]
            for r in session.client.registrations  # type: ignore[attr-defined]
            if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
            for w in r.register_options["watchers"]  # type: ignore[index]
        ]
        assert watchers == ["**/pyproject.toml", "**/*.py"]
    write_pyproject(project, 'severity = { JAX003 = "info" }')
    before = mark(session)
    session.client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=pyproject.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    [diag] = await fresh_diagnostics(session, uri, 1, before)
    assert diag.code == "JAX003"
    assert diag.severity == types.DiagnosticSeverity.Information


async def test_initialization_options_sit_between_pyproject_and_settings(
    session: Session, tmp_path: Path
) -> None:
    if session.profile.name != "vscode":
        pytest.skip("the layering does not depend on the client; one profile is enough")
    project = tmp_path / "layers"
    project.mkdir()
    write_pyproject(project, 'ignore = ["JAX001"]\nseverity = { JAX003 = "info" }')
    options = {"jax-lsp": {"ignore": [], "severity": {"JAX003": "warning"}}}
    async with start_session(session.profile, project, initialization_options=options) as own:
        train = (project / "train.py").as_uri()
        own.open(train, HOST_ACTIVATION)
        # initializationOptions replace the pyproject's `ignore`
        assert [d.code for d in await own.diagnostics(train, 1)] == ["JAX001"]
        logging_uri = (project / "logging.py").as_uri()
        own.open(logging_uri, LOGGING)
        [diag] = await own.diagnostics(logging_uri, 1)
        assert diag.severity == types.DiagnosticSeverity.Warning
        # the editor's settings win over both
        before = settings_changed(own, {"jaxLsp": {"severity": {"JAX003": "error"}}})
        [diag] = await fresh_diagnostics(own, logging_uri, 1, before)
        assert diag.severity == types.DiagnosticSeverity.Error


async def test_pyproject_change_is_seen_without_file_watching(
    session: Session, tmp_path: Path
) -> None:
    """Clients that watch no files (Neovim on Linux, Helix) send no didChangeWatchedFiles: the
    server notices the edit of pyproject.toml itself, and a pyproject.toml created above."""
    project = tmp_path / "unwatched"
    (project / "pkg").mkdir(parents=True)
    write_pyproject(project, 'ignore = ["JAX003"]')
    uri = (project / "pkg" / "train.py").as_uri()
    session.open(uri, LOGGING)
    assert await session.diagnostics(uri, 1) == []
    before = mark(session)
    write_pyproject(project, "ignore = []  # now every code")
    assert await diagnostics_become(session, uri, before, ["JAX003"])
    before = mark(session)
    write_pyproject(project / "pkg", 'ignore = ["JAX003"]')  # a nearer one appears
    assert await diagnostics_become(session, uri, before, [])


async def diagnostics_become(
    session: Session, uri: str, before: dict[str, int], codes: list[str]
) -> bool:
    """Whether the document's diagnostics come to have `codes` within 10 s: pushed, or, for a
    pulling client, in a pull (the server asks such clients to refresh when they allow it)."""
    if not session.profile.pull:
        return [d.code for d in await fresh_diagnostics(session, uri, 1, before)] == codes
    for _ in range(40):
        if [d.code for d in await session.diagnostics(uri, 1)] == codes:
            return True
        await asyncio.sleep(0.25)
    return False


def test_editor_settings_declare_the_environment(tmp_path: Path) -> None:
    """`environment` from the editor's settings reaches the analysis (any spelling of the
    key, nested or not); a value that is not a string is reported, not used."""
    from jax_lsp.server.session.configuration import Configuration

    problems: list[str] = []
    conf = Configuration(problems.append)
    conf.set_editor_settings({"jaxLsp": {"environment": {"STRICT_ORDER": "0"}}})
    assert dict(conf.for_path(tmp_path / "a.py").analysis_config().environment) == {
        "STRICT_ORDER": "0"}
    conf.set_editor_settings({"environment": {"STRICT_ORDER": 0}})
    assert dict(conf.for_path(tmp_path / "a.py").analysis_config().environment) == {}
    assert any("STRICT_ORDER must be a string" in p for p in problems)


def test_editor_settings_declare_the_command_line(tmp_path: Path) -> None:
    """`argv` from the editor's settings reaches the analysis; a value that is not a list of
    strings is reported, not used."""
    from jax_lsp.server.session.configuration import Configuration

    problems: list[str] = []
    conf = Configuration(problems.append)
    conf.set_editor_settings({"jaxLsp": {"argv": ["--ordered", "replay"]}})
    assert conf.for_path(tmp_path / "a.py").analysis_config().argv == ("--ordered", "replay")
    conf.set_editor_settings({"argv": "--ordered"})
    assert conf.for_path(tmp_path / "a.py").analysis_config().argv == ()
    assert any("must be a list of strings" in p for p in problems)
