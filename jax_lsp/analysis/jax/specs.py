"""The kinds of rows of the API tables (`jaxapi`, and each library's in `libraries/`): a
differentiation transform and a host callback. Apart so that a library's rows import nothing
of the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TransformSpec:
    """A differentiation transform.

    `shape` says how it is called:
      "fn"        transform(fun, argnums=...)(*args): grad, jacfwd, ...
      "jvp"       transform(fun, primals, tangents)
      "vjp"       transform(fun, *primals) -> (out, pullback)
      "linearize" transform(fun, *primals) -> (out, f_jvp)
      "transpose" transform(fun, *primals) -> transposed function
      "check"     check_grads(f, args, order, modes=...)
    """

    shape: str
    mode: str
    #: default differentiated positional arguments for shape "fn"; None means all
    argnums: tuple[int, ...] | None = (0,)
    #: whether `argnums=` may override the default
    has_argnums: bool = True
    #: jacfwd/jacrev/hessian push a batch of tangents through vmap
    batched: bool = False
    #: the transform rejects integer inputs (for JAX010), with this name in JAX's message
    #: (value_and_grad says "grad", hessian "jacfwd")
    int_check: str = ""
    #: for "fn": a second, outer transform applied around this one (hessian = jacfwd . jacrev)
    outer: TransformSpec | None = None
    #: equinox's filter transforms differentiate inexact array leaves only
    arrays_only: bool = False


@dataclass(frozen=True)
class CallbackSpec:
    """A host callback: `kind` is "pure", "io" or "debug" (debug callbacks are always safe)."""

    kind: str
    #: index of the first operand among the positional arguments
    operand_start: int
    #: keyword arguments that configure the callback rather than feed it
    config_keywords: frozenset[str]
    #: JAX removes the call under `jit` when its result is not used (dead code: it has no
    #: effect), so its host never runs there (pure_callback: measured on JAX 0.10.2 under
    #: jit, nested jit, lax loops, cond and custom rules; io_callback and debug.callback run)
    removed_unused: bool = False
