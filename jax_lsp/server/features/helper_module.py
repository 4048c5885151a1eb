"""The helper module a custom-rule fix imports, written by the server itself.

A custom-rule fix routes the callback call through `jax_lsp_derivatives.py` beside the fixed
file (about 150 lines of custom_jvp/custom_vjp machinery). Asking the client to create that
file in a workspace edit works only where the client creates files, and then differently:
Neovim and Eglot cannot (the machinery used to be pasted into the user's file, a notebook cell
grew from 16 to 175 lines), lsp-mode 8.0 creates it empty on disk and leaves its text in an
unsaved buffer (the fixed program fails until that buffer is saved). So the fix's edit changes
only the user's file, and the code action carries this command, which every client runs after
applying the edit: the server writes the module itself. Choosing the action is the consent;
the command writes nothing else, only beside a document the client has open, and never over
an existing file (`safe_io.create_new`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jax_lsp.analysis.findings import FixKind
from jax_lsp.safe_io import create_new
from jax_lsp.server.runtime.front import HELPER_COMMAND

if TYPE_CHECKING:
    from jax_lsp.server.server import JaxLanguageServer
    from jax_lsp.server.session.state import Session

__all__ = ["COMMAND", "HELPER_KINDS", "register", "write_command"]

log = logging.getLogger(__name__)

COMMAND = HELPER_COMMAND

#: the fixes whose edits import the helper module
HELPER_KINDS = frozenset({FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP})


def write_command(path: Path) -> types.Command:
    """The command that writes the helper module `path` once the action's edit is applied."""
    return types.Command(title=f"Write {path.name}", command=COMMAND,
                         arguments=[{"path": str(path)}])


def _open_directories(session: Session) -> set[Path]:
    """The directories of the files and notebooks the client has open."""
    paths = [d.path for d in session.documents] + [n.path for n in session.notebooks]
    return {p.parent for p in paths if p is not None}


def write_helper_module(session: Session, arguments: Any) -> bool:
    """Write the helper module named by the command's `arguments` unless it exists; True if
    it was written. Refuses a path that is not the module's name beside an open document."""
    from jax_lsp.fixes.generated import MODULE_NAME, helper_module_text

    raw = arguments.get("path") if isinstance(arguments, dict) else None
    path = Path(raw) if isinstance(raw, str) else None
    if (path is None or not path.is_absolute() or path.name != MODULE_NAME + ".py"
            or path.parent not in _open_directories(session)):
        session.show_warning(f"jax-lsp: not writing a helper module at {raw!r}")
        return False
    try:
        written = create_new(path, helper_module_text().encode("utf-8"))
    except OSError as e:
        session.show_warning(f"jax-lsp: could not write {path}: {e}")
        return False
    if written:
        log.info("wrote the helper module %s", path)
        session.files_changed([str(path)], immediately=True)
    return written


def register(server: JaxLanguageServer) -> None:
    session = server.session

    @server.command(COMMAND)
    def write(*arguments: Any) -> bool:
        return write_helper_module(session, arguments[0] if arguments else None)
