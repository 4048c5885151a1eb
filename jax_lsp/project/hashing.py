"""The two hashing primitives the result cache uses, without importing `hashlib` and `hmac`.

Both modules load OpenSSL's library when imported (about 12 million instructions, a fifth of
a re-opened file's answer from the cache) for algorithms the cache never uses: `blake2b` is
CPython's own `_blake2` (what `hashlib.blake2b` is), and `compare_digest` the constant-time
comparison `hmac` itself falls back to without OpenSSL. Another interpreter gets the public
ones."""

from __future__ import annotations

__all__ = ["blake2b", "compare_digest"]

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - not CPython
    from hashlib import blake2b  # type: ignore[no-redef,assignment]

try:
    from _operator import _compare_digest as compare_digest
except ImportError:  # pragma: no cover - not CPython
    from hmac import compare_digest  # type: ignore[no-redef]
