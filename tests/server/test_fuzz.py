"""Fuzzing with a fixed seed and a bounded count (so CI runs the same cases every time):

- the framing layer, fed valid requests between random garbage and broken frames in random
  chunk sizes, delivers every valid request intact;
- the real server, fed the same kind of stream, answers every valid request and keeps working;
- random edit sequences (some leaving the buffer broken on the way) end with the diagnostics the
  CLI reports on the final text.
"""

from __future__ import annotations

import ast
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from raw_server import PACKAGE_ROOT, RawServer, frame

from jax_lsp.server.runtime.framing import Frame, FrameParser

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261201


def _garbage(rng: random.Random) -> bytes:
    alphabet = b"{}[]\":,. abcdefxyzCL-:0123456789\r\n\x00\xff"
    return bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 80)))


def _bad_input(rng: random.Random) -> bytes:
    """Something that is not one well-formed message."""
    body = rng.choice([
        json.dumps({"jsonrpc": "2.0", "id": rng.randrange(10**6), "method": "x"}).encode(),
        _garbage(rng),
        b'{"jsonrpc": "2.0", "method": ',
        b"[" * rng.randrange(1, 5000),
    ])
    kind = rng.randrange(7)
    if kind == 0:
        return _garbage(rng)
    if kind == 1:  # a wrong length, too small or too large
        return b"Content-Length: %d\r\n\r\n" % max(0, len(body) + rng.randrange(-30, 300)) + body
    if kind == 2:
        return b"Content-Length: %s\r\n\r\n" % rng.choice([b"-4", b"x1", b"", b"9" * 30]) + body
    if kind == 3:  # no blank line after the header
        return b"Content-Length: %d\r\n" % len(body) + body
    if kind == 4:  # no Content-Length at all
        return b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + body
    if kind == 5:  # a frame of the right length around something that is not a message
        return frame(body)
    return frame({"jsonrpc": "2.0", "id": {"object": 1}, "method": "jax-lsp/ping"})


def _stream(rng: random.Random, rounds: int) -> tuple[bytes, list[bytes]]:
    """Bad input and valid requests interleaved; the bodies of the valid requests."""
    data = bytearray()
    valid = []
    for i in range(rounds):
        data += _bad_input(rng)
        body = json.dumps(
            {"jsonrpc": "2.0", "id": f"ok{i}", "method": "jax-lsp/ping", "params": None}
        ).encode()
        valid.append(body)
        data += frame(body)
    return bytes(data), valid


def test_fuzz_framing_delivers_every_valid_frame() -> None:
    rng = random.Random(SEED)
    for _ in range(20):
        data, valid = _stream(rng, 100)
        parser = FrameParser()
        events = []
        i = 0
        while i < len(data):
            n = rng.choice([1, 2, 7, 64, 4096])
            events += parser.feed(data[i : i + n])
            i += n
        delivered = [e.body for e in events if isinstance(e, Frame)]
        assert [b for b in delivered if b in set(valid)] == valid


def test_fuzz_the_server_answers_every_valid_request(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1)
    server = RawServer(tmp_path)
    try:
        server.initialize()
        data, valid = _stream(rng, 150)
        for start in range(0, len(data), 1000):
            server.write(data[start : start + 1000])
        for i in range(len(valid)):
            assert server.response(f"ok{i}")["error"]["code"] == -32601
        assert server.call("shutdown")["result"] is None
        server.notify("exit")
        assert server.wait_exit() == 0
    finally:
        server.kill()


# -- edit sequences ------------------------------------------------------------------------------

SNIPPETS = [
    "", "x", "(", ")", ":", "\n", "    ", "# note\n", "y = 1\n", "jnp.sum(x)",
    "jax.debug.callback(print, x)\n", "  # jax-lsp: ignore[JAX003]",
    "\ndef helper(x):\n    return jax.pure_callback(np.sin, x, x)\n",
    "\nprint(jax.grad(helper)(1.0))\n", "loss_with_io_logging",
]


def _position(text: str, offset: int) -> dict[str, int]:
    before = text[:offset]
    return {"line": before.count("\n"), "character": offset - (before.rfind("\n") + 1)}


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def test_fuzz_edit_sequences_end_with_the_cli_diagnostics(tmp_path: Path) -> None:
    rng = random.Random(SEED + 2)
    examples = sorted((ROOT / "examples").glob("*.py"))
    server = RawServer(tmp_path)
    finals: dict[str, str] = {}
    try:
        server.initialize()
        for n in range(8):
            text = examples[n % len(examples)].read_text()
            uri = (tmp_path / f"doc{n}.py").as_uri()
            server.open(uri, text)
            version, last_good = 1, text
            for _ in range(40):
                a = rng.randrange(len(text) + 1)
                b = min(len(text), a + rng.choice([0, 0, 1, 3, 20]))
                new = rng.choice(SNIPPETS)
                edit = {"range": {"start": _position(text, a), "end": _position(text, b)},
                        "text": new}
                text = text[:a] + new + text[b:]
                version += 1
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]})
                if _parses(text):
                    last_good = text
            if not _parses(text):  # back to the last text that parses, as one edit
                version += 1
                server.notify("textDocument/didChange", {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"range": {"start": _position(text, 0),
                                                  "end": _position(text, len(text))},
                                        "text": last_good}]})
                text = last_good
            finals[uri] = text
        got = {
            uri: sorted(
                (d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"],
                 d["range"]["end"]["line"], d["range"]["end"]["character"])
                for d in server.diagnostics(uri)
            )
            for uri in finals
        }
    finally:
        server.kill()
    cli_dir = tmp_path / "cli"
    cli_dir.mkdir()
    for uri, text in finals.items():
        (cli_dir / Path(uri).name).write_text(text)
    ran = subprocess.run(
        [sys.executable, "-m", "jax_lsp", "check", "--no-cache", "--output-format", "json", "."],
        cwd=cli_dir, capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "PYTHONPATH": str(PACKAGE_ROOT)},
    )
    expected: dict[str, list] = {uri: [] for uri in finals}
    for item in json.loads(ran.stdout):
        uri = (tmp_path / Path(item["filename"]).name).as_uri()
        loc, end = item["location"], item["end_location"]
        expected[uri].append(
            (item["code"], loc["row"] - 1, loc["column"] - 1, end["row"] - 1, end["column"] - 1)
        )
    assert got == {uri: sorted(v) for uri, v in expected.items()}
    assert any(got.values())  # the sequences keep some findings, and lose some
