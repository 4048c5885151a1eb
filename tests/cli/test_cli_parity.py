"""Options and output formats that pipelines written for ruff expect: standard input,
--output-file, --show-files, --show-settings, and the json-lines, junit, gitlab, pylint,
rdjson and azure formats (each parsed back the way its consumer reads it)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from cli_harness import CALLBACK_PROGRAM, run_subprocess, write_tree

from jax_lsp.analysis.findings import Finding, Severity, Span
from jax_lsp.checker.ci_formats import CI_FORMATS
from jax_lsp.checker.results import FileResult

SOURCE = "x = 1\ny = 2\n"
ERROR = Finding("JAX001", 'a "quoted" <message>; with ] and\ncontrol \x1b[31m', Span(1, 0, 1, 5))
WARNING = Finding("JAX009", "loop", Span(2, 0, 2, 5), Severity.WARNING)
RESULTS = [FileResult("pkg/a.py", (ERROR, WARNING), SOURCE, "/abs/pkg/a.py")]


def test_standard_input_is_checked_as_the_named_file(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": '[tool.jax-lsp]\nignore = ["JAX002"]\n'})
    ran = run_subprocess(
        ["check", "--no-cache", "--output-format", "concise", "--stdin-filename", "pkg/m.py"],
        tmp_path, input_text=CALLBACK_PROGRAM)
    assert ran.code == 1
    assert ran.out.startswith("pkg/m.py:6:12: JAX001 ")
    ran = run_subprocess(["check", "--output-format", "concise", "-"], tmp_path,
                         input_text="x = 1\n")
    assert (ran.code, ran.out) == (0, "All checks passed!\n")


def test_standard_input_with_other_paths_is_a_usage_error(tmp_path: Path) -> None:
    ran = run_subprocess(["check", "-", "a.py"], tmp_path, input_text="")
    assert ran.code == 2 and "standard input" in ran.err


def test_output_file(tmp_path: Path, run_cli) -> None:
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM})
    ran = run_subprocess(["check", "--no-cache", "-o", "report.json", "--output-format",
                          "json", "a.py"], tmp_path)
    assert ran.code == 1 and ran.out == ""
    assert [item["code"] for item in json.loads((tmp_path / "report.json").read_text())] == [
        "JAX001"]
    # as ruff: the report's directory is created
    ran = run_cli(["check", "--no-cache", "-o", "reports/ci/out.txt", "a.py"], tmp_path)
    assert ran.code == 1 and ran.out == ""
    assert (tmp_path / "reports/ci/out.txt").read_text().startswith("JAX001 [*] ")


def test_show_files_and_settings(tmp_path: Path) -> None:
    write_tree(tmp_path, {
        "pyproject.toml": '[tool.jax-lsp]\nexclude = ["skip"]\nignore = ["JAX004"]\n',
        "a.py": "x = 1\n", "skip/b.py": "x = 1\n", "pkg/c.py": "x = 1\n",
    })
    ran = run_subprocess(["check", "--show-files"], tmp_path)
    # absolute and sorted, as ruff lists them
    assert (ran.code, ran.out.split()) == (0, [str(tmp_path / "a.py"), str(tmp_path / "pkg/c.py")])
    ran = run_subprocess(["check", "--show-settings", "a.py"], tmp_path)
    assert ran.code == 0
    assert ran.out.startswith(f'Resolved settings for: "{tmp_path / "a.py"}"\n'
                              f'Settings path: "{tmp_path / "pyproject.toml"}"\n')
    assert 'ignore = ["JAX004"]' in ran.out


def test_json_lines_is_the_json_array_one_item_a_line(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM, "b.py": CALLBACK_PROGRAM})
    lines = run_subprocess(["check", "--no-cache", "--output-format", "json-lines", "."],
                           tmp_path).out.splitlines()
    array = json.loads(run_subprocess(["check", "--no-cache", "--output-format", "json", "."],
                                      tmp_path).out)
    assert [json.loads(line) for line in lines] == array and len(array) == 2


def test_junit_is_well_formed_xml_with_a_failure_a_finding() -> None:
    root = ET.fromstring(CI_FORMATS["junit"](RESULTS))
    failures = root.findall(".//failure")
    assert root.get("failures") == "2" and len(failures) == 2
    assert failures[0].get("message", "").startswith('a "quoted" <message>')
    # as ruff's: the suite is the file's absolute path, the class that path without ".py"
    suite = root.find("testsuite")
    assert suite is not None and suite.get("name") == "/abs/pkg/a.py"
    case = suite.find("testcase")
    assert case is not None and case.get("classname") == "/abs/pkg/a"
    assert case.get("name") == "org.jax_lsp.JAX001"
    assert (failures[1].text or "").startswith("line 2, col 1, loop")
    assert [p.get("value") for p in root.iter("property")] == ["error", "warning"]
    clean = ET.fromstring(CI_FORMATS["junit"]([]))
    assert clean.get("failures") == "0" and len(clean.findall(".//testcase")) == 1


def test_gitlab_code_quality() -> None:
    issues = json.loads(CI_FORMATS["gitlab"](RESULTS))
    assert [i["check_name"] for i in issues] == ["JAX001", "JAX009"]
    assert [i["severity"] for i in issues] == ["major", "minor"]
    assert issues[0]["location"] == {
        "path": "pkg/a.py",
        "positions": {"begin": {"line": 1, "column": 1}, "end": {"line": 1, "column": 6}},
    }
    assert len({i["fingerprint"] for i in issues}) == 2
    # the same finding twice on identical lines still gets two fingerprints
    twice = [FileResult("a.py", (WARNING, WARNING), SOURCE)]
    assert len({i["fingerprint"] for i in json.loads(CI_FORMATS["gitlab"](twice))}) == 2


def test_rdjson() -> None:
    report = json.loads(CI_FORMATS["rdjson"](RESULTS))
    first = report["diagnostics"][0]
    assert first["code"]["value"] == "JAX001" and first["severity"] == "ERROR"
    assert first["location"]["range"]["start"] == {"line": 1, "column": 1}
    assert report["diagnostics"][1]["severity"] == "WARNING"


def test_pylint() -> None:
    lines = CI_FORMATS["pylint"](RESULTS).splitlines()
    assert lines[1] == "pkg/a.py:2: [JAX009] loop"
    assert len(lines) == 2 and "\x1b" not in lines[0]


@pytest.mark.parametrize("finding", [ERROR])
def test_azure_escapes_what_ends_a_logging_command(finding: Finding) -> None:
    line = CI_FORMATS["azure"]([FileResult("a.py", (finding,), SOURCE, "/abs/a.py")])
    assert line.count("\n") == 1 and line.startswith("##vso[task.logissue type=error;")
    message = line.split("]", 1)[1]
    assert "]" not in message.replace("%5D", "") and ";" not in message
    assert "\x1b" not in line


def test_gitignore_is_respected_inside_a_git_work_tree(tmp_path: Path) -> None:
    files = {
        ".git/HEAD": "ref: refs/heads/main\n",
        ".gitignore": "# generated\nbuild_*/\n*_pb2.py\n!keep_pb2.py\n",
        "src/a.py": "x = 1\n",
        "src/gen_pb2.py": "x = 1\n",
        "src/keep_pb2.py": "x = 1\n",
        "build_x/b.py": "x = 1\n",
        "src/sub/.gitignore": "local.py\n",
        "src/sub/local.py": "x = 1\n",
        "src/sub/other.py": "x = 1\n",
    }
    write_tree(tmp_path, files)
    shown = run_subprocess(["check", "--show-files"], tmp_path).out.split()
    assert shown == [str(tmp_path / p) for p in ("src/a.py", "src/keep_pb2.py",
                                                  "src/sub/other.py")]
    everything = run_subprocess(["check", "--show-files", "--no-respect-gitignore"], tmp_path)
    assert len(everything.out.split()) == 6
    # outside a git work tree, .gitignore files mean nothing (as for git and ruff)
    (tmp_path / ".git/HEAD").unlink()
    (tmp_path / ".git").rmdir()
    assert len(run_subprocess(["check", "--show-files"], tmp_path).out.split()) == 6


NOQA_PROGRAM = (
    "import jax\n"
    "import jax.numpy as jnp\n"
    "import numpy as np\n"
    "\n"
    "S = jax.ShapeDtypeStruct((), jnp.float32)\n"
    "\n"
    "def f(x):\n"
    "    a = jax.pure_callback(np.sin, S, x)  # the sine\n"
    "    b = jax.pure_callback(np.cos, S, x)  # noqa: E501\n"
    "    c = jax.pure_callback(np.tan, S, x)\n"
    "    return a + b + c\n"
    "\n"
    "jax.jacfwd(f)(1.0)\n"
)


def test_add_noqa_suppresses_every_finding_once(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.py": NOQA_PROGRAM})
    ran = run_subprocess(["check", "--no-cache", "--add-noqa", "a.py"], tmp_path)
    assert ran.code == 0 and "Added 3 noqa directives." in ran.err
    lines = (tmp_path / "a.py").read_text().splitlines()
    assert lines[7] == "    a = jax.pure_callback(np.sin, S, x)  # the sine  # noqa: JAX001"
    assert lines[8] == "    b = jax.pure_callback(np.cos, S, x)  # noqa: E501, JAX001"
    assert lines[9] == "    c = jax.pure_callback(np.tan, S, x)  # noqa: JAX001"
    after = run_subprocess(["check", "--no-cache", "a.py"], tmp_path)
    assert after.code == 0, after.out
    again = run_subprocess(["check", "--no-cache", "--add-noqa", "a.py"], tmp_path)
    assert "noqa" not in again.err  # as ruff: nothing added, nothing said
    assert (tmp_path / "a.py").read_text().splitlines() == lines


def test_extend_select_adds_to_the_configured_selection(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": '[tool.jax-lsp]\nselect = ["JAX002"]\n',
                          "a.py": CALLBACK_PROGRAM})
    assert run_subprocess(["check", "--no-cache", "a.py"], tmp_path).code == 0
    ran = run_subprocess(["check", "--no-cache", "--extend-select", "JAX001", "a.py"], tmp_path)
    assert ran.code == 1 and "JAX001" in ran.out


def _apply_ruff_edits(source: str, edits: list[dict]) -> str:
    """Apply ruff-style edits (1-based rows and columns, end exclusive), back to front."""
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(loc: dict) -> int:
        return starts[loc["row"] - 1] + loc["column"] - 1

    for e in sorted(edits, key=lambda e: offset(e["location"]), reverse=True):
        source = source[: offset(e["location"])] + e["content"] + source[offset(e["end_location"]):]
    return source


def test_json_and_sarif_carry_the_fix_and_it_removes_the_finding(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM})
    [item] = json.loads(run_subprocess(["check", "--no-cache", "--output-format", "json",
                                        "a.py"], tmp_path).out)
    fix = item["fix"]
    assert fix["applicability"] in ("safe", "unsafe") and fix["message"]
    fixed = _apply_ruff_edits(CALLBACK_PROGRAM, fix["edits"])
    write_tree(tmp_path, {"fixed.py": fixed})
    after = run_subprocess(["check", "--no-cache", "fixed.py"], tmp_path)
    assert after.code == 0, after.out
    sarif = json.loads(run_subprocess(["check", "--no-cache", "--output-format", "sarif",
                                       "a.py"], tmp_path).out)
    [result] = sarif["runs"][0]["results"]
    [change] = result["fixes"][0]["artifactChanges"]
    assert len(change["replacements"]) == len(fix["edits"])


#: an io_callback reached by grad: only the unsafe stop_gradient fix applies (JAX003)
IO_PROGRAM = (
    "import jax\n"
    "import jax.numpy as jnp\n"
    "import numpy as np\n"
    "from jax.experimental import io_callback\n"
    "\n"
    "def f(x):\n"
    "    y = io_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x)\n"
    "    return y * 2.0\n"
    "\n"
    "jax.grad(f)(1.0)\n"
)


def test_fixable_markers_and_hint_in_ruffs_words(tmp_path: Path, run_cli) -> None:
    """ruff 0.17's summary: `[*] N fixable with `--fix`.`, the unsafe fixes `--unsafe-fixes`
    would add counted after it (or alone); with --unsafe-fixes they are marked and counted."""
    write_tree(tmp_path, {"a.py": CALLBACK_PROGRAM, "io.py": IO_PROGRAM})
    concise = ["check", "--no-cache", "--output-format", "concise"]
    both = run_cli([*concise, "a.py", "io.py"], tmp_path).out.splitlines()
    assert " JAX001 [*] " in both[0] and " JAX003 `io_callback`" in both[1]
    assert both[-1] == ("[*] 1 fixable with `--fix` (1 unsafe fix available with "
                        "`--fix --unsafe-fixes`).")
    alone = run_cli([*concise, "io.py"], tmp_path).out.splitlines()
    assert alone[-1] == "1 unsafe fix available with `--fix --unsafe-fixes`."
    unsafe = run_cli([*concise, "--unsafe-fixes", "a.py", "io.py"], tmp_path).out.splitlines()
    assert " JAX003 [*] " in unsafe[1] and unsafe[-1] == "[*] 2 fixable with `--fix`."
    assert run_cli([*concise, "--unfixable", "JAX", "io.py"], tmp_path).out.splitlines()[-1] \
        == "Found 1 error."


def test_git_info_exclude_and_the_global_excludes_file_are_respected(
    tmp_path: Path, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As git and ruff: .git/info/exclude, then the user's excludes file (core.excludesFile,
    else $XDG_CONFIG_HOME/git/ignore), all below the .gitignore files."""
    repo, home = tmp_path / "repo", tmp_path / "home"
    write_tree(repo, {".git/HEAD": "ref: refs/heads/main\n",
                      ".git/info/exclude": "# mine\nlocal_*.py\n",
                      ".gitignore": "!local_keep.py\n",
                      "a.py": "x = 1\n", "local_a.py": "x = 1\n", "local_keep.py": "x = 1\n",
                      "scratch.py": "x = 1\n", "notes.py": "x = 1\n"})
    write_tree(home, {".config/git/ignore": "scratch.py\n"})

    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)

    def shown() -> list[str]:
        return [Path(p).name for p in run_cli(["check", "--show-files"], repo).out.split()]

    assert shown() == ["a.py", "local_keep.py", "notes.py"]
    write_tree(home, {".gitconfig": '[user]\n\tname = x\n[core]\n\texcludesFile = "~/ign"\n',
                      "ign": "notes.py\n"})
    assert shown() == ["a.py", "local_keep.py", "scratch.py"]


