"""`[tool.jax-lsp]` configuration: loading, validation, upward search, select/ignore, exclude."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from jax_lsp.analysis.engine import AnalysisConfig
from jax_lsp.analysis.findings import Severity
from jax_lsp.project.config import Config, ConfigError, find_config_file

FULL = """
[project]
name = "demo"

[tool.jax-lsp]
select = ["JAX"]
ignore = ["jax004"]
exclude = ["tests/corpus", "*_pb2.py"]
extra-callbacks = ["mylib.host.call_simulator"]
extra-transforms = { "mylib.train.my_grad" = "jax.grad" }
severity = { JAX009 = "warning", jax010 = "INFO" }
environment = { MODEL_BACKEND = "jax", STRICT = "1" }
argv = ["--steps", "10", "fit"]
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_load_every_key(tmp_path: Path) -> None:
    cfg = Config.load(write(tmp_path / "pyproject.toml", FULL))
    assert cfg.select == ("JAX",)
    assert cfg.ignore == ("JAX004",)
    assert cfg.exclude == ("tests/corpus", "*_pb2.py")
    assert cfg.extra_callbacks == ("mylib.host.call_simulator",)
    assert dict(cfg.extra_transforms) == {"mylib.train.my_grad": "jax.grad"}
    assert dict(cfg.severity) == {"JAX009": Severity.WARNING, "JAX010": Severity.INFO}
    assert cfg.root == tmp_path and cfg.source == tmp_path / "pyproject.toml"
    assert dict(cfg.environment) == {"MODEL_BACKEND": "jax", "STRICT": "1"}
    assert cfg.argv == ("--steps", "10", "fit")
    assert cfg.analysis_config() == AnalysisConfig(
        extra_callbacks=("mylib.host.call_simulator",),
        extra_transforms={"mylib.train.my_grad": "jax.grad"},
        environment={"MODEL_BACKEND": "jax", "STRICT": "1"},
        argv=("--steps", "10", "fit"),
    )


def test_defaults() -> None:
    cfg = Config()
    assert cfg.analysis_config() == AnalysisConfig()
    assert cfg.is_enabled("JAX001") and cfg.is_enabled("JAX010")
    assert cfg.severity_for("JAX001", Severity.ERROR) is Severity.ERROR
    assert not cfg.is_excluded("anything.py", is_dir=False)


def test_pyproject_without_table_gives_defaults(tmp_path: Path) -> None:
    cfg = Config.load(write(tmp_path / "pyproject.toml", "[project]\nname = 'x'\n"))
    assert cfg.select is None and cfg.source == tmp_path / "pyproject.toml"


def test_other_toml_file_holds_keys_at_top_level(tmp_path: Path) -> None:
    cfg = Config.load(write(tmp_path / "jax-lsp.toml", 'ignore = ["JAX002"]\n'))
    assert cfg.ignore == ("JAX002",)


def test_other_toml_file_may_keep_the_pyproject_header(tmp_path: Path) -> None:
    """A `[tool.jax-lsp]` table copied out of a pyproject.toml works as it is."""
    cfg = Config.load(write(tmp_path / "ci.toml", '[tool.jax-lsp]\nignore = ["JAX002"]\n'))
    assert cfg.ignore == ("JAX002",)


def test_key_spellings(tmp_path: Path) -> None:
    for key in ("extra-callbacks", "extra_callbacks", "extraCallbacks"):
        cfg = Config.from_mapping({key: ["a.b"]})
        assert cfg.extra_callbacks == ("a.b",)


def test_immutable() -> None:
    cfg = Config.from_mapping({"extra-transforms": {"a.g": "jax.grad"}})
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.select = ("JAX001",)  # type: ignore[misc]
    with pytest.raises(TypeError):
        cfg.extra_transforms["b.g"] = "jax.vjp"  # type: ignore[index]


# -- upward search ---------------------------------------------------------------------------


def test_upward_search_finds_nearest_table(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.jax-lsp]\nignore = ["JAX001"]\n')
    # a nearer pyproject.toml without [tool.jax-lsp] is skipped
    write(tmp_path / "a" / "pyproject.toml", "[tool.black]\nline-length = 80\n")
    deep = tmp_path / "a" / "b" / "c"
    deep.mkdir(parents=True)
    assert find_config_file(deep) == tmp_path / "pyproject.toml"
    assert find_config_file(deep / "mod.py") == tmp_path / "pyproject.toml"
    assert Config.discover(deep).ignore == ("JAX001",)
    # the nearest table wins
    write(tmp_path / "a" / "b" / "pyproject.toml", '[tool.jax-lsp]\nignore = ["JAX002"]\n')
    assert Config.discover(deep).ignore == ("JAX002",)
    assert Config.discover(deep).root == tmp_path / "a" / "b"


