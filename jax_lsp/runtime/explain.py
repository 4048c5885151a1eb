"""Turn a raised exception into a short catalog note: the entry, the user's line, the first fix.

`came_from_jax` is the cheap gate every hook calls first: it looks only at the exception
chain's classes, notes and traceback frames, and never imports JAX or the catalog. Only when
it says yes is the traceback formatted and matched (`explain_exception`).
"""

from __future__ import annotations

import re
import sys
import traceback
from types import TracebackType

#: a frame or a class in JAX itself (`site-packages/jax/...`, `jax/_src/...`, jaxlib)
_JAX_FILE = re.compile(r"([/\\](jax|jaxlib)[/\\])")
#: the note JAX adds to an exception whose internal frames it filtered out
_JAX_NOTE = "JAX has removed its internal frames"


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and those it was raised from or during, without cycles."""
    seen: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or any(e is s for s in seen) or len(seen) > 16:
            continue
        seen.append(e)
        todo += [e.__cause__, e.__context__]
    return seen


def _frames(tb: TracebackType | None) -> list[str]:
    files = []
    while tb is not None:
        files.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    return files


def came_from_jax(exc: BaseException) -> bool:
    """Whether the exception (or one it chains) was raised by JAX: its class lives in a `jax`
    or `jaxlib` module, JAX noted that it filtered its frames, or a traceback frame is in JAX.
    False at once when JAX was never imported."""
    if "jax" not in sys.modules and "jaxlib" not in sys.modules:
        return False
    for e in _chain(exc):
        module = type(e).__module__ or ""
        if module.split(".", 1)[0] in ("jax", "jaxlib"):
            return True
        if any(_JAX_NOTE in str(n) for n in getattr(e, "__notes__", ()) or ()):
            return True
        if _JAX_NOTE in str(e) or any(_JAX_FILE.search(f) for f in _frames(e.__traceback__)):
            return True
    return False


def explain_exception(exc: BaseException) -> str | None:
    """The catalog note for a JAX autodiff error, or None (not from JAX, or no entry)."""
    if not came_from_jax(exc):
        return None
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    from jax_lsp.catalog import explain, load_catalog  # only now: an error came from JAX

    result = explain(text, load_catalog())
    if result.match is None:
        return None
    entry = result.match.entry
    lines = [f"jax-lsp: this is {entry.id}: {entry.title}"]
    frame = result.parsed.user_frame
    if frame is not None:
        source = f": {frame.source}" if frame.source else ""
        lines.append(f"  your line: {frame.filename}:{frame.lineno} in {frame.function}{source}")
    fix = entry.top_solution
    if fix is not None:
        lines.append(f"  first fix: {fix.title}")
    lines.append(f"  more: jax-lsp rule {entry.id}  ({entry.docs_url})")
    return "\n".join(lines)
