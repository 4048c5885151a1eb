"""Code actions: every fix offered for a finding, applied to the document and re-checked; edits
resolved lazily for VS Code and Neovim, sent eagerly to Emacs; the preferred fix marked;
``source.fixAll.jax-lsp`` applies safe fixes only."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from lsp_harness import Session, apply_text_edits, created_files, edits_of, example, find
from lsprotocol import types
from pygls.uris import to_fs_path
from raw_server import PACKAGE_ROOT
from sample_programs import HESSIAN

pytestmark = pytest.mark.asyncio(loop_scope="package")

HOST_ACTIVATION = example("train_with_host_activation.py")
LOGGING = example("logging_in_loss.py")
FORWARD_VJP = example("forward_mode_custom_vjp.py")


async def code_actions(
    session: Session,
    uri: str,
    rng: types.Range,
    diagnostics: list[types.Diagnostic],
    only: list[str] | None = None,
) -> list[types.CodeAction]:
    result = await session.request(
        session.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri),
                range=rng,
                context=types.CodeActionContext(diagnostics=diagnostics, only=only),
            )
        )
    )
    assert result is not None
    assert all(isinstance(a, types.CodeAction) for a in result)
    return list(result)


async def resolved(session: Session, action: types.CodeAction) -> types.CodeAction:
    """The action with its edit: resolved lazily when the client supports it."""
    if action.edit is not None:
        return action
    assert session.profile.lazy_edits, "eager clients must get edits with the list"
    assert action.data is not None
    out = await session.request(session.client.code_action_resolve_async(action))
    assert out.edit is not None, f"{action.title} resolved without an edit"
    return out


async def recheck(session: Session, text: str) -> list[types.Diagnostic]:
    uri = session.uri("fixed.py")
    session.open(uri, text)
    return await session.diagnostics(uri, 1)


@pytest.mark.parametrize(
    ("source", "code"),
    [(HOST_ACTIVATION, "JAX001"), (LOGGING, "JAX003"), (FORWARD_VJP, "JAX005")],
    ids=["custom-rules", "stop-gradient", "jacrev"],
)
async def test_each_fix_applies_and_the_finding_is_gone(
    session: Session, source: str, code: str
) -> None:
    uri = session.uri("program.py")
    session.open(uri, source)
    [diag] = await session.diagnostics(uri, 1)
    assert diag.code == code
    actions = await code_actions(session, uri, diag.range, [diag])
    quickfixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    titles = [a.title for a in quickfixes]
    assert f"Suppress {code} on this line" in titles
    assert len(quickfixes) >= 2, titles
    assert sum(1 for a in quickfixes if a.is_preferred) <= 1
    for action in quickfixes:
        assert action.diagnostics and action.diagnostics[0].code == code
        if session.profile.lazy_edits and not action.title.startswith("Suppress"):
            assert action.edit is None  # computed on resolve, not with the list
        action = await resolved(session, action)
        fixed = apply_text_edits(source, edits_of(action.edit, uri), session.profile.encoding)
        assert fixed != source
        compile(fixed, "fixed.py", "exec")  # still Python
        after = await recheck(session, fixed)
        assert code not in [d.code for d in after], (action.title, after)


async def test_the_preferred_fix_comes_first_and_the_server_writes_its_helper_module(
    session: Session,
) -> None:
    """In every client: the list puts the preferred fix first under a short title (unsafe ones
    say so); its edit changes only the user's file, by at most 25 lines (the import, the
    derivative to replace, the call site), and its command has the server write the shared
    machinery into `jax_lsp_derivatives.py` beside it. Nothing is pasted, no client has to
    create a file (Neovim and Eglot cannot; lsp-mode 8.0 left it empty on disk), and the fixed
    program, with the module the server wrote, runs under JAX."""
    uri = session.uri("program.py")
    path = Path(to_fs_path(uri))
    path.parent.mkdir(parents=True)
    path.write_text(HOST_ACTIVATION, encoding="utf-8")
    session.open(uri, HOST_ACTIVATION)
    [diag] = await session.diagnostics(uri, 1)
    actions = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
    assert actions[0].is_preferred
    assert [a.is_preferred for a in actions[1:]] == [None] * (len(actions) - 1)
    for action in actions:
        assert len(action.title) <= 50, action.title
        if "stop" in action.title.lower():
            assert action.title.endswith("(unsafe)")
    preferred = await resolved(session, actions[0])
    assert preferred.edit is not None and preferred.title.startswith("Add a custom_")
    assert created_files(preferred.edit) == {}
    assert not any(isinstance(c, types.CreateFile)
                   for c in preferred.edit.document_changes or [])
    fixed = apply_text_edits(HOST_ACTIVATION, edits_of(preferred.edit, uri),
                             session.profile.encoding)
    added = len(fixed.splitlines()) - len(HOST_ACTIVATION.splitlines())
    assert "import jax_lsp_derivatives\n" in fixed and "def _pure_callback" not in fixed
    assert added <= 25, fixed
    command = preferred.command
    assert command is not None and command.command == "jax-lsp.writeHelperModule"
    module = path.with_name("jax_lsp_derivatives.py")
    assert not module.exists()
    # the client applies the edit, then runs the command
    path.write_text(fixed, encoding="utf-8")
    written = await session.request(session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)))
    assert written is True
    assert module.read_text(encoding="utf-8").startswith('"""Generated by jax-lsp (helper')
    again = await session.request(session.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=command.command, arguments=command.arguments)))
    assert again is False  # never over an existing file
    ran = subprocess.run([sys.executable, str(path)], cwd=path.parent, capture_output=True,
                         text=True, timeout=300, check=False,
                         env={**os.environ, "JAX_PLATFORMS": "cpu"})
    assert ran.returncode == 0, ran.stderr[-2000:]