def test_no_config_anywhere(tmp_path: Path) -> None:
    if find_config_file(tmp_path) is not None:
        pytest.skip("a pyproject.toml with [tool.jax-lsp] exists above the temporary directory")
    assert Config.discover(tmp_path) == Config()


# -- invalid values --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('selekt = ["JAX001"]', "unknown key"),
        ('select = ["JAX999"]', "unknown rule selector 'JAX999'"),
        ('select = ["E501"]', "unknown rule selector"),
        ('select = "JAX001"', "must be a list of strings, not a string"),
        ("ignore = [1]", "must be a list of strings"),
        ('exclude = [""]', "empty pattern"),
        ('extra-callbacks = ["not a name"]', "not a qualified name"),
        ('extra-transforms = ["jax.grad"]', "must be a table"),
        ('extra-transforms = { "a.g" = 3 }', "must be a qualified name like 'jax.grad'"),
        ('severity = { JAX001 = "fatal" }', "must be one of error, warning, info"),
        ('severity = { NOPE1 = "warning" }', "unknown code 'NOPE1'"),
        ('severity = "warning"', "must be a table"),
        ('environment = ["STRICT=1"]', "must be a table of variable name -> string value"),
        ('environment = { STRICT = 1 }', "the value of STRICT must be a string"),
        ('environment = { STRICT = true }', "the value of STRICT must be a string"),
        ('environment = { "A=B" = "1" }', "is not an environment variable's name"),
        ('argv = "--steps 10"', "must be a list of strings"),
        ('argv = ["--steps", 10]', "must be a list of strings"),
        ('argv = { steps = "10" }', "must be a list of strings"),
    ],
)
def test_invalid_values_name_file_and_key(tmp_path: Path, table: str, message: str) -> None:
    path = write(tmp_path / "pyproject.toml", f"[tool.jax-lsp]\n{table}\n")
    with pytest.raises(ConfigError, match=message) as info:
        Config.load(path)
    assert str(path) in str(info.value)
    key = table.split(" ", 1)[0]
    assert f"`{key}`" in str(info.value)


def test_invalid_toml(tmp_path: Path) -> None:
    path = write(tmp_path / "pyproject.toml", "[tool.jax-lsp\nselect = \n")
    with pytest.raises(ConfigError, match="invalid TOML") as info:
        Config.load(path)
    assert str(path) in str(info.value)
    with pytest.raises(ConfigError):  # the upward search reports it too
        find_config_file(tmp_path)


def test_table_must_be_a_table(tmp_path: Path) -> None:
    path = write(tmp_path / "pyproject.toml", '[tool]\njax-lsp = "yes"\n')
    with pytest.raises(ConfigError, match="must be a table"):
        Config.load(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such configuration file"):
        Config.load(tmp_path / "nope.toml")


# -- merge -----------------------------------------------------------------------------------


def test_merge_replaces_keys_and_validates() -> None:
    base = Config.from_mapping({"select": ["JAX"], "ignore": ["JAX004"]})
    merged = base.merge({"select": ["JAX001", "JAX002"], "extraTransforms": {"m.g": "jax.vjp"}})
    assert merged.select == ("JAX001", "JAX002") and merged.ignore == ("JAX004",)
    assert dict(merged.extra_transforms) == {"m.g": "jax.vjp"}
    assert base.select == ("JAX",)  # unchanged
    assert base.merge({}) == base
    with pytest.raises(ConfigError, match="unknown rule selector"):
        base.merge({"ignore": ["XYZ"]})
    # the LSP settings declare variables with either spelling of the key
    assert dict(base.merge({"environment": {"STRICT": "0"}}).environment) == {"STRICT": "0"}
    with pytest.raises(ConfigError, match="must be a string"):
        base.merge({"environment": {"STRICT": 0}})
    assert base.merge({"argv": ["fit"]}).argv == ("fit",)
    with pytest.raises(ConfigError, match="must be a list of strings"):
        base.merge({"argv": "fit"})
    with pytest.raises(ConfigError, match="unknown key"):
        base.merge({"colour": True})


# -- select / ignore -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("select", "ignore", "enabled"),
    [
        (None, [], {"JAX001", "JAX004", "JAX010"}),  # no `select`: every code
        ([], [], set()),  # an empty `select` selects nothing, as ruff's
        (["ALL"], [], {"JAX001", "JAX004", "JAX010"}),
        (["JAX00"], [], {"JAX001", "JAX004"}),
        (["JAX001", "JAX010"], [], {"JAX001", "JAX010"}),
        (["JAX"], ["JAX004"], {"JAX001", "JAX010"}),
        (None, ["JAX00"], {"JAX010"}),
        (["JAX004"], ["JAX"], {"JAX004"}),  # the more specific selector wins, as in ruff
        (["JAX004"], ["JAX004"], set()),  # the same selector: ignore wins
        (["ALL"], ["JAX0"], set()),
        (["JAX0"], ["ALL"], {"JAX001", "JAX004", "JAX010"}),
    ],
)
def test_select_ignore(select: list[str] | None, ignore: list[str], enabled: set[str]) -> None:
    table: dict[str, object] = {"ignore": ignore}
    if select is not None:
        table["select"] = select
    cfg = Config.from_mapping(table)
    assert {c for c in ("JAX001", "JAX004", "JAX010") if cfg.is_enabled(c)} == enabled
    assert cfg.is_enabled("JAX000")  # a file that does not parse is always reported


