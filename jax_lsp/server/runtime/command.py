"""`jax-lsp serve`: run the language server over stdio (the default), TCP or WebSocket.

TCP and WebSocket bind to 127.0.0.1. Another address needs `--allow-remote` too: the protocol has
no authentication, and whoever connects can have the server read any file its user can read
(see docs/security.md). Logs go to stderr (never
stdout, which carries the protocol under stdio) or to `--log-file`; records of jax-lsp itself
at `--log-level` or above also reach the client as window/logMessage.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
from typing import Any

from jax_lsp.project.trust import add_python_arguments

__all__ = ["register", "run"]

DEFAULT_PORT = 2087
#: `checker.cache.ENV_NO_CACHE` and `ENV_CACHE_DIR` (not imported: it imports the analyser),
#: which the analysis processes read
_ENV_NO_CACHE = "JAX_LSP_NO_CACHE"
_ENV_CACHE_DIR = "JAX_LSP_CACHE_DIR"
_LEVELS = ("debug", "info", "warning", "error")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the language server (stdio by default)",
        description="Run the jax-lsp language server.",
    )
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument(
        "--stdio", action="store_true", help="talk over stdin/stdout (the default)"
    )
    transport.add_argument("--tcp", action="store_true", help="listen on a TCP port")
    transport.add_argument("--ws", action="store_true", help="listen for WebSocket connections")
    parser.add_argument(
        "--host", default="127.0.0.1",
        help="address to bind with --tcp/--ws (default: 127.0.0.1; others need --allow-remote)"
    )
    parser.add_argument(
        "--allow-remote", action="store_true",
        help="allow --host to be an address other machines can reach: anyone who can connect "
        "gets an unauthenticated session that reads files as you (see docs/security.md)")
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port for --tcp/--ws (default: {DEFAULT_PORT})",
    )
    add_python_arguments(parser)
    parser.add_argument(
        "--no-cache", action="store_true",
        help="neither read nor write the result cache of `jax-lsp check` "
        f"(also: {_ENV_NO_CACHE}=1)")
    parser.add_argument(
        "--cache-dir", metavar="PATH",
        help="where the result cache is (default: .jax_lsp_cache in the workspace root; also: "
        f"{_ENV_CACHE_DIR})")
    parser.add_argument("--log-file", metavar="PATH", help="write logs to this file, not stderr")
    parser.add_argument(
        "--log-level", choices=_LEVELS, default="warning", help="log level (default: warning)"
    )
    parser.set_defaults(run=run)


def _configure_logging(log_file: str | None, level: int) -> None:
    handler: logging.Handler
    if log_file:
        handler = logging.FileHandler(log_file, encoding="utf-8")
    else:
        handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


def is_loopback(host: str) -> bool:
    """Whether binding `host` keeps the port to this machine ("localhost" or a loopback
    address; a name that could resolve elsewhere is not)."""
    if host.strip().lower() == "localhost":
        return True
    import ipaddress  # here: only --tcp and --ws ask, not the stdio start-up

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    if (args.tcp or args.ws) and not args.allow_remote and not is_loopback(args.host):
        sys.stderr.write(
            f"jax-lsp serve: error: refusing to listen on {args.host!r}: the language server "
            "has no authentication, so anyone who can reach the port could use it to read "
            "your files. Bind a loopback address (the default, 127.0.0.1) and forward it "
            "(e.g. `ssh -L`), or pass --allow-remote if the network is yours alone.\n")
        return 2
    level = getattr(logging, str(args.log_level).upper())
    _configure_logging(args.log_file, level)
    # Hand the GIL over more often than every 5 ms, so requests answered on the event loop are
    # not held up by an analysis running in its thread.
    sys.setswitchinterval(0.001)
    # the analysis process imports the analysis while this one imports the server; meanwhile
    # the stdin front answers `initialize` (see `front`)
    # the analysis processes (which use the result cache) inherit the environment
    if args.no_cache:
        os.environ[_ENV_NO_CACHE] = "1"
    elif args.cache_dir:
        os.environ[_ENV_CACHE_DIR] = os.path.abspath(args.cache_dir)
    from jax_lsp.server.runtime.spawn import prestart

    prestart()
    front = None
    if not (args.tcp or args.ws):
        from jax_lsp.server.runtime.early import EarlyLint
        from jax_lsp.server.runtime.front import StdinFront
        from jax_lsp.server.runtime.pipes import enlarge

        # a didOpen holds a whole module's text: the client writes it in one go
        enlarge(0)
        enlarge(1)

        # the first opened document's diagnostics, too, need not wait for the server (`early`)
        early = EarlyLint(args.python, trust_project_python=args.trust_project_python)
        front = StdinFront(sys.stdin.buffer, sys.stdout.buffer, early=early)
        early.prepare()
        early.wait()
    from jax_lsp.server.server import create_server

    server = create_server(log_level=level)
    server.session.configuration.set_user_python(
        args.python, trust_project=args.trust_project_python)
    # the pool's processes (the first one prestarted) get ready while this one waits for
    # `initialize`
    server.session.scheduler.pool.start()
    # the modules just imported live as long as the process: spare them the cyclic collector
    gc.freeze()
    if args.tcp:
        server.start_tcp(args.host, args.port)
    elif args.ws:
        server.start_ws(args.host, args.port)
    else:
        server.start_io(front=front)
    return 0
