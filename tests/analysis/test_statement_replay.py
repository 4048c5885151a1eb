"""Top-level statements replayed by the incremental analysis (`replay`) against a full analysis.

Edits of the module's own statements (not only inside functions): a constant an earlier
statement binds and later ones read, a decorator swapped, a class body changed, a name bound
again further down, a definition deleted, lines inserted above transformed functions (their
sites move). After each edit the incremental result must equal a full analysis, be exact when
it says so, and most statements must have been replayed.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from test_incremental import _generated, _signature

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.incremental import IncrementalAnalyzer
from jax_lsp.analysis.interp import statement_start

MODULE = """\
import functools

import jax
import jax.numpy as jnp
from jax import grad as G

SCALE = 2.0
LIMIT = 3
SPEC = jax.ShapeDtypeStruct((), jnp.float32)


def host(x):
    return x


def loss(x, s=SCALE):
    return jax.pure_callback(host, SPEC, x * s).sum()


grad_loss = jax.grad(loss)
fast = jax.jit(grad_loss)
wrapped = functools.partial(loss, s=LIMIT)
g2 = jax.grad(wrapped)
unused = jax.grad(loss)


@jax.jit
def step(x):
    return grad_loss(x)


@functools.partial(jax.jit, static_argnums=(1,))
def step2(x, n):
    return jax.grad(loss)(x) * n


class Model:
    scale = SCALE

    def __call__(self, x):
        return loss(x) * self.scale


model = Model()
gm = jax.grad(model)


@jax.custom_jvp
def f(x):
    return jax.pure_callback(host, SPEC, x)


@f.defjvp
def f_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return f(x), t


def train(x):
    return jax.grad(f)(x)


registry = []
registry.append(grad_loss)


def use_registry(x):
    return registry[0](x)


def late(x):
    return jax.grad(loss)(x)


def export():
    return g2


def uses_imported(x):
    return G(lambda y: jax.pure_callback(host, SPEC, y))(x)


def helper(x):
    return jax.grad(loss)(x)


def make():
    def inner(x):
        return loss(x)
    return jax.grad(inner)


class Trainer:
    rate = LIMIT
    grad_fn = jax.grad(loss)

    def __init__(self):
        self.w = 1.0

    def step(self, x):
        self.last = self.grad_fn(x)
        return self.last

    def read(self, x):
        return jax.grad(lambda y: self.last * y)(x)

    @staticmethod
    def helper(x):
        return jax.grad(loss)(x)


class Sub(Trainer):
    def step(self, x):
        return jax.grad(f)(x)


jax.tree_util.register_pytree_node(Trainer, lambda t: ((), None), lambda a, c: Trainer())

