"""The pre-filter that skips the interpreter for modules from which no level can be made
(`reach`): it must clear only modules whose analysis finds nothing, whatever route a transform
takes into them (imports of first-party modules, aliases, `getattr`, Unicode spellings)."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest
from oracle import corpus_programs

from jax_lsp.analysis import AnalysisConfig, analyze_source, callback_hosts, reach
from jax_lsp.analysis.workspace import Workspace

TESTS = Path(__file__).resolve().parents[1]
CALLBACK = """\
import jax
import numpy as np

def f(x):
    return jax.pure_callback(np.sin, x, x)
"""


def may_find(source: str, root: Path | None = None, name: str = "main.py", **extra: str) -> bool:
    path = (root / name) if root is not None else Path(name)
    workspace = Workspace([root]) if root is not None else None
    return reach.may_find(ast.parse(source), source, str(path), workspace, extra)[0]


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text), encoding="utf-8")


def test_every_labelled_corpus_program_is_interpreted() -> None:
    programs = corpus_programs()
    # the codes of the syntax pass (`callback_hosts`) need no interpretation
    labelled = [p for p in programs
                if set(re.findall(r"#\s*EXPECT:\s*(JAX\d+)", p.read_text("utf-8")))
                - callback_hosts.CODES]
    assert len(labelled) > 100
    cleared = [p for p in labelled if not may_find(p.read_text("utf-8"), p.parent, p.name)]
    assert cleared == []


def test_a_module_without_a_transform_is_cleared_and_finds_nothing() -> None:
    source = CALLBACK + "jax.jit(f)(1.0)\nprint(getattr(np, 'sin'))\n"
    assert not may_find(source)
    assert analyze_source(source).findings == []


@pytest.mark.parametrize(
    "call",
    [
        "jax.grad(f)(1.0)",
        "jax.jacobian(f)(1.0)",  # an alias jaxapi.canonical maps whole
        "jax.vmap(f)(np.ones(3))",  # a batch level (JAX008)
        "jax.numpy.vectorize(f)(np.ones(3))",  # a measured wrapper that maps
        "getattr(jax, 'grad')(f)(1.0)",
        "getattr(jax, 'gr' + 'ad')(f)(1.0)",  # a name the interpreter computes
        "g = getattr\ng(jax, 'gr' + 'ad')(f)(1.0)",
        "jax.\uff47rad(f)(1.0)",  # the parser reads a fullwidth g as g (NFKC)
    ],
)
def test_a_route_to_a_level_is_interpreted_and_found(call: str) -> None:
    source = CALLBACK + call + "\n"
    assert may_find(source)
    assert analyze_source(source).findings, call


def test_a_transform_aliased_in_a_first_party_module_is_followed(tmp_path: Path) -> None:
    write(tmp_path, {"mylib.py": "import jax\nmy_diff = jax.grad\n"})
    source = CALLBACK + "from mylib import my_diff\nmy_diff(f)(1.0)\n"
    assert may_find(source, tmp_path)
    result = analyze_source(source, str(tmp_path / "main.py"), None, Workspace([tmp_path]))
    assert [f.code for f in result.findings] == ["JAX001"]


def test_imports_are_followed_transitively_and_a_package_is_not_cleared(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        {
            "a.py": "from b import helper\n",
            "b.py": "import jax\ndef helper(fn):\n    return jax.grad(fn)\n",
            "c.py": "def plain(x):\n    return x\n",
            "pkg/__init__.py": "",
            "pkg/sub.py": "import jax\nd = jax.grad\n",
        },
    )
    assert may_find("from a import helper\n", tmp_path)
    assert not may_find("import c\nfrom c import plain\n", tmp_path)
    assert may_find("import pkg\n", tmp_path)
    assert may_find("def g():\n    from . import c\n", tmp_path / "pkg", "other.py")


def test_a_configured_transform_is_a_trigger() -> None:
    source = CALLBACK + "from lib import mywrap\nmywrap(f)(1.0)\n"
    assert not may_find(source)
    assert may_find(source, **{"lib.mywrap": "jax.grad"})
    config = AnalysisConfig(extra_transforms={"lib.mywrap": "jax.grad"})
    assert analyze_source(source, "t.py", config).findings


def test_the_builtin_map_written_as_a_bare_name_is_cleared() -> None:
    # `map` is `jax.lax.map`'s last part (a batch level with batch_size), and Python's builtin
    source = CALLBACK + "ys = list(map(f, [1.0]))\nfor map_ in map(str, ys):\n    print(map_)\n"
    assert not may_find(source)
    assert analyze_source(source).findings == []


@pytest.mark.parametrize(
    "call",
    [
        "jax.lax.map(f, np.ones(3), batch_size=2)",
        "from jax.lax import map\nmap(f, np.ones(3), batch_size=2)",
        "from jax.lax import map as m\nm(f, np.ones(3), batch_size=2)",
        "getattr(jax.lax, 'map')(f, np.ones(3), batch_size=2)",
        "map = jax.lax.map\nmap(f, np.ones(3), batch_size=2)",
    ],
)
def test_lax_map_written_otherwise_than_as_the_builtin_is_interpreted(call: str) -> None:
    # JAX raises (vmap of a pure_callback without vmap_method): tests/rules/JAX008/fires/
    # lax_map_batch_size_host_call.py runs it
    source = CALLBACK + call + "\n"
    assert may_find(source)
    assert [f.code for f in analyze_source(source).findings] == ["JAX008"], call


def test_a_bare_map_after_a_star_import_is_interpreted(tmp_path: Path) -> None:
    write(tmp_path, {"mylib.py": "import jax\nmap = jax.lax.map\n"})
    source = CALLBACK + "from mylib import *\nmap(f, np.ones(3), batch_size=2)\n"
    assert may_find(source, tmp_path)
    result = analyze_source(source, str(tmp_path / "main.py"), None, Workspace([tmp_path]))
    assert [f.code for f in result.findings] == ["JAX008"]
    assert may_find("from jax.lax import *\nmap(print, [1])\n")


def test_a_configured_transform_named_like_a_builtin_is_a_trigger() -> None:
    source = CALLBACK + "from lib import map\nmap(f)(1.0)\n"
    assert may_find(source, **{"lib.map": "jax.grad"})
    assert may_find("map(print, [1])\n", **{"lib.map": "jax.grad"})
    assert not may_find("map(print, [1])\n")


def test_map_read_from_something_that_is_not_jax_lax_is_cleared() -> None:
    # `jax.tree.map` (`jax.tree_util.tree_map`) and `map` read from values of the module's
    # own: no module value whose attribute `map` batches (`jax.lax`) is made where `lax` is
    # never written
    source = CALLBACK + (
        "ys = jax.tree.map(f, [1.0])\n"
        "class Table:\n"
        "    def map(self, g):\n"
        "        return g\n"
        "Table().map(f)(1.0)\n"
    )
    assert not may_find(source)
    assert analyze_source(source).findings == []


@pytest.mark.parametrize(
    "files",
    [
        {"main.py": "from jax import lax as L\n"},
        {"main.py": "import mylib\nL = mylib.L\n", "mylib.py": "from jax import lax\nL = lax\n"},
        {"main.py": "import mylib\nL = mylib.get()\n",
         "mylib.py": "import jax\ndef get():\n    return getattr(jax, 'lax')\n"},
        {"main.py": "import mylib\nclass Box:\n    pass\n"
                    "b = Box()\nb.ops = mylib.ops()\nL = b.ops\n",
         "mylib.py": "import jax.lax\ndef ops():\n    return jax.lax\n"},
    ],
)
def test_map_read_from_jax_lax_made_anywhere_interpreted_is_interpreted(
    tmp_path: Path, files: dict[str, str]
) -> None:
    # `L.map` is `jax.lax.map` when `L` holds `jax.lax`, made in the module or one it
    # imports; JAX raises there (tests/rules/JAX008/fires/lax_map_batch_size_host_call.py)
    call = "L.map(f, np.ones(3), batch_size=2)\n"
    files = {**files, "main.py": CALLBACK + files["main.py"] + call}
    write(tmp_path, files)
    source = files["main.py"]
    assert may_find(source, tmp_path)
    result = analyze_source(source, str(tmp_path / "main.py"), None, Workspace([tmp_path]))
    assert [f.code for f in result.findings] == ["JAX008"]


def test_an_attribute_map_needs_the_receivers_written_by_the_aliases_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from jax_lsp.analysis.jax import jaxapi

    assert reach.receiver_names("map") == {"lax"}
    # an alias mapped whole onto `jax.lax` makes that module value without writing `lax`
    monkeypatch.setitem(jaxapi.ALIASES, "jax.experimental.lax_ops", "jax.lax")
    reach.receiver_names.cache_clear()
    reach._triggers.cache_clear()
    try:
        assert reach.receiver_names("map") == {"lax", "lax_ops"}
        assert may_find("import jax\nops = jax.experimental.lax_ops\nops.map(print, [1])\n")
        assert not may_find("import jax\nops = jax.experimental.other\nops.map(print, [1])\n")
    finally:
        monkeypatch.undo()
        reach.receiver_names.cache_clear()
        reach._triggers.cache_clear()


def test_a_methodcaller_is_interpreted() -> None:
    # `operator.methodcaller(name)(jax)` reads `jax.<name>`, the name computed: JAX raises
    # 'Pure callbacks do not support JVP' (run in test_a_methodcaller_of_grad_raises_in_jax)
    source = CALLBACK + "import operator\n" + METHODCALLER_GRAD
    assert may_find(source)
    assert [f.code for f in analyze_source(source).findings] == ["JAX001"]


METHODCALLER_GRAD = 'g = operator.methodcaller("gr" + "ad", f)(jax)\ng(1.0)\n'


def test_a_methodcaller_of_grad_raises_in_jax() -> None:
    import operator

    import jax
    import numpy as np

    def f(x: object) -> object:
        return jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), np.float32), x)

    with pytest.raises(ValueError, match="Pure callbacks do not support JVP"):
        operator.methodcaller("gr" + "ad", f)(jax)(1.0)


def test_map_in_comments_and_strings_only_needs_lax_written() -> None:
    # a comment's word is nothing; a string's may be read as an attribute
    # (`operator.methodcaller`), so it counts as `x.map` does: only where `lax` is written
    source = CALLBACK + (
        '"""Maps f over a tree (jax.tree.map)."""\n'
        "# the map below is a tree map\n"
        "ys = jax.tree.map(f, [1.0])  # map\n"
        "print('map', b'map', ys)\n"
    )
    assert not may_find(source)
    assert analyze_source(source).findings == []
    assert may_find(source + "from jax import lax\n")
    # what cannot be told apart is interpreted
    assert may_find(source + "print(f'map {ys}')\n")
    assert may_find(source + "def g(map):\n    return map\n")
    assert may_find(source + "print('é')\n")
    assert may_find(source.replace("\n", "\r"))


def test_a_hash_in_an_f_string_starts_no_comment() -> None:
    # the imported `map` after it is `jax.lax.map`: JAX raises (see the JAX008 test above)
    source = CALLBACK + 's = f"#{1}"; from jax.lax import map\nmap(f, np.ones(3), batch_size=2)\n'
    assert may_find(source)
    assert [f.code for f in analyze_source(source).findings] == ["JAX008"]


def _full_walk_answers(source: str) -> tuple[bool | None, list[str] | None]:
    """`_builtin_use` of `map` and `_getattr_names` as they were with every statement walked
    whole (the reference `_nodes_on` must agree with)."""
    tree = ast.parse(source)
    saved = reach._nodes_on
    reach._nodes_on = lambda stmt, lines: ast.walk(stmt)  # type: ignore[assignment]
    try:
        use = reach._builtin_use(source, tree, "map")
        lines = reach._lines_using(source, "getattr")
        names = reach._getattr_names(reach._statements_at(tree, lines), lines)
    finally:
        reach._nodes_on = saved  # type: ignore[assignment]
    return use, names


_BIG_BODY = "".join(f"    y{i} = [x + {i} for x in range({i})]\n" for i in range(300))


@pytest.mark.parametrize("source", [
    "def f(xs):\n" + _BIG_BODY + "    return xs.map(g)\n",
    "def f(xs):\n" + _BIG_BODY + "    return map(g, xs)\n",
    "class C:\n    @deco(\n        map)\n    def m(self):\n" + _BIG_BODY.replace("    ", "        ")
    + "        pass\n",
    "def f(xs):\n    s = 'a map'\n" + _BIG_BODY + "    # map here\n    return xs\n",
    "def f(xs):\n" + _BIG_BODY + "    return f'{xs.map(g)}'\n",
    "def f(xs):\n" + _BIG_BODY + "    return f'''\n{xs.map(g)}'''\n",
    "def f(o):\n" + _BIG_BODY + "    return getattr(o, 'a'), getattr(o, 'map')\n",
    "def f(o):\n" + _BIG_BODY + "    g = getattr\n    return g(o, 'a')\n",
    "def f(o):\n" + _BIG_BODY + "    return getattr(o, name)\n",
    "def f(o):\n    x = getattr(o,\n        'a')\n" + _BIG_BODY + "    return x\n",
    "def f(o, map=None):\n" + _BIG_BODY + "    return [map for map in o]\n",
], ids=lambda source: source.rpartition("\n    ")[2][:30])
def test_the_walk_of_the_lines_using_a_name_answers_as_the_whole_walk(source: str) -> None:
    """`reach` enters only the subtrees spanning the lines that write the name it looks at:
    the same answers as a walk of the whole statements."""
    tree = ast.parse(source)
    lines = reach._lines_using(source, "getattr")
    assert (reach._builtin_use(source, tree, "map"),
            reach._getattr_names(reach._statements_at(tree, lines), lines)
            ) == _full_walk_answers(source)


def test_a_large_function_writing_a_builtin_trigger_once_is_not_walked_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The 300 statements of a function that writes `map` on one line are not visited to
    find how it is written there (they were: `ast.walk` of the whole function)."""
    source = "def f(xs):\n" + _BIG_BODY + "    return xs.map(g)\n"
    tree = ast.parse(source)
    visited = 0
    inner = ast.iter_child_nodes

    def counting(node: ast.AST):  # type: ignore[no-untyped-def]
        nonlocal visited
        visited += 1
        return inner(node)

    monkeypatch.setattr(ast, "iter_child_nodes", counting)
    assert reach._builtin_use(source, tree, "map") is True
    assert visited < 50
