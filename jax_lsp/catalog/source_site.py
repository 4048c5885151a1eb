"""Where the installed JAX raises an entry's error: the line, a few lines of source around it,
and a link to that line in JAX's repository pinned to the installed release's tag.

Read from the source files of the installed `jax` package without importing JAX (its location
comes from `importlib.util.find_spec`, its release from the distribution's metadata). Each file
is read once and scanned by indentation (not parsed: a hover must stay fast); with no JAX
installed, or a function that moved, there is simply no site.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from jax_lsp.catalog.model import Entry, Location
from jax_lsp.catalog.templates import compile_template

#: lines of source shown before and after the raise
_CONTEXT = (2, 3)
#: a `raise` statement, on its own line or after `if ...:` on the same line
_RAISE = re.compile(r"^\s*raise\b|:\s*raise\s")
#: where implicitly concatenated string literals meet: `... "` then `"...` or `f"...`
_SEAM = re.compile(r"[\"']\s*[rfbu]?[\"']")


@dataclass(frozen=True)
class Site:
    location: Location
    line: int
    #: `(line number, text)` of the lines around the raise
    excerpt: tuple[tuple[int, str], ...]
    #: the JAX release the line was read from, and the link to it
    version: str
    url: str

    @property
    def where(self) -> str:
        return f"{self.location.file}:{self.line} in {self.location.function}"


@cache
def _jax_root() -> Path | None:
    try:
        spec = importlib.util.find_spec("jax")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))).parent


@cache
def _jax_version() -> str | None:
    try:
        return metadata.version("jax")
    except metadata.PackageNotFoundError:
        return None


@cache
def _lines(file: str) -> tuple[str, ...] | None:
    root = _jax_root()
    if root is None:
        return None
    try:
        return tuple((root / file).read_text(encoding="utf-8").splitlines())
    except (OSError, ValueError):
        return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block(lines: tuple[str, ...], qualname: str) -> tuple[int, int] | None:
    """The 0-based line range of a function or class named by its dotted qualified name,
    found by its `def`/`class` line and indentation (a hover must not parse big modules)."""
    if qualname == "<module>":
        return None
    lo, hi, depth = 0, len(lines), -1
    for name in qualname.split("."):
        pattern = re.compile(rf"^(\s*)(?:async\s+def|def|class)\s+{re.escape(name)}\b")
        for i in range(lo, hi):
            m = pattern.match(lines[i])
            if m and len(m.group(1)) > depth:
                depth = len(m.group(1))
                end = i
                # a signature over several lines ends with `:` (its `)` may sit at `def`'s indent)
                while end < hi - 1 and not lines[end].split("#")[0].rstrip().endswith(":"):
                    end += 1
                end += 1
                while end < hi and (not lines[end].strip() or _indent(lines[end]) > depth):
                    end += 1
                lo, hi = i, end
                break
        else:
            return None
    return lo, hi


def _raise_line(lines: tuple[str, ...], block: tuple[int, int], message: str) -> int:
    """The 1-based line of the `raise` in the block whose statement holds the most of the
    message's static text (the first raise when none does; the `def` line when none)."""
    words = " ".join(compile_template(message).static_parts).split()
    shingles = {" ".join(words[k : k + 3]) for k in range(max(1, len(words) - 2))}
    lo, hi = block
    best: tuple[int, int] | None = None
    previous = lo
    for i in range(lo, hi):
        if not _RAISE.search(lines[i]):
            continue
        j = i + 1  # the statement's continuation lines
        while j < hi and j < i + 12 and _indent(lines[j]) > _indent(lines[i]):
            j += 1
        # the message may be built just before the raise (`msg = (...)`; `raise E(msg)`)
        text = " ".join(x.strip() for x in lines[max(previous, i - 12) : j])
        text = " ".join(_SEAM.sub("", text).split())  # `"abc "\n "def"` reads `abc def`
        previous = j
        score = sum(1 for sh in shingles if sh and sh in text)
        if best is None or score > best[0]:
            best = (score, i + 1)
    return best[1] if best is not None else lo + 1


@cache
def raise_site(entry: Entry) -> Site | None:
    """The first of the entry's raise sites found in the installed JAX, or None."""
    if entry.message_from in ("older-jax", "none"):
        return None  # the installed release no longer raises it, or nothing is raised
    version = _jax_version()
    for loc in entry.raised_in:
        lines = _lines(loc.file)
        if lines is None or version is None:
            continue
        block = _block(lines, loc.function)
        if block is None:
            continue
        line = _raise_line(lines, block, entry.message)
        lo, hi = max(1, line - _CONTEXT[0]), min(len(lines), line + _CONTEXT[1])
        excerpt = tuple((n, lines[n - 1]) for n in range(lo, hi + 1))
        url = f"https://github.com/jax-ml/jax/blob/jax-v{version}/{loc.file}#L{line}"
        return Site(loc, line, excerpt, version, url)
    return None
