"""Explain JAX autodiff errors where they are met: under a failing pytest test
(`jax_lsp.runtime.pytest_plugin`) and under a notebook cell's traceback
(`jax_lsp.runtime.ipython`, loaded by `%load_ext jax_lsp`).

Both hooks share `explain_exception`. They never import JAX, never change the exception, and
do no work for an exception that did not come from JAX: the catalog is loaded only when a
raised exception passed through JAX's own code.
"""
