"""The modes of a differentiation level (`values.Level.mode`): apart, so that the rules (and
`jax_lsp.codes`, which the CLI imports at start) read them without loading the interface's
Protocols (`host`) or the API tables (`jaxapi`), which re-export them."""

FORWARD = "forward"
REVERSE = "reverse"
TRANSPOSE = "transpose"
#: vmap's
BATCH = "batch"
