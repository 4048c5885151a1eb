"""The open documents: their text and version, kept in sync with the client's edits.

The server owns this store instead of pygls' workspace so that incremental edits go through the
same position conversion (`positions.LineIndex`) as everything else, and lines split as LSP
splits them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types

from jax_lsp.server.session.paths import path_of
from jax_lsp.server.session.positions import LineIndex

__all__ = ["Document", "DocumentStore"]

log = logging.getLogger(__name__)


@dataclass
class Document:
    """One open text document."""

    uri: str
    version: int
    text: str
    language_id: str
    encoding: str
    path: Path | None = None
    _index: LineIndex | None = field(default=None, repr=False)

    @property
    def index(self) -> LineIndex:
        """The line index of the current text (built on first use after each change)."""
        if self._index is None or self._index.text is not self.text:
            self._index = LineIndex(self.text, self.encoding)
        return self._index

    @property
    def built_index(self) -> LineIndex | None:
        """The line index of the current text if it is built already (edits keep it built)."""
        index = self._index
        return index if index is not None and index.text is self.text else None

    def apply(self, changes: Sequence[types.TextDocumentContentChangeEvent], version: int) -> None:
        """Apply the changes of one ``didChange`` notification, in order."""
        for change in changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                index = self.index
                start = index.offset(change.range.start)
                end = index.offset(change.range.end)
                if end < start:
                    start, end = end, start
                text = self.text[:start] + change.text + self.text[end:]
                # the new text's index, from this one (lint and the next edit use it)
                self._index = index.replaced(start, end, change.text, text)
                self.text = text
            else:
                self.text = change.text
        self.version = version


class DocumentStore:
    """The open documents by URI."""

    def __init__(self) -> None:
        self._documents: dict[str, Document] = {}
        self.encoding = types.PositionEncodingKind.Utf16.value

    def __iter__(self) -> Iterator[Document]:
        return iter(list(self._documents.values()))

    def __len__(self) -> int:
        return len(self._documents)

    def get(self, uri: str) -> Document | None:
        return self._documents.get(uri)

    def open(self, item: types.TextDocumentItem) -> Document:
        doc = Document(
            uri=item.uri,
            version=item.version,
            text=item.text,
            language_id=item.language_id,
            encoding=self.encoding,
            path=path_of(item.uri),
        )
        self._documents[item.uri] = doc
        return doc

    def change(self, params: types.DidChangeTextDocumentParams) -> Document | None:
        doc = self._documents.get(params.text_document.uri)
        if doc is None:
            log.warning("didChange for a document that is not open: %s", params.text_document.uri)
            return None
        doc.apply(params.content_changes, params.text_document.version)
        return doc

    def close(self, uri: str) -> Document | None:
        return self._documents.pop(uri, None)
