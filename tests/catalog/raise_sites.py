"""The autodiff raise sites of the installed JAX: every `raise` a user can meet while
differentiating, read from the source of `jax/_src`.

Scope: every raise in the modules that only do autodiff (`AUTODIFF_MODULES`), and, in the
modules that mix autodiff with other things (`MIXED_MODULES`), every raise inside a function
whose qualified name says it is about autodiff (`AUTODIFF_NAME`): a JVP, VJP or transpose rule,
`grad`/`jacfwd`/`linearize`..., a custom-derivative or checkpoint helper, `custom_root` and
`custom_linear_solve`, `stop_gradient`, partial evaluation (what `linearize`/`grad` run on control
flow). `EXTRA_FUNCTIONS` adds the functions that check what autodiff and host callbacks are
given without saying so in their names: the output structure check of `custom_root`/
`custom_linear_solve`, `vmap_method` validation of `pure_callback`/`ffi_call` (met through the
vmap inside `jacfwd`/`jacrev`/`hessian`), and the effect checks of batched `cond`/`while_loop`
that an `io_callback` meets. A raise without a message (`raise NotImplementedError`)
is an internal invariant, not a message a user can look up, so it is not a site.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from source_strings import JAX_ROOT, _render, _strings_in, find_function

AUTODIFF_MODULES = (
    "jax/_src/interpreters/ad.py",
    "jax/_src/custom_derivatives.py",
    "jax/_src/ad_checkpoint.py",
    "jax/_src/ad_util.py",
    "jax/_src/lax/control_flow/solves.py",
)
MIXED_MODULES = (
    "jax/_src/api.py",
    "jax/_src/callback.py",
    "jax/_src/buffer_callback.py",
    "jax/_src/ffi.py",
    "jax/_src/lax/lax.py",
    "jax/_src/lax/control_flow/loops.py",
    "jax/_src/lax/linalg.py",
    "jax/_src/lax/control_flow/conditionals.py",
)
#: functions of other modules (or not named for autodiff) whose raises are autodiff or
#: host-callback errors users meet: file -> qualified function names
EXTRA_FUNCTIONS = {
    "jax/_src/lax/control_flow/common.py": ("_check_tree",),
    "jax/_src/callback.py": ("pure_callback",),
    "jax/_src/ffi.py": ("ffi_call", "ffi_batching_rule"),
    "jax/_src/lax/control_flow/loops.py": ("_while_loop_batching_rule",),
    "jax/_src/lax/control_flow/conditionals.py": ("_cond_batching_rule",),
}
AUTODIFF_NAME = re.compile(
    r"jvp|vjp|transpose|grad|jac|hessian|lineariz|deriv|remat|checkpoint|custom_root|"
    r"linear_solve|linear_call|closure_convert|stop_gradient|holomorphic|backward|tangent|"
    r"partial_eval",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class RaiseSite:
    file: str
    qualname: str
    line: int
    exception: str
    #: the message's text as in the source, variable parts as `\x00` (empty: built elsewhere)
    strings: tuple[str, ...]

    @property
    def key(self) -> str:
        """A name for the site that survives line shifts: file, function, message start."""
        head = " ".join(self.strings)[:40] if self.strings else self.exception
        return f"{self.file}:{self.qualname}: {head}"

    def __str__(self) -> str:
        return f"{self.file}:{self.line} in {self.qualname}: {self.exception}"


def _exception_name(exc: ast.expr) -> str:
    target = exc.func if isinstance(exc, ast.Call) else exc
    return ast.unparse(target)


def _has_message(exc: ast.expr | None) -> bool:
    return isinstance(exc, ast.Call) and bool(exc.args or exc.keywords)


def raise_sites() -> list[RaiseSite]:
    """Every user-facing autodiff raise site of the installed JAX, in file order."""
    sites: list[RaiseSite] = []
    extra_only = tuple(p for p in EXTRA_FUNCTIONS if p not in AUTODIFF_MODULES + MIXED_MODULES)
    for path in AUTODIFF_MODULES + MIXED_MODULES + extra_only:
        source = JAX_ROOT / path
        if not source.is_file():
            continue
        whole = path in AUTODIFF_MODULES
        extra = EXTRA_FUNCTIONS.get(path, ())
        tree = ast.parse(source.read_text(encoding="utf-8"))

        def visit(
            node: ast.AST,
            stack: list[str],
            path: str = path,
            whole: bool = whole,
            extra: tuple[str, ...] = extra,
        ) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    visit(child, [*stack, child.name])
                    continue
                if isinstance(child, ast.Raise) and _has_message(child.exc):
                    qualname = ".".join(stack) or "<module>"
                    named = path in MIXED_MODULES and AUTODIFF_NAME.search(qualname)
                    if whole or named or qualname in extra:
                        assert isinstance(child.exc, ast.Call)
                        strings = [s for a in child.exc.args if (s := _render(a)) is not None]
                        if not strings:  # `raise TypeError(msg)`: the message is built above
                            nodes = find_function(path, qualname) or []
                            strings = _strings_in(nodes) if stack else []
                        sites.append(
                            RaiseSite(
                                path,
                                qualname,
                                child.lineno,
                                _exception_name(child.exc),
                                tuple(strings),
                            )
                        )
                visit(child, stack)

        visit(tree, [])
    return sites
