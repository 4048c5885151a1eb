"""A rassumfrassum preset for jax-lsp beside another Python server: hover from every server.

rassumfrassum sends a hover request to its first (primary) server alone, so jax-lsp's hover
(the error JAX would raise, the path from the differentiation site, the fix) is lost behind
any server listed before it; listing jax-lsp first instead loses the other server's hover, and
the signature help and other requests rass sends to the primary only. With this preset, rass
asks every server that provides hover and joins their answers, the primary's first:

    rass /path/to/jax-lsp/editors/emacs/rass/jax.py \
        -- basedpyright-langserver --stdio -- jax-lsp serve

(or copy this file to ~/.config/rassumfrassum/jax.py and say `rass jax -- ...`). It sets no
servers: the ones after `--` are used.

It also waits up to `INITIALIZE_TIMEOUT_MS` for every server to answer `initialize`: rass waits
3 s, then answers the client without the late server's capabilities and drops its answer, so
a jax-lsp that takes longer to start (its imports take seconds on a busy machine) would get no
hover and no code action requests at all.

Written for rassumfrassum 0.3.5, whose `LspLogic` routes requests (`on_client_request`), bounds
the wait for answers (`get_aggregation_timeout_ms`) and joins them (`process_responses`).
"""

from __future__ import annotations

from typing import Any

from rassumfrassum.frassum import LspLogic, PayloadItem, Server

HOVER = "textDocument/hover"
#: how long the client's `initialize` waits for the slowest server (Eglot gives up after 30 s)
INITIALIZE_TIMEOUT_MS = 20_000
#: between two servers' hovers (a Markdown horizontal rule)
SEPARATOR = "\n\n---\n\n"


def _text(contents: Any) -> tuple[str, bool]:
    """(text, is Markdown) of a hover's contents: MarkupContent, a MarkedString (a Markdown
    string, or a {language, value} code block) or a list of MarkedStrings."""
    if isinstance(contents, str):
        return contents, True
    if isinstance(contents, list):
        parts = [_text(c) for c in contents]
        return "\n\n".join(t for t, _ in parts if t), any(m for _, m in parts)
    if isinstance(contents, dict):
        value = str(contents.get("value", ""))
        if "kind" in contents:
            return value, contents["kind"] == "markdown"
        if "language" in contents:
            return f"```{contents['language']}\n{value}\n```", True
    return "", False


def join_hovers(hovers: list[dict]) -> dict:
    """One hover showing each of `hovers` in turn; Markdown if any of them is."""
    texts = [_text(h.get("contents")) for h in hovers]
    shown = [t for t, _ in texts if t.strip()]
    markdown = any(m for t, m in texts if t.strip())
    joined: dict = {
        "contents": {
            "kind": "markdown" if markdown else "plaintext",
            "value": (SEPARATOR if markdown else "\n\n").join(shown),
        }
    }
    if "range" in hovers[0]:
        joined["range"] = hovers[0]["range"]
    return joined


class HoverFromEveryServer(LspLogic):
    """rassumfrassum's routing, except that hover goes to every server that provides it."""

    async def on_client_request(self, method: str, params: Any, servers: list[Server]) -> Any:
        if method == HOVER:
            hovering = [s for s in servers if s.caps.get("hoverProvider")]
            if hovering:
                return hovering
        return await super().on_client_request(method, params, servers)

    def get_aggregation_timeout_ms(self, method: str | None) -> int:
        if method == "initialize":
            return INITIALIZE_TIMEOUT_MS
        return super().get_aggregation_timeout_ms(method)

    def process_responses(self, method: str, items: list[PayloadItem]) -> tuple[Any, bool]:
        if method != HOVER or len(items) < 2:
            return super().process_responses(method, items)
        if all(item.is_error for item in items):
            return items[0].payload, True
        rank = {server_id: i for i, server_id in enumerate(self.servers)}  # primary first
        answered = sorted(
            (item for item in items if not item.is_error and item.payload),
            key=lambda item: rank.get(id(item.server), len(rank)),
        )
        hovers = [item.payload for item in answered if isinstance(item.payload, dict)]
        if not hovers:
            return None, False
        return (hovers[0] if len(hovers) == 1 else join_hovers(hovers)), False


def logic_class() -> type[LspLogic]:
    return HoverFromEveryServer
