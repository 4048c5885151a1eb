"""JAX's semantics, as a component of the evaluator (`model.JaxModel`), and JAX's API as
measured (`jaxapi`, `apitable`, `data/jax_api.json`).

The component's parts (`jax_calls`, `transforms`, `higher_order`, `custom_rules`,
`decisions`) reach the evaluator through `host.JaxHost` (their `ev`) and each other through
the component (their `jax`); the evaluator reaches them through `Interpreter.jax`. Importing
this package imports nothing: the CLI's start reads `modes` alone.
"""
