"""`jax-lsp check` end to end: exit codes, broken files, discovery, configuration and flags.

Tests marked "real analysis" run the real engine on files that have no findings by construction
(clean code, syntax errors, undecodable bytes), so they keep passing as the analysis grows; the
others replace the analysis with `fake_analyze` (see cli_harness.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import REPO, Ran, run_subprocess, write_tree

from jax_lsp.analysis.engine import AnalysisConfig

RunCli = Callable[[list[str], Path], Ran]

CLEAN = "import math\n\n\ndef area(r):\n    return math.pi * r * r\n"
SYNTAX_ERROR = "def f(:\n    pass\n"
LATIN1 = 'x = 1\nname = "caf\xe9"\n'.encode("latin-1")


# -- the command line itself ---------------------------------------------------------------


def test_help_subprocess(tmp_path: Path) -> None:
    ran = run_subprocess(["--help"], tmp_path)
    assert ran.code == 0 and "check" in ran.out
    ran = run_subprocess(["check", "--help"], tmp_path)
    assert ran.code == 0
    for flag in ("--output-format", "--select", "--ignore", "--exclude", "--config",
                 "--no-color", "--exit-zero", "--statistics", "--no-cache", "--cache-dir"):
        assert flag in ran.out


def test_no_command_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    assert run_cli([], tmp_path).code == 2


def test_bad_output_format_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as info:
        run_cli(["check", "--output-format", "xml"], tmp_path)
    assert info.value.code == 2
    assert run_subprocess(["check", "--output-format", "xml"], tmp_path).code == 2


# -- real analysis: clean, syntax errors, undecodable files ----------------------------------


def test_clean_file_exits_zero(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"ok.py": CLEAN})
    ran = run_cli(["check", "ok.py"], tmp_path)
    assert (ran.code, ran.out) == (0, "All checks passed!\n")
    sub = run_subprocess(["check"], tmp_path)
    assert (sub.code, sub.out, sub.err) == (0, "All checks passed!\n", "")
    assert run_subprocess(["check", "--output-format", "json"], tmp_path).out == "[]\n"


@pytest.mark.parametrize("runner", ["in-process", "subprocess"])
def test_broken_files_are_reported_and_the_run_goes_on(
    run_cli: RunCli, tmp_path: Path, runner: str
) -> None:
    write_tree(tmp_path, {"a_syntax.py": SYNTAX_ERROR, "b_ok.py": CLEAN, "c_latin1.py": LATIN1})
    args = ["check", "--output-format", "json", "."]
    ran = run_cli(args, tmp_path) if runner == "in-process" else run_subprocess(args, tmp_path)
    assert ran.code == 1, ran.err
    items = json.loads(ran.out)
    assert [(Path(i["filename"]).name, i["code"], i["location"]["row"]) for i in items] == [
        ("a_syntax.py", "JAX000", 1),
        ("c_latin1.py", "JAX000", 2),
    ]
    syntax, latin = items
    assert syntax["filename"] == str(tmp_path / "a_syntax.py")
    assert "SyntaxError" in syntax["message"] and syntax["noqa_row"] is None
    assert "UTF-8" in latin["message"] and "line 2" in latin["message"]
    assert latin["location"]["column"] == len('name = "caf') + 1  # characters, 1-based


def test_broken_files_in_full_format_name_file_and_line(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"a_syntax.py": SYNTAX_ERROR, "c_latin1.py": LATIN1})
    ran = run_cli(["check", "--no-color"], tmp_path)
    assert ran.code == 1
    assert " --> a_syntax.py:1:" in ran.out and " --> c_latin1.py:2:12\n" in ran.out
    assert "\nJAX000 " in ran.out
    assert '2 | name = "caf\ufffd"' in ran.out  # the undecodable line, shown with a stand-in
    assert ran.out.endswith("Found 2 errors.\n")


def test_concise_subprocess(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pkg/bad.py": SYNTAX_ERROR, "pkg/ok.py": CLEAN})
    ran = run_subprocess(["check", "--output-format", "concise", "pkg"], tmp_path)
    assert ran.code == 1
    first, summary = ran.out.splitlines()
    assert first.startswith("pkg/bad.py:1:") and " JAX000 SyntaxError" in first
    assert summary == "Found 1 error."


def test_exit_zero(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"bad.py": SYNTAX_ERROR})
    assert run_cli(["check", "--exit-zero"], tmp_path).code == 0
    assert run_subprocess(["check", "--exit-zero"], tmp_path).code == 0


def test_parse_errors_ignore_select_and_ignore(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"bad.py": SYNTAX_ERROR})
    assert run_cli(["check", "--select", "JAX001", "--ignore", "JAX"], tmp_path).code == 1


def test_bom_crlf_and_cr(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {
        "bom.py": b"\xef\xbb\xbf" + CLEAN.encode(),
        "crlf.py": CLEAN.replace("\n", "\r\n"),
        "cr_bad.py": "x = 1\ry = 2\rdef f(:\r    pass\r",
    })
    ran = run_cli(["check", "--output-format", "json"], tmp_path)
    (item,) = json.loads(ran.out)
    assert (Path(item["filename"]).name, item["location"]["row"]) == ("cr_bad.py", 3)


def test_missing_path_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    ran = run_cli(["check", "nope.py"], tmp_path)
    assert ran.code == 2 and "nope.py" in ran.err
    assert run_subprocess(["check", "nope"], tmp_path).code == 2


def test_no_python_files_warns(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"README.md": "# hi\n"})
    ran = run_cli(["check"], tmp_path)
    assert ran.code == 0 and "No Python files found" in ran.err


def test_parallel_and_sequential_agree(run_cli: RunCli, tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {f"m{i:02}.py": CLEAN for i in range(12)}
    files.update({"m03.py": SYNTAX_ERROR, "m07.py": LATIN1})
    write_tree(tmp_path, files)
    one = run_cli(["check", "--jobs", "1", "--output-format", "json"], tmp_path)
    two = run_cli(["check", "--jobs", "2", "--output-format", "json"], tmp_path)
    assert one == two and one.code == 1 and len(json.loads(one.out)) == 2


def test_the_bundled_project_config_is_valid() -> None:
    from jax_lsp.project.config import Config

    cfg = Config.load(REPO / "pyproject.toml")
    assert cfg.is_excluded(REPO / "tests" / "rules" / "JAX001" / "fires" / "x.py", is_dir=False)
    assert cfg.is_excluded(REPO / "tests" / "blind" / "x.py", is_dir=False)
    assert not cfg.is_excluded(REPO / "tests" / "rules" / "test_rule_modules.py", is_dir=False)


# -- usage and configuration errors -----------------------------------------------------------


def test_unknown_selector_is_a_usage_error(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"ok.py": CLEAN})
    ran = run_cli(["check", "--select", "JAX001,NOPE"], tmp_path)
    assert ran.code == 2 and "NOPE" in ran.err


def test_invalid_pyproject_is_reported(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": '[tool.jax-lsp]\nselect = "JAX001"\n', "a.py": CLEAN})
    ran = run_cli(["check"], tmp_path)
    assert ran.code == 2
    assert str(tmp_path / "pyproject.toml") in ran.err and "`select`" in ran.err
    sub = run_subprocess(["check"], tmp_path)
    assert sub.code == 2 and "select" in sub.err and sub.out == ""


def test_explicit_config(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.py": CLEAN, "conf/strict.toml": 'select = ["JAX001"]\n'})
    assert run_cli(["check", "--config", "conf/strict.toml"], tmp_path).code == 0
    ran = run_cli(["check", "--config", "conf/missing.toml"], tmp_path)
    assert ran.code == 2 and "missing.toml" in ran.err


# -- fake findings: selection, suppression, severity, formats --------------------------------

FAKE_SRC = (
    "import jax\n"
    "a = cb(x)  # FAKE JAX001\n"
    "b = cb(x)  # FAKE JAX004\n"
    "c = cb(x)  # FAKE JAX002  # noqa: JAX002\n"
    "d = cb(x)  # FAKE JAX003  # jax-lsp: ignore[JAX001]\n"
    "e = cb(x)  # FAKE JAX005  # jax-lsp: ignore\n"
    's = "# noqa"; f = cb(x)  # FAKE JAX009\n'
)


def reported(ran: Ran) -> list[tuple[str, int]]:
    return [(i["code"], i["location"]["row"]) for i in json.loads(ran.out)]


def test_fake_findings_are_reported_and_suppressed(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    write_tree(tmp_path, {"m.py": FAKE_SRC})
    ran = run_cli(["check", "--output-format", "json"], tmp_path)
    assert ran.code == 1
    assert reported(ran) == [("JAX001", 2), ("JAX004", 3), ("JAX003", 5), ("JAX009", 7)]


def test_select_and_ignore_flags(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    write_tree(tmp_path, {"m.py": FAKE_SRC})
    base = ["check", "--output-format", "json"]
    assert reported(run_cli([*base, "--select", "JAX001,JAX003"], tmp_path)) == [
        ("JAX001", 2), ("JAX003", 5),
    ]
    assert reported(run_cli([*base, "--select", "JAX00", "--ignore", "JAX001"], tmp_path)) == [
        ("JAX004", 3), ("JAX003", 5), ("JAX009", 7),
    ]
    ran = run_cli([*base, "--ignore", "JAX001", "--ignore", "JAX004,JAX009"], tmp_path)
    assert reported(ran) == [("JAX003", 5)]
    ran = run_cli([*base, "--select", "JAX010"], tmp_path)
    assert (ran.code, ran.out) == (0, "[]\n")


def test_config_key_value_overrides_as_ruff(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    """`--config KEY=VALUE` overrides one key of the configuration (file or found), and the
    other options override it, as in ruff; a bad pair or two files are usage errors."""
    write_tree(tmp_path, {"m.py": FAKE_SRC,
                          "pyproject.toml": '[tool.jax-lsp]\nignore = ["JAX009"]\n',
                          "conf.toml": 'select = ["JAX001", "JAX004"]\n'})
    base = ["check", "--no-cache", "--output-format", "json"]
    assert reported(run_cli([*base, "--config", 'ignore = ["JAX001", "JAX009"]'], tmp_path)) \
        == [("JAX004", 3), ("JAX003", 5)]
    assert reported(run_cli([*base, "--config", "conf.toml", "--config", 'ignore=["JAX004"]'],
                            tmp_path)) == [("JAX001", 2)]
    assert reported(run_cli([*base, "--config", 'select = ["JAX003"]', "--select", "JAX004"],
                            tmp_path)) == [("JAX004", 3)]
    for bad in ('ignore = [', 'bogus = 1', "missing.toml"):
        ran = run_cli([*base, "--config", bad], tmp_path)
        assert ran.code == 2 and ran.out == "", bad
    ran = run_cli([*base, "--config", "conf.toml", "--config", "pyproject.toml"], tmp_path)
    assert ran.code == 2 and "two configuration files" in ran.err


def test_pyproject_select_ignore_severity_and_callbacks(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    write_tree(tmp_path, {
        "pyproject.toml": (
            "[tool.jax-lsp]\n"
            'ignore = ["JAX004"]\n'
            'severity = { JAX009 = "warning" }\n'
            'extra-callbacks = ["mylib.host.simulate"]\n'
            'extra-transforms = { "mylib.train.my_grad" = "jax.grad" }\n'
        ),
        "src/m.py": FAKE_SRC,
    })
    ran = run_cli(["check", "--output-format", "json", "src"], tmp_path)
    items = json.loads(ran.out)
    assert [(i["code"], i["severity"]) for i in items] == [
        ("JAX001", "error"), ("JAX003", "error"), ("JAX009", "warning"),
    ]
    assert fake_analysis[-1] == AnalysisConfig(
        extra_callbacks=("mylib.host.simulate",),
        extra_transforms={"mylib.train.my_grad": "jax.grad"},
    )
    # --ignore adds to the configuration's ignore; --select starts a new layer, which replaces
    # the configuration's selection, its ignores included (ruff 0.17.6: `ignore = ["E741"]` in
    # pyproject.toml and `--select E741` reports E741)
    ran = run_cli(["check", "--output-format", "json", "--ignore", "JAX001", "src"], tmp_path)
    assert reported(ran) == [("JAX003", 5), ("JAX009", 7)]
    ran = run_cli(["check", "--output-format", "json", "--select", "JAX004,JAX009"], tmp_path)
    assert reported(ran) == [("JAX004", 3), ("JAX009", 7)]
    ran = run_cli(["check", "--output-format", "json", "--select", "JAX004,JAX009",
                   "--ignore", "JAX004"], tmp_path)
    assert reported(ran) == [("JAX009", 7)]


def test_nested_project_uses_its_own_config(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.jax-lsp]\nignore = ["JAX001"]\n',
        "top.py": "a = cb(x)  # FAKE JAX001\nb = cb(x)  # FAKE JAX004\n",
        "sub/pyproject.toml": '[tool.jax-lsp]\nignore = ["JAX004"]\n',
        "sub/inner.py": "a = cb(x)  # FAKE JAX001\nb = cb(x)  # FAKE JAX004\n",
    })
    items = json.loads(run_cli(["check", "--output-format", "json"], tmp_path).out)
    assert [(Path(i["filename"]).name, i["code"]) for i in items] == [
        ("inner.py", "JAX001"), ("top.py", "JAX004"),
    ]


def test_every_format_end_to_end(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    line = 'é = "日本"; y = cb(x)'
    col, end = line.index("cb("), len(line)  # characters: 14 and 19 (the bytes are 19 and 24)
    write_tree(tmp_path, {"pkg/m.py": f"import jax\n  # a\n{line}  # FAKE JAX001\n"})
    concise = run_cli(["check", "--output-format", "concise"], tmp_path)
    assert concise.out == f"pkg/m.py:3:{col + 1}: JAX001 fake JAX001 finding\nFound 1 error.\n"
    full = run_cli(["check", "--output-format", "full", "--no-color"], tmp_path)
    assert full.out.splitlines()[:7] == [
        "JAX001 fake JAX001 finding",
        f" --> pkg/m.py:3:{col + 1}",
        "  |",
        "1 | import jax",
        "2 |   # a",
        f"3 | {line}  # FAKE JAX001",
        "  | " + " " * (col + 2) + "^^^^^",  # 日本 take two cells each
    ]
    assert "\nnote: pkg/m.py:1:1: the differentiation site\n" in full.out
    items = json.loads(run_cli(["check", "--output-format", "json"], tmp_path).out)
    assert items[0]["location"] == {"row": 3, "column": col + 1}
    assert items[0]["end_location"] == {"row": 3, "column": end + 1}
    gh = run_cli(["check", "--output-format", "github"], tmp_path)
    assert gh.out.startswith(
        f"::error title=jax-lsp (JAX001),file={tmp_path / 'pkg' / 'm.py'},line=3,col={col + 1},"
        f"endLine=3,endColumn={end + 1}::pkg/m.py:3:{col + 1}: JAX001 fake JAX001 finding"
        "%0A  note: "
    )
    sarif = json.loads(run_cli(["check", "--output-format", "sarif"], tmp_path).out)
    (result,) = sarif["runs"][0]["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startColumn"], region["endColumn"]) == (col + 1, end + 1)
    assert len(result["relatedLocations"]) == 2
    stats = run_cli(["check", "--statistics"], tmp_path)
    assert (stats.code, stats.out) == (1, "1\tJAX001\tpure-callback-jvp\nFound 1 error.\n")
    stats_json = run_cli(["check", "--statistics", "--output-format", "json"], tmp_path)
    assert json.loads(stats_json.out) == [
        {"code": "JAX001", "name": "pure-callback-jvp", "count": 1, "fixable": False,
         "fixable_count": 0}
    ]


def test_colour(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    write_tree(tmp_path, {"m.py": "a = cb(x)  # FAKE JAX001\n"})
    assert "\x1b[" not in run_cli(["check"], tmp_path).out  # captured output is no terminal
    assert "\x1b[" in run_cli(["check", "--color"], tmp_path).out
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run_cli(["check"], tmp_path).out
    assert "\x1b[" not in run_cli(["check", "--no-color"], tmp_path).out
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run_cli(["check"], tmp_path).out


def test_internal_error_in_one_file(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli_harness import fake_analyze

    def analyze(
        source: str, filename: str = "", config: object = None, workspace: object = None
    ) -> object:
        if "CRASH" in source:
            raise RuntimeError("analysis bug")
        return fake_analyze(source, filename)

    monkeypatch.setattr("jax_lsp.checker.runner.analyze_source", analyze)
    write_tree(tmp_path, {"a.py": "# CRASH\n", "b.py": "x = cb(y)  # FAKE JAX001\n"})
    ran = run_cli(["check", "--output-format", "concise"], tmp_path)
    assert ran.code == 2
    assert "internal error while checking a.py" in ran.err and "analysis bug" in ran.err
    assert ran.out.startswith("b.py:1:5: JAX001")


# -- discovery and exclusion ------------------------------------------------------------------

TREE: dict[str, str | bytes] = {
    "pkg/mod.py": CLEAN,
    "pkg/notes.txt": "not python\n",
    "pkg/script": "#!/usr/bin/env python\n",
    "pkg/gen/msg_pb2.py": CLEAN,
    "pkg/vendored/lib.py": CLEAN,
    ".git/hooks/pre.py": CLEAN,
    "pkg/__pycache__/mod.cpython-311.py": CLEAN,
    ".venv/lib/site.py": CLEAN,
    "env312/pyvenv.cfg": "home = /usr\n",
    "env312/lib/x.py": CLEAN,
    "node_modules/x.py": CLEAN,
    "tests/corpus/case.py": CLEAN,
    "tests/test_x.py": CLEAN,
}


def discovered(tmp_path: Path, *args: str) -> list[str]:
    from jax_lsp.project.config import Config
    from jax_lsp.project.discovery import ConfigResolver, discover_files

    explicit = Config.load(tmp_path / "pyproject.toml") if (tmp_path / "pyproject.toml").exists() \
        else None
    resolver = ConfigResolver(
        explicit, lambda c: c.merge({"exclude": [*c.exclude, *args]}) if args else c
    )
    return [p.relative_to(tmp_path).as_posix() for p, _ in discover_files([tmp_path], resolver)]


def test_discovery_skips_builtin_directories(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    assert discovered(tmp_path) == [
        "pkg/gen/msg_pb2.py", "pkg/mod.py", "pkg/vendored/lib.py",
        "tests/corpus/case.py", "tests/test_x.py",
    ]


def test_discovery_honours_exclude(tmp_path: Path) -> None:
    write_tree(tmp_path, {
        **TREE,
        "pyproject.toml": '[tool.jax-lsp]\nexclude = ["tests/corpus", "*_pb2.py"]\n',
    })
    assert discovered(tmp_path) == ["pkg/mod.py", "pkg/vendored/lib.py", "tests/test_x.py"]
    assert discovered(tmp_path, "vendored/") == ["pkg/mod.py", "tests/test_x.py"]


def test_exclude_end_to_end(
    run_cli: RunCli, tmp_path: Path, fake_analysis: list[AnalysisConfig | None]
) -> None:
    bad = "x = cb(y)  # FAKE JAX001\n"
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.jax-lsp]\nexclude = ["generated"]\n',
        "src/generated/g.py": bad,
        "src/other/o.py": bad,
        "src/other/skip_me.py": bad,
    })
    ran = run_cli(["check", "--output-format", "concise", "--exclude", "skip_*.py"], tmp_path)
    assert ran.out.splitlines() == ["src/other/o.py:1:5: JAX001 fake JAX001 finding",
                                    "Found 1 error."]
    # a file named on the command line is checked anyway, unless --force-exclude
    ran = run_cli(["check", "--output-format", "concise", "src/generated/g.py"], tmp_path)
    assert ran.code == 1
    ran = run_cli(["check", "--force-exclude", "src/generated/g.py"], tmp_path)
    assert ran.code == 0 and "No Python files found" in ran.err
    ran = run_cli(["check", "--force-exclude", "src/generated"], tmp_path)
    assert ran.code == 0


def test_explicit_non_py_file_is_checked(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"tool": SYNTAX_ERROR, "pkg/tool": SYNTAX_ERROR})
    assert run_cli(["check", "tool"], tmp_path).code == 1
    assert run_cli(["check", "pkg"], tmp_path).code == 0  # not found by recursion


def test_each_file_once_and_paths_outside_cwd(run_cli: RunCli, tmp_path: Path) -> None:
    write_tree(tmp_path, {"proj/bad.py": SYNTAX_ERROR, "here/x.txt": ""})
    ran = run_cli(["check", "--output-format", "concise", "../proj", "../proj/bad.py"],
                  tmp_path / "here")
    lines = ran.out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{tmp_path / 'proj' / 'bad.py'}:1:")
