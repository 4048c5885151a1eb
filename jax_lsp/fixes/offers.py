"""Which fixes a finding will be offered and how to name them, decided from the finding alone
(no LibCST): editors list the actions before any fix is computed, and hovers name the
preferred one. The fix modules make the same decisions on the source; `fixes_for` stays the
final word (a listed fix that turns out not to apply is reported when resolved).
"""

from __future__ import annotations

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.rules import codes_fixed_by

__all__ = ["COST", "LINEAR_CODES", "RULE_CODES", "UNORDERED_CODES", "batching_only",
           "listed_title", "menu_title", "offered_kinds", "preferred_kind", "reverse_only",
           "zeroed"]

#: what the finite differences the custom-rule fixes write cost (titles and hovers)
COST = "calls the host twice per input element"

#: a pure callback a custom rule can take over: one reached by differentiation (JAX001), or one
#: inside a custom rule that an outer transform differentiates (JAX007)
RULE_CODES = codes_fixed_by("host_rule")
#: a callback applied to tangents (or transposed)
LINEAR_CODES = codes_fixed_by("linear_map")
#: an ordered io_callback that `ordered=False` lets vmap batch
UNORDERED_CODES = codes_fixed_by("unordered")


def batching_only(finding: Finding) -> bool:
    """A JAX008 that a `vmap` of primal values raises, no tangent involved: the callback is
    then no linear map of tangents, and only its `vmap_method` (or a suppression) fixes it."""
    return finding.code == "JAX008" and bool(finding.modes) and set(finding.modes) <= {"batch"}


def reverse_only(finding: Finding) -> bool:
    """Only reverse mode reaches the call: a custom_vjp rule is enough."""
    return bool(finding.modes) and set(finding.modes) <= {"reverse"}


def zeroed(finding: Finding, operands: str | None) -> str:
    """What a stop_gradient on the callback's `operands` (their text; None: its operands)
    zeroes, said where it is offered (issue 31: on an io_callback returning its input, the
    gradient `[2, 2]` became `[0, 0]` without an error)."""
    differentiated = next((s.label.removeprefix("calls ") for s in finding.path
                           if s.label.startswith("calls ")), "the differentiated function")
    transform = finding.transform or "the transform"
    wrt = f" with respect to {operands}" if operands else ""
    return (f"it zeroes every derivative of {differentiated}{wrt} that flows through the "
            f"callback's result, so where that result reaches the output `{transform}` "
            "silently returns a wrong gradient")


def _applies(kind: FixKind, finding: Finding) -> bool:
    if kind in _TEXT_KINDS:  # (the analysis attaches them only where they apply)
        return True
    if batching_only(finding):
        return False
    if finding.code in LINEAR_CODES:
        return kind in (FixKind.CUSTOM_JVP, FixKind.CUSTOM_VJP) and bool(finding.operand_spans)
    if kind is FixKind.CUSTOM_VJP:
        return finding.code in RULE_CODES and reverse_only(finding)
    if kind is FixKind.CUSTOM_JVP:
        return finding.code in RULE_CODES
    if kind is FixKind.STOP_GRADIENT:
        return bool(finding.operand_spans) and not finding.transform.endswith("check_grads")
    if kind is FixKind.UNORDERED:
        return finding.code in UNORDERED_CODES
    # jacfwd, hessian and check_grads have reverse forms; jvp and linearize do not
    forward = finding.transform.rsplit(".", 1)[-1] in ("jacfwd", "hessian", "check_grads")
    return kind is FixKind.JACREV_INSTEAD and bool(finding.path) and forward


def preferred_kind(finding: Finding) -> FixKind | None:
    """The fix to offer first: the custom rule that the modes of differentiation allow (a
    custom_vjp rule when only reverse mode reaches the call), the host linear map, reverse
    mode instead of forward. A stop_gradient is preferred only where the call's result is
    unused, which only the source tells (`fixes_for` decides that)."""
    kinds = [k for k in finding.fixes if _applies(k, finding)]
    for kind in _TEXT_KINDS:
        if kind in kinds:
            return kind
    if finding.code in LINEAR_CODES:
        return kinds[0] if kinds else None
    if FixKind.CUSTOM_VJP in kinds:
        return FixKind.CUSTOM_VJP
    for kind in (FixKind.CUSTOM_JVP, FixKind.JACREV_INSTEAD):
        if kind in kinds:
            return kind
    return None


