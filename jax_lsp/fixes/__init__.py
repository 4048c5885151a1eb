"""Fixes: turn one finding into minimal text edits.

Every fix is computed on demand from the source text and one `Finding` (the analysis never
builds fixes itself: LibCST is ten times slower than `ast`, so it stays on the fix path).
Positions use the analysis' convention: 1-based lines, 0-based character columns.

One module per fix, each a LibCST codemod that returns minimal edits (`registry` lists them):

- `custom_jvp`: JAX001, JAX007; the callback gets a custom_jvp rule that contracts a host
  Jacobian with the tangents in JAX. Safe.
- `custom_vjp`: JAX001, JAX007 when only reverse mode reaches the call; a custom_vjp rule
  whose bwd computes the vector-Jacobian product on the host. Safe.
- `linear_map`: JAX002, JAX008; a callback applied to tangents (or transposed) becomes a
  host-computed matrix applied in JAX. Safe on tangents, unsafe under `linear_transpose`.
- `jacrev`: JAX005; jacfwd -> jacrev, hessian -> jacrev(jacrev), check_grads -> rev only.
  Unsafe.
- `stop_gradient`: JAX001, JAX003, JAX007; `lax.stop_gradient` on the tangent-carrying
  operands. Unsafe (that gradient becomes zero) unless the call's result is unused.
- `suppress`: every code; `# jax-lsp: ignore[CODE]`. Safe, never applied by `--fix`.

The two custom-rule fixes write the derivative as a named function beside the callback
(`host_rule`: finite differences until the user writes the exact one) and route the call
through a helper. `generated` holds the helpers the first three share: one helper module beside
the file (created by the first fix, imported by the others) or, where no file can be created,
pasted into the module once. `offers` decides from the finding alone which fixes an editor lists
and how they are titled; `source` and `callback_call` locate things in the LibCST tree; `apply`
fixes whole files for the CLI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jax_lsp.lazy_names import lazy_getattr

if TYPE_CHECKING:
    from jax_lsp.fixes.model import Fix, TextEdit, apply_edits
    from jax_lsp.fixes.registry import fixes_for

__all__ = ["Fix", "TextEdit", "apply_edits", "fixes_for"]

#: public name -> the submodule defining it, loaded on first use (PEP 562): the fixes import
#: LibCST and the analyser, which the language server needs only once a fix is asked for, not
#: to start (its modules use `model`'s plain data before that)
_HOMES = {"Fix": "model", "TextEdit": "model", "apply_edits": "model", "fixes_for": "registry"}


__getattr__ = lazy_getattr(__name__, _HOMES, globals())


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