def test_severity_override() -> None:
    cfg = Config.from_mapping({"severity": {"JAX004": "warning"}})
    assert cfg.severity_for("JAX004", Severity.ERROR) is Severity.WARNING
    assert cfg.severity_for("JAX001", Severity.ERROR) is Severity.ERROR


# -- exclude (gitignore-style) ---------------------------------------------------------------


def excluded(patterns: list[str], root: Path, rel: str, is_dir: bool = False) -> bool:
    cfg = Config.from_mapping({"exclude": patterns}, root=root)
    return cfg.is_excluded(root / rel, is_dir=is_dir)


@pytest.mark.parametrize(
    ("patterns", "rel", "is_dir", "expected"),
    [
        (["build"], "build", True, True),
        (["build"], "src/build", True, True),  # no slash: any depth
        (["build"], "src/build/x.py", False, True),  # inside an excluded directory
        (["build"], "src/builder.py", False, False),
        (["*_pb2.py"], "a/b/msg_pb2.py", False, True),
        (["*_pb2.py"], "a/b/msg_pb2.pyi", False, False),
        (["tests/corpus"], "tests/corpus/x.py", False, True),  # a slash: anchored to the root
        (["tests/corpus"], "sub/tests/corpus/x.py", False, False),
        (["/setup.py"], "setup.py", False, True),
        (["/setup.py"], "pkg/setup.py", False, False),
        (["docs/*.py"], "docs/conf.py", False, True),
        (["docs/*.py"], "docs/api/conf.py", False, False),  # * does not cross /
        (["docs/**/*.py"], "docs/api/deep/conf.py", False, True),
        (["docs/**/*.py"], "docs/conf.py", False, True),  # **/ matches zero directories
        (["**/gen"], "a/b/gen/x.py", False, True),
        (["gen/**"], "gen/a/b.py", False, True),
        (["out/"], "out", True, True),  # trailing slash: directories only
        (["out/"], "out", False, False),
        (["scratch_?.py"], "scratch_1.py", False, True),
        (["scratch_[0-9].py"], "scratch_a.py", False, False),
        (["*.py", "!keep.py"], "keep.py", False, False),  # negation: last match wins
        (["*.py", "!keep.py"], "drop.py", False, True),
        (["vendor", "!vendor/ok.py"], "vendor/ok.py", False, True),  # parent stays excluded
    ],
)
def test_exclude_patterns(
    tmp_path: Path, patterns: list[str], rel: str, is_dir: bool, expected: bool
) -> None:
    assert excluded(patterns, tmp_path, rel, is_dir) is expected


def test_exclude_outside_root_matches_names_only(tmp_path: Path) -> None:
    root = tmp_path / "project"
    cfg = Config.from_mapping({"exclude": ["gen", "tests/corpus"]}, root=root)
    assert cfg.is_excluded(tmp_path / "elsewhere" / "gen", is_dir=True)
    assert not cfg.is_excluded(tmp_path / "tests" / "corpus", is_dir=True)
