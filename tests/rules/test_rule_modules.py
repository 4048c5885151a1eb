"""The rule modules (jax_lsp/rules/): one per code, each complete, and the callback codes'
precedence as `CALLBACK_DECISIONS` / `TANGENT_DECISIONS` order it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from oracle import RULE_EXAMPLES, expected_markers, rule_examples

from jax_lsp import rules
from jax_lsp.analysis.findings import FixKind
from jax_lsp.analysis.host import BATCH, FORWARD, REVERSE, TRANSPOSE
from jax_lsp.codes import RULES

FAMILIES = {"host_rule", "linear_map", "jacrev", "stop_gradient", "call_statement", "unordered"}


@pytest.mark.parametrize("code", sorted(RULES))
def test_each_code_is_one_complete_module(code: str) -> None:
    module = rules.MODULES[code]
    rule = module.RULE
    assert module.__name__.rsplit(".", 1)[1] == f"{code.lower()}_{rule.name.replace('-', '_')}"
    assert RULES[code] is rule
    assert all(isinstance(k, FixKind) and k is not FixKind.SUPPRESS for k in module.FIXES)
    assert module.FIXED_BY <= FAMILIES
    assert callable(module.head)
    assert module.EXAMPLES.startswith(f"tests/rules/{code}/")


@pytest.mark.parametrize("code", sorted(RULES))
def test_each_code_names_programs_that_fire_and_near_misses(code: str) -> None:
    """tests/rules/<CODE>/fires/ holds programs marked with that code alone, clean/ its near
    misses, unmarked (test_corpus_oracle runs each under JAX: the marked ones must die with
    the code's exception, the clean ones must run)."""
    fires, clean = rule_examples(code, "fires"), rule_examples(code, "clean")
    assert fires, f"tests/rules/{code}/fires/ has no program"
    assert clean, f"tests/rules/{code}/clean/ has no program"
    for path in fires:
        codes = {c for _, c in expected_markers(path.read_text(encoding="utf-8"))}
        assert codes == {code}, f"{path.name} is marked {sorted(codes)}"
    for path in clean:
        assert not expected_markers(path.read_text(encoding="utf-8")), f"{path.name} is marked"


def test_every_program_has_its_place() -> None:
    """A program is in the folder of its one code, or in multi/fires/ when marked with several;
    no other folder of tests/rules/ holds programs."""
    homes = {f"{code}/{kind}" for code in RULES for kind in ("fires", "clean")} | {"multi/fires"}
    for path in rule_examples():
        assert path.parent.relative_to(RULE_EXAMPLES).as_posix() in homes, path
    for path in rule_examples("multi"):
        assert len({c for _, c in expected_markers(path.read_text(encoding="utf-8"))}) > 1, path


def test_every_decision_belongs_to_a_rule_module() -> None:
    owners = {m.__name__ for m in rules.MODULES.values()}
    for decide in (*rules.CALLBACK_DECISIONS, *rules.TANGENT_DECISIONS):
        assert decide.__module__ in owners


@dataclass(eq=False)
class _Level:
    mode: str
    order: int
    batched: bool = False
    defer: bool = False
    name: str = "jax.grad"
    on_transpose: list = field(default_factory=list)

    @property
    def tangent_mark(self) -> object:
        return ("tangent", self)


@dataclass
class _Event:
    """A callback event as `decisions._Callback` makes it, its spans and context given."""

    kind: str
    levels: list = field(default_factory=list)
    batches: list = field(default_factory=list)
    tangents: list = field(default_factory=list)
    has_vmap_method: bool = False
    ordered: bool = False
    rule: frozenset = frozenset()
    checkpoint: frozenset = frozenset()

    @property
    def what(self) -> str:
        return "jax.pure_callback" if self.kind == "pure" else "io_callback"

    @property
    def jvp_levels(self) -> list:
        return [lv for lv in self.levels if lv.mode != TRANSPOSE]

    def rule_levels(self) -> frozenset:
        return self.rule

    def checkpoint_levels(self) -> frozenset:
        return self.checkpoint

    def operand_spans(self, pred: object) -> tuple:
        return ()

    def batched_operand_spans(self) -> tuple:
        return ()


def _code(e: _Event) -> str | None:
    d = rules.decide_callback(e)
    return None if d is None else d.code


def test_callback_precedence() -> None:
    grad, vmap = _Level(REVERSE, 1), _Level(BATCH, 2)
    # the innermost transform sees the callback first: a vmap inside grad
    assert _code(_Event("pure", levels=[grad], batches=[vmap])) == "JAX008"
    assert _code(_Event("pure", levels=[grad], batches=[vmap], has_vmap_method=True)) == "JAX001"
    # a vmap outside the differentiation: the JVP error comes first
    outer = _Level(BATCH, 0)
    assert _code(_Event("pure", levels=[grad], batches=[outer])) == "JAX001"
    assert _code(_Event("io", levels=[grad])) == "JAX003"
    # an ordered io_callback: the inner vmap refuses it (JAX013), an outer one comes too late
    assert _code(_Event("io", batches=[vmap], ordered=True)) == "JAX013"
    assert _code(_Event("io", batches=[vmap])) is None
    assert _code(_Event("io", levels=[grad], batches=[vmap], ordered=True)) == "JAX013"
    assert _code(_Event("io", levels=[grad], batches=[outer], ordered=True)) == "JAX003"
    # inside a custom rule that an outer level differentiates: second order, before JAX001
    rule_level = _Level(FORWARD, 3)
    assert _code(_Event("pure", levels=[grad], rule=frozenset({rule_level}))) == "JAX007"
    assert _code(_Event("pure", levels=[grad], rule=frozenset({grad}))) == "JAX001"
    # no tangent on the operands: an io_callback in a differentiated checkpoint
    assert _code(_Event("io", checkpoint=frozenset({grad}))) == "JAX004"
    assert _code(_Event("pure", checkpoint=frozenset({grad}))) is None
    # transposition, after the JVP-time errors
    transpose = _Level(TRANSPOSE, 4)
    assert _code(_Event("pure", levels=[transpose])) == "JAX002"
    assert _code(_Event("io", levels=[transpose], checkpoint=frozenset({grad}))) == "JAX004"


def test_tangent_precedence() -> None:
    # per level whose tangents reach the callback, outermost first
    reverse, batched = _Level(REVERSE, 1, batched=True), _Level(FORWARD, 2, batched=True)
    assert _code(_Event("pure", tangents=[reverse, batched])) == "JAX002"
    assert _code(_Event("pure", tangents=[batched, reverse])) == "JAX008"
    assert _code(_Event("pure", tangents=[batched], has_vmap_method=True)) is None
    # an ordered io_callback on tangents jacfwd batches (JAX013); reverse mode transposes first
    assert _code(_Event("io", tangents=[batched], ordered=True)) == "JAX013"
    assert _code(_Event("io", tangents=[reverse, batched], ordered=True)) == "JAX003"
    linearized = _Level(FORWARD, 3, defer=True)
    d = rules.decide_callback(_Event("io", tangents=[linearized]))
    assert d is not None and d.code == "JAX003" and d.options["gate"] is linearized.on_transpose


def test_messages_and_fixes_by_code() -> None:
    facts = rules.MessageFacts("io_callback", "jax.linear_transpose", TRANSPOSE, 7, "", False,
                               True, None, "an integer input")
    assert rules.message("JAX003", facts) == (
        "`io_callback` is reached by `jax.linear_transpose` (line 7); JAX will raise "
        "'IO callbacks do not support transpose'")
    # an io_callback JAX transposes keeps its error whatever stops its operands' gradients
    assert rules.fix_kinds("JAX003", True) == ()
    assert rules.fix_kinds("JAX003", False) == (FixKind.STOP_GRADIENT,)
    assert re.search("custom_vjp function", rules.message("JAX005", facts))