def test_rdjson_suggestions_are_the_json_fix_edits(tmp_path: Path, run_cli) -> None:
    """As ruff's rdjson: each diagnostic with a fix suggests its replacements (here the unsafe
    stop_gradient, which ruff's formats list as they list every fix)."""
    write_tree(tmp_path, {"io.py": IO_PROGRAM})
    [item] = json.loads(run_cli(["check", "--no-cache", "--output-format", "json", "io.py"],
                                tmp_path).out)
    assert item["fix"]["applicability"] == "unsafe"
    report = json.loads(run_cli(["check", "--no-cache", "--output-format", "rdjson", "io.py"],
                                tmp_path).out)
    [diagnostic] = report["diagnostics"]
    as_json = [{"content": s["text"],
                "location": {"row": s["range"]["start"]["line"],
                             "column": s["range"]["start"]["column"]},
                "end_location": {"row": s["range"]["end"]["line"],
                                 "column": s["range"]["end"]["column"]}}
               for s in diagnostic["suggestions"]]
    assert as_json == item["fix"]["edits"]
    assert "jax.lax.stop_gradient(" in _apply_ruff_edits(IO_PROGRAM, as_json)


#: an io_callback whose result nothing uses (logging): stopping gradients into it is safe
LOGGING_PROGRAM = IO_PROGRAM.replace("    y = io_callback(", "    io_callback(").replace(
    "    return y * 2.0\n", "    return x * 2.0\n")