at_import = jax.grad(loss)(1.0)
helped = helper(2.0)
made = make()
"""

EDITS = [
    # a constant read by a default, a class body and a later statement
    ("SCALE = 2.0", "SCALE = 3.0"),
    ("SCALE = 2.0", "SCALE = None"),
    # the callback made a stop_gradient (the callee of every root changes)
    ("    return x\n", "    return jax.lax.stop_gradient(x)\n"),
    # decorators swapped, added, removed
    ("@jax.jit\ndef step", "@jax.grad\ndef step"),
    ("@jax.jit\ndef step", "def step"),
    ("def late(x):", "@jax.jit\ndef late(x):"),
    ("@functools.partial(jax.jit, static_argnums=(1,))", "@functools.partial(jax.jit)"),
    ("@jax.custom_jvp\n", ""),
    ("@f.defjvp\n", ""),
    # class bodies
    ("    scale = SCALE\n", "    scale = 0.0\n"),
    ("    def __call__(self, x):\n        return loss(x) * self.scale\n", "    pass\n"),
    ("    rate = LIMIT\n", "    rate = SCALE\n"),
    ("    grad_fn = jax.grad(loss)\n", "    grad_fn = jax.jit(loss)\n"),
    ("        self.last = self.grad_fn(x)\n", "        self.last = x\n"),
    ("    @staticmethod\n    def helper", "    def helper"),
    ("class Sub(Trainer):\n    def step(self, x):\n        return jax.grad(f)(x)\n", ""),
    ("class Sub(Trainer):", "class Sub:"),
    ("jax.tree_util.register_pytree_node(Trainer", "print(Trainer"),
    ("class Trainer:", "# a comment\nclass Trainer:"),
    # names bound again further down, or no longer
    ("def export():", "loss = host\n\n\ndef export():"),
    ("def export():", "grad_loss = jax.jit(loss)\n\n\ndef export():"),
    ("def export():", "SCALE = 5.0\n\n\ndef export():"),
    ("registry.append(grad_loss)", "registry.append(fast)"),
    ("registry.append(grad_loss)", "registry.append(g2)"),
    ("wrapped = functools.partial(loss, s=LIMIT)", "wrapped = functools.partial(host)"),
    # definitions deleted
    ("def host(x):\n    return x\n", ""),
    ("grad_loss = jax.grad(loss)\n", ""),
    ("unused = jax.grad(loss)\n", ""),
    ("def loss(x, s=SCALE):", "def loss_renamed(x, s=SCALE):"),
    # lines inserted above everything (the sites of transformed functions move)
    ("import functools\n", "import functools\n\n# a comment\n"),
    ("LIMIT = 3\n", "LIMIT = 3\nOTHER = 4\n"),
    # module-level calls: of a transformed function, of the module's own functions
    ("at_import = jax.grad(loss)(1.0)", "at_import = jax.jit(loss)(1.0)"),
    ("helped = helper(2.0)", "helped = None"),
    ("made = make()\n", ""),
    # an import changed: what reads it reads another API
    ("from jax import grad as G", "from jax import jit as G"),
    ("import jax.numpy as jnp", "import numpy as jnp"),
]


@pytest.mark.parametrize("old, new", EDITS, ids=[f"{i}" for i in range(len(EDITS))])
def test_an_edit_of_the_module_statements_equals_a_full_analysis(old: str, new: str) -> None:
    """The edit, then its undoing, then the edit again: each equals a full analysis."""
    assert old in MODULE
    edited = MODULE.replace(old, new, 1)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    for version in (edited, MODULE, edited):
        got = analyzer.analyze(version, "m.py")
        want = analyze_source(version, "m.py")
        assert _signature(got) == _signature(want), version
        assert analyzer.statements_replayed > 0


def test_the_module_has_findings_and_an_unrelated_edit_replays_every_statement() -> None:
    """A comment typed inside a function: every other recordable statement is replayed,
    the result is exact and equals a full analysis."""
    assert analyze_source(MODULE).findings
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    edited = MODULE.replace("    return g2\n", "    return g2  # typed\n")
    got = analyzer.analyze(edited, "m.py")
    assert got.exact and _signature(got) == _signature(analyze_source(edited, "m.py"))
    tree = ast.parse(edited)
    # imports, classes, what reads a class or a custom_jvp function, `registry.append(...)`
    # reading a list... run again; everything else is replayed
    assert analyzer.statements_replayed >= len(tree.body) // 2


def _top_level_edit(source: str, rng: random.Random) -> str:
    """An edit of the module's own statements: a constant changed, a decorator swapped, a
    line inserted above, an assignment deleted, a name bound again, a class body changed, a
    definition deleted or duplicated."""
    tree = ast.parse(source)
    lines = source.split("\n")
    op = rng.randrange(7)
    defs = [s for s in tree.body if isinstance(s, ast.FunctionDef)]
    if op == 0:  # a constant changed
        consts = [
            s for s in tree.body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Constant)
        ]
        if consts:
            s = rng.choice(consts)
            value = rng.choice(["0.5", "None", "3"])
            lines[s.lineno - 1] = re.sub(r"=.*", f"= {value}", lines[s.lineno - 1])
            return "\n".join(lines)
    if op == 1:  # a decorator swapped or removed
        decorated = [s for s in defs if s.decorator_list]
        if decorated:
            d = rng.choice(rng.choice(decorated).decorator_list)
            swapped = "@" + rng.choice(["jax.jit", "jax.grad", "jax.vmap"])
            lines[d.lineno - 1] = swapped if rng.random() < 0.7 else ""
            return "\n".join(lines)
    if op == 2:  # a line inserted above a random top-level statement
        s = rng.choice(tree.body)
        lines.insert(statement_start(s) - 1, rng.choice(["# note", "", "_extra = 1"]))
        return "\n".join(lines)
    if op == 3:  # an assignment deleted
        assigns = [s for s in tree.body if isinstance(s, ast.Assign)]
        if assigns:
            s = rng.choice(assigns)
            del lines[s.lineno - 1 : s.end_lineno]
            return "\n".join(lines)
    if op == 4:  # a name bound again at the end
        names = [s.name for s in defs]
        if len(names) > 1:
            return source + f"\n{rng.choice(names)} = {rng.choice(names)}\n"
    if op == 5:  # a class body changed
        classes = [s for s in tree.body if isinstance(s, ast.ClassDef) and len(s.body) > 1]
        if classes:
            c = rng.choice(classes)
            m = rng.choice(c.body[1:])
            del lines[statement_start(m) - 1 : m.end_lineno]
            return "\n".join(lines)
    # a definition deleted, or a copy of it put at the end (bound again)
    s = rng.choice(defs)
    text = lines[statement_start(s) - 1 : s.end_lineno]
    if rng.random() < 0.5:
        del lines[statement_start(s) - 1 : s.end_lineno]
        return "\n".join(lines)
    return "\n".join([*lines, "", "", *text, ""])


@pytest.mark.parametrize("size, edits", [(1000, 6)])
def test_top_level_edits_of_generated_modules_equal_a_full_analysis(
    size: int, edits: int, tmp_path: Path
) -> None:
    """Edits of the shared generator's module statements, one after the other: each result
    equals a full analysis, and statements are replayed."""
    rng = random.Random(size + 1)
    source = _generated(size, tmp_path)
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, "gen.py")
    replayed = compared = 0
    for _ in range(edits):
        edited = _top_level_edit(source, rng)
        got, want = analyzer.analyze(edited, "gen.py"), analyze_source(edited, "gen.py")
        assert got.error == want.error
        if want.error is not None:
            continue
        source = edited
        assert _signature(got) == _signature(want), source
        compared += 1
        replayed += analyzer.statements_replayed
    assert compared >= edits // 2 and replayed > compared * 10


def test_a_class_changed_after_its_statement_counts_as_changed() -> None:
    """A class replayed from its recipe keeps its previous fingerprint only while nothing has
    changed it since its statement: registering it as a pytree (or no longer) makes the roots
    that read it run again."""
    source = (
        "import jax\n\n\nclass Point:\n    x: float\n\n\n"
        "jax.tree_util.register_dataclass(Point, data_fields=['x'], meta_fields=[])\n\n\n"
        "def uses(p):\n    return jax.grad(lambda q: Point.x * q)(p)\n"
    )
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, "m.py")
    unregistered = source.replace("jax.tree_util.register_dataclass(", "print(")
    for version in (unregistered, source, unregistered):
        got = analyzer.analyze(version, "m.py")
        assert _signature(got) == _signature(analyze_source(version, "m.py"))
        assert analyzer.roots_run >= 1 and analyzer.statements_replayed >= 1


def test_a_run_of_replayed_statements_reading_a_function_edited_since_runs_again() -> None:
    """`g = jax.grad(f)` in a run of statements replayed at once (`replay.ReplayRun`, kept
    from the previous version: a class ends the run that holds `f`): once `f` is edited, the
    run's read of `f` holds something new, so its statements run again and `g` differentiates
    the new `f` (whose callback only `g` reaches, through `use`: JAX001, as a full analysis and JAX
    find)."""
    head = (
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n"
        "def host(x):\n"
        "    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)\n\n\n"
    )
    tail = (
        "\n\nclass Separator:\n    pass\n\n\n"
        "g = jax.grad(f)\n\n\n"
        "def use(x):\n    return g(x)\n\n\n"
        "def unrelated(x):\n    return x + 1\n\n\n"
        "def also_unrelated(x):\n    return x * 2\n"
    )
    before = head + "def f(x):\n    return jnp.sum(x)\n" + tail
    after = head + "def f(x):\n    return jnp.sum(host(x))\n" + tail
    analyzer = IncrementalAnalyzer()
    assert _signature(analyzer.analyze(before)) == _signature(analyze_source(before))
    assert not analyze_source(before).findings
    for version in (after, before, after):
        got, want = analyzer.analyze(version), analyze_source(version)
        assert _signature(got) == _signature(want), version
        assert analyzer.incremental_runs
    assert [f.code for f in analyze_source(after).findings] == ["JAX001"]


def test_a_class_left_as_made_is_carried_to_the_next_version() -> None:
    """A class its statement made and nothing changed since (`Model`) is the very same object
    in the next version (`replay.ModuleCarry.classes`): no class is made anew for a keystroke
    in a function, and the result still equals a full analysis. One registered as a pytree
    after its statement (`Trainer`) is not carried."""
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(MODULE, "m.py")
    carried = analyzer._last.carry.classes  # type: ignore[union-attr]
    by_name = {r.name: v for r, v in carried.items()}
    assert "Model" in by_name and "Trainer" not in by_name
    for typed in ("  # typed", "  # typed again"):
        edited = MODULE.replace("    return g2\n", f"    return g2{typed}\n")
        got = analyzer.analyze(edited, "m.py")
        assert got.exact and _signature(got) == _signature(analyze_source(edited, "m.py"))
        now = {r.name: v for r, v in analyzer._last.carry.classes.items()}  # type: ignore[union-attr]
        assert now["Model"] is by_name["Model"]
        assert "Trainer" not in now
    assert analyzer.full_runs == 1


def test_a_carried_class_registered_by_a_typed_statement_is_analysed_in_full() -> None:
    """A class carried from the previous version, then registered as a pytree by a statement
    typed since, would no longer be what its statement made while the analysis compared it by
    identity: that version is analysed in full (equal to a full analysis), and the next edit
    is incremental again."""
    source = (
        "import jax\n\n\nclass Point:\n    x: float\n\n\n"
        "def uses(p):\n    return jax.grad(lambda q: Point.x * q)(p)\n"
    )
    registered = source + (
        "\n\njax.tree_util.register_dataclass(Point, data_fields=['x'], meta_fields=[])\n"
    )
    analyzer = IncrementalAnalyzer()
    analyzer.analyze(source, "m.py")
    assert {r.name for r in analyzer._last.carry.classes} == {"Point"}  # type: ignore[union-attr]
    got = analyzer.analyze(registered, "m.py")
    assert _signature(got) == _signature(analyze_source(registered, "m.py"))
    assert analyzer.full_runs == 2 and analyzer._last.carry.classes == {}  # type: ignore[union-attr]
    edited = registered.replace("* q)(p)", "* q)(p)  # typed")
    got = analyzer.analyze(edited, "m.py")
    assert _signature(got) == _signature(analyze_source(edited, "m.py"))
    assert analyzer.full_runs == 2 and analyzer.incremental_runs >= 1


SWITCHED = """\
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Ledger:
    sequential = False


class replay:
    def __enter__(self):
        Ledger.sequential = True

    def __exit__(self, *exc):
        Ledger.sequential = False


def post(x):
    io_callback(lambda v: None, None, x, ordered=Ledger.sequential)
    return x


with replay():
    jax.vmap(post)(jnp.ones(3))
"""


def test_a_replayed_class_keeps_its_switch_replaced() -> None:
    """A class made on the module's certain path is one object (`ClassObj.singular`): its
    replay after an unrelated edit keeps that, so the switch flipped for the block still
    replaces its attribute, as a full analysis has it."""
    analyzer = IncrementalAnalyzer()
    assert analyzer.analyze(SWITCHED, "m.py").findings
    edited = SWITCHED.replace("    return x\n", "    return x  # typed\n")
    got = analyzer.analyze(edited, "m.py")
    assert got.exact and _signature(got) == _signature(analyze_source(edited, "m.py"))
    assert got.findings
