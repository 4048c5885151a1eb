"""User configuration: the ``[tool.jax-lsp]`` table of the nearest ``pyproject.toml``.

Keys (kebab-case as written in TOML; ``snake_case`` and ``camelCase`` spellings are accepted too,
so LSP ``initializationOptions`` can use either)::

    [tool.jax-lsp]
    # Codes or code prefixes to report ("JAX", "JAX00", "JAX001", or "ALL"). Default: all codes.
    select = ["JAX"]
    # More codes or prefixes, added to `select` (ruff's `extend-select`; with no `select`,
    # every code is reported already).
    extend-select = []
    # Codes or code prefixes never to report. As in ruff, the more specific selector wins
    # (`select = ["JAX001"]` with `ignore = ["JAX"]` reports JAX001); for the same selector
    # `ignore` wins. `extend-ignore` is the same list (ruff keeps it, deprecated, and merges it
    # into `ignore`).
    ignore = ["JAX004"]
    extend-ignore = []
    # Paths to skip while recursing into directories: gitignore-style globs, relative to the
    # directory holding this pyproject.toml. A pattern without a slash matches a file or directory
    # name at any depth ("build", "*_pb2.py"); a pattern with a slash is anchored to that directory
    # ("tests/corpus", "/scripts/*.py"); "**" spans directories; a trailing "/" matches directories
    # only; a leading "!" re-includes (the last matching pattern wins; nothing below an excluded
    # directory can be re-included). Added to the built-in list of skipped directories
    # (.git, __pycache__, virtual environments, build caches, ...).
    exclude = ["tests/corpus", "*_pb2.py"]
    # More of the same, added to `exclude` (ruff's `extend-exclude`).
    extend-exclude = ["generated"]
    # Apply `exclude` to paths named on the command line too (as `--force-exclude`; the
    # server always does), and whether `.gitignore` files are followed (`--no-respect-gitignore`).
    force-exclude = false
    respect-gitignore = true
    # Qualified names of your own functions that behave like a host callback (`jax.pure_callback`).
    extra-callbacks = ["mylib.host.call_simulator"]
    # Qualified name of your own wrapper -> the JAX transform it behaves like.
    extra-transforms = { "mylib.train.my_grad" = "jax.grad" }
    # Codes ignored in some files only: glob -> codes, as ruff's `per-file-ignores`. A glob is
    # matched against the file's path joined to this file's directory, and against its name
    # alone; `*` spans directories ("tests/*" covers tests/a/b.py), "**/" is any number of
    # directories, and a leading "!" applies the codes to the files the glob does NOT match.
    per-file-ignores = { "tests/*" = ["JAX004"], "__init__.py" = ["JAX"] }
    # More of the same, added to `per-file-ignores` (ruff's `extend-per-file-ignores`).
    extend-per-file-ignores = { "scripts/**" = ["JAX010"] }
    # Codes whose fixes `--fix` and `--diff` apply and `[*]` marks (default: all); `unfixable`
    # wins over the same selector (the more specific one wins, as for `select`);
    # `extend-fixable` adds to `fixable`.
    fixable = ["JAX"]
    unfixable = ["JAX002"]
    extend-fixable = []
    # Codes whose unsafe fixes count as safe (`--fix` and fix-all apply them without
    # `--unsafe-fixes`), and codes whose safe fixes count as unsafe; the more specific selector
    # wins, and `extend-unsafe-fixes` for the same one (ruff's keys). A suppression is never
    # applied by `--fix`, whatever they say.
    extend-safe-fixes = ["JAX004"]
    extend-unsafe-fixes = []
    # Per-code severity override: "error", "warning" or "info".
    severity = { JAX004 = "warning" }
    # The Python environment whose installed packages imports are followed into: an
    # interpreter or an environment folder. Default: the interpreter running jax-lsp. Coming
    # from the repository, it is never run: its site-packages are found from its files
    # (pyvenv.cfg, lib/pythonX.Y/site-packages). See docs/security.md for when it is run.
    python = ".venv/bin/python"
    # Environment variables the program is analysed as running with (name -> string value).
    # Any variable not declared here is taken as unset: `os.environ.get("K", d)` is `d`,
    # `os.getenv("K")` None, `"K" in os.environ` False (the program's default configuration).
    environment = { MODEL_BACKEND = "jax", STRICT_ORDER = "1" }
    # The command line the program is analysed as run with (its words after the script's
    # name). Default: none, so `parser.parse_args()`, `app.run(main)` and a click command run
    # as `cli()` take their defaults (the program's default configuration).
    argv = ["--steps", "10"]

Every key is optional; an unknown key or a value of the wrong shape is a :class:`ConfigError`
naming the file and the key (and, for an unknown key, the known ones). Of ruff's
``[tool.ruff.lint]`` keys, those about rule codes, files and fixes are here with ruff's meaning;
the others (`dummy-variable-rgx`, `task-tags`, `typing-modules`, the plugins' tables, `preview`,
`external`: jax-lsp has no preview rules and does not judge `# noqa` codes) do not apply and are
rejected. The checker and the server look for the nearest ``pyproject.toml``
that has a ``[tool.jax-lsp]`` table, searching upward from the checked path; files without the
table are skipped. A syntax error (``JAX000``) is always reported, whatever ``select`` says.

Nothing here can make jax-lsp run a program: `python` is trusted (may be run) only through
`with_user_python`, i.e. by a choice the user makes outside the repository.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from jax_lsp.analysis.findings import Severity
from jax_lsp.analysis.options import AnalysisConfig
from jax_lsp.bounded_formats import TooComplex, load_toml
from jax_lsp.codes import RULES
from jax_lsp.safe_io import read_bounded

if TYPE_CHECKING:  # imported where a pattern is compiled: a configuration without any needs none
    from jax_lsp.project.globs import Glob, PathGlob

__all__ = [
    "PARSE_ERROR_CODE",
    "Config",
    "ConfigError",
    "PerFileIgnore",
    "RuleLayer",
    "find_config_file",
    "has_config_table",
    "is_regular_file",
    "known_codes",
]

#: the code under which a file that does not parse or decode is reported (always on)
PARSE_ERROR_CODE = "JAX000"

KEYS = ("select", "extend-select", "ignore", "extend-ignore", "exclude", "extend-exclude",
        "force-exclude", "respect-gitignore", "per-file-ignores", "extend-per-file-ignores",
        "fixable", "unfixable", "extend-fixable", "extend-safe-fixes", "extend-unsafe-fixes",
        "extra-callbacks", "extra-transforms", "severity", "python", "environment",
        "argv")

_DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class ConfigError(ValueError):
    """The configuration is invalid; the message names the file (if any) and the key."""


def known_codes() -> tuple[str, ...]:
    return (PARSE_ERROR_CODE, *sorted(RULES))


def _normalize_key(key: str) -> str:
    """`extra_callbacks`, `extraCallbacks` and `extra-callbacks` are one key."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", key).replace("_", "-").lower()