def test_fix_summary_and_markers_as_ruff_after_fix_and_diff(tmp_path: Path, run_cli) -> None:
    """The `[*]` marker follows what `--fix` does: a stop_gradient into a call whose result is
    unused is safe. `--diff` ends with ruff's `Would fix N errors (...).`, and after `--fix` the
    summary says ruff's `Found N errors (F fixed, R remaining).` (exit 0 when none remain)."""
    write_tree(tmp_path, {"log.py": LOGGING_PROGRAM, "io.py": IO_PROGRAM})
    concise = ["check", "--no-cache", "--output-format", "concise"]
    lines = run_cli([*concise, "log.py", "io.py"], tmp_path).out.splitlines()
    assert lines[0].startswith("io.py:7:9: JAX003 `io_callback`"), lines
    assert lines[1].startswith("log.py:7:5: JAX003 [*] `io_callback`"), lines
    assert lines[-1] == ("[*] 1 fixable with `--fix` (1 unsafe fix available with "
                         "`--fix --unsafe-fixes`).")
    diff = run_cli([*concise, "--diff", "log.py", "io.py"], tmp_path)
    assert diff.code == 1 and diff.out.startswith("--- log.py\n+++ log.py\n")
    assert "io.py" not in diff.out
    # as ruff: the unsafe fix `--unsafe-fixes` would add is counted
    assert diff.out.endswith("\n\nWould fix 1 error (1 additional fix available with "
                             "`--unsafe-fixes`).\n"), diff.out
    fixed = run_cli([*concise, "--fix", "log.py", "io.py"], tmp_path)
    assert fixed.code == 1 and fixed.out.splitlines()[-2] == \
        "Found 2 errors (1 fixed, 1 remaining).", fixed.out
    assert "stop_gradient" in (tmp_path / "log.py").read_text(encoding="utf-8")
    again = run_cli([*concise, "--fix", "--unsafe-fixes", "io.py"], tmp_path)
    assert (again.code, again.out) == (0, "Found 1 error (1 fixed, 0 remaining).\n"), again


