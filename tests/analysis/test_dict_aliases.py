"""`python/dict_aliases.py`: the names sharing one dict, and the keys they take out of it,
as Python shares a dict (assignment and a call hand over the object; a copy is new)."""

from __future__ import annotations

import ast

from jax_lsp.analysis.python import dict_aliases

SOURCE = '''
LEGACY = {"vectorized": True, "vmap_method": "sequential"}


def modernise(options):
    cleaned = options
    cleaned.pop("vectorized", None)
    return cleaned


modern = modernise(LEGACY)
'''


def _taken(source: str) -> frozenset[str] | None:
    tree = ast.parse(source)
    return dict_aliases.taken_out(tree, (tree, "LEGACY"))


def test_a_pop_through_a_parameter_and_a_local_takes_the_key_out() -> None:
    tree = ast.parse(SOURCE)
    fn = tree.body[1]
    assert dict_aliases.aliases(tree, (tree, "LEGACY")) == {
        (tree, "LEGACY"), (fn, "options"), (fn, "cleaned"), (tree, "modern")}
    assert _taken(SOURCE) == frozenset({"vectorized"})
    assert _taken(SOURCE.replace('cleaned.pop("vectorized", None)',
                                 'del cleaned["vectorized"]')) == frozenset({"vectorized"})


def test_a_copy_shares_nothing() -> None:
    for copy in ("options.copy()", "dict(options)", "{**options}", "options | {}"):
        assert _taken(SOURCE.replace("cleaned = options", f"cleaned = {copy}")) == frozenset(), copy


def test_any_key_may_go_where_the_key_is_not_written() -> None:
    for pop in ("cleaned.popitem()", "cleaned.clear()", "cleaned.pop(KEY)",
                "drop = cleaned.pop"):
        assert _taken(SOURCE.replace('cleaned.pop("vectorized", None)', pop)) is None, pop


def test_a_parameter_bound_again_holds_another_dict() -> None:
    again = SOURCE.replace("    cleaned = options\n", "    options = {}\n    cleaned = options\n")
    assert _taken(again) == frozenset()


def test_an_in_place_union_keeps_the_parameter_the_callers_dict() -> None:
    source = SOURCE.replace('    cleaned.pop("vectorized", None)\n',
                            '    options |= {"extra": 1}\n    cleaned.pop("vectorized", None)\n')
    assert _taken(source) == frozenset({"vectorized"})
    rebound = source.replace("options |= {", "options = options | {")
    assert _taken(rebound) == frozenset()


def test_the_calls_before_a_read_are_those_that_always_run_first() -> None:
    tree = ast.parse('''
def f(opts, flag):
    fill(opts)
    if flag:
        maybe(opts)
    for _ in range(2):
        loop(opts)
    use(opts)
    after(opts)
''')
    use = next(n for n in ast.walk(tree) if isinstance(n, ast.Call)
               and isinstance(n.func, ast.Name) and n.func.id == "use")
    found = [c.func.id for c in dict_aliases.calls_before(tree, use.args[0])  # type: ignore[attr-defined]
             if isinstance(c.func, ast.Name)]
    assert found == ["fill"]


def test_an_import_in_a_function_binds_its_own_name() -> None:
    """`import LEGACY` in a function binds the function's own `LEGACY` (the scope model
    `container_aliases` and `mapping_views` read too): its pop is not the module's dict's."""
    source = SOURCE + '''

def elsewhere():
    from settings import LEGACY
    LEGACY.pop("vmap_method")
'''
    assert _taken(source) == frozenset({"vectorized"})
    tree = ast.parse(source)
    t = dict_aliases.tree_of(tree)
    assert [type(n).__name__ for n in t.module_bindings("LEGACY")] == ["Name"]
    assert t.bound_once("LEGACY") is tree.body[0]
    assert t.bound_once("modern") is tree.body[2] and t.bound_once("modernise") is None