async def test_the_helper_command_writes_only_the_module_beside_an_open_document(
    session: Session, tmp_path: Path,
) -> None:
    uri = session.uri("open.py")
    session.open(uri, "x = 1\n")
    await session.diagnostics(uri, 1)
    here = Path(to_fs_path(uri)).parent
    here.mkdir(parents=True, exist_ok=True)
    for target in (tmp_path / "jax_lsp_derivatives.py",  # no open document there
                   here / "evil.py", "jax_lsp_derivatives.py"):
        written = await session.request(session.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="jax-lsp.writeHelperModule",
                                       arguments=[{"path": str(target)}])))
        assert written is False
    assert not (tmp_path / "jax_lsp_derivatives.py").exists()
    assert not (here / "evil.py").exists()


async def test_suppression_action_merges_into_an_existing_comment(session: Session) -> None:
    source = LOGGING.replace("# EXPECT: JAX003", "# jax-lsp: ignore[JAX001]")
    uri = session.uri("merge.py")
    session.open(uri, source)
    [diag] = await session.diagnostics(uri, 1)
    actions = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
    [suppress] = [a for a in actions if a.title.startswith("Suppress")]
    assert suppress.edit is not None  # always eager: it is one cheap edit
    fixed = apply_text_edits(source, edits_of(suppress.edit, uri), session.profile.encoding)
    assert "# jax-lsp: ignore[JAX001, JAX003]" in fixed
    assert await recheck(session, fixed) == []


async def test_actions_for_a_cursor_without_context_diagnostics(session: Session) -> None:
    enc = session.profile.encoding
    uri = session.uri("cursor.py")
    session.open(uri, LOGGING)
    await session.diagnostics(uri, 1)
    cursor = find(LOGGING, "_record, jax", enc).start
    actions = await code_actions(session, uri, types.Range(start=cursor, end=cursor), [])
    assert any(a.title == "Suppress JAX003 on this line" for a in actions)
    # nothing on a line without a finding
    top = types.Position(line=0, character=0)
    actions = await code_actions(session, uri, types.Range(start=top, end=top), [])
    assert [a for a in actions if a.kind == types.CodeActionKind.QuickFix] == []


