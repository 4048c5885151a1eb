"""Which configuration applies to a document, and the LSP messages that change it.

Precedence, lowest to highest (a higher layer replaces the keys it sets, whole; keys it does not
set keep the lower layer's value):

1. the built-in defaults (every code, default severities);
2. the ``[tool.jax-lsp]`` table of the nearest ``pyproject.toml`` at or above the document's
   directory (a document that is not a file uses the workspace root's); re-read when the client
   reports a ``pyproject.toml`` changed (``workspace/didChangeWatchedFiles``, which the server
   registers for ``**/pyproject.toml`` when the client allows dynamic registration), and when
   the server itself sees one change: it looks at the ``pyproject.toml`` files it read or
   looked for every `PYPROJECT_POLL_SECONDS` (a few `stat` calls), since some clients watch no
   files (Neovim on Linux, Helix);
3. ``initializationOptions`` of the ``initialize`` request;
4. the editor settings: those of the last ``workspace/didChangeConfiguration``, or, when that
   carries none, the ``jax-lsp`` section the server then asks for with
   ``workspace/configuration`` (also asked once after ``initialized``).

Above all layers, the user's own choice of interpreter (``jax-lsp serve --python PATH``,
``JAX_LSP_PYTHON``, ``--trust-project-python``), made outside any repository, decides whether
the ``python`` setting may be run; no layer can (editor settings may come from a workspace's
``.vscode/settings.json``, so they are as untrusted as ``pyproject.toml``; see docs/security.md).

Layers 3 and 4 take the keys of ``[tool.jax-lsp]`` (``select``, ``ignore``, ``exclude``,
``severity``, ``extra-callbacks``, ``extra-transforms``; kebab-, snake- or camelCase), either at
top level or under a ``"jax-lsp"`` (or ``jaxLsp``) key. Other keys (an extension's own settings
such as ``path`` or ``trace``) and null values are ignored. An invalid value is reported to the
user (``window/showMessage``) and that key is ignored; an invalid ``pyproject.toml`` is reported
and the defaults apply to its files until it is fixed.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.options import WorkspaceSpec
from jax_lsp.project.config import KEYS, Config, ConfigError, find_config_file

if TYPE_CHECKING:
    from jax_lsp.server.server import JaxLanguageServer

__all__ = ["PYPROJECT_GLOB", "Configuration", "editor_settings", "register"]

log = logging.getLogger(__name__)

#: how often the server looks whether a pyproject.toml it depends on changed
PYPROJECT_POLL_SECONDS = 2.0

SECTION = "jax-lsp"
_SECTION_SPELLINGS = ("jax-lsp", "jaxLsp", "jax_lsp")
PYPROJECT_GLOB = "**/pyproject.toml"
#: imported modules: a change on disk re-lints the open documents whose analysis read them
PYTHON_GLOB = "**/*.py"
_WATCH_REGISTRATION_ID = "jax-lsp-pyproject-watcher"


def _normalize_key(key: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", key).replace("_", "-").lower()


def editor_settings(value: Any) -> dict[str, Any]:
    """The configuration keys in an editor's settings object (see the module docstring)."""
    if not isinstance(value, Mapping):
        return {}
    for spelling in _SECTION_SPELLINGS:
        nested = value.get(spelling)
        if isinstance(nested, Mapping):
            value = nested
            break
    out: dict[str, Any] = {}
    for key, item in value.items():
        if not isinstance(key, str) or item is None:
            continue
        if _normalize_key(key) in KEYS:
            out[_normalize_key(key)] = item
        else:
            log.debug("ignoring setting %r (not a jax-lsp configuration key)", key)
    return out


