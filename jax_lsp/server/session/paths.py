"""Where documents and the workspace are on disk, from the URIs the client sends. Imports
neither lsprotocol nor the analysis: the stdin front uses it before the server is imported."""

from __future__ import annotations

from pathlib import Path

from pygls.uris import to_fs_path

__all__ = ["path_of", "workspace_root"]


def path_of(uri: str) -> Path | None:
    """The file system path of a ``file:`` URI; None for other schemes (``untitled:``, ...)
    and for a path no file can have (``%00``, a NUL, in it: every call of the file system
    with it raises)."""
    if not uri.startswith("file:"):
        return None
    try:
        fs_path = to_fs_path(uri)
    except Exception:  # noqa: BLE001 - a malformed URI simply has no path
        return None
    return Path(fs_path) if fs_path and "\0" not in fs_path else None


def workspace_root(
    root_uri: str | None, first_folder_uri: str | None, root_path: str | None
) -> str | None:
    """The workspace root `initialize` names: its ``rootUri``, else its first workspace
    folder, else its (deprecated) ``rootPath``."""
    uri = root_uri if root_uri is not None else first_folder_uri
    if uri is not None:
        return to_fs_path(uri)
    return root_path