async def test_fix_all_applies_safe_fixes_only(session: Session) -> None:
    uri = session.uri("fixall.py")
    source = HOST_ACTIVATION
    session.open(uri, source)
    assert len(await session.diagnostics(uri, 1)) == 1
    whole = types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
    )
    actions = await code_actions(session, uri, whole, [], only=["source.fixAll"])
    assert [a.kind for a in actions] == ["source.fixAll.jax-lsp"]
    action = await resolved(session, actions[0])
    fixed = apply_text_edits(source, edits_of(action.edit, uri), session.profile.encoding)
    assert "jax-lsp: ignore" not in fixed  # suppressing is not fixing
    assert "stop_gradient" not in fixed  # unsafe: changes gradients
    compile(fixed, "fixed.py", "exec")
    assert "JAX001" not in [d.code for d in await recheck(session, fixed)]


async def test_fix_all_is_not_offered_for_quickfix_requests(session: Session) -> None:
    uri = session.uri("onlyquick.py")
    session.open(uri, LOGGING)
    [diag] = await session.diagnostics(uri, 1)
    actions = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
    assert actions and all(a.kind == types.CodeActionKind.QuickFix for a in actions)


async def test_resolve_after_an_edit_is_content_modified(session: Session) -> None:
    if not session.profile.lazy_edits:
        pytest.skip("eager clients never resolve")
    uri = session.uri("stale.py")
    session.open(uri, HOST_ACTIVATION)
    [diag] = await session.diagnostics(uri, 1)
    actions = await code_actions(session, uri, diag.range, [diag])
    lazy = next(a for a in actions if a.edit is None and a.kind == types.CodeActionKind.QuickFix)
    session.change(uri, 2, HOST_ACTIVATION + "\n# edited\n")
    with pytest.raises(Exception) as info:
        await session.request(session.client.code_action_resolve_async(lazy))
    assert getattr(info.value, "code", None) == -32801  # ContentModified
    # unknown documents and bad ranges: an empty list, never an error
    far = types.Position(line=10_000, character=3)
    assert await code_actions(session, uri, types.Range(start=far, end=far), []) == []
    assert await code_actions(session, session.uri("unknown.py"), diag.range, [diag]) == []



#: words that tell the fixes apart in titles and in the hover's advice
_FIX_WORDS = {
    "custom_vjp": "custom_vjp",
    "custom_jvp": "custom_jvp",
    "stop_gradient": "stop_gradient",
    "Stop gradients": "stop_gradient",
    "jacrev": "jacrev",
}


def _fix_word(text: str) -> str | None:
    """The fix a title or advice names first."""
    found = [(text.index(word), fix) for word, fix in _FIX_WORDS.items() if word in text]
    return min(found)[1] if found else None


