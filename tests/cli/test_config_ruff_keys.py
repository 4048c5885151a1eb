"""ruff's `[tool.ruff.lint]` keys that apply to jax-lsp, in `[tool.jax-lsp]`, with ruff's meaning:
`extend-ignore`, `extend-exclude`, `force-exclude`, `respect-gitignore`, `extend-safe-fixes`,
`extend-unsafe-fixes`, and `select`/`ignore` resolved as ruff resolves them (the more specific
selector wins; the command line is one more layer). The expected answers of the selection
cases are what ruff 0.17.6 answers for the same shapes of configuration with its own codes
(E741 for JAX001, E for JAX, F for JAX00...), run here when this was written."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_harness import CALLBACK_PROGRAM, run_subprocess, write_tree

from jax_lsp import cli
from jax_lsp.fixes.apply import fix_source
from jax_lsp.project.config import KEYS, Config, ConfigError

# jacfwd of a custom_vjp function: JAX005, whose only fix (jacfwd -> jacrev) is unsafe
FORWARD_CUSTOM_VJP = """\
import jax
import jax.numpy as jnp


@jax.custom_vjp
def f(x):
    return jnp.sin(x)


f.defvjp(lambda x: (f(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.jacfwd(f)(jnp.ones(2)))
"""

# grad through a pure_callback: JAX001, whose preferred fix (a custom rule) is safe
REVERSE_ONLY = """\
import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    s = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(s)


print(jax.grad(loss)(jnp.ones(3)))
"""


def enabled(config: Config, *codes: str) -> set[str]:
    return {c for c in codes if config.is_enabled(c)}


# -- keys --------------------------------------------------------------------------------------


def test_every_key_is_read_from_pyproject(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.jax-lsp]\n"
        'extend-ignore = ["JAX004"]\n'
        'extend-exclude = ["generated"]\n'
        "force-exclude = true\n"
        "respect-gitignore = false\n"
        'extend-safe-fixes = ["JAX005"]\n'
        'extend-unsafe-fixes = ["JAX001"]\n')
    config = Config.load(tmp_path / "pyproject.toml")
    assert config.extend_ignore == ("JAX004",) and not config.is_enabled("JAX004")
    assert config.extend_exclude == ("generated",)
    assert config.is_excluded(tmp_path / "generated" / "a.py", is_dir=False)
    assert config.force_exclude and not config.respect_gitignore
    assert config.fix_is_safe("JAX005", False) and not config.fix_is_safe("JAX001", True)
    assert config.fix_is_safe("JAX004", True) and not config.fix_is_safe("JAX004", False)


@pytest.mark.parametrize("key", ["dummy-variable-rgx", "task-tags", "preview", "lint",
                                 "extend-include", "colour"])
def test_an_unknown_key_names_itself_and_the_known_ones(tmp_path: Path, key: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.jax-lsp]\n{key} = []\n")
    with pytest.raises(ConfigError) as raised:
        Config.load(tmp_path / "pyproject.toml")
    message = str(raised.value)
    assert f"`{key}`: unknown key" in message and str(tmp_path / "pyproject.toml") in message
    assert all(known in message for known in KEYS)


@pytest.mark.parametrize(("table", "message"), [
    ("force-exclude = 1", "`force-exclude` must be true or false"),
    ('respect-gitignore = "no"', "`respect-gitignore` must be true or false"),
    ('extend-safe-fixes = ["XYZ"]', "unknown rule selector 'XYZ'"),
    ('extend-unsafe-fixes = "JAX001"', "must be a list of strings, not a string"),
    ('extend-exclude = [""]', "`extend-exclude`: empty pattern"),
    ('extend-ignore = ["JAX999"]', "unknown rule selector 'JAX999'"),
])
def test_bad_values_name_the_key(tmp_path: Path, table: str, message: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.jax-lsp]\n{table}\n")
    with pytest.raises(ConfigError, match=message.replace("[", r"\[")):
        Config.load(tmp_path / "pyproject.toml")


# -- select / ignore as ruff resolves them -------------------------------------------------------


@pytest.mark.parametrize(("table", "layer", "expected"), [
    # ruff: select=["E741"], ignore=["E"] -> E741 reported (more specific wins)
    ({"select": ["JAX001"], "ignore": ["JAX"]}, None, {"JAX001"}),
    # ruff: select=["E"], ignore=["E"] -> nothing (same selector: ignore wins)
    ({"select": ["JAX"], "ignore": ["JAX"]}, None, set()),
    # ruff: select=["E","F","W"], ignore=["E741"]; --select E741 -> E741 (a new layer)
    ({"select": ["JAX"], "ignore": ["JAX001"]}, {"select": ["JAX001"]}, {"JAX001"}),
    # ruff: the same; --extend-select E741 -> everything, E741 too (on top of the file's)
    ({"select": ["JAX"], "ignore": ["JAX001"]}, {"extend_select": ["JAX001"]},
     {"JAX001", "JAX004", "JAX010"}),
    # ruff: select=["E741","F"]; --ignore E -> F only (the command line's ignore on top)
    ({"select": ["JAX001", "JAX010"]}, {"ignore": ["JAX0"]}, set()),
    ({"select": ["JAX001", "JAX010"]}, {"ignore": ["JAX00"]}, {"JAX010"}),
    # ruff: select=["E","F"], extend-select=["W"], ignore=["W"] -> no W
    ({"select": ["JAX00"], "extend-select": ["JAX01"], "ignore": ["JAX01"]}, None,
     {"JAX001", "JAX004"}),
    # ruff: ignore=["F"], extend-ignore=["E"]; --extend-select E,W -> E and W back, not F
    ({"ignore": ["JAX00"], "extend-ignore": ["JAX01"]}, {"extend_select": ["JAX01"]},
     {"JAX010"}),
    # ruff: select=["ALL"], ignore=["ALL"], extend-select=["F"] -> F (more specific than ALL)
    ({"select": ["ALL"], "ignore": ["ALL"], "extend-select": ["JAX00"]}, None,
     {"JAX001", "JAX004"}),
    # ruff: select=[], ignore=["F"]; --select F,E -> E only (the ignores are carried over)
    ({"select": [], "ignore": ["JAX00"]}, {"select": ["JAX00", "JAX01"]}, {"JAX010"}),
])
def test_selection_as_ruff_resolves_it(table: dict[str, list[str]],
                                       layer: dict[str, list[str]] | None,
                                       expected: set[str]) -> None:
    config = Config.from_mapping(table)
    if layer is not None:
        config = config.with_rule_layer(**layer)
    assert enabled(config, "JAX001", "JAX004", "JAX010") == expected


def test_fixable_is_resolved_the_same_way() -> None:
    config = Config.from_mapping({"fixable": ["JAX001"], "unfixable": ["JAX"]})
    assert config.is_fixable("JAX001") and not config.is_fixable("JAX004")
    config = config.with_rule_layer(unfixable=["JAX001"])
    assert not config.is_fixable("JAX001")
    assert Config.from_mapping({"fixable": []}).fixable_codes == frozenset()


def test_safe_and_unsafe_overrides_by_specificity() -> None:
    config = Config.from_mapping({"extend-safe-fixes": ["JAX", "JAX001"],
                                  "extend-unsafe-fixes": ["JAX00", "JAX001"]})
    # JAX001: named by both at the same specificity -> unsafe, as ruff's table
    assert not config.fix_is_safe("JAX001", True)
    assert not config.fix_is_safe("JAX004", True)  # JAX00 is more specific than JAX
    assert config.fix_is_safe("JAX010", False)  # only JAX matches
    assert Config().fix_safety == {}


# -- the command line -------------------------------------------------------------------------


def test_cli_select_is_a_layer_over_the_configuration(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": '[tool.jax-lsp]\nselect = ["JAX001"]\n'
                                            'ignore = ["JAX"]\n',
                          "a.py": CALLBACK_PROGRAM})
    ran = run_subprocess(["check", "--no-cache", "--output-format", "concise", "a.py"],
                         tmp_path)
    assert ran.code == 1 and " JAX001 " in ran.out  # select JAX001 is more specific
    ran = run_subprocess(["check", "--no-cache", "--ignore", "JAX001", "a.py"], tmp_path)
    assert ran.code == 0, ran.out
    shown = run_subprocess(["check", "--show-settings", "a.py"], tmp_path).out
    assert 'select = ["JAX001"]' in shown, shown


def test_extend_exclude_and_force_exclude(tmp_path: Path) -> None:
    write_tree(tmp_path, {"pyproject.toml": '[tool.jax-lsp]\nextend-exclude = ["gen"]\n',
                          "a.py": "x = 1\n", "gen/b.py": "x = 1\n"})
    shown = run_subprocess(["check", "--show-files"], tmp_path).out.split()
    assert shown == [str(tmp_path / "a.py")]
    # a path named on the command line is checked, unless force-exclude says otherwise
    named = run_subprocess(["check", "--show-files", "gen/b.py"], tmp_path).out.split()
    assert named == [str(tmp_path / "gen/b.py")]
    (tmp_path / "pyproject.toml").write_text(
        '[tool.jax-lsp]\nextend-exclude = ["gen"]\nforce-exclude = true\n')
    assert run_subprocess(["check", "--show-files", "gen/b.py"], tmp_path).out.split() == []
    # --exclude (and ruff's --extend-exclude) add to both lists
    (tmp_path / "c.py").write_text("x = 1\n")
    shown = run_subprocess(["check", "--show-files", "--extend-exclude", "c.py"],
                           tmp_path).out.split()
    assert shown == [str(tmp_path / "a.py")]


def test_respect_gitignore_false(tmp_path: Path) -> None:
    write_tree(tmp_path, {".gitignore": "ignored.py\n", "a.py": "x = 1\n",
                          "ignored.py": "x = 1\n"})
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    assert len(run_subprocess(["check", "--show-files"], tmp_path).out.split()) == 1
    (tmp_path / "pyproject.toml").write_text("[tool.jax-lsp]\nrespect-gitignore = false\n")
    assert len(run_subprocess(["check", "--show-files"], tmp_path).out.split()) == 2


# -- fix safety ---------------------------------------------------------------------------------


@pytest.fixture
def check(tmp_path: Path, capsys: pytest.CaptureFixture[str],
          monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[int, str]]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")

    def run(*args: str) -> tuple[int, str]:
        capsys.readouterr()
        code = cli.main(["check", "--no-cache", "--output-format", "concise", *args, "."])
        return code, capsys.readouterr().out

    return run


def test_extend_safe_fixes_lets_fix_apply_an_unsafe_fix(
        tmp_path: Path, check: Callable[..., tuple[int, str]]) -> None:
    path = tmp_path / "jac.py"
    path.write_text(FORWARD_CUSTOM_VJP)
    code, out = check()
    assert code == 1 and "JAX005 " in out and "JAX005 [*]" not in out  # unsafe: no [*]
    check("--fix")
    assert path.read_text() == FORWARD_CUSTOM_VJP
    (tmp_path / "pyproject.toml").write_text('[tool.jax-lsp]\nextend-safe-fixes = ["JAX005"]\n')
    code, out = check()
    assert "JAX005 [*]" in out, out
    fixed = json.loads(cli_json(check))
    assert fixed[0]["fix"]["applicability"] == "safe"
    code, _ = check("--fix")
    assert code == 0 and "jax.jacrev(f)(jnp.ones(2))" in path.read_text()


def cli_json(check: Callable[..., tuple[int, str]]) -> str:
    return check("--output-format", "json")[1]


def test_extend_unsafe_fixes_keeps_fix_from_applying_a_safe_fix(
        tmp_path: Path, check: Callable[..., tuple[int, str]]) -> None:
    path = tmp_path / "train.py"
    path.write_text(REVERSE_ONLY)
    (tmp_path / "pyproject.toml").write_text('[tool.jax-lsp]\nextend-unsafe-fixes = ["JAX001"]\n')
    code, out = check()
    assert "JAX001 [*]" not in out, out
    assert "1 unsafe fix available with `--fix --unsafe-fixes`" in out, out
    code, _ = check("--fix")
    assert code == 1 and path.read_text() == REVERSE_ONLY
    code, _ = check("--fix", "--unsafe-fixes")
    assert code == 0 and "pure_callback_with_vjp" in path.read_text()


def test_the_fix_engine_reads_the_overrides_by_code() -> None:
    """The engine the server's fix-all shares with `--fix`."""
    assert not fix_source(FORWARD_CUSTOM_VJP).applied
    applied = fix_source(FORWARD_CUSTOM_VJP, fix_safety={"JAX005": True}).applied
    assert [(a.code, a.safe) for a in applied] == [("JAX005", True)]
    assert not fix_source(REVERSE_ONLY, fix_safety={"JAX001": False}).applied
    assert [a.code for a in fix_source(REVERSE_ONLY, unsafe=True,
                                       fix_safety={"JAX001": False}).applied] == ["JAX001"]
