"""Which fixes apply to a finding, in the order an editor should offer them.

Each fix module decides from the finding and the source whether it applies; the registry runs
them over one shared parse, drops a fix whose result the analysis would flag with a finding the
original does not have, keeps at most one preferred fix and puts it first. LibCST is
imported here lazily, on the first request for fixes, so importing `jax_lsp.fixes` stays cheap;
so is the analyser, which the language server's fixes do not need (their judgement runs in its
analysis process).
"""

from __future__ import annotations

import importlib
import logging
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from jax_lsp.analysis.findings import Finding, FixKind
from jax_lsp.analysis.gc_pause import paused_gc
from jax_lsp.fixes.admission import applies, may_be_safe
from jax_lsp.fixes.model import Fix, apply_edits
from jax_lsp.fixes.suppress import suppress_fix
from jax_lsp.rules import codes_fixed_by

if TYPE_CHECKING:
    from jax_lsp.fixes.generated import HelperModule
    from jax_lsp.fixes.lite import LiteSource
    from jax_lsp.fixes.outline import Outline
    from jax_lsp.fixes.source import FixSource

FixBuilder = Callable[["FixSource | LiteSource", Finding], "Fix | None"]
#: whether a fix would trade its finding for another: given the fix, True to drop it
Judge = Callable[[Fix], bool]

log = logging.getLogger(__name__)


#: (module, builder) of each fix, in the order editors list them when none is preferred
_BUILDERS = (("custom_vjp", "custom_vjp_fix"), ("custom_jvp", "custom_jvp_fix"),
             ("linear_map", "linear_map_fix"), ("jacrev", "jacrev_fix"),
             ("stop_gradient", "stop_gradient_fix"), ("unordered", "unordered_fix"),
             ("host_code", "vmap_method_fix"), ("host_code", "numpy_in_host_fix"))


#: the kinds of fix each builder can build (a builder not named here: any kind)
_BUILDER_KINDS: dict[str, frozenset[FixKind]] = {
    "custom_vjp_fix": frozenset({FixKind.CUSTOM_VJP}),
    "custom_jvp_fix": frozenset({FixKind.CUSTOM_JVP}),
    "linear_map_fix": frozenset({FixKind.CUSTOM_VJP, FixKind.CUSTOM_JVP}),
    "jacrev_fix": frozenset({FixKind.JACREV_INSTEAD}),
    "stop_gradient_fix": frozenset({FixKind.STOP_GRADIENT}),
    "unordered_fix": frozenset({FixKind.UNORDERED}),
    "vmap_method_fix": frozenset({FixKind.VMAP_METHOD}),
    "numpy_in_host_fix": frozenset({FixKind.NUMPY_IN_HOST}),
}


def _may_build(name: str, kinds: Collection[FixKind] | None) -> bool:
    """Whether the builder named `name` may build a fix of one of `kinds` (None: any)."""
    if kinds is None:
        return True
    known = _BUILDER_KINDS.get(name)
    return known is None or not known.isdisjoint(kinds)


class _Builder:
    """A builder named by its module and name, imported when first called: a builder the
    registry does not admit for a finding (`admission`) imports nothing (the stop_gradient,
    jacrev and unordered builders import LibCST, a third of a second)."""

    __slots__ = ("__name__", "_module", "_build")

    def __init__(self, module: str, name: str) -> None:
        self.__name__ = name
        self._module = module
        self._build: FixBuilder | None = None

    def __call__(self, src: FixSource | LiteSource, finding: Finding) -> Fix | None:
        if self._build is None:
            self._build = getattr(importlib.import_module(f"jax_lsp.fixes.{self._module}"),
                                  self.__name__)
        return self._build(src, finding)


_BUILDER_OBJECTS = tuple(_Builder(module, name) for module, name in _BUILDERS)


def _builders() -> Iterator[FixBuilder]:
    """The builders, each imported when first called: the first ones need no LibCST
    (`lite`)."""
    return iter(_BUILDER_OBJECTS)


#: the builders that, for a finding of `CALL_STATEMENT_CODES`, read of the module only the
#: finding's call and what every focus keeps (the header, the imports and what rebinds their
#: names, generated helpers, the definitions the call's statement names; the whole module's
#: names come from `ast`): they ask no scope question and scan no other statement, so LibCST
#: need not see the statements of the finding's path (jacrev reads the differentiation site
#: and every callback it sees; stop_gradient and linear_map resolve names in scope)
CALL_STATEMENT_BUILDERS = frozenset({"custom_vjp_fix", "custom_jvp_fix"})
#: the codes whose callback those builders locate without resolving names (`locate_callback`)
CALL_STATEMENT_CODES = codes_fixed_by("call_statement")


