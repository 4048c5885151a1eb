"""The `jax-lsp check` subcommand: arguments, configuration overrides, output and exit status.

Exit status: 0 when nothing was found, 1 when something was (including files that do not parse
or decode), 2 on a usage, configuration or internal error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from jax_lsp.analysis.findings import Finding
from jax_lsp.bounded_formats import load_toml
from jax_lsp.checker.add_noqa import add_noqa
from jax_lsp.checker.fix_objects import fix_applicability
from jax_lsp.checker.formats import (
    FORMATS,
    format_statistics,
    format_statistics_json,
    found,
    summary_line,
    would_fix,
)
from jax_lsp.checker.results import PARSE_ERROR_CODE, FileResult
from jax_lsp.checker.runner import CheckRun, check_files, check_source, fix_fields
from jax_lsp.project.cache import ENV_CACHE_DIR, ENV_NO_CACHE, CacheSettings
from jax_lsp.project.config import Config, ConfigError, PerFileIgnore, is_regular_file
from jax_lsp.project.discovery import ConfigResolver, discover_files, display_path
from jax_lsp.project.trust import add_python_arguments
from jax_lsp.safe_io import FileChanged, read_file_state, rewrite_in_place
from jax_lsp.terminal import printable

__all__ = ["register", "run"]

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: --add-noqa rewrites files up to this size (a generated module can be large; no source is)
MAX_SOURCE_BYTES = 64 * 1024 * 1024


def _comma_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _pattern_codes(text: str) -> list[tuple[str, str]]:
    """`PATTERN:CODE[,PATTERN:CODE...]`, as ruff's --per-file-ignores takes them."""
    pairs = []
    for part in _comma_list(text):
        pattern, colon, code = part.rpartition(":")
        if not colon or not pattern.strip() or not code.strip():
            raise argparse.ArgumentTypeError(
                f"{part!r} is not PATTERN:CODE (e.g. 'tests/*:JAX004')")
        pairs.append((pattern.strip(), code.strip()))
    return pairs


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `check` subcommand; its handler is `args.run`."""
    p = subparsers.add_parser(
        "check",
        help="check Python files for host callbacks reached by differentiation",
        description="Check Python files for JAX host callbacks reached by automatic "
        "differentiation. Exit status: 0 clean, 1 findings, 2 usage or internal error.",
    )
    p.add_argument("paths", nargs="*", default=["."], metavar="PATH",
                   help="files or directories to check (default: .); `-` reads the source "
                   "from standard input")
    p.add_argument("--stdin-filename", metavar="PATH",
                   help="the name of the file whose source standard input holds (for the "
                   "configuration, imports and messages); implies `-` when no PATH is given")
    p.add_argument("--output-file", "-o", metavar="PATH", type=Path,
                   help="write the report to this file instead of standard output")
    p.add_argument("--show-files", action="store_true",
                   help="print the files that would be checked, then exit")
    p.add_argument("--show-settings", action="store_true",
                   help="print the settings each given file is checked with, then exit")
    p.add_argument("--show-limits", action="store_true",
                   help="print where the analysis of each file stopped following a path "
                   "(a value it cannot call, a library it does not model, its work budget) "
                   "and why, then exit")
    p.add_argument("--output-format", choices=sorted(FORMATS), default="full",
                   help="how to print findings (default: full)")
    p.add_argument("--select", type=_comma_list, action="append", metavar="CODES",
                   help="comma-separated codes or prefixes to report, replacing the "
                   "configuration's `select` (e.g. JAX001,JAX004 or JAX)")
    p.add_argument("--extend-select", type=_comma_list, action="append", metavar="CODES",
                   help="comma-separated codes or prefixes to report in addition to the "
                   "configuration's `select`")
    p.add_argument("--ignore", type=_comma_list, action="append", metavar="CODES",
                   help="comma-separated codes or prefixes not to report, added to the "
                   "configuration's `ignore`")
    p.add_argument("--per-file-ignores", type=_pattern_codes, action="append",
                   metavar="PATTERN:CODE",
                   help="comma-separated glob:code pairs, replacing the configuration's "
                   "`per-file-ignores` (relative globs are relative to the working directory)")
    p.add_argument("--extend-per-file-ignores", type=_pattern_codes, action="append",
                   metavar="PATTERN:CODE",
                   help="like --per-file-ignores, but added to the configuration's")
    p.add_argument("--exclude", type=_comma_list, action="append", metavar="PATTERNS",
                   help="comma-separated gitignore-style patterns to skip, added to the "
                   "configuration's `exclude`")
    p.add_argument("--extend-exclude", type=_comma_list, action="append", metavar="PATTERNS",
                   help="the same as --exclude (ruff's name for adding to the configuration's)")
    p.add_argument("--force-exclude", action="store_true",
                   help="apply `exclude` to paths named on the command line too")
    p.add_argument("--no-respect-gitignore", dest="respect_gitignore", action="store_false",
                   help="also check files that the .gitignore files of the git work tree ignore")
    p.add_argument("--config", metavar="PATH|KEY=VALUE", action="append",
                   help="use this pyproject.toml (or TOML file of [tool.jax-lsp] keys) "
                   "instead of searching for the nearest pyproject.toml; or, as ruff, a TOML "
                   "`KEY = VALUE` pair overriding one [tool.jax-lsp] key (repeatable; the "
                   "other options win over it)")
    color = p.add_mutually_exclusive_group()
    color.add_argument("--no-color", dest="color", action="store_false", default=None,
                       help="never colour the output (default: colour when stdout is a "
                       "terminal and NO_COLOR is unset)")
    color.add_argument("--color", dest="color", action="store_true",
                       help="always colour the output")
    p.add_argument("--watch", "-w", action="store_true",
                   help="check again whenever a checked file or its configuration changes "
                   "(polling; Ctrl-C stops)")
    p.add_argument("--exit-zero", action="store_true",
                   help="exit 0 even when something was found")
    p.add_argument("--statistics", action="store_true",
                   help="print the number of findings per code instead of the findings")
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="N",
                   help="analyse in N processes (default 0: one per CPU when the files to "
                   "analyse are enough work to repay starting them, else 1)")
    p.add_argument("--no-cache", action="store_true",
                   help=f"neither read nor write the result cache (also: {ENV_NO_CACHE}=1)")
    p.add_argument("--cache-dir", metavar="PATH", type=Path,
                   help="where to keep the result cache (default: .jax_lsp_cache in the project "
                   f"root, the directory of the configuring pyproject.toml; also: {ENV_CACHE_DIR})")
    add_python_arguments(p)
    p.add_argument("--fix", action="store_true",
                   help="apply the safe fixes to the files, then report what remains")
    p.add_argument("--unsafe-fixes", action="store_true",
                   help="with --fix or --diff, also apply the unsafe fixes (their titles say "
                   "what they change, e.g. a gradient that becomes zero); in a report, count "
                   "them as fixable ([*] and the summary's hint)")
    p.add_argument("--fixable", type=_comma_list, action="append", metavar="CODES",
                   help="comma-separated codes or prefixes whose fixes --fix and --diff apply "
                   "(and [*] marks), replacing the configuration's `fixable` and `unfixable`")
    p.add_argument("--unfixable", type=_comma_list, action="append", metavar="CODES",
                   help="comma-separated codes or prefixes never to fix, added to the "
                   "configuration's `unfixable`")
    p.add_argument("--extend-fixable", type=_comma_list, action="append", metavar="CODES",
                   help="like --fixable, but added to the codes already fixable")
    p.add_argument("--add-noqa", action="store_true",
                   help="add a `# noqa: CODE` comment to each line with a finding (to adopt "
                   "jax-lsp in a project and fix the findings later)")
    p.add_argument("--diff", action="store_true",
                   help="print the fixes as a unified diff instead of writing them; exit 1 when "
                   "there is any")
    p.set_defaults(run=run)


def _flatten(groups: Sequence[Sequence[str]] | None) -> list[str] | None:
    return None if groups is None else [item for group in groups for item in group]


def _use_color(requested: bool | None, stream: TextIO) -> bool:
    if requested is not None:
        return requested
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def _diff_text(text: str, stream: TextIO) -> str:
    """A diff goes out exactly as the files are (to be applied) unless a terminal shows it."""
    isatty = getattr(stream, "isatty", None)
    return printable(text, keep="\n\t") if isatty and isatty() else text


def _write(stream: TextIO, text: str) -> None:
    try:
        stream.write(text)
    except UnicodeEncodeError:  # e.g. a legacy console encoding: keep the report readable
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
    stream.flush()


def _error(message: str) -> int:
    _write_err(f"jax-lsp: error: {message}\n")
    return EXIT_ERROR


def _write_err(text: str) -> None:
    """Messages on stderr name files and quote configuration values: never raw."""
    _write(sys.stderr, printable(text, keep="\n\t"))


def _config_arguments(args: argparse.Namespace) -> tuple[Path | None, dict[str, object]]:
    """`--config`'s configuration file (at most one) and its `KEY = VALUE` overrides, told
    apart as ruff does: an existing file is a file; otherwise a value with `=` must be TOML.
    Raises ConfigError."""
    path, overrides = None, {}
    for value in args.config or ():
        if is_regular_file(Path(value)) or "=" not in value:
            if path is not None:
                raise ConfigError(f"--config names two configuration files: {path}, {value}")
            path = Path(value)
            continue
        try:
            overrides.update(load_toml(value))
        except ValueError as e:  # invalid TOML, or too deeply nested (`load_toml`)
            raise ConfigError(f"--config {value!r} is neither a configuration file nor a "
                              f"TOML `KEY = VALUE` pair ({e})") from None
    Config().merge(overrides)  # the keys and values of [tool.jax-lsp], checked now
    return path, overrides


def _explicit_config(args: argparse.Namespace) -> Config | None:
    path, _ = _config_arguments(args)
    return Config.load(path) if path is not None else None


def _adjuster(args: argparse.Namespace) -> Callable[[Config], Config]:
    _, inline = _config_arguments(args)
    select, ignore = _flatten(args.select), _flatten(args.ignore)
    exclude = [*(_flatten(args.exclude) or ()), *(_flatten(args.extend_exclude) or ())]
    extend = _flatten(args.extend_select)
    fixable, unfixable = _flatten(args.fixable), _flatten(args.unfixable)
    extend_fixable = _flatten(args.extend_fixable)
    cwd = Path.cwd()
    per_file = _per_file_entries(args.per_file_ignores, cwd)
    extend_per_file = _per_file_entries(args.extend_per_file_ignores, cwd)

    def adjust(config: Config) -> Config:
        if inline:
            config = config.merge(inline)
        if exclude:
            config = config.merge({"extend-exclude": [*config.extend_exclude, *exclude]})
        if args.force_exclude:
            config = replace(config, force_exclude=True)
        if not args.respect_gitignore:
            config = replace(config, respect_gitignore=False)
        if any(v is not None for v in (select, extend, ignore, fixable, unfixable,
                                       extend_fixable)):
            # as ruff's: the command line is one more layer of rule selection over the
            # configuration's (its `--select` starts the set anew, `--ignore` changes it)
            config = config.with_rule_layer(
                select=select, extend_select=extend or (), ignore=ignore or (),
                fixable=fixable, extend_fixable=extend_fixable or (), unfixable=unfixable or ())
        if per_file is not None:
            config = replace(config, per_file_ignores=per_file)
        if extend_per_file:
            config = replace(config, extend_per_file_ignores=(
                *config.extend_per_file_ignores, *extend_per_file))
        return config.with_user_python(args.python, trust_project=args.trust_project_python)

    return adjust


def _per_file_entries(groups: Sequence[Sequence[tuple[str, str]]] | None,
                      cwd: Path) -> tuple[PerFileIgnore, ...] | None:
    """Command-line `PATTERN:CODE` pairs as `per-file-ignores` entries (validated like the
    configuration's), their relative globs taken from `cwd`, as ruff does."""
    if groups is None:
        return None
    by_pattern: dict[str, list[str]] = {}
    for pattern, code in (pair for group in groups for pair in group):
        by_pattern.setdefault(pattern, []).append(code)
    parsed = Config().merge({"per-file-ignores": by_pattern}).per_file_ignores
    return tuple(replace(e, base=cwd) for e in parsed)


def _show_settings(files: Sequence[tuple[Path, Config]]) -> str:
    """Each file's effective settings and where they come from, laid out as ruff's (which
    shows the first file's only): its header lines, then `key = value` lines."""
    import json

    def shown(value: object) -> str:
        return "none" if value is None else json.dumps(value, ensure_ascii=False)

    blocks = []
    for path, config in files:
        out = [f"Resolved settings for: {shown(os.path.abspath(path))}"]
        if config.source:
            out.append(f"Settings path: {shown(str(config.source))}")
        out += ["", "# [tool.jax-lsp]", f"root = {shown(str(config.root or Path.cwd()))}"]
        out += [f"{key} = {shown(value)}" for key, value in config.settings().items()]
        blocks.append("\n".join(out) + "\n")
    return "\n".join(blocks)


class _StdinTooLarge(Exception):
    """Standard input holds more than `MAX_SOURCE_BYTES` (`check - < /dev/zero`)."""


def _read_stdin() -> bytes:
    """Standard input, at most `MAX_SOURCE_BYTES` of it, as for a file; raises
    `_StdinTooLarge` past that, rather than filling memory."""
    data = sys.stdin.buffer.read(MAX_SOURCE_BYTES + 1)
    if len(data) > MAX_SOURCE_BYTES:
        raise _StdinTooLarge(f"standard input is larger than {MAX_SOURCE_BYTES >> 20} MiB, "
                             f"the most jax-lsp reads")
    return data


def _stdin_run(args: argparse.Namespace, resolver: ConfigResolver) -> CheckRun:
    """Check the source on standard input as if it were the file `--stdin-filename`."""
    name = Path(args.stdin_filename or "-")
    data = _read_stdin()
    path = name.resolve() if args.stdin_filename else Path.cwd() / "<stdin>.py"
    return check_source(data, path, resolver.for_path(path), shown=args.stdin_filename or "-")


def _add_noqa(outcome: CheckRun) -> int:
    """Write the noqa comments for the findings of `outcome` into their files."""
    added, skipped = 0, 0
    for result in outcome.results:
        findings = [f for f in result.findings if f.code != PARSE_ERROR_CODE]
        if not findings:
            continue
        if result.abspath.endswith(".ipynb") or result.source is None:
            skipped += len(findings)
            continue
        state = read_file_state(result.abspath, MAX_SOURCE_BYTES)
        if state is None:
            skipped += len(findings)
            continue
        data = state.data
        source = data.decode("utf-8-sig", errors="surrogateescape")
        new, count = add_noqa(source, findings)
        if count:
            bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
            try:  # in place, as `--fix` writes (owner, mode, hard links kept)
                rewrite_in_place(result.abspath, state,
                                 bom + new.encode("utf-8", "surrogateescape"))
            except FileChanged as e:
                _write_err(f"jax-lsp: not writing {result.path}: {e}\n")
                continue
            except OSError as e:
                _write_err(f"jax-lsp: cannot write {result.path}: {e.strerror or e}\n")
                return EXIT_ERROR
        added += count
        skipped += len({f.span.line for f in findings}) - count
    if added:  # as ruff: nothing to say when nothing was added
        _write_err(f"Added {added} noqa directive{'' if added == 1 else 's'}.\n")
    if skipped:
        _write_err(f"{skipped} finding line(s) could not take a comment (inside a "
                   "multi-line string, after a backslash, or in a notebook).\n")
    return EXIT_CLEAN


def run(args: argparse.Namespace) -> int:
    """Handle `jax-lsp check`; returns the exit status."""
    if args.jobs < 0:
        return _error("--jobs must be 0 (automatic) or a positive number")
    from_stdin = args.paths == ["-"] or (args.stdin_filename and args.paths == ["."])
    if "-" in args.paths and not from_stdin:
        return _error("`-` (standard input) cannot be combined with other paths")
    if from_stdin and args.add_noqa:
        return _error("--add-noqa works on files, not on standard input")
    if from_stdin and args.show_limits:
        return _error("--show-limits works on files, not on standard input")
    if args.add_noqa and (args.fix or args.diff):
        return _error("--add-noqa cannot be combined with --fix or --diff")
    if args.watch:
        if from_stdin or args.diff or args.add_noqa or args.show_files or args.show_settings:
            return _error("--watch cannot be combined with standard input, --diff, --add-noqa, "
                          "--show-files or --show-settings")
        from jax_lsp.checker.watch import watch

        return watch(lambda settle: _run_once(args, from_stdin=False, settle=settle),
                     lambda: _watched(args), lambda text: _write(sys.stdout, text))
    return _run_once(args, from_stdin=bool(from_stdin))


def _watched(args: argparse.Namespace) -> dict[str, tuple[int, int]]:
    """What `--watch` polls: the files to check, their configuration files and every
    pyproject.toml at or above the given paths (one may gain a [tool.jax-lsp] table)."""
    from jax_lsp.checker.watch import snapshot

    roots = [Path(os.path.abspath(p)) for p in args.paths]
    candidates = {d / "pyproject.toml" for r in roots for d in (r, *r.parents)}
    try:
        explicit = _explicit_config(args)
        resolver = ConfigResolver(explicit, _adjuster(args))
        files = discover_files(args.paths, resolver, force_exclude=args.force_exclude,
                               respect_gitignore=args.respect_gitignore)
    except (ConfigError, FileNotFoundError):  # the next check reports it; watch the paths
        files = [(r, Config()) for r in roots]
    sources = {c.source for _, c in files if c.source is not None}
    try:
        path, _ = _config_arguments(args)
    except ConfigError:
        path = None
    if path is not None:
        sources.add(Path(os.path.abspath(path)))
    return snapshot([*(p for p, _ in files), *sources, *candidates])


def _run_once(args: argparse.Namespace, *, from_stdin: bool,
              settle: Callable[[], None] | None = None) -> int:
    """Load the configuration, find the files, check them and report: one `check` run."""
    stdout: TextIO = sys.stdout
    try:
        explicit = _explicit_config(args)
        adjust = _adjuster(args)
        # validate the command-line selectors even when no file gets checked
        adjust(Config())
        resolver = ConfigResolver(explicit, adjust)
        files = [] if from_stdin else discover_files(
            args.paths, resolver, force_exclude=args.force_exclude,
            respect_gitignore=args.respect_gitignore)
    except ConfigError as e:
        return _error(f"invalid configuration: {e}")
    except FileNotFoundError as e:
        return _error(f"no such file or directory: {e}")
    if args.show_files:
        # absolute, sorted, as ruff lists them
        listed = sorted(os.path.abspath(p) for p, _ in files)
        _write(stdout, "".join(f"{printable(p)}\n" for p in listed))
        return EXIT_CLEAN
    if args.show_settings:
        _write(stdout, printable(_show_settings(files), keep="\n"))
        return EXIT_CLEAN
    if args.show_limits:
        from jax_lsp.checker.show_limits import show_limits

        _write(stdout, show_limits(files))
        return EXIT_CLEAN
    if not files and not from_stdin:
        _write_err("warning: No Python files found under the given path(s)\n")  # ruff's words
    if args.output_file is not None:
        try:
            args.output_file.parent.mkdir(parents=True, exist_ok=True)  # as ruff does
            stdout = args.output_file.open("w", encoding="utf-8")
        except OSError as e:
            return _error(f"cannot write {args.output_file}: {e.strerror or e}")
    try:
        return _check(args, files, resolver, stdout, from_stdin=bool(from_stdin),
                      settle=settle)
    finally:
        if stdout is not sys.stdout:
            stdout.close()


def _with_fixed(results: Sequence[FileResult],
                fixed: dict[Path, int]) -> tuple[FileResult, ...]:
    """`results` with how many findings `--fix` fixed in each file; a file it left clean has
    no result yet, and gets one without findings."""
    by_file = {path.resolve(): (path, n) for path, n in fixed.items()}
    out = []
    for r in results:
        _, n = by_file.pop(Path(r.abspath).resolve(), (None, 0))
        out.append(replace(r, fixed=n))
    out += [FileResult(display_path(path), filename=str(path), fixed=n)
            for path, n in by_file.values()]
    return tuple(out)


def _unsafe_left(remaining: Mapping[Path, tuple[str, Sequence[Finding]]],
                 configs: Mapping[Path, Config]) -> int:
    """How many of the findings the fixes left have only an unsafe fix (ruff's "N fixes
    available with `--unsafe-fixes`")."""
    count = 0
    for path, (text, findings) in remaining.items():
        config = configs.get(path, Config())
        result = FileResult(display_path(path), tuple(findings), text, str(path),
                            **fix_fields(config, findings))
        count += sum(fix_applicability(result, f) == "unsafe" for f in findings)
    return count


def _check(args: argparse.Namespace, files: Sequence[tuple[Path, Config]],
           resolver: ConfigResolver, stdout: TextIO, *, from_stdin: bool,
           settle: Callable[[], None] | None = None) -> int:
    """Fix (if asked), check and report; returns the exit status."""
    try:
        return _check_or_fix(args, files, resolver, stdout, from_stdin=from_stdin,
                             settle=settle)
    except _StdinTooLarge as e:
        return _error(str(e))


def _check_or_fix(args: argparse.Namespace, files: Sequence[tuple[Path, Config]],
                  resolver: ConfigResolver, stdout: TextIO, *, from_stdin: bool,
                  settle: Callable[[], None] | None = None) -> int:
    if from_stdin and (args.fix or args.diff):
        return _fix_stdin(args, resolver, stdout)
    fixed: dict[Path, int] = {}
    prior = None  # the fixing's analyses of the files, reported unless they changed since
    if args.fix or args.diff:
        from jax_lsp.fixes.apply import run_fix_command

        fix_run = run_fix_command(
            files, unsafe=args.unsafe_fixes, diff=args.diff, shown=display_path,
            out=lambda text: _write(stdout, _diff_text(text, stdout)), err=_write_err)
        fixed = fix_run.fixed
        if args.diff:
            hidden = 0 if args.unsafe_fixes else _unsafe_left(fix_run.remaining, dict(files))
            summary = would_fix(sum(fixed.values()), hidden)
            if summary:
                _write(stdout, summary + "\n")
            return EXIT_FINDINGS if fixed and not args.exit_zero else EXIT_CLEAN
        prior = fix_run.prior

    if from_stdin:
        outcome = _stdin_run(args, resolver)
    else:
        cache = CacheSettings.from_options(no_cache=args.no_cache, cache_dir=args.cache_dir)
        outcome = check_files(files, jobs=args.jobs, cache=cache, prior=prior)

    if args.add_noqa:
        return _add_noqa(outcome)
    return _report(args, outcome, fixed, stdout, settle)


def _fix_stdin(args: argparse.Namespace, resolver: ConfigResolver, report: TextIO) -> int:
    """`--fix` / `--diff` on standard input, as ruff: the fixed source (or its diff) on
    standard output; the report of what remains (or the `Would fix` line) on standard error,
    or in `--output-file`."""
    from jax_lsp.checker.stdin_fix import fix_stdin, stdin_diff

    if report is sys.stdout:
        report = sys.stderr
    path = Path(args.stdin_filename).resolve() if args.stdin_filename \
        else Path.cwd() / "<stdin>.py"
    shown = args.stdin_filename or "-"
    config = resolver.for_path(path)
    fix = fix_stdin(_read_stdin(), path, config, unsafe=args.unsafe_fixes,
                    write_helpers=bool(args.stdin_filename) and not args.diff)
    if fix.refused is not None:
        _write_err(f"jax-lsp: no fix for {printable(shown)}: {fix.refused}\n")
    if args.diff:
        _write(sys.stdout, _diff_text(stdin_diff(fix, args.stdin_filename), sys.stdout))
        hidden = 0 if args.unsafe_fixes or fix.remaining is None else \
            _unsafe_left({path: fix.remaining}, {path: config})
        summary = would_fix(fix.count, hidden)
        if summary:
            _write(report, summary + "\n")
        return EXIT_FINDINGS if fix.count and not args.exit_zero else EXIT_CLEAN
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty and isatty():  # a terminal shows it: escaped, as a diff (`_diff_text`)
        _write(sys.stdout, _diff_text(fix.fixed.decode("utf-8-sig", "replace"), sys.stdout))
    else:  # to be used in place of the input: the bytes as they are
        sys.stdout.flush()
        sys.stdout.buffer.write(fix.fixed)
        sys.stdout.buffer.flush()
    outcome = check_source(fix.fixed, path, config, shown=shown)
    return _report(args, outcome, {path: fix.count} if fix.count else {}, report, None)


def _report(args: argparse.Namespace, outcome: CheckRun, fixed: dict[Path, int],
            stdout: TextIO, settle: Callable[[], None] | None) -> int:
    """Print the report of `outcome` in the chosen format; returns the exit status."""
    if fixed:  # the summary counts what --fix fixed, as ruff's does
        outcome = replace(outcome, results=_with_fixed(outcome.results, fixed))
    if args.unsafe_fixes:
        outcome = replace(outcome, results=tuple(replace(r, unsafe_fixes=True)
                                                 for r in outcome.results))

    color = _use_color(args.color, stdout)
    if args.statistics:
        if args.output_format == "json":
            text = format_statistics_json(outcome.results)
        else:
            text = format_statistics(outcome.results, color=color)
    else:
        text = FORMATS[args.output_format](outcome.results, color)
    if settle is not None:  # --watch: stamp the files, then say so above the findings
        from jax_lsp.checker.watch import watch_report

        settle()
        text = watch_report(text, summary_line(outcome.results, color=color),
                            found(outcome.results))
    _write(stdout, text)

    for shown, trace in outcome.internal_errors:
        _write_err(f"jax-lsp: internal error while checking {shown}:\n{trace}\n")
    if outcome.internal_errors:
        return EXIT_ERROR
    if outcome.finding_count and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN
