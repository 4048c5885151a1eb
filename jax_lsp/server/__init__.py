"""The language server: diagnostics, hover and code actions over LSP (pygls), for any editor.

A thin shell around the analysis core, in three parts: `features` (one module per LSP
feature, its handlers at module level), `session` (one connection's state and its lint
pipeline) and `runtime` (the process: its start before the heavy imports, the connection, the
analysis processes). Start it with `jax-lsp serve` (see `runtime.command`), or build it with
`jax_lsp.server.server.create_server()`.
"""
