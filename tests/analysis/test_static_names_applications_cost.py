"""Following a function's callers (`ModuleNames.applications`, what `parameter_values` reads)
must cost one walk of the module for all the functions followed, not one each: a module with
many functions passing options down a chain must not make the analysis quadratic (a file must
never freeze the server). Counted: the module walks and the `definition` look-ups made."""

from __future__ import annotations

import ast

import pytest

from jax_lsp.analysis import static_names
from jax_lsp.analysis.static_names import ModuleNames

# the calls are counted by replacing `walk_all` and `definition` on the instance, which a
# compiled (mypyc: native) `ModuleNames` refuses; the compiled build runs the same source
pytestmark = pytest.mark.skipif(not static_names.__file__.endswith(".py"),
                                reason="counts calls by patching a compiled class")


def _chain(n: int) -> str:
    """`n` functions, each calling the previous one (directly, through `jax.jit`, a partial, a
    lambda) with the options it was given, as a long options-passing module does."""
    out = ["import functools\nimport jax\n\n\ndef stage_0(x, options=None):\n    return x\n"]
    for i in range(1, n + 1):
        out.append(
            f"\n\n@jax.jit\ndef stage_{i}(x, options=None):\n"
            f"    y = stage_{i - 1}(x, options)\n"
            f"    run = jax.jit(stage_{i - 1})\n"
            f"    bound = functools.partial(stage_{i - 1}, options=options)\n"
            f"    again = lambda v: stage_{i - 1}(v, options)\n"
            f"    return run(y, options) + bound(y) + again(y)\n")
    return "".join(out)


def _cost(n: int) -> tuple[int, int, int]:
    """(walks, `definition` calls, applications found) of asking every function's `options`."""
    tree = ast.parse(_chain(n))
    names = ModuleNames(tree, through=frozenset({"jax.jit"}))
    counts = {"walks": 0, "definitions": 0}
    walk_all, definition = names.walk_all, names.definition

    def counted_walk():  # type: ignore[no-untyped-def]
        counts["walks"] += 1
        return walk_all()

    def counted_definition(*a, **k):  # type: ignore[no-untyped-def]
        counts["definitions"] += 1
        return definition(*a, **k)

    names.walk_all = counted_walk  # type: ignore[method-assign]
    names.definition = counted_definition  # type: ignore[method-assign]
    found = 0
    for st in tree.body:
        if isinstance(st, ast.FunctionDef):
            values = names.parameter_values(st, "options")
            assert values is not None
            found += len(values)
    return counts["walks"], counts["definitions"], found


def test_callers_followed_by_one_walk_for_all_functions() -> None:
    n = 20
    walks, _, found = _cost(n)
    # every stage but the last is applied four ways (call, jit wrapper, partial, lambda call)
    # and the last one nowhere (its default)
    assert found == 4 * n + 1
    assert walks == 1


def test_definition_lookups_grow_linearly_with_the_functions_followed() -> None:
    _, small, _ = _cost(20)
    _, large, _ = _cost(80)
    # four times the functions, each followed: about four times the look-ups (a walk per
    # function followed made it sixteen times)
    assert large < 5 * small, (small, large)