def test_the_marker_says_what_the_chosen_fix_is() -> None:
    """`[*]` (`fix_applicability`) is the applicability of the fix `--fix` would choose: the
    host linear map of a transposed-only call is unsafe (though listed as a custom rule kind,
    as in `tests/rules/JAX002/fires/custom_jvp_primal_callback_linear_transpose.py`), one that
    tangents also reach is safe; a stop_gradient is safe only into a call whose result is
    unused (an expression statement, found in characters past non-ASCII text)."""
    from jax_lsp.analysis.findings import FixKind
    from jax_lsp.checker.fix_objects import fix_applicability

    operand = (Span(1, 10, 1, 11),)
    linear = Finding("JAX002", "m", Span(1, 0, 1, 12), fixes=(FixKind.CUSTOM_VJP,),
                     operand_spans=operand, modes=("transpose",), transform="jax.linear_transpose")
    result = FileResult("a.py", (linear,), "y = cb(f, x)\n")
    assert fix_applicability(result, linear) == "unsafe"
    assert fix_applicability(result, replace(linear, modes=("reverse",))) == "safe"

    source = 'é = "日本"; cb(f, x)\ny = cb(f, x)\n'
    used = Finding("JAX003", "m", Span(2, 4, 2, 12), fixes=(FixKind.STOP_GRADIENT,),
                   operand_spans=(Span(2, 10, 2, 11),), transform="jax.grad")
    unused = replace(used, span=Span(1, 10, 1, 18), operand_spans=(Span(1, 16, 1, 17),))
    result = FileResult("a.py", (unused, used), source)
    assert fix_applicability(result, unused) == "safe"
    assert fix_applicability(result, used) == "unsafe"


def test_extend_select_in_the_configuration_as_ruff_reads_it(tmp_path: Path) -> None:
    # `[tool.ruff.lint]` takes `extend-select` beside `select`; so does `[tool.jax-lsp]`, and a
    # `--select` on the command line starts a new layer that drops it, as ruff 0.17's does
    write_tree(tmp_path, {"pyproject.toml": ('[tool.jax-lsp]\nselect = ["JAX002"]\n'
                                             'extend-select = ["JAX001"]\n'),
                          "a.py": CALLBACK_PROGRAM})
    ran = run_subprocess(["check", "--no-cache", "--output-format", "concise", "a.py"], tmp_path)
    assert ran.code == 1 and "a.py:6:12: JAX001" in ran.out, ran.err
    shown = run_subprocess(["check", "--show-settings", "a.py"], tmp_path)
    assert '"JAX002"' in shown.out and '"JAX001"' in shown.out, shown.out
    reset = run_subprocess(["check", "--no-cache", "--select", "JAX002", "a.py"], tmp_path)
    assert reset.code == 0, reset.out