class Configuration:
    """The layered configuration of every document (see the module docstring)."""

    def __init__(self, report_problem: Callable[[str], None]) -> None:
        self._report_problem = report_problem
        self.root: Path | None = None
        self._initialization: dict[str, Any] = {}
        self._editor: dict[str, Any] = {}
        #: the nearest pyproject.toml's configuration, by directory
        self._by_directory: dict[Path | None, Config] = {}
        #: each pyproject.toml the lookups read or looked for -> its (mtime, size), or None
        #: when it did not exist: a change in any of them can change a configuration
        self._stamps: dict[Path, tuple[int, int] | None] = {}
        self._reported: set[str] = set()
        #: bumped on every change, so reports computed under an older configuration are dropped
        self.generation = 0
        #: how many times the editor settings were set (a pulled answer older than the last
        #: didChangeConfiguration is dropped)
        self.editor_updates = 0
        #: the user's choice of interpreter, from the command line or environment
        self._user_python: str | None = None
        self._trust_project_python = False

    def set_user_python(self, python: str | None, *, trust_project: bool = False) -> None:
        """The interpreter the user chose outside any repository (trusted), or their consent
        to run the one the project's configuration names (see `Config.with_user_python`)."""
        self._user_python = python
        self._trust_project_python = trust_project
        self.changed()

    # -- layers --------------------------------------------------------------------------------

    def _problem(self, message: str) -> None:
        if message not in self._reported:
            self._reported.add(message)
            self._report_problem(message)

    def _validated(self, settings: dict[str, Any], origin: str) -> dict[str, Any]:
        valid: dict[str, Any] = {}
        for key, value in settings.items():
            try:
                Config().merge({key: value})
            except ConfigError as e:
                self._problem(f"jax-lsp: {origin}: {e}; this setting is ignored")
                continue
            valid[key] = value
        return valid

    def set_initialization_options(self, value: Any) -> bool:
        """Set layer 3; whether it changed."""
        layer = self._validated(editor_settings(value), "initializationOptions")
        if layer == self._initialization:
            return False
        self._initialization = layer
        self.changed()
        return True

    def set_editor_settings(self, value: Any) -> bool:
        """Set layer 4; whether it changed."""
        self.editor_updates += 1
        layer = self._validated(editor_settings(value), "settings")
        if layer == self._editor:
            return False
        self._editor = layer
        self.changed()
        return True

    def pyproject_changed(self) -> None:
        self._by_directory.clear()
        self._stamps.clear()
        self._reported.clear()
        self.changed()

    def pyproject_stale(self) -> bool:
        """Whether a pyproject.toml the configurations came from (or the absence of one they
        relied on) changed on disk since it was looked at."""
        return any(_stamp(path) != stamp for path, stamp in list(self._stamps.items()))

    def _remember_candidates(self, directory: Path) -> None:
        for d in (directory, *directory.parents):
            candidate = d / "pyproject.toml"
            if candidate not in self._stamps:
                self._stamps[candidate] = _stamp(candidate)

    def changed(self) -> None:
        self.generation += 1

    # -- lookup --------------------------------------------------------------------------------

    def _project_config(self, directory: Path | None) -> Config:
        if directory in self._by_directory:
            return self._by_directory[directory]
        config = Config(root=self.root)
        if directory is not None:
            self._remember_candidates(directory)
            try:
                found = find_config_file(directory)
                if found is not None:
                    config = Config.load(found)
            except ConfigError as e:
                self._problem(f"jax-lsp: {e}; using the defaults until it is fixed")
            except OSError as e:
                log.warning("cannot look for pyproject.toml above %s: %s", directory, e)
        self._by_directory[directory] = config
        return config

    def for_path(self, path: Path | None) -> Config:
        """The configuration of a document at `path` (None: not a file)."""
        directory = path.parent if path is not None else self.root
        config = self._project_config(directory)
        if self._initialization:
            config = config.merge(self._initialization)
        if self._editor:
            config = config.merge(self._editor)
        return config.with_user_python(self._user_python,
                                       trust_project=self._trust_project_python)

    def workspace_spec(
        self, path: Path | None, config: Config, overlay: tuple[tuple[str, str], ...]
    ) -> WorkspaceSpec | None:
        """Where the analysis of the document at `path` (under `config`) follows imports: the
        workspace root (or the file's folder), the configured environment, and the other open
        documents' unsaved text (`overlay`); None for a document that is not a file."""
        if path is None:
            return None
        root = self.root or path.parent
        return WorkspaceSpec((str(root),), config.python_path(), overlay, config.python_trusted)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


# -- LSP handlers --------------------------------------------------------------------------------


def register(server: JaxLanguageServer) -> None:
    # here, not above: the stdin front uses `Configuration` before these are imported
    import asyncio

    from lsprotocol import types
    from pygls.uris import to_fs_path

    session = server.session

    async def pull_editor_settings() -> None:
        if not session.profile.configuration_request:
            return
        async with session.configuration_update():
            await _pull()

    async def _pull() -> None:
        # a didChangeConfiguration that arrives while we wait is newer than this answer
        asked_at = session.configuration.editor_updates
        try:
            result = await server.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
            )
        except asyncio.CancelledError:  # shutting down
            return
        except Exception as e:  # noqa: BLE001 - a client that cannot answer keeps the old settings
            log.info("workspace/configuration failed: %s", e)
            return
        if session.configuration.editor_updates != asked_at:
            return
        value = result[0] if result else None
        if session.configuration.set_editor_settings(value):
            session.recheck_all()

    async def register_watcher() -> None:
        if not session.profile.watched_files_registration:
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[
                types.FileSystemWatcher(glob_pattern=PYPROJECT_GLOB),
                types.FileSystemWatcher(glob_pattern=PYTHON_GLOB),
            ]
        )
        registration = types.Registration(
            id=_WATCH_REGISTRATION_ID,
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=options,
        )
        try:
            await server.client_register_capability_async(
                types.RegistrationParams(registrations=[registration])
            )
        except asyncio.CancelledError:  # shutting down
            return
        except Exception as e:  # noqa: BLE001 - without the watcher, only restarts re-read it
            log.info("cannot watch pyproject.toml files: %s", e)

    async def poll_pyproject() -> None:
        """Re-read the configuration when a pyproject.toml changes, watched or not."""
        while True:
            await asyncio.sleep(PYPROJECT_POLL_SECONDS)
            if session.configuration.pyproject_stale():
                log.info("a pyproject.toml changed: re-reading the configuration")
                session.configuration.pyproject_changed()
                session.recheck_all()

    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        session.background_tasks.add(asyncio.ensure_future(poll_pyproject()))
        await register_watcher()
        await pull_editor_settings()
        # once the settings (the environment, excludes) are known: index the workspace
        session.start_workspace_scan()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(params: types.DidChangeConfigurationParams) -> None:
        settings = editor_settings(params.settings)
        if settings or not session.profile.configuration_request:
            if session.configuration.set_editor_settings(params.settings):
                session.recheck_all()
        else:
            await pull_editor_settings()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        if any(change.uri.endswith("pyproject.toml") for change in params.changes):
            session.configuration.pyproject_changed()
            session.recheck_all()
            return
        paths = [to_fs_path(c.uri) for c in params.changes if c.uri.endswith(".py")]
        session.files_changed([p for p in paths if p], immediately=True)