def fixes_for(source: str, finding: Finding, helpers: HelperModule | None = None, *,
              validate: bool = True, focused: bool = False,
              kinds: Collection[FixKind] | None = None,
              judge: Judge | None = None, outline: Outline | None = None,
              admit: Callable[[str], bool] | None = None) -> list[Fix]:
    """All fixes for `finding` in `source`; the preferred one (if any) is marked and first,
    the suppression comes last. With `helpers`, the machinery the fixes share goes to (or is
    imported from) that module; without, it is pasted into `source` once. Without `validate`,
    the caller checks the fixed source itself (`--fix` analyses the one it applies); with
    `focused`, LibCST parses only the statements the finding's fixes need (the same fixes, at
    a fraction of the cost on a large module). With `kinds`, only the fixes of those kinds are
    kept, and only they are validated (an analysis each): an editor resolving one action.
    `judge` validates instead of the plain analysis of the fixed source against the original's
    (`_codes`): the server judges a fix as it analyses the document, against its report.
    `outline`, `source`'s own (made with `GENERATED_MARKER`), saves parsing it when
    `focused`. `admit`, given a builder's name when its turn comes, says whether to build
    its fix at all (the server's eager requests stop building once out of time)."""
    fixes: list[Fix] = []
    # as `--fix` does (`apply.fix_source`): the collector would walk the analyses' trees over
    # and over; they are freed, acyclic, before it resumes
    with paused_gc():
        src_for = (_sources(source, finding, helpers, outline) if focused
                   else _whole_source(source, helpers, outline))
        if judge is None:
            judge = _plain_judge(source)

        def admitted(name: str) -> bool:  # nothing parsed for a builder that builds nothing
            return (applies(name, finding) and _may_build(name, kinds)
                    and (admit is None or admit(name)))

        for fix in _built(src_for, finding, admitted):
            assert isinstance(fix, Fix)  # `admit` never answers None: none is `_Unbuilt`
            if kinds is not None and fix.kind not in kinds:
                continue
            if not validate:
                fixes.append(fix)
                continue
            if not judge(fix):
                fixes.append(fix)
    preferred = next((f for f in fixes if f.preferred), None)
    fixes = [f if f is preferred or not f.preferred else _unprefer(f) for f in fixes]
    if preferred is not None:
        fixes.remove(preferred)
        fixes.insert(0, preferred)
    if kinds is None or FixKind.SUPPRESS in kinds:
        sup = suppress_fix(source, finding)
        if sup is not None:
            fixes.append(sup)
    return fixes


def finding_lines(finding: Finding, *, path: bool = True) -> set[int]:
    """The lines of a finding's call and (with `path`) of the steps of its path in the same
    file: the statements its fixes edit or read."""
    steps = [s.span for s in finding.path if s.filename is None] if path else []
    return {n for span in (finding.span, *steps) for n in range(span.line, span.end_line + 1)}


def fix_candidates(source: str, finding: Finding, helpers: HelperModule | None = None, *,
                   unsafe: bool, outline: Outline | None = None) -> Iterator[Fix]:
    """The fixes `--fix` may apply for `finding`, in the order it tries them (as
    `apply.fix_choices` orders `fixes_for(..., validate=False, focused=True)`), each built only
    when asked for: the first choice is known once the first preferred fix is built, so the
    others (and the scope analysis some of them need) cost nothing when it works. `outline`,
    `source`'s own, saves parsing the whole module. LibCST parses the statements of the
    finding's call only, until a builder needs those of its path too
    (`CALL_STATEMENT_BUILDERS`)."""
    src_for = _sources(source, finding, helpers, outline)

    def admit(name: str) -> bool | None:
        """Build (True), skip: no fix (False), or skip: an unsafe fix only (None)."""
        if not applies(name, finding):
            return False
        return True if unsafe or may_be_safe(name, finding, source, outline) else None

    # one generator: the second loop goes on where the first stopped
    built = _built(src_for, finding, admit)

    def allowed(fix: Fix | _Unbuilt) -> bool:
        return isinstance(fix, Fix) and fix.kind is not FixKind.SUPPRESS and (fix.safe or unsafe)

    before: list[Fix] = []  # built before the first preferred fix
    unbuilt: list[_Unbuilt] = []  # the builders of unsafe fixes skipped before it
    preferred = None
    for fix in built:
        if isinstance(fix, _Unbuilt):
            unbuilt.append(fix)
        elif fix.preferred:
            preferred = fix
            break
        else:
            before.append(fix)
    # an unsafe fix skipped before `preferred` may have been the first preferred one: then
    # none goes first (the allowed ones come in builder order); that matters only when an
    # allowed one was built before it
    if preferred is not None and unbuilt and any(allowed(f) for f in before) and any(
            (f := _build(src_for, u.build, finding)) is not None and f.preferred
            for u in unbuilt):
        yield from (f for f in before if allowed(f))
        yield preferred
    else:
        if preferred is not None and allowed(preferred):
            yield preferred
        yield from (f for f in before if allowed(f))
    yield from (f for f in built if allowed(f))  # type: ignore[misc]