@pytest.mark.parametrize(
    "source",
    [HOST_ACTIVATION, LOGGING, FORWARD_VJP, HESSIAN],
    ids=["grad", "io-callback", "jacfwd-custom-vjp", "hessian"],
)
async def test_what_a_user_is_offered_agrees_with_the_fixes(
    session: Session, source: str
) -> None:
    """The preferred fix is listed first and the hover advises it; every unsafe fix says
    "unsafe" in its title, listed or resolved; every fix changes the code (none that JAX
    would reject anyway, like custom_vjp under jax.hessian)."""
    from jax_lsp.analysis import analyze_source
    from jax_lsp.fixes import fixes_for

    uri = session.uri("offers.py")
    session.open(uri, source)
    [diag] = await session.diagnostics(uri, 1)
    actions = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
    fixes = [a for a in actions if not a.title.startswith("Suppress")]
    assert fixes, [a.title for a in actions]
    assert [a.is_preferred for a in fixes[1:]] == [None] * (len(fixes) - 1)  # first, if any

    hover = await session.request(session.client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri),
                          position=diag.range.start)))
    assert hover is not None
    # the advice: the preferred fix's title, or (none preferred before the fix is computed:
    # a stop_gradient is safe only where the result is unused) the catalog's own
    [advice] = [line.replace("*", "").split(":", 1)[1].strip()
                for line in hover.contents.value.splitlines()
                if line.replace("*", "").startswith("Fix")]
    if session.profile.lazy_edits and fixes[0].is_preferred:
        assert advice.startswith(fixes[0].title + ". ")  # the very title the menu shows
    assert _fix_word(advice) == _fix_word(fixes[0].title), (advice, fixes[0].title)

    [finding] = [f for f in analyze_source(source, "offers.py").findings if f.code == diag.code]
    unsafe = {f.title for f in fixes_for(source, finding) if not f.safe}
    for action in fixes:
        done = await resolved(session, action)
        if done.title in unsafe or (action.data or {}).get("fix") in {
            f.kind.value for f in fixes_for(source, finding) if not f.safe
        }:
            assert "unsafe" in action.title and "unsafe" in done.title, done.title
        fixed = apply_text_edits(source, edits_of(done.edit, uri), session.profile.encoding)
        assert fixed != source, done.title
    if source is HESSIAN:
        assert not any("custom_vjp" in a.title for a in actions), [a.title for a in actions]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("planted", ["fifo", "dev-zero", "dangling-link"])
async def test_a_planted_helper_module_never_blocks_nor_is_imported(
    session: Session, planted: str
) -> None:
    """Issue 35: a `jax_lsp_derivatives.py` that is a FIFO blocked the server's event loop at
    the first code action (it never answered again); a link to /dev/zero filled its memory.
    Now such a file is not jax-lsp's helper module: it is neither read nor imported, the
    helpers are pasted into the file, and the server answers."""
    uri = session.uri("program.py")
    folder = Path(url2pathname(urlparse(uri).path)).parent
    folder.mkdir(parents=True, exist_ok=True)
    module = folder / "jax_lsp_derivatives.py"
    if planted == "fifo":
        os.mkfifo(module)
    else:
        module.symlink_to("/dev/zero" if planted == "dev-zero" else folder / "missing.py")
    try:
        session.open(uri, HOST_ACTIVATION)
        [diag] = await session.diagnostics(uri, 1)
        actions = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
        preferred = await resolved(session, actions[0])
        assert preferred.edit is not None
        assert created_files(preferred.edit) == {}
        fixed = apply_text_edits(HOST_ACTIVATION, edits_of(preferred.edit, uri),
                                 session.profile.encoding)
        assert "jax_lsp_derivatives" not in fixed and "def _pure_callback_with_" in fixed
    finally:
        if planted == "fifo":  # a server blocked in open() or read() gets an end of file
            with contextlib.suppress(OSError):
                os.close(os.open(module, os.O_WRONLY | os.O_NONBLOCK))


def _check_fix(tmp: Path, name: str, source: str) -> tuple[str, dict[str, str]]:
    """What `jax-lsp check --fix` writes for `source` (as `name`, alone in a folder): the fixed
    text and the files it creates."""
    tmp.mkdir()
    (tmp / name).write_text(source, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--fix", name],
                   cwd=tmp, capture_output=True, check=False,
                   env={**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)})
    created = {p.name: p.read_text(encoding="utf-8") for p in tmp.iterdir() if p.name != name}
    return (tmp / name).read_text(encoding="utf-8"), created