def _where(origin: str | None, key: str) -> str:
    return f"{origin}: `{key}`" if origin else f"`{key}`"


def _str_list(value: object, key: str, origin: str | None) -> tuple[str, ...]:
    if isinstance(value, str):
        raise ConfigError(f"{_where(origin, key)} must be a list of strings, not a string "
                          f"(write [{value!r}])")
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{_where(origin, key)} must be a list of strings, got {value!r}")
    return tuple(value)


def _selectors(value: object, key: str, origin: str | None) -> tuple[str, ...]:
    out = []
    codes = known_codes()
    for raw in _str_list(value, key, origin):
        sel = raw.strip().upper()
        if not sel or (sel != "ALL" and not any(c.startswith(sel) for c in codes)):
            raise ConfigError(
                f"{_where(origin, key)}: unknown rule selector {raw!r} "
                f"(known codes: {', '.join(codes)}; prefixes like 'JAX' and 'ALL' work too)"
            )
        out.append(sel)
    return tuple(dict.fromkeys(out))


def _dotted_names(value: object, key: str, origin: str | None) -> tuple[str, ...]:
    names = _str_list(value, key, origin)
    for n in names:
        if not _DOTTED.match(n):
            raise ConfigError(
                f"{_where(origin, key)}: {n!r} is not a qualified name like 'package.module.func'"
            )
    return names


def _transforms(value: object, key: str, origin: str | None) -> Mapping[str, str]:
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"{_where(origin, key)} must be a table of qualified name -> JAX transform, "
            f"e.g. {{ \"mylib.my_grad\" = \"jax.grad\" }}, got {value!r}"
        )
    out: dict[str, str] = {}
    for name, transform in value.items():
        if not isinstance(name, str) or not _DOTTED.match(name):
            raise ConfigError(f"{_where(origin, key)}: {name!r} is not a qualified name")
        if not isinstance(transform, str) or not _DOTTED.match(transform):
            raise ConfigError(
                f"{_where(origin, key)}: the transform of {name!r} must be a qualified name "
                f"like 'jax.grad', got {transform!r}"
            )
        out[name] = transform
    return MappingProxyType(out)


