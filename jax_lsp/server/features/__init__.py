"""The language server's features: one module per LSP feature, each with a
`register(server)` that declares its handlers.
"""
