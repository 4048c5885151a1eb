"""Each wording's JAX version range is true of those releases' sources (opt-in).

Set `JAX_LSP_OLD_JAX_SOURCES` to a directory holding one `<version>/jax/` source tree per JAX
release (e.g. unpacked from `pip download --no-deps jax==<version>`); for every wording of
every entry, the releases at both ends of its range that are present must contain the
wording's text (whitespace-insensitive) in one function's string literals. Without the
variable the test is skipped: the installed release alone is checked by
`test_source_templates`.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

import pytest
from source_strings import _render, missing_static_parts

from jax_lsp.catalog import load_catalog
from jax_lsp.catalog.templates import compile_template

ROOT = os.environ.get("JAX_LSP_OLD_JAX_SOURCES")
pytestmark = pytest.mark.skipif(not ROOT, reason="JAX_LSP_OLD_JAX_SOURCES is not set")


def _norm(text: str) -> str:
    return " ".join(text.split())


@functools.cache
def _functions(version: str) -> tuple[tuple[str, ...], ...]:
    """The rendered string literals of every function of one release, one tuple each."""
    assert ROOT
    out: list[tuple[str, ...]] = []
    for path in sorted((Path(ROOT) / version / "jax").rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
                strings = [
                    _norm(t)
                    for n in ast.walk(node)
                    if isinstance(n, (ast.Constant, ast.JoinedStr, ast.BinOp))
                    and (t := _render(n)) is not None
                ]
                out.append(tuple(strings))
    return tuple(out)


def _wordings() -> list[tuple[str, str, str]]:
    """Every wording written in JAX's Python source: not those of an entry whose message comes
    from jaxlib or Python itself, nor its variants that name no JAX function raising them."""
    out = []
    for e in load_catalog():
        if e.message_from in ("jax", "older-jax"):
            out.append((e.id, e.message, e.message_versions))
        out += [
            (e.id, v.message, v.versions)
            for v in e.variants
            if e.message_from in ("jax", "older-jax") or v.raised_in
        ]
    return out


@pytest.mark.parametrize(("entry_id", "template", "versions"), _wordings())
def test_wording_is_in_the_releases_it_names(entry_id: str, template: str, versions: str) -> None:
    assert ROOT
    parts = [_norm(p) for p in compile_template(template).static_parts if p.strip()]
    lo, _, hi = versions.partition(" - ")
    for version in {lo, hi or lo}:
        if not (Path(ROOT) / version / "jax").is_dir():
            continue
        assert any(not missing_static_parts(parts, list(f)) for f in _functions(version)), (
            f"{entry_id}: wording not in JAX {version}: {template[:80]!r}"
        )
