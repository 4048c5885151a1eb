"""The diagnostic codes jax-lsp reports: one stable code per kind of JAX autodiff failure.

Each code's record (name, one-line summary, the JAX error it predicts: exception class and a
regular expression over the first line of the message) lives in its module of
`jax_lsp.rules`; this module is the table the analysis, the catalog, the CLI, the server and
the corpus oracle read them from.
"""

from __future__ import annotations

from jax_lsp.rules import DOCS_BASE_URL, RULES, Rule
from jax_lsp.rules.base import PACKAGED_RULES_PAGE

__all__ = ["DOCS_BASE_URL", "PACKAGED_RULES_PAGE", "RULES", "Rule", "rule"]


def rule(code: str) -> Rule:
    return RULES[code.upper()]
