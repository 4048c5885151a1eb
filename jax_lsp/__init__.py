"""jax-lsp: find JAX host callbacks reached by automatic differentiation, statically."""

from typing import Any

__version__ = "0.1.0"


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext jax_lsp`: explain JAX autodiff errors under failing cells."""
    from jax_lsp.runtime.ipython import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython: Any) -> None:
    from jax_lsp.runtime.ipython import unload_ipython_extension as unload

    unload(ipython)
