"""JAX011/JAX012 read from a module's text (`analysis/callback_hosts.py`): what resolves, what
stays quiet, and that the incremental analysis reports them as a full one does. The programs
that JAX runs are in tests/rules/JAX011 and JAX012 (checked by the oracle); these are the
mechanisms."""

from __future__ import annotations

import ast
import textwrap

from jax_lsp.analysis.callback_hosts import check_module
from jax_lsp.analysis.engine import analyze_source
from jax_lsp.analysis.findings import Severity
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.analysis.numpy_equivalents import numpy_name


def _codes(source: str) -> list[tuple[str, int]]:
    tree = ast.parse(textwrap.dedent(source))
    return sorted((f.code, f.span.line) for f in check_module(tree))


HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n"


def test_a_recursive_helper_is_read_once() -> None:
    src = HEADER + textwrap.dedent("""
        def walk(x, n):
            return x if n == 0 else walk(np.sin(x), n - 1)

        def host(x):
            return walk(np.asarray(x), 3)

        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    """)
    assert _codes(src) == []


def test_a_staticmethod_first_parameter_is_no_self() -> None:
    src = HEADER + textwrap.dedent("""
        class K:
            @staticmethod
            def host(self):
                return np.asarray(self)

            def other(self):
                return jnp.sin(1.0)

        def f(x):
            return jax.pure_callback(K.host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    """)
    assert _codes(src) == []


def test_a_name_bound_twice_differently_resolves_to_nothing() -> None:
    src = "import jax\nimport numpy as np\n" + textwrap.dedent("""
        if jax.config.jax_enable_x64:
            import jax.numpy as xp
        else:
            import numpy as xp

        def host(x):
            return xp.sin(np.asarray(x))

        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    """)
    assert _codes(src) == []


def test_a_jitted_host_is_reported_at_the_host_argument() -> None:
    src = HEADER + textwrap.dedent("""
        @jax.jit
        def host(x):
            return x + 1

        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    """)
    assert _codes(src) == [("JAX011", 10)]  # the `jax.pure_callback(host, ...)` line


def test_jax011_is_a_warning_with_a_measured_fix_and_jax012_an_error() -> None:
    src = HEADER + textwrap.dedent("""
        def host(x):
            w = jnp.linalg.eig(x)[0]  # (one line each: a line's calls are one finding)
            return w, jnp.cos(x)

        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                     vectorized=True)
    """)
    found = {(f.code, f.message.split("`")[1]): f for f in analyze_source(src).findings}
    eig, cos = found[("JAX011", "jnp.linalg.eig")], found[("JAX011", "jnp.cos")]
    assert eig.severity is cos.severity is Severity.WARNING
    # eig's eigenvalues come in another order in NumPy: measured, not equivalent
    assert numpy_name("jax.numpy.linalg.eig") is None and [k.value for k in eig.fixes] == [
        "suppress"]
    assert [k.value for k in cos.fixes] == ["numpy-in-host", "suppress"]
    assert found[("JAX012", "jax.pure_callback")].severity is Severity.ERROR


def test_the_incremental_analysis_reports_them_as_a_full_one() -> None:
    src = HEADER + textwrap.dedent("""
        def host(x):
            return np.asarray(jnp.tanh(x))

        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    """)
    analyzer = IncrementalAnalyzer()
    assert [f.code for f in analyzer.analyze(src, "m.py").findings] == ["JAX011"]
    edited = src.replace("jnp.tanh(x)", "np.tanh(x)")
    assert analyzer.analyze(edited, "m.py").findings == []
    back = analyzer.analyze(src, "m.py").findings
    assert [f.code for f in back] == ["JAX011"]
    assert back == analyze_source(src, "m.py").findings


def _kwargs_host(body: str) -> str:
    return HEADER + "from scipy import ndimage\nfrom scipy.integrate import solve_ivp\n" + \
        textwrap.dedent(body) + textwrap.dedent("""
        def f(x):
            return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                                     vectorized=False)
    """)


def test_kwargs_handed_on_decide_by_the_callee_measured_signature() -> None:
    """A host's `**kwargs` take `vectorized=` unless every use hands them on to functions
    that refuse it: library functions measured to, or the module's own not taking it."""
    refused = _kwargs_host("""
        def blur(x, **kw):
            return ndimage.gaussian_filter(x, 1.0, **kw)

        def host(x, **kw):
            return blur(np.asarray(x), **kw)
    """)
    assert [c for c, _ in _codes(refused)] == ["JAX012"]
    for body in (
        # a library function taking any keyword
        "def host(x, **kw):\n    return solve_ivp(None, (0, 1), x, **kw).y\n",
        # the dict used otherwise: it may drop the keyword
        "def host(x, **kw):\n    kw.pop('vectorized', None)\n"
        "    return ndimage.gaussian_filter(x, 1.0, **kw)\n",
        # a callee not known (a method of a parameter)
        "def host(x, solver=None, **kw):\n    return solver.run(x, **kw)\n",
        # kept, never handed on
        "def host(x, **kw):\n    return np.asarray(x)\n",
    ):
        assert _codes(_kwargs_host(body)) == [], body


