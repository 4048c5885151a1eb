"""Text from files, paths and caches made harmless for a terminal, as ruff does.

A repository controls its file names and contents; printed raw, an escape sequence in them can
recolour, retitle or clear the terminal, move the cursor to forge lines, or reorder text
(Unicode bidi controls, "Trojan Source"). Control characters become their visible Unicode
"control pictures" (ESC -> U+241B), and C1 controls and bidi controls become U+FFFD: each
stays one column wide, so carets under a source line still line up.
"""

from __future__ import annotations

import re

__all__ = ["printable"]

#: C0 controls, DEL, C1 controls, and the bidi embedding/override/isolate/mark characters
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _picture(m: re.Match[str]) -> str:
    c = ord(m.group())
    if c < 0x20:
        return chr(0x2400 + c)
    return "\u2421" if c == 0x7F else "\ufffd"


def printable(text: str, keep: str = "") -> str:
    """`text` with every control character shown as a visible stand-in, except those in
    `keep` (e.g. "\\n\\t" for multi-line text)."""
    if keep:
        return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _picture(m), text)
    return _UNSAFE.sub(_picture, text)
