"""The language server: diagnostics, hover and code actions over LSP (pygls), for any editor.

A thin shell around the analysis core: every module here converts between LSP and the core's
values, one LSP concern per module. Start it with `jax-lsp serve` (see `command`), or build it
with `jax_lsp.server.server.create_server()`.
"""
