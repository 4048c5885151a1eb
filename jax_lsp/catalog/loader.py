"""Load the catalog from the TOML files shipped in `jax_lsp/catalog/data/` (one entry a file).

The loader validates each file strictly (unknown keys, missing keys, wrong types, unknown
codes, dangling `related` ids all raise `CatalogError`) so a typo in the data fails loudly.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from jax_lsp.catalog.model import VERIFIED_VALUES, Entry, Location, Solution, Variant, Verified
from jax_lsp.catalog.templates import compile_template
from jax_lsp.codes import RULES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the project runs on 3.11; tomli is the same parser for 3.10
    import tomli as tomllib

DATA_DIR = Path(__file__).parent / "data"

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_REQUIRED = {
    "id": str,
    "title": str,
    "codes": list,
    "exception": str,
    "message": str,
    "raised_in": list,
    "verified": str,
    "jax_versions": list,
    "meaning": str,
    "triggers": list,
    "solutions": list,
    "related": list,
}
_OPTIONAL = {
    "message_in": list,
    "before": str,
    "after": str,
    "skip_reason": str,
    "message_versions": str,
    "variants": list,
    "message_from": str,
    "related_why": dict,
    "situations": list,
}
#: where an entry's message text comes from (see `Entry.message_from`)
MESSAGE_FROM = ("jax", "jaxlib", "python", "older-jax", "none")
#: a JAX release or a range of releases: `0.4.14` or `0.1.63 - 0.4.13`
_VERSIONS = re.compile(r"^\d+\.\d+\.\d+(?: - \d+\.\d+\.\d+)?$")


class CatalogError(ValueError):
    """The catalog data is malformed."""


@dataclass(frozen=True)
class Catalog:
    """All entries, in a stable order (by id), with lookups by id and by diagnostic code."""

    entries: tuple[Entry, ...]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.entries)

    def get(self, entry_id: str) -> Entry | None:
        for e in self.entries:
            if e.id == entry_id.strip().lower():
                return e
        return None

    def for_code(self, code: str) -> tuple[Entry, ...]:
        """The entries a diagnostic code predicts, in catalog order."""
        code = code.strip().upper()
        return tuple(e for e in self.entries if code in e.codes)


def _strings(value: Any, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CatalogError(f"{where}: `{key}` must be a list of strings")
    return tuple(value)


def _text(value: str) -> str:
    return value.strip("\n")


def parse_entry(data: Mapping[str, Any], where: str) -> Entry:
    """Build one entry from its TOML table, validating every field."""
    unknown = set(data) - set(_REQUIRED) - set(_OPTIONAL)
    if unknown:
        raise CatalogError(f"{where}: unknown keys {sorted(unknown)}")
    for key, typ in _REQUIRED.items():
        if key not in data:
            raise CatalogError(f"{where}: missing key `{key}`")
        if not isinstance(data[key], typ):
            raise CatalogError(f"{where}: `{key}` must be a {typ.__name__}")
    for key, typ in _OPTIONAL.items():
        if key in data and not isinstance(data[key], typ):
            raise CatalogError(f"{where}: `{key}` must be a {typ.__name__}")

    entry_id = data["id"]
    if not _ID.match(entry_id):
        raise CatalogError(f"{where}: id {entry_id!r} must be a lowercase slug")
    codes = _strings(data["codes"], "codes", where)
    for code in codes:
        if code not in RULES:
            raise CatalogError(f"{where}: unknown diagnostic code {code!r}")
    verified = data["verified"]
    if verified not in VERIFIED_VALUES:
        raise CatalogError(f"{where}: `verified` must be one of {VERIFIED_VALUES}")
    try:
        raised_in = tuple(
            Location.parse(s) for s in _strings(data["raised_in"], "raised_in", where)
        )
        message_in = tuple(
            Location.parse(s) for s in _strings(data.get("message_in", []), "message_in", where)
        )
    except ValueError as e:
        raise CatalogError(f"{where}: {e}") from None
    if not raised_in:
        raise CatalogError(f"{where}: `raised_in` is empty")

    solutions: list[Solution] = []
    for i, sol in enumerate(data["solutions"]):
        if not isinstance(sol, dict) or set(sol) != {"title", "detail"}:
            raise CatalogError(f"{where}: solutions[{i}] must have exactly `title` and `detail`")
        solutions.append(Solution(title=sol["title"].strip(), detail=_text(sol["detail"])))
    if not solutions:
        raise CatalogError(f"{where}: at least one solution is required")

    before = data.get("before")
    after = data.get("after")
    skip_reason = data.get("skip_reason")
    if verified == "run" and (before is None or after is None):
        raise CatalogError(f"{where}: an entry verified by running needs `before` and `after`")
    if verified == "source-only" and before is not None and not skip_reason:
        raise CatalogError(f"{where}: a source-only entry with a `before` needs `skip_reason`")
    message = _template(data["message"], f"{where}: message")
    message_from = data.get("message_from", "jax")
    if message_from not in MESSAGE_FROM:
        raise CatalogError(f"{where}: `message_from` must be one of {MESSAGE_FROM}")
    if message_from in ("jaxlib", "python") and verified != "run":
        raise CatalogError(f"{where}: a message from {message_from} is checked by running only")
    if message_from == "none" and verified != "source-only":
        raise CatalogError(f"{where}: JAX prints nothing for it: nothing to check by running")
    if message_from == "older-jax" and verified != "source-only":
        raise CatalogError(f"{where}: an older release's message cannot be run under this one")
    related_why = data.get("related_why", {})
    if not all(isinstance(v, str) for v in related_why.values()):
        raise CatalogError(f"{where}: `related_why` values must be strings")

    message_versions = data.get("message_versions", "")
    if message_versions and not _VERSIONS.match(message_versions):
        raise CatalogError(f"{where}: `message_versions` must look like '0.4.14 - 0.10.2'")
    variants = tuple(_variant(v, i, where) for i, v in enumerate(data.get("variants", [])))

    return Entry(
        id=entry_id,
        title=data["title"].strip(),
        codes=codes,
        exception=data["exception"].strip(),
        message=message,
        raised_in=raised_in,
        message_in=message_in,
        verified=cast(Verified, verified),
        jax_versions=_strings(data["jax_versions"], "jax_versions", where),
        meaning=_text(data["meaning"]),
        triggers=tuple(t.strip() for t in _strings(data["triggers"], "triggers", where)),
        solutions=tuple(solutions),
        before=None if before is None else _text(before) + "\n",
        after=None if after is None else _text(after) + "\n",
        related=_strings(data["related"], "related", where),
        skip_reason=None if skip_reason is None else skip_reason.strip(),
        message_versions=message_versions,
        variants=variants,
        message_from=message_from,
        related_why=tuple((k, _text(v)) for k, v in related_why.items()),
        situations=tuple(
            t.strip() for t in _strings(data.get("situations", []), "situations", where)
        ),
    )


def _template(text: str, what: str) -> str:
    """A message template, stripped, once it is known to compile (else a CatalogError)."""
    message = text.strip()
    try:
        compile_template(message)
    except Exception as e:
        raise CatalogError(f"{what} template does not compile: {e}") from None
    return message


def _variant(data: Any, i: int, where: str) -> Variant:
    """One `[[variants]]` table: an older wording and the JAX releases that print it."""
    if not isinstance(data, dict) or not {"message", "versions"} <= set(data) <= {
        "message",
        "versions",
        "raised_in",
    }:
        raise CatalogError(
            f"{where}: variants[{i}] needs `message` and `versions` (and may have `raised_in`)"
        )
    if not all(isinstance(v, str) for v in data.values()):
        raise CatalogError(f"{where}: variants[{i}] values must be strings")
    if not _VERSIONS.match(data["versions"]):
        raise CatalogError(f"{where}: variants[{i}].versions must look like '0.1.63 - 0.4.13'")
    message = _template(data["message"], f"{where}: variants[{i}]")
    return Variant(message, data["versions"], data.get("raised_in", "").strip())


def load_catalog_from(directory: Path) -> Catalog:
    """Load and cross-check every `*.toml` entry in `directory`."""
    entries: list[Entry] = []
    for path in sorted(directory.glob("*.toml")):
        with path.open("rb") as fh:
            try:
                data = tomllib.load(fh)
            except tomllib.TOMLDecodeError as e:
                raise CatalogError(f"{path.name}: {e}") from None
        entry = parse_entry(data, path.name)
        if path.stem != entry.id:
            raise CatalogError(f"{path.name}: file name must be the entry id {entry.id!r}")
        entries.append(entry)
    entries.sort(key=lambda e: e.id)
    ids = [e.id for e in entries]
    if len(set(ids)) != len(ids):
        raise CatalogError("duplicate entry ids")
    known = set(ids)
    for entry_ in entries:
        for rel in entry_.related:
            if rel not in known or rel == entry_.id:
                raise CatalogError(f"{entry_.id}.toml: related id {rel!r} is not another entry")
        for rel, _ in entry_.related_why:
            if rel not in entry_.related:
                raise CatalogError(f"{entry_.id}.toml: related_why names {rel!r}, not in related")
    return Catalog(tuple(entries))


@functools.lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    """The catalog shipped with the package (loaded once)."""
    return load_catalog_from(DATA_DIR)