def _severities(value: object, key: str, origin: str | None) -> Mapping[str, Severity]:
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"{_where(origin, key)} must be a table of code -> severity, "
            f"e.g. {{ JAX004 = \"warning\" }}, got {value!r}"
        )
    allowed = [s.value for s in Severity]
    out: dict[str, Severity] = {}
    for code, sev in value.items():
        if not isinstance(code, str) or code.upper() not in RULES:
            raise ConfigError(
                f"{_where(origin, key)}: unknown code {code!r} (known: {', '.join(sorted(RULES))})"
            )
        if not isinstance(sev, str) or sev.lower() not in allowed:
            raise ConfigError(
                f"{_where(origin, key)}: the severity of {code} must be one of "
                f"{', '.join(allowed)}, got {sev!r}"
            )
        out[code.upper()] = Severity(sev.lower())
    return MappingProxyType(out)


def _patterns(value: object, key: str, origin: str | None) -> tuple[str, ...]:
    pats = _str_list(value, key, origin)
    for p in pats:
        if not p.strip() or p.strip() == "!":
            raise ConfigError(f"{_where(origin, key)}: empty pattern")
        _compile_pattern(p)  # every glob compiles (an unclosed "[" is a literal)
    return pats


@dataclass(frozen=True)
class PerFileIgnore:
    """Codes not reported in the files one glob matches (ruff's `per-file-ignores` entry)."""

    #: as written, "!" included
    pattern: str
    codes: tuple[str, ...]
    #: the directory a relative pattern is joined to; None: the configuration's `root`
    base: Path | None = None

    def applies_to(self, path: Path, root: Path) -> bool:
        """Whether the codes are ignored in `path` (absolute): the glob, joined to `base` (or
        `root`), matches the path, or the glob as written matches its name; "!" inverts."""
        negated = self.pattern.startswith("!")
        base = self.base or root
        full = self._full_globs.get(base)
        if full is None:  # compiled once per entry and root, however many entries there are
            from jax_lsp.project.globs import PathGlob

            full = self._full_globs[base] = PathGlob.compile(
                os.path.normpath(os.path.join(base, self._glob_text)))
        hit = full.matches(path.as_posix()) or self._name_glob.matches(path.name)
        return hit != negated

    @cached_property
    def _glob_text(self) -> str:
        return self.pattern[1:] if self.pattern.startswith("!") else self.pattern

    @cached_property
    def _name_glob(self) -> PathGlob:
        from jax_lsp.project.globs import PathGlob

        return PathGlob.compile(self._glob_text)

    @cached_property
    def _full_globs(self) -> dict[Path, PathGlob]:
        return {}


def _shown_pattern(e: PerFileIgnore) -> str:
    """A command-line entry's glob with the directory it is relative to."""
    if e.base is None:
        return e.pattern
    negated = e.pattern.startswith("!")
    return "!" * negated + str(e.base / e.pattern.lstrip("!"))


def _per_file_ignores(value: object, key: str, origin: str | None) -> tuple[PerFileIgnore, ...]:
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"{_where(origin, key)} must be a table of glob -> codes, "
            f"e.g. {{ \"tests/*\" = [\"JAX004\"] }}, got {value!r}"
        )
    out = []
    for pattern, codes in value.items():
        if not isinstance(pattern, str) or not pattern.strip("! "):
            raise ConfigError(f"{_where(origin, key)}: empty glob {pattern!r}")
        out.append(PerFileIgnore(pattern, _selectors(codes, f"{key}.{pattern}", origin)))
    return tuple(out)


def _boolean(value: object, key: str, origin: str | None) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{_where(origin, key)} must be true or false, got {value!r}")
    return value


def _python(value: object, key: str, origin: str | None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{_where(origin, key)} must be the path of a Python interpreter, "
                          f"got {value!r}")
    return value.strip()


def _environment(value: object, key: str, origin: str | None) -> Mapping[str, str]:
    if not isinstance(value, Mapping):
        raise ConfigError(
            f"{_where(origin, key)} must be a table of variable name -> string value, "
            f"e.g. {{ MODEL_BACKEND = \"jax\" }}, got {value!r}"
        )
    out: dict[str, str] = {}
    for name, v in value.items():
        if not isinstance(name, str) or not name or "=" in name or "\0" in name:
            raise ConfigError(f"{_where(origin, key)}: {name!r} is not an environment "
                              "variable's name (non-empty, without '=')")
        if not isinstance(v, str) or "\0" in v:
            raise ConfigError(
                f"{_where(origin, key)}: the value of {name} must be a string (a variable "
                f"holds text: quote it), got {v!r}")
        out[name] = v
    return MappingProxyType(out)


