"""What editors list before a fix is computed, and what the hover advises, agree with the fixes:
the preferred fix first, no custom_vjp where forward mode reaches the callback (it would change
nothing), the cost of finite differences said, the hover naming the preferred quick fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from jax_lsp.analysis import analyze_source
from jax_lsp.analysis.findings import FixKind
from jax_lsp.catalog import load_catalog
from jax_lsp.fixes import fixes_for
from jax_lsp.fixes.offers import COST, offered_kinds
from jax_lsp.server.features.hover import render_finding

PROGRAMS = Path(__file__).parent / "programs"


@pytest.mark.parametrize(
    ("name", "preferred", "absent"),
    [
        ("grad_host_sin.py", FixKind.CUSTOM_VJP, None),
        ("hessian_host_potential.py", FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP),
        ("jacfwd_host_two_operands.py", FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP),
    ],
)
def test_list_and_hover_agree_with_the_preferred_fix(
    name: str, preferred: FixKind, absent: FixKind | None
) -> None:
    source = (PROGRAMS / name).read_text()
    (finding,) = analyze_source(source).findings
    listed = offered_kinds(finding)
    computed = [f for f in fixes_for(source, finding) if f.kind is not FixKind.SUPPRESS]
    assert listed == [f.kind for f in computed]
    assert listed[0] is preferred and computed[0].preferred
    assert absent not in listed
    catalog = load_catalog()
    for markdown in (True, False):
        hover = render_finding(catalog, finding, markdown)
        [advice] = [line for line in hover.splitlines() if "preferred quick fix" in line]
        assert preferred.value.replace("-", "_") in advice and COST in advice
        other = "custom_vjp" if preferred is FixKind.CUSTOM_JVP else "custom_jvp"
        assert other not in advice
