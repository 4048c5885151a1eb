"""IPython extension: after a cell fails with a JAX autodiff error, print the catalog entry,
the user's line and the first fix under the traceback.

`%load_ext jax_lsp` loads it (`jax_lsp.load_ipython_extension`), `%unload_ext jax_lsp` removes
it. It listens to `post_run_cell`, so IPython shows its own traceback unchanged first; a cell
that raised nothing, or raised something that did not come from JAX, costs one check.
"""

from __future__ import annotations

import sys
from typing import Any

from jax_lsp.runtime.explain import explain_exception


def _after_cell(result: Any) -> None:
    error = getattr(result, "error_in_exec", None)
    if error is None:
        return
    try:
        note = explain_exception(error)
    except Exception as err:  # never break the user's session
        note = f"jax-lsp could not explain this error: {type(err).__name__}: {err}"
    if note:
        print(note, file=sys.stderr)


def load_ipython_extension(ipython: Any) -> None:
    if _after_cell not in ipython.events.callbacks["post_run_cell"]:
        ipython.events.register("post_run_cell", _after_cell)


def unload_ipython_extension(ipython: Any) -> None:
    if _after_cell in ipython.events.callbacks["post_run_cell"]:
        ipython.events.unregister("post_run_cell", _after_cell)