def _argv(value: object, key: str, origin: str | None) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(
            isinstance(w, str) and "\0" not in w for w in value):
        raise ConfigError(
            f"{_where(origin, key)} must be a list of strings (the words of the command line "
            f"after the script's name), e.g. [\"--steps\", \"10\"], got {value!r}")
    return tuple(value)


_VALIDATORS: dict[str, Any] = {
    "select": _selectors,
    "extend-select": _selectors,
    "ignore": _selectors,
    "extend-ignore": _selectors,
    "exclude": _patterns,
    "extend-exclude": _patterns,
    "force-exclude": _boolean,
    "respect-gitignore": _boolean,
    "per-file-ignores": _per_file_ignores,
    "extend-per-file-ignores": _per_file_ignores,
    "fixable": _selectors,
    "unfixable": _selectors,
    "extend-fixable": _selectors,
    "extend-safe-fixes": _selectors,
    "extend-unsafe-fixes": _selectors,
    "extra-callbacks": _dotted_names,
    "extra-transforms": _transforms,
    "severity": _severities,
    "python": _python,
    "environment": _environment,
    "argv": _argv,
}


def _validate(data: Mapping[str, object], origin: str | None) -> dict[str, Any]:
    """Known, validated keys as dataclass field names -> values."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"{origin or 'configuration'}: expected a table, got {data!r}")
    out: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = _normalize_key(str(raw_key))
        if key not in _VALIDATORS:
            raise ConfigError(
                f"{_where(origin, str(raw_key))}: unknown key (known keys: {', '.join(KEYS)})"
            )
        out[key.replace("-", "_")] = _VALIDATORS[key](value, str(raw_key), origin)
    return out


# ---------------------------------------------------------------------------------------------
# gitignore-style patterns


@dataclass(frozen=True)
class _Pattern:
    glob: Glob
    negated: bool
    dir_only: bool
    anchored: bool


def _compile_pattern(raw: str) -> _Pattern:
    pat = raw.strip()
    negated = pat.startswith("!")
    if negated:
        pat = pat[1:]
    dir_only = pat.endswith("/")
    pat = pat.rstrip("/")
    anchored = "/" in pat
    pat = pat.lstrip("/")
    pat = pat.removeprefix("./")
    from jax_lsp.project.globs import Glob

    return _Pattern(Glob.compile(pat), negated, dir_only, anchored)


class _NeedleIndex:
    """Which of many patterns can match a path: those whose literal part (`Glob.needle`) is
    in it (the path for anchored patterns, the name for the others), found by looking up the
    path's substrings of each needle length rather than by testing every pattern. A long
    list (a planted .gitignore of 30,000 lines) then costs per path what its few candidates
    cost, as the literal strategies of ripgrep's globset do."""

    #: below this many patterns testing each is as quick
    SMALL = 32

    def __init__(self, patterns: Sequence[_Pattern]) -> None:
        self._all = range(len(patterns))
        self._small = len(patterns) <= self.SMALL
        self._anchored: dict[str, list[int]] = {}
        self._named: dict[str, list[int]] = {}
        self._always: list[int] = []  # no literal part: tested on every path
        for i, p in enumerate(patterns):
            if not p.glob.needle:
                self._always.append(i)
            else:
                (self._anchored if p.anchored else self._named).setdefault(
                    p.glob.needle, []).append(i)
        self._anchored_lengths = sorted({len(n) for n in self._anchored})
        self._named_lengths = sorted({len(n) for n in self._named})
        self._needles = [(p.glob.needle, p.anchored) for p in patterns]

    def candidates(self, path: str, name: str) -> Sequence[int]:
        """The indices, in order, of the patterns that may match."""
        if self._small:
            return [i for i in self._all
                    if self._needles[i][0] in (path if self._needles[i][1] else name)]
        found = set(self._always)
        for text, index, lengths in ((path, self._anchored, self._anchored_lengths),
                                     (name, self._named, self._named_lengths)):
            for n in lengths:
                if n > len(text):
                    break
                for start in range(len(text) - n + 1):
                    hit = index.get(text[start:start + n])
                    if hit:
                        found.update(hit)
        return sorted(found)


