"""`click_commands.run_values` against click itself: each command below is run by click on
the module's literal command line, and the parameters its function receives are compared
with what the model reads from the text (None in the model: not known, never compared)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jax_lsp.analysis import click_commands, run_environment
from jax_lsp.analysis.static_names import ModuleNames

click = pytest.importorskip("click")

PROGRAMS = {
    "plain_command": '''
import click

@click.command()
@click.option("--steps", default=4, type=int)
@click.option("--rate", default=1)
@click.option("--scale", type=float, default="2")
@click.option("--mode", type=click.Choice(["fast", "slow"]), default="slow")
@click.option("--strict/--lenient", default=True)
@click.option("-v", "--verbose", is_flag=True)
@click.option("--name")
def run(steps, rate, scale, mode, strict, verbose, name):
    RECEIVED.append(dict(steps=steps, rate=rate, scale=scale, mode=mode, strict=strict,
                         verbose=verbose, name=name))

run.main(["--steps", "7", "--lenient", "--rate=3", "-v"], standalone_mode=False)
run.main(["--mode", "fast", "--name", "x", "--steps", "1", "--steps", "2"],
         standalone_mode=False)
run(["--strict"], standalone_mode=False)
''',
    "group_and_commands": '''
import click

@click.group()
@click.option("--seed", default=0, type=int)
@click.pass_context
def cli(ctx, seed):
    RECEIVED.append(dict(cli_seed=seed))

@cli.command()
@click.option("--serial/--parallel", default=True)
@click.option("--count", default=4)
def score_cmd(serial, count):
    RECEIVED.append(dict(serial=serial, count=count))

@cli.command(name="info")
@click.option("--serial", is_flag=True)
def details(serial):
    RECEIVED.append(dict(info_serial=serial))

cli.main(["--seed", "3", "score", "--parallel", "--count", "9"], standalone_mode=False)
cli.main(["info", "--serial"], standalone_mode=False)
cli.main(args=["score"], standalone_mode=False)
''',
}


def _received(source: str) -> list[dict[str, object]]:
    got: list[dict[str, object]] = []
    exec(compile(source, "<program>", "exec"), {"RECEIVED": got})  # noqa: S102
    return got


def _modelled(source: str) -> list[dict[str, object]]:
    tree = ast.parse(source)
    names = ModuleNames(tree)
    out: list[dict[str, object]] = []
    prefixes = {"cli": "cli_", "details": "info_"}
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        runs = click_commands.run_values(tree, names.dotted, fn)
        assert runs is not None, fn.name
        for run in runs:
            out.append({prefixes.get(fn.name, "") + k: (None if v is None else
                        ast.literal_eval(v)) for k, v in run.items()})
    return out


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_model_gives_what_click_passes(name: str) -> None:
    received = _received(PROGRAMS[name])
    modelled = _modelled(PROGRAMS[name])
    # (the model lists each command's runs together; click runs them in program order)
    key = sorted
    assert key(map(repr, (sorted(r.items()) for r in received))) == key(
        map(repr, (sorted((k, v) for k, v in m.items()) for m in modelled)))
    for m in modelled:
        for k, v in m.items():  # every value known, and of click's own type
            assert v is not None or k == "name", (k, m)


def test_a_command_line_not_written_out_leaves_values_unknown() -> None:
    source = PROGRAMS["plain_command"] + "\nrun(ARGS)\n"
    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef))
    assert click_commands.run_values(tree, ModuleNames(tree).dotted, fn) is None


@pytest.mark.parametrize("argv", [(), ("--steps", "5", "--lenient")])
@pytest.mark.parametrize("run", ["run(standalone_mode=False)",
                                 "run.main(None, standalone_mode=False)"])
def test_the_process_command_line_is_the_run_s_own(run: str, argv: tuple[str, ...],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`run()` reads `sys.argv`: the script run with no arguments (its options' defaults),
    or the command line the project declares (`run_environment.declared_argv`), as click
    gives them with that `sys.argv`."""
    source = PROGRAMS["plain_command"].replace(
        "run(", "run.main(").replace("run.main(steps", "run(steps") + f"\n{run}\n"
    monkeypatch.setattr("sys.argv", ["prog", *argv])
    received = _received(source)
    with run_environment.declared({}, argv):
        modelled = _modelled(source)
    assert sorted(map(repr, (sorted(r.items()) for r in received))) == sorted(
        map(repr, (sorted(m.items()) for m in modelled)))


def test_an_option_read_from_an_unset_variable_takes_its_default_or_the_line() -> None:
    """`envvar="RATE"`, the variable unset where the program runs (`run_environment`): click
    takes the command line's value, else the default, as without `envvar`."""
    plain = PROGRAMS["plain_command"]
    source = plain.replace('"--rate", default=1', '"--rate", default=1, envvar="RATE"')
    for text in (source, source.replace(' "--rate=3",', "")):
        tree, bare = ast.parse(text), ast.parse(text.replace(', envvar="RATE"', ""))
        fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef))
        runs = click_commands.run_values(tree, ModuleNames(tree).dotted, fn)
        fn0 = next(n for n in bare.body if isinstance(n, ast.FunctionDef))
        expected = click_commands.run_values(bare, ModuleNames(bare).dotted, fn0)
        assert runs is not None and expected is not None
        assert [{k: v and ast.dump(v) for k, v in r.items()} for r in runs] == [
            {k: v and ast.dump(v) for k, v in r.items()} for r in expected]


def test_an_option_read_from_a_declared_or_written_variable_is_unknown() -> None:
    source = PROGRAMS["plain_command"].replace('"--rate", default=1',
                                               '"--rate", default=1, envvar="RATE"')
    source = source.replace(' "--rate=3",', "")
    for text, declared in ((source, {"RATE": "5"}),
                           ("import os\nos.environ['RATE'] = '5'\n" + source, {})):
        tree = ast.parse(text)
        fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef))
        with run_environment.declared(declared):
            runs = click_commands.run_values(tree, ModuleNames(tree).dotted, fn)
        assert runs is not None and all(r["rate"] is None for r in runs)
        assert all(r["steps"] is not None for r in runs)


def test_a_lambda_is_no_command() -> None:
    assert not click_commands.is_decorated_command(ast.parse("lambda: 0", mode="eval").body)


@pytest.mark.parametrize("name", ["ordered_io_callback_vmap_click_switch_default.py",
                                  "click_run_without_arguments_keeps_order.py"])
def test_click_calls_a_command_with_its_values_when_its_code_is_followed(name: str) -> None:
    """With the environment's packages followed (as `jax-lsp check` does), the module's
    `tally()` / `tally.main([...])` runs click's command line, not the function through
    click's own code on values not known: the option's default orders the callback."""
    from jax_lsp.analysis.engine import analyze_source
    from jax_lsp.analysis.environment import environment_sys_path
    from jax_lsp.analysis.workspace import Workspace

    path = Path(__file__).resolve().parents[1] / "rules" / "JAX013" / "fires" / name
    ws = Workspace(roots=[path.parent], env_paths=environment_sys_path())
    assert ws.find("click", 0, None) is not None
    found = analyze_source(path.read_text(), str(path), workspace=ws).findings
    marked = [n for n, line in enumerate(path.read_text().split("\n"), 1)
              if "# EXPECT: JAX013" in line]
    assert [(f.code, f.span.line) for f in found] == [("JAX013", n) for n in marked]