@pytest.mark.parametrize("material", ["generated", "many-fixable"])
async def test_fix_all_writes_the_bytes_check_fix_writes(
    session: Session, tmp_path: Path, material: str
) -> None:
    """Fix all in the editor runs `--fix`'s pipeline: the same text, and the same helper
    module (written by the server when the client runs the action's command)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_fix import many_fixable
    from generate import generate

    source = generate(1000) if material == "generated" else many_fixable(4)
    uri = session.uri("fixall_module.py")
    path = Path(to_fs_path(uri))
    path.parent.mkdir(parents=True)
    path.write_text(source, encoding="utf-8")
    session.open(uri, source)
    assert await session.diagnostics(uri, 1)
    start = types.Position(line=0, character=0)
    actions = await code_actions(session, uri, types.Range(start=start, end=start), [],
                                 only=["source.fixAll"])
    action = await resolved(session, actions[0])
    assert action.edit is not None
    fixed = apply_text_edits(source, edits_of(action.edit, uri), session.profile.encoding)
    expected, expected_made = _check_fix(tmp_path / "cli", path.name, source)
    assert fixed != source
    assert fixed == expected
    made: dict[str, str] = {}
    if action.command is not None:  # the client applies the edit, then runs the command
        path.write_text(fixed, encoding="utf-8")
        written = await session.request(session.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=action.command.command,
                                       arguments=action.command.arguments)))
        assert written is True
        made = {p.name: p.read_text(encoding="utf-8") for p in path.parent.iterdir()
                if p != path}
    assert made == expected_made


async def test_fix_all_and_titles_follow_extend_safe_fixes(session: Session) -> None:
    """`extend-safe-fixes` in the project's `[tool.jax-lsp]` makes fix-all (and fix on save)
    apply a code's unsafe fix, and its quick fix no longer says "unsafe"; `--fix`'s rule."""
    uri = session.uri("safe_by_config/jac.py")
    path = Path(to_fs_path(uri))
    path.parent.mkdir(parents=True)
    (path.parent / "pyproject.toml").write_text(
        '[tool.jax-lsp]\nextend-safe-fixes = ["JAX005"]\n', encoding="utf-8")
    path.write_text(FORWARD_VJP, encoding="utf-8")
    session.open(uri, FORWARD_VJP)
    [diag] = await session.diagnostics(uri, 1)
    assert diag.code == "JAX005"
    quick = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
    jacrev = [a.title for a in quick if "jacrev" in a.title]
    assert jacrev and not any("unsafe" in t for t in jacrev), [a.title for a in quick]
    start = types.Position(line=0, character=0)
    actions = await code_actions(session, uri, types.Range(start=start, end=start), [],
                                 only=["source.fixAll"])
    action = await resolved(session, actions[0])
    fixed = apply_text_edits(FORWARD_VJP, edits_of(action.edit, uri), session.profile.encoding)
    assert "jax.jacrev(" in fixed and "jax.jacfwd(" not in fixed, fixed


async def test_extend_unsafe_fixes_marks_and_holds_back_a_safe_fix(session: Session) -> None:
    """`extend-unsafe-fixes`: the custom rule's quick fix says "unsafe" (within the menu's 50
    characters) and fix-all leaves it out, as `--fix` does without `--unsafe-fixes`."""
    uri = session.uri("unsafe_by_config/train.py")
    path = Path(to_fs_path(uri))
    path.parent.mkdir(parents=True)
    (path.parent / "pyproject.toml").write_text(
        '[tool.jax-lsp]\nextend-unsafe-fixes = ["JAX001"]\n', encoding="utf-8")
    path.write_text(HOST_ACTIVATION, encoding="utf-8")
    session.open(uri, HOST_ACTIVATION)
    [diag] = await session.diagnostics(uri, 1)
    quick = await code_actions(session, uri, diag.range, [diag], only=["quickfix"])
    titles = [a.title for a in quick]
    assert "Add a custom_vjp rule (unsafe)" in titles, titles
    assert all(len(t) <= 50 for t in titles), titles
    start = types.Position(line=0, character=0)
    actions = await code_actions(session, uri, types.Range(start=start, end=start), [],
                                 only=["source.fixAll"])
    if actions:  # offered lazily, it resolves to no change
        action = await resolved(session, actions[0])
        assert edits_of(action.edit, uri) == [], action.edit
