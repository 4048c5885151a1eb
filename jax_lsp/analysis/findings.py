"""The values the analysis returns: findings, their locations and the path that explains them.

Positions are 1-based lines and 0-based columns counted in Unicode code points (characters), so
each consumer (CLI, LSP with its negotiated encoding) converts from one well-defined unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class FixKind(str, Enum):
    STOP_GRADIENT = "stop-gradient"
    CUSTOM_VJP = "custom-vjp"
    CUSTOM_JVP = "custom-jvp"
    JACREV_INSTEAD = "jacrev-instead"
    UNORDERED = "unordered"
    #: JAX011: NumPy's function instead of `jnp`'s inside a callback's host function
    NUMPY_IN_HOST = "numpy-in-host"
    #: JAX012: `vmap_method=` instead of the removed `vectorized=`
    VMAP_METHOD = "vmap-method"
    SUPPRESS = "suppress"


@dataclass(frozen=True, order=True)
class Span:
    """A source range: 1-based lines, 0-based character columns, end exclusive."""

    line: int
    col: int
    end_line: int
    end_col: int


@dataclass(frozen=True)
class PathStep:
    """One step from the differentiation site to the offending call."""

    span: Span
    label: str
    #: the file this step is in; None means the file the finding is reported in
    filename: str | None = None


@dataclass(frozen=True)
class HostCall:
    """JAX011: the JAX call a host function runs, as its message names it: the call as written,
    what it runs ("JAX" or "a function JAX traces"), the cause (the host, its callback and
    line, the route there; the same for every call of one line one host reaches one way) and
    NumPy's function computing the same, if any. What `analysis/host_lines.py` joins a line's
    findings by, so that no wording of the message is read back."""

    written: str
    what: str
    cause: str
    numpy: str | None = None


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    span: Span
    severity: Severity = Severity.ERROR
    #: the differentiation site first, then each call leading to the offending call
    path: tuple[PathStep, ...] = ()
    fixes: tuple[FixKind, ...] = ()
    #: canonical name of the transform(s) responsible, e.g. "jax.grad"
    transform: str = ""
    #: extra facts for fixes: e.g. the spans of tangent-carrying callback operands
    operand_spans: tuple[Span, ...] = field(default=(), compare=False)
    #: "forward", "reverse" or "transpose": the modes of differentiation reaching the call
    modes: tuple[str, ...] = field(default=(), compare=False)
    #: JAX011 of the text pass (`callback_hosts`): the callback calls of the analysed module
    #: whose host reaches it (empty: not known), for `jax.host_runs.drop_unreached`
    sites: tuple[Span, ...] = field(default=(), compare=False)
    #: JAX011: the JAX call a host runs, where it is not the host itself (None: not one)
    host_call: HostCall | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ParseError:
    """The source could not be analysed: it does not parse or does not decode."""

    message: str
    line: int = 1
    col: int = 0
