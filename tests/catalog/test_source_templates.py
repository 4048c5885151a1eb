"""Every catalog message is really in the installed JAX source, where the entry says it is.

Each entry's `raised_in` functions must exist, and the static parts of its message template (the
text between placeholders) must appear, in order, in the string literals of its `message_in`
(default: `raised_in`) functions. A JAX upgrade that rewords or moves a message fails here.
"""

from __future__ import annotations

import pytest
from source_strings import JAX_ROOT, find_function, function_strings, missing_static_parts

from jax_lsp.catalog import load_catalog
from jax_lsp.catalog.model import Entry
from jax_lsp.catalog.templates import compile_template

ENTRIES = load_catalog().entries


#: entries whose message is written in the installed JAX's Python source
IN_SOURCE = [e for e in ENTRIES if e.message_from == "jax"]


@pytest.mark.parametrize(
    "entry", [e for e in ENTRIES if e.message_from != "older-jax"], ids=lambda e: e.id
)
def test_raise_site_exists(entry: Entry) -> None:
    for loc in entry.raised_in:
        assert (JAX_ROOT / loc.file).is_file(), f"{loc.file} is not in the installed JAX"
        assert find_function(loc.file, loc.function) is not None, f"no {loc} in the source"


@pytest.mark.parametrize("entry", IN_SOURCE, ids=lambda e: e.id)
def test_message_template_is_in_jax_source(entry: Entry) -> None:
    sources: list[str] = []
    for loc in entry.message_sources:
        strings = function_strings(loc.file, loc.function)
        assert strings is not None, f"no {loc} in the source"
        sources.extend(strings)
    parts = list(compile_template(entry.message).static_parts)
    assert any(p.strip() for p in parts), "a template needs some static text"
    missing = missing_static_parts(parts, sources)
    assert not missing, f"not found in {[str(x) for x in entry.message_sources]}: {missing}"


@pytest.mark.parametrize(
    "entry", [e for e in ENTRIES if e.message_from == "older-jax"], ids=lambda e: e.id
)
def test_older_message_is_gone_from_the_installed_jax(entry: Entry) -> None:
    """An entry for a message only older releases print: the installed one really lacks it
    (`test_wordings_in_old_sources` checks the releases that have it)."""
    parts = list(compile_template(entry.message).static_parts)
    everywhere = [
        s
        for p in sorted((JAX_ROOT / "jax").rglob("*.py"))
        for s in [p.read_text(encoding="utf-8", errors="replace")]
    ]
    longest = max(parts, key=len).strip()
    assert not any(longest in text for text in everywhere)


def test_checker_finds_reworded_messages() -> None:
    """The check itself fails for text JAX does not contain."""
    strings = function_strings("jax/_src/callback.py", "pure_callback_jvp_rule")
    assert strings
    assert not missing_static_parts(["Pure callbacks do not support JVP."], strings)
    assert missing_static_parts(["Pure callbacks never support JVP."], strings)
    assert missing_static_parts(["Please use `jax.custom_jvp`", "Pure callbacks"], strings)
