"""jax-lsp: find JAX host callbacks reached by automatic differentiation, statically."""

__version__ = "0.1.0"
