"""Messages people shortened: elided in the middle (`...`), started with an elision, or cut
where several entries still read alike (no JAX runs)."""

from __future__ import annotations

from jax_lsp.catalog import Catalog, explain
from jax_lsp.catalog.locate import tail_cover, truncated_cover

HEAD = (
    "TypeError: Custom VJP fwd rule f_fwd for function f must produce a pair (list or tuple "
    "of length two) where the first element represents the primal output (equal to the "
    "output of the custom_vjp-decorated function f)"
)


def test_elided_middle_is_named_by_its_distinctive_tail(catalog: Catalog) -> None:
    shapes = HEAD + " ... first element had shapes/dtypes of:\n    float32[]\nwhile the " + (
        "custom_vjp-decorated function f had output shapes/dtypes of:\n    float32[3]"
    )
    structure = HEAD + " [...] had container/pytree structure:\n    (*, *)\nwhile the " + (
        "custom_vjp-decorated function f had output container/pytree structure:\n    *."
    )
    for text, expected in (
        (shapes, "custom-vjp-fwd-output-type"),
        (structure, "custom-vjp-fwd-output-structure"),
    ):
        result = explain(text, catalog)
        assert result.match is not None and result.match.entry.id == expected, text
        assert result.match.truncated  # values are not read from an elided message


def test_text_cut_where_entries_read_alike_names_none(catalog: Catalog) -> None:
    """Both fwd messages begin with these words: naming either would be a guess."""
    result = explain(HEAD + " and the second element", catalog)
    assert result.match is None
    suggested = {s.entry.id for s in result.suggestions}
    assert {"custom-vjp-fwd-output-type", "custom-vjp-fwd-output-structure"} <= suggested


def test_message_started_by_an_elision(catalog: Catalog) -> None:
    """`TypeError: [...] is not a valid JAX type`: the class agrees, the end is the entry's."""
    result = explain("TypeError: [...] <class 'object'> is not a valid JAX type", catalog)
    assert result.match is not None and result.match.entry.id == "symbolic-zero-not-jax-type"
    # with another class before it, that little text is not enough
    assert explain("KeyError: [...] is not a valid JAX type", catalog).match is None


def test_tail_cover_counts_static_text_from_the_end() -> None:
    template = "got {a} but expected {b} because of {c}"
    assert tail_cover(template, "x but expected y because of z") == len(
        "but expected" + "because of"
    )
    assert tail_cover(template, "unrelated text") == 0
    # the text before an elision must be the message's own start
    assert truncated_cover(template, "got 1 ... but expected 2 because of 3", 1) > 0
    assert truncated_cover(template, "hello ... but expected 2 because of 3", 1) == 0