#: directories never entered while recursing (explicitly named paths are still checked)
DEFAULT_EXCLUDED_DIRS = frozenset(
    {
        ".bzr", ".direnv", ".eggs", ".git", ".git-rewrite", ".hg", ".ipynb_checkpoints",
        ".jax_lsp_cache", ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache",
        ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", ".vscode", "__pycache__",
        "__pypackages__", "_build", "buck-out", "build", "dist", "node_modules", "site-packages",
        "venv",
    }
)


# ---------------------------------------------------------------------------------------------
# rule selection, resolved as ruff resolves it


@dataclass(frozen=True)
class RuleLayer:
    """One layer of rule selection (ruff's `RuleSelection`): a configuration's keys, or the
    command line's flags over them. `select` (None: not given) starts the layer's set anew;
    without it the layer's selectors change the set below it."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fixable: tuple[str, ...] | None = None
    extend_fixable: tuple[str, ...] = ()
    unfixable: tuple[str, ...] = ()


def _specificity(selector: str) -> int:
    """ruff's order: ALL, then the longer the prefix the more specific ("JAX001" most)."""
    return 0 if selector == "ALL" else len(selector)


def _resolve(layers: Iterable[tuple[tuple[str, ...] | None, tuple[str, ...], tuple[str, ...]]],
             ) -> frozenset[str]:
    """The codes a stack of (chosen, added, removed) selector lists leaves on, starting from
    every code, as ruff's `as_rule_table` resolves `select`/`extend-select`/`ignore` (and
    `fixable`/`extend-fixable`/`unfixable`): within a layer, selectors are applied from the
    least specific to the most, the removing ones after the adding ones of the same
    specificity; a layer that chooses (`select` given) replaces the set, others change it; an
    empty choice with only removals carries them over to the next layer."""
    codes = known_codes()
    current = set(codes)
    carried: tuple[str, ...] = ()
    for chosen, added, removed in layers:
        removing = (*removed, *carried)
        carried = ()
        adding = (*(chosen or ()), *added)
        updates: dict[str, bool] = {}
        for spec in sorted({_specificity(s) for s in (*adding, *removing)}):
            for selectors, on in ((adding, True), (removing, False)):
                for s in selectors:
                    if _specificity(s) == spec:
                        updates.update((c, on) for c in codes if _hit((s,), c))
        if chosen is not None:
            current = {c for c, on in updates.items() if on}
            if not chosen and not added and removed:
                carried = removed
        else:
            for c, on in updates.items():
                (current.add if on else current.discard)(c)
    return frozenset(current)


def _overrides(safe: tuple[str, ...], unsafe: tuple[str, ...]) -> Mapping[str, bool]:
    """Code -> whether its fixes count as safe, for the codes `extend-safe-fixes` or
    `extend-unsafe-fixes` names: the more specific selector wins; for the same specificity
    the unsafe one (ruff's `FixSafetyTable`)."""
    out: dict[str, bool] = {}
    for spec in sorted({_specificity(s) for s in (*safe, *unsafe)}):
        for selectors, is_safe in ((safe, True), (unsafe, False)):
            for s in selectors:
                if _specificity(s) == spec:
                    out.update((c, is_safe) for c in known_codes() if _hit((s,), c))
    return MappingProxyType(out)


# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """The effective configuration for the files under one ``pyproject.toml``."""

    #: code selectors to report; None (not given) means all, as `["ALL"]`
    select: tuple[str, ...] | None = None
    #: code selectors added to `select` (ruff's `extend-select`)
    extend_select: tuple[str, ...] = ()
    #: code selectors not to report (`extend_ignore` is the same list; see `enabled_codes`)
    ignore: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()
    #: gitignore-style patterns, relative to `root` (`extend_exclude` adds to them)
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    #: apply `exclude` to paths named on the command line too
    force_exclude: bool = False
    #: skip what the git work tree's `.gitignore` files ignore
    respect_gitignore: bool = True
    #: codes ignored in the files a glob matches (`extend_per_file_ignores` adds to them)
    per_file_ignores: tuple[PerFileIgnore, ...] = ()
    extend_per_file_ignores: tuple[PerFileIgnore, ...] = ()
    #: code selectors whose fixes are applied; None means all (`extend_fixable` adds to it,
    #: `unfixable` removes; see `fixable_codes`)
    fixable: tuple[str, ...] | None = None
    extend_fixable: tuple[str, ...] = ()
    unfixable: tuple[str, ...] = ()
    #: code selectors whose unsafe fixes count as safe, and whose safe fixes as unsafe
    extend_safe_fixes: tuple[str, ...] = ()
    extend_unsafe_fixes: tuple[str, ...] = ()
    #: rule selections layered over this configuration's own (the command line's flags), in
    #: order, as ruff layers them (`with_rule_layer`)
    layers: tuple[RuleLayer, ...] = ()
    extra_callbacks: tuple[str, ...] = ()
    extra_transforms: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    severity: Mapping[str, Severity] = field(default_factory=lambda: MappingProxyType({}))
    #: the environment variables declared for the analysed run (any other is unset)
    environment: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: the command line declared for the analysed run (its words after the script's name)
    argv: tuple[str, ...] = ()
    #: the interpreter whose environment installed packages are resolved in (None: this one)
    python: str | None = None
    #: whether the user, outside the repository, allowed `python` to be run (never set from a
    #: configuration file or editor settings)
    python_trusted: bool = False
    #: the directory `exclude` is relative to (the config file's); None: the working directory
    root: Path | None = None
    #: the file this configuration was read from, if any
    source: Path | None = None

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def from_mapping(
        cls,
        data: Mapping[str, object],
        *,
        root: Path | None = None,
        source: Path | None = None,
    ) -> Config:
        """Build from a ``[tool.jax-lsp]``-shaped mapping; raises :class:`ConfigError`."""
        return cls(root=root, source=source, **_validate(data, str(source) if source else None))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Config:
        """Read an explicit configuration file: a ``pyproject.toml`` (its ``[tool.jax-lsp]``
        table; defaults if it has none) or any other TOML file holding the keys at top level
        or under a ``[tool.jax-lsp]`` header (a table copied from a pyproject.toml)."""
        p = Path(path).absolute()
        data: Mapping[str, Any] = _read_toml(p)
        if p.name == "pyproject.toml" or set(data) == {"tool"}:
            tool = data.get("tool", {})
            table = tool.get("jax-lsp", {}) if isinstance(tool, Mapping) else {}
            if not isinstance(table, Mapping):
                raise ConfigError(f"{p}: `tool.jax-lsp` must be a table")
            data = table
        return cls.from_mapping(data, root=p.parent, source=p)

    @classmethod
    def discover(cls, start: str | os.PathLike[str]) -> Config:
        """The configuration of the nearest ``pyproject.toml`` with a ``[tool.jax-lsp]`` table,
        searching upward from `start` (a file or a directory); defaults if there is none."""
        found = find_config_file(start)
        return cls.load(found) if found else cls()

    def merge(self, overrides: Mapping[str, object]) -> Config:
        """A copy with the given keys replaced (same keys and validation as the TOML table);
        used for command-line flags and LSP initializationOptions."""
        validated = _validate(overrides, None)
        if "python" in validated:  # a new value carries no earlier consent
            validated["python_trusted"] = False
        return replace(self, **validated)

    def with_user_python(self, python: str | None = None, *, trust_project: bool = False
                         ) -> Config:
        """Apply the user's own choice, made outside the repository (a command-line flag, an
        environment variable): `python` replaces the configured interpreter and may be run;
        `trust_project` allows the configured one to be run."""
        if python:
            chosen = os.path.abspath(os.path.expanduser(python)) if os.sep in python else python
            return replace(self, python=chosen, python_trusted=True)
        if trust_project and self.python is not None:
            return replace(self, python_trusted=True)
        return self

    # -- queries -------------------------------------------------------------------------------

    def with_rule_layer(self, *, select: Sequence[str] | None = None,
                        extend_select: Sequence[str] = (), ignore: Sequence[str] = (),
                        fixable: Sequence[str] | None = None, extend_fixable: Sequence[str] = (),
                        unfixable: Sequence[str] = ()) -> Config:
        """A copy with one more rule-selection layer on top (the command line's `--select`,
        `--extend-select`, `--ignore`, `--fixable`, ...), validated as the keys are."""
        def valid(value: Sequence[str], flag: str) -> tuple[str, ...]:
            return _selectors(list(value), flag, None)

        layer = RuleLayer(
            None if select is None else valid(select, "--select"),
            valid(extend_select, "--extend-select"), valid(ignore, "--ignore"),
            None if fixable is None else valid(fixable, "--fixable"),
            valid(extend_fixable, "--extend-fixable"), valid(unfixable, "--unfixable"))
        return replace(self, layers=(*self.layers, layer))

    # -- queries -------------------------------------------------------------------------------

    def settings(self) -> dict[str, object]:
        """The settings as `[tool.jax-lsp]` keys -> values (for `check --show-settings`); the
        rule and fix selections resolved to codes, as ruff shows `linter.rules.enabled`."""
        def codes(selected: frozenset[str]) -> list[str]:
            return [c for c in known_codes() if c in selected and c != PARSE_ERROR_CODE]

        return {
            "select": codes(self.enabled_codes),
            "ignore": [*self.ignore, *self.extend_ignore],
            "exclude": [*self.exclude, *self.extend_exclude],
            "force-exclude": self.force_exclude,
            "respect-gitignore": self.respect_gitignore,
            "per-file-ignores": {
                _shown_pattern(e): list(e.codes)
                for e in (*self.per_file_ignores, *self.extend_per_file_ignores)
            },
            "fixable": codes(self.fixable_codes),
            "unfixable": list(self.unfixable),
            "extend-safe-fixes": [c for c, safe in self.fix_safety.items() if safe],
            "extend-unsafe-fixes": [c for c, safe in self.fix_safety.items() if not safe],
            "extra-callbacks": list(self.extra_callbacks),
            "extra-transforms": dict(self.extra_transforms),
            "severity": {code: sev.value for code, sev in self.severity.items()},
            "python": self.python,
            "environment": dict(self.environment),
            "argv": list(self.argv),
        }

    def python_path(self) -> str | None:
        """`python`, relative paths (".venv/bin/python", or ".venv" when it exists there)
        taken from the configuration file's directory; a bare name is looked up on PATH."""
        if self.python is None:
            return None
        p = Path(self.python).expanduser()
        if not p.is_absolute() and ("/" in self.python or (self._base() / p).exists()):
            p = self._base() / p
        return str(p)

    def analysis_config(self) -> AnalysisConfig:
        return AnalysisConfig(
            extra_callbacks=self.extra_callbacks, extra_transforms=dict(self.extra_transforms),
            environment=dict(self.environment), argv=self.argv,
        )

    @cached_property
    def enabled_codes(self) -> frozenset[str]:
        """The codes reported (before `per-file-ignores`): ruff's resolution of `select`,
        `extend-select` and `ignore`/`extend-ignore`, then of each command-line layer."""
        return _resolve([(self.select, self.extend_select, (*self.ignore, *self.extend_ignore)),
                         *((la.select, la.extend_select, la.ignore) for la in self.layers)])

    @cached_property
    def fixable_codes(self) -> frozenset[str]:
        """The codes whose fixes `--fix` may apply: `fixable`, `extend-fixable` and
        `unfixable` resolved as the selection is."""
        return _resolve([(self.fixable, self.extend_fixable, self.unfixable),
                         *((la.fixable, la.extend_fixable, la.unfixable) for la in self.layers)])

    @cached_property
    def fix_safety(self) -> Mapping[str, bool]:
        """Code -> whether its fixes count as safe, for the codes whose safety
        `extend-safe-fixes`/`extend-unsafe-fixes` change (others keep their fixes' own)."""
        return _overrides(self.extend_safe_fixes, self.extend_unsafe_fixes)

    def is_enabled(self, code: str, path: str | os.PathLike[str] | None = None) -> bool:
        """Whether findings with `code` are reported (in the file `path`, when given: its
        `per-file-ignores` apply). JAX000 always is."""
        code = code.upper()
        if code == PARSE_ERROR_CODE:
            return True
        if path is not None and _hit(self.ignored_in(path), code):
            return False
        return code in self.enabled_codes

    def ignored_in(self, path: str | os.PathLike[str]) -> tuple[str, ...]:
        """The code selectors `per-file-ignores` ignores in the file `path`."""
        entries = (*self.per_file_ignores, *self.extend_per_file_ignores)
        if not entries:
            return ()
        p = Path(os.path.abspath(path))
        return tuple(c for e in entries if e.applies_to(p, self._base()) for c in e.codes)

    def is_fixable(self, code: str) -> bool:
        """Whether `--fix`/`--diff` may apply a fix for `code` (and `[*]` marks it)."""
        return code.upper() in self.fixable_codes

    def fix_is_safe(self, code: str, safe: bool) -> bool:
        """Whether a fix of `code` that is `safe` by itself counts as safe here."""
        return self.fix_safety.get(code.upper(), safe)

    def severity_for(self, code: str, default: Severity) -> Severity:
        return self.severity.get(code.upper(), default)

    @cached_property
    def _compiled_exclude(self) -> tuple[_Pattern, ...]:
        return tuple(_compile_pattern(p) for p in (*self.exclude, *self.extend_exclude))

    def _base(self) -> Path:
        return self.root if self.root is not None else Path.cwd()

    @cached_property
    def _exclude_index(self) -> _NeedleIndex:
        return _NeedleIndex(self._compiled_exclude)

    def _match(self, parts: Sequence[str], is_dir: bool) -> bool | None:
        """Last matching pattern's verdict for a relative path (None: no pattern matched)."""
        verdict: bool | None = None
        patterns = self._compiled_exclude
        for i in self._exclude_index.candidates("/".join(parts), parts[-1] if parts else ""):
            p = patterns[i]
            if p.dir_only and not is_dir:
                continue
            if p.glob.matches(parts if p.anchored else parts[-1:]):
                verdict = not p.negated
        return verdict

    def is_excluded(self, path: str | os.PathLike[str], *, is_dir: bool | None = None) -> bool:
        """Whether `path` (or a directory above it, up to `root`) matches `exclude`.

        Paths outside `root` are matched by their name only (unanchored patterns)."""
        if not self._compiled_exclude:
            return False
        p = Path(os.path.abspath(path))
        if is_dir is None:
            is_dir = p.is_dir()
        try:
            parts = p.relative_to(self._base()).parts
        except ValueError:
            parts = (p.name,)
        if not parts:
            return False
        for i in range(1, len(parts)):  # an excluded directory excludes all below it
            if self._match(parts[:i], True):
                return True
        return bool(self._match(parts, is_dir))

    def is_excluded_entry(self, directory: Path, name: str, is_dir: bool) -> bool:
        """Fast check for one entry of a directory whose ancestors are known not excluded."""
        if not self._compiled_exclude:
            return False
        try:
            parts = (directory / name).relative_to(self._base()).parts
        except ValueError:
            parts = (name,)
        return bool(self._match(parts, is_dir))

    def verdict(self, directory: Path, name: str, is_dir: bool) -> bool | None:
        """The last matching `exclude` pattern's verdict for an entry of `directory` under
        `root`: True excluded, False re-included (`!pattern`), None when none matches."""
        try:
            parts = (directory / name).relative_to(self._base()).parts
        except ValueError:
            return None
        return self._match(parts, is_dir) if self._compiled_exclude and parts else None


def _hit(selectors: Iterable[str], code: str) -> bool:
    return any(s == "ALL" or code.startswith(s) for s in selectors)


#: the largest configuration file read (a real pyproject.toml is a few kB)
MAX_CONFIG_BYTES = 1 << 20


def _read_toml(path: Path) -> dict[str, Any]:
    """The TOML document at `path`; raises `ConfigError` naming the file and saying why not
    (missing, unreadable, not a regular file, too big, invalid, or pathologically nested)."""
    if sys.version_info >= (3, 11):  # (imported once a document is read: see `load_toml`)
        import tomllib
    else:  # pragma: no cover - Python 3.10: the tomli backport
        import tomli as tomllib
    try:
        data = read_bounded(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such configuration file") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        return load_toml(data.decode("utf-8-sig"))  # a BOM is accepted, as ruff does
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: invalid TOML: {e}") from None
    except TooComplex as e:
        raise ConfigError(f"{path}: not read: {e}") from None
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: not valid UTF-8: {e}") from None


def has_config_table(pyproject: Path) -> bool:
    """Whether a ``pyproject.toml`` has a ``[tool.jax-lsp]`` table (raises `ConfigError` when
    it is not valid TOML)."""
    data = _read_toml(pyproject)
    tool = data.get("tool")
    return isinstance(tool, Mapping) and "jax-lsp" in tool


def is_regular_file(path: Path) -> bool:
    """`path.is_file()`, False also when it cannot be looked at (in a folder that cannot be
    searched, none of whose files jax-lsp can read: its configuration cannot apply)."""
    try:
        return path.is_file()
    except OSError:
        return False


def find_config_file(start: str | os.PathLike[str]) -> Path | None:
    """The nearest ``pyproject.toml`` with a ``[tool.jax-lsp]`` table at or above `start`."""
    p = Path(os.path.abspath(start))
    directory = p if p.is_dir() else p.parent
    for d in (directory, *directory.parents):
        candidate = d / "pyproject.toml"
        if is_regular_file(candidate) and has_config_table(candidate):
            return candidate
    return None