_WRAPPER = HEADER + textwrap.dedent("""
    def call_host(fn, like, *args, PARAMS):
        keywords = {}
        if vectorized is not None:
            keywords["vectorized"] = vectorized
        return jax.pure_callback(fn, jax.ShapeDtypeStruct(like.shape, like.dtype), *args,
                                 **keywords)

    def host(x):
        return np.cos(np.asarray(x))

    def run(x, flag):
        return call_host(host, x, x, vectorized=GIVEN)
""")


def _jax012(params: str, given: str) -> list:
    src = _WRAPPER.replace("PARAMS", params).replace("GIVEN", given)
    return [f for f in check_module(ast.parse(src)) if f.code == "JAX012"]


def test_a_key_set_under_an_if_the_application_decides_is_given() -> None:
    """equinox's `filter_pure_callback` shape: `vectorized` is set on the spread dict only
    when the caller gives one. A caller's literal decides the `if`: JAX012, with the caller's
    value (and its fix, the wrapper taking `vmap_method`); a value not known: quiet (the key
    may be absent); the default None: quiet."""
    found = _jax012("vmap_method=None, vectorized=None", "False")
    assert len(found) == 1 and "`vectorized=False`" in found[0].message
    caller = _WRAPPER.splitlines().index("    return call_host(host, x, x, vectorized=GIVEN)")
    assert found[0].path[0].span.line == caller + 1  # the caller's `vectorized=False`
    assert any(k.name == "VMAP_METHOD" for k in found[0].fixes)
    assert _jax012("vmap_method=None, vectorized=None", "flag") == []
    assert _jax012("vmap_method=None, vectorized=None", "None") == []


def test_no_fix_into_a_wrapper_without_vmap_method() -> None:
    """The fix rewrites the caller's `vectorized=` into `vmap_method=`: a wrapper that does not
    take it would refuse the call, so the finding has no such fix there."""
    found = _jax012("vectorized=None", "True")
    assert len(found) == 1
    assert not any(k.name == "VMAP_METHOD" for k in found[0].fixes)


# ------------------------------------------------- what a script's run reaches (script_reach)

_JNP_HOST = HEADER + textwrap.dedent("""
    def host(x):
        return np.asarray(jnp.sort(x))

    def sort_on_host(x):
        return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
""")


def test_a_script_callback_in_a_function_its_run_never_names_is_quiet() -> None:
    src = _JNP_HOST + '__all__ = ["sort_on_host"]\nif __name__ == "__main__":\n    print(1)\n'
    assert _codes(src) == []


def test_a_module_without_a_main_block_is_a_library() -> None:
    assert _codes(_JNP_HOST) == [("JAX011", 6)]


def test_a_script_reaches_a_test_case_its_runner_collects() -> None:
    src = _JNP_HOST + textwrap.dedent("""
        import unittest

        class SortTest(unittest.TestCase):
            def test_sorts(self):
                jax.jit(sort_on_host)(jnp.ones(3))

        if __name__ == "__main__":
            unittest.main()
    """)
    assert _codes(src) == [("JAX011", 6)]


def test_a_script_naming_functions_by_computed_strings_reaches_all() -> None:
    src = _JNP_HOST + textwrap.dedent("""
        import sys

        if __name__ == "__main__":
            print(globals()[sys.argv[1]](jnp.ones(3)))
    """)
    assert _codes(src) == [("JAX011", 6)]


def test_a_branch_on_an_unset_environment_variable() -> None:
    run = "    print(jax.jit(sort_on_host)(jnp.ones(3)))\n"
    main = 'import os\nif __name__ == "__main__":\n    if {}:\n' + "    " + run
    assert _codes(_JNP_HOST + main.format('os.environ.get("SORT") == "1"')) == []
    assert _codes(_JNP_HOST + main.format('"SORT" in os.environ')) == []
    assert _codes(_JNP_HOST + main.format('os.getenv("SORT", "1") == "1"')) == [("JAX011", 6)]
    assert _codes(_JNP_HOST + main.format('os.environ.get("SORT") != "0"')) == [("JAX011", 6)]
    assert _codes(_JNP_HOST + main.format('sys.argv[1] == "sort"')) == [("JAX011", 6)]


def test_an_edit_of_the_main_block_changes_what_the_script_reaches() -> None:
    from jax_lsp.analysis import callback_hosts_memo

    callback_hosts_memo.forget()
    quiet = _JNP_HOST + 'if __name__ == "__main__":\n    print(1)\n'
    calls = _JNP_HOST + 'if __name__ == "__main__":\n    print(sort_on_host)\n'
    for text, expected in ((quiet, []), (calls, [6]), (quiet, [])):
        found = check_module(ast.parse(text), text)
        assert [f.span.line for f in found] == expected


def test_a_script_reaches_a_function_it_hands_to_a_decorator() -> None:
    src = _JNP_HOST + textwrap.dedent("""
        @jax.custom_jvp
        def f(x):
            return x

        @f.defjvp
        def f_jvp(primals, tangents):
            return f(primals[0]), sort_on_host(tangents[0])

        if __name__ == "__main__":
            print(jax.jvp(f, (1.0,), (1.0,)))
    """)
    assert _codes(src) == [("JAX011", 6)]
