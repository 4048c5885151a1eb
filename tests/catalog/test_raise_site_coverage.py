"""Every user-facing autodiff raise site of the installed JAX has a catalog entry.

`raise_sites.raise_sites()` walks `jax/_src` (see its docstring for the scope). A site is
covered when an entry names its function in `raised_in` and the entry's message is that
site's message (its template's text is in the strings of the raise, or, for an entry whose
message is written elsewhere, `message_in` says where and `test_source_templates` checks it).
The few sites that are not messages a user can act on are listed in `EXCLUDED`, each with
its reason; a new JAX release that adds a raise site fails here until it has an entry.
"""

from __future__ import annotations

from raise_sites import RaiseSite, raise_sites
from source_strings import missing_static_parts

from jax_lsp.catalog import Catalog
from jax_lsp.catalog.templates import compile_template

#: site key prefix (`file:function: message start`) -> why it has no entry
EXCLUDED = {
    "jax/_src/interpreters/ad.py:LinearizeTrace.__init__: Internal:": (
        "an internal invariant of JAX's linearize machinery (its message says 'Internal')"
    ),
    "jax/_src/custom_derivatives.py:_lower_and_eval:": (
        "hijax quasi-dynamic data (qdd) check of an experimental internal API; not reachable "
        "from custom_jvp/custom_vjp"
    ),
    "jax/_src/custom_derivatives.py:custom_vjp_primal_tree_values.value:": (
        "an internal invariant: the leaves are built by JAX itself"
    ),
    "jax/_src/custom_derivatives.py:unreachable_impl:": (
        "raises the exception type and message the caller of the internal "
        "`custom_derivatives.unreachable` chose; nothing JAX-worded to look up"
    ),
    "jax/_src/lax/control_flow/solves.py:_linear_solve_transpose_rule: open an issue": (
        "an internal invariant of custom_linear_solve's transpose (the message asks to report "
        "a JAX bug)"
    ),
    "jax/_src/lax/lax.py:_ragged_dot_general_transpose_rule.grad_x_dims:": (
        "raised only for ragged-dot modes that ragged_dot_general's own checks reject first"
    ),
    "jax/_src/lax/lax.py:_ragged_dot_general_transpose_rule.grad_y_dims:": (
        "raised only for ragged-dot modes that ragged_dot_general's own checks reject first"
    ),
    "jax/_src/ffi.py:ffi_call: The use of the legacy_backend_config": (
        "an argument check of ffi_call's custom-call API version, met when the call is written, "
        "not by autodiff or vmap"
    ),
    "jax/_src/lax/lax.py:_transpose_shape_rule:": (
        "the argument check of lax.transpose (an axis permutation), not of autodiff: the "
        "function name matches 'transpose' only"
    ),
}


def _covered(site: RaiseSite, catalog: Catalog) -> bool:
    for entry in catalog:
        if not any(
            (loc.file, loc.function) == (site.file, site.qualname) for loc in entry.raised_in
        ):
            continue
        if entry.message_in:
            return True
        parts = list(compile_template(entry.message).static_parts)
        if not missing_static_parts(parts, list(site.strings)):
            return True
    return False


def _excluded(site: RaiseSite) -> bool:
    return any(site.key.startswith(prefix) for prefix in EXCLUDED)


def test_walker_finds_the_known_sites() -> None:
    """The walk itself works: it finds sites every JAX release has."""
    keys = [s.key for s in raise_sites()]
    assert any(k.startswith("jax/_src/callback.py:pure_callback_jvp_rule:") for k in keys)
    assert any("_while_transpose_error" in k for k in keys)
    assert len(keys) > 50


def test_every_autodiff_raise_site_has_an_entry(catalog: Catalog) -> None:
    missing = [str(s) for s in raise_sites() if not _covered(s, catalog) and not _excluded(s)]
    assert not missing, "raise sites without a catalog entry:\n" + "\n".join(missing)


def test_exclusions_are_still_real(catalog: Catalog) -> None:
    """Every exclusion still names a site (a stale one would hide a new site)."""
    keys = [s.key for s in raise_sites()]
    for prefix in EXCLUDED:
        assert any(k.startswith(prefix) for k in keys), f"stale exclusion: {prefix}"


def test_coverage_check_fails_for_an_uncovered_site(catalog: Catalog) -> None:
    site = RaiseSite("jax/_src/api.py", "grad", 1, "TypeError", ("a message no entry has",))
    assert not _covered(site, catalog)