#: the fixes that edit the callback's call or host function in place (JAX011, JAX012)
_TEXT_KINDS = (FixKind.VMAP_METHOD, FixKind.NUMPY_IN_HOST)
#: the order of the fixes after the preferred one (the registry's)
_ORDER = (FixKind.CUSTOM_VJP, FixKind.CUSTOM_JVP, FixKind.JACREV_INSTEAD, FixKind.STOP_GRADIENT,
          FixKind.UNORDERED, *_TEXT_KINDS)


def offered_kinds(finding: Finding) -> list[FixKind]:
    """The fix kinds (suppression aside) an editor lists for `finding`, preferred first."""
    kinds = [k for k in _ORDER if k in finding.fixes and _applies(k, finding)]
    preferred = preferred_kind(finding)
    if preferred in kinds:
        kinds.remove(preferred)
        kinds.insert(0, preferred)
    return kinds


def listed_title(kind: FixKind, finding: Finding) -> str:
    """The title an action has before its fix is computed: what it does, what it costs and,
    for an unsafe one, the word "unsafe"."""
    if kind is FixKind.VMAP_METHOD:
        return ('Replace the removed `vectorized=` with the `vmap_method` it meant (True: '
                '"legacy_vectorized", one host call per batch; False: "sequential", one per '
                "element)")
    if kind is FixKind.NUMPY_IN_HOST:
        return ("Use NumPy's function instead of jax.numpy's in the host function (unsafe: "
                "NumPy may compute in float64 where JAX used float32)")
    if finding.code in LINEAR_CODES:
        if set(finding.modes) == {"transpose"}:
            return ("Apply the callback as a host-computed matrix in JAX so that it can be "
                    f"transposed (unsafe: exact only if it is linear; {COST})")
        return ("Contract a host-computed Jacobian with the tangents in JAX (the callback then "
                f"runs on basis vectors, never on tangents: {COST})")
    if kind is FixKind.CUSTOM_VJP:
        return ("Give the callback a custom_vjp rule (reverse mode only) with a "
                f"finite-difference derivative to replace: {COST}")
    if kind is FixKind.CUSTOM_JVP:
        return ("Give the callback a custom_jvp rule (grad, jvp, jacfwd, jacrev) with a "
                f"finite-difference Jacobian to replace: {COST}")
    if kind is FixKind.STOP_GRADIENT:
        return ("Stop gradients into the callback with lax.stop_gradient (unsafe unless its "
                f"result is unused: {zeroed(finding, None)})")
    if kind is FixKind.JACREV_INSTEAD:
        return ("Use reverse mode (jax.jacrev) instead of the forward-mode transform (unsafe: "
                "everything it differentiates must then support reverse mode)")
    if kind is FixKind.UNORDERED:
        from jax_lsp.fixes.unordered import TITLE

        return TITLE
    return f"Apply the {kind.value} fix"


def menu_title(kind: FixKind, finding: Finding, *, safe: bool | None = None) -> str:
    """The short title an editor's menu shows (under 50 characters: VS Code's quick-fix menu
    clips longer ones in a notebook window); "unsafe" where the fix may change results
    (`safe`, when the fix is built, else what the kind usually is). `listed_title` is the
    long form, which the CLI's `help:` line and the hover give."""
    unsafe = " (unsafe)"
    if kind is FixKind.SUPPRESS:
        return f"Suppress {finding.code} on this line"
    if kind is FixKind.VMAP_METHOD:
        return "Use vmap_method for the removed vectorized="
    if kind is FixKind.NUMPY_IN_HOST:
        return "Use NumPy in the host function" + unsafe
    if finding.code in LINEAR_CODES:
        if set(finding.modes) == {"transpose"}:
            return "Apply as a host-computed matrix" + ("" if safe else unsafe)
        return "Contract a host Jacobian with the tangents" + ("" if safe is not False
                                                                else unsafe)
    if kind is FixKind.CUSTOM_VJP:
        return "Add a custom_vjp rule (finite differences)"
    if kind is FixKind.CUSTOM_JVP:
        return "Add a custom_jvp rule (finite differences)"
    if kind is FixKind.STOP_GRADIENT:
        return "Stop gradients into the callback" + ("" if safe else unsafe)
    if kind is FixKind.JACREV_INSTEAD:
        transform = finding.transform.rsplit(".", 1)[-1]
        if transform == "hessian":
            return "Use jacrev(jacrev(...)) for the Hessian" + unsafe
        if transform == "check_grads":
            return 'Check reverse mode only (modes=["rev"])' + unsafe
        return "Use jax.jacrev instead of jax.jacfwd" + unsafe
    if kind is FixKind.UNORDERED:
        return "Make the io_callback unordered" + unsafe
    return f"Apply the {kind.value} fix"