def _sources(source: str, finding: Finding, helpers: HelperModule | None,
             outline: Outline | None) -> Callable[..., FixSource | LiteSource | None]:
    """What each builder reads of `source` for `finding` (focused), each parsed when first
    asked for: `lite`'s `ast` reading of the call's statements for the builders of
    `CALL_STATEMENT_BUILDERS` where it answers as LibCST's would (asked with `libcst=True`
    when it cannot), else LibCST's parse of the statements of the call (those builders) or
    of the call and its path (the others)."""
    from jax_lsp.fixes.lite import lite_source

    parsed: dict[bool, FixSource | None] = {}
    lite: list[LiteSource | None] = []
    outlines: list[Outline | None] = [outline] if outline is not None else []

    def outline_() -> Outline | None:  # the whole module parsed once, if at all
        if not outlines:
            from jax_lsp.fixes.model import GENERATED_MARKER
            from jax_lsp.fixes.outline import Outline

            outlines.append(Outline.of(source, GENERATED_MARKER))
        return outlines[0]

    def src_for(build: FixBuilder, libcst: bool = False) -> FixSource | LiteSource | None:
        narrow = (finding.code in CALL_STATEMENT_CODES
                  and build.__name__ in CALL_STATEMENT_BUILDERS)
        if narrow and not libcst:  # `ast`'s reading where it answers as LibCST's would
            if not lite:
                lite.append(lite_source(source, helpers, finding_lines(finding, path=False),
                                        outline_()))
            if lite[0] is not None:
                return lite[0]
        if narrow not in parsed:
            from jax_lsp.fixes.source import parse_fix_source

            lines = finding_lines(finding, path=not narrow)
            parsed[narrow] = parse_fix_source(source, helpers, lines, outline_())
        return parsed[narrow]

    return src_for


def _whole_source(source: str, helpers: HelperModule | None,
                  outline: Outline | None) -> Callable[..., FixSource | None]:
    """LibCST's parse of the whole of `source` for every builder, made when first asked for."""
    parsed: list[FixSource | None] = []

    def src_for(build: FixBuilder, libcst: bool = False) -> FixSource | None:
        if not parsed:
            from jax_lsp.fixes.source import parse_fix_source

            parsed.append(parse_fix_source(source, helpers, None, outline))
        return parsed[0]

    return src_for


@dataclass(frozen=True)
class _Unbuilt:
    """A builder `_built` skipped because its fix would not be allowed (unsafe only)."""

    build: FixBuilder


def _built(src_for: Callable[..., FixSource | LiteSource | None], finding: Finding,
           admit: Callable[[str], bool | None] = lambda name: True,
           ) -> Iterator[Fix | _Unbuilt]:
    """Each builder's fix for `finding`, in `_builders` order, as it is built on the source
    `src_for` gives it (none: LibCST cannot parse it; built again on LibCST's, asked with
    `libcst=True`, when `lite`'s cannot answer); a builder that fails is logged and skipped:
    one broken fix must not hide the others. `admit` (given the builder's name) says whether
    to build it: False skips a builder that builds nothing for `finding`, None one whose fix
    the caller would not use (`_Unbuilt` stands in its place), both before anything is parsed
    for it."""
    for build in _builders():
        admitted = admit(build.__name__)
        if admitted is None:
            yield _Unbuilt(build)
        elif admitted:
            fix = _build(src_for, build, finding)
            if fix is not None:
                yield fix


def _build(src_for: Callable[..., FixSource | LiteSource | None], build: FixBuilder,
           finding: Finding) -> Fix | None:
    """`build`'s fix for `finding` (see `_built`)."""
    from jax_lsp.fixes.lite import NeedsLibCST

    src = src_for(build)
    if src is None:
        return None
    try:
        try:
            return build(src, finding)
        except NeedsLibCST:
            src = src_for(build, libcst=True)
            if src is None:
                return None
            return build(src, finding)
    except Exception:  # noqa: BLE001 - one broken fix must not hide the others
        log.exception("fix %s failed on %s at %s", build.__name__, finding.code,
                      finding.span)
        return None


def _plain_judge(source: str) -> Judge:
    """The default validation: the fixed source's plain analysis against the original's
    (analysed once, when the first fix is judged)."""

    def judge(fix: Fix) -> bool:
        return _introduces_findings(_codes(source), apply_edits(source, fix.edits))

    return judge


@lru_cache(maxsize=2)
def _codes(source: str) -> Counter[str]:
    """The count of findings per code of `source`, which every fix of every finding of it is
    judged against: remembered for the last texts, so that an editor's requests on one
    version (each action resolved, a fix-all) analyse it once. Not to be mutated."""
    from jax_lsp.analysis.engine import analyze_source

    return Counter(f.code for f in analyze_source(source).findings)


def _introduces_findings(before: Counter[str], fixed: str) -> bool:
    """Whether the fixed source has more findings of some code than the original: the fix
    would trade its error for another (stop_gradient on an io_callback inside
    `jax.checkpoint` trades JAX003 for JAX004, say). Fixed sources that do not parse count."""
    from jax_lsp.analysis.engine import analyze_source

    result = analyze_source(fixed)
    if result.error is not None:
        return True
    after = Counter(f.code for f in result.findings)
    return any(after[code] > before[code] for code in after)


def _unprefer(fix: Fix) -> Fix:
    return replace(fix, preferred=False)
