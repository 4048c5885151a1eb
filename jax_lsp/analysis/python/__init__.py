"""Python as Python runs it: the evaluator's statements, expressions and calls, and what they
use (scopes, namespaces, imports' effects, `functools.singledispatch`). Nothing here imports
the JAX model (`analysis/jax/`), the library models (`analysis/libraries/`) or the rules
(`tests/rules/test_layering.py` checks it): where Python meets a name a model knows, it asks
`hooks.HOOKS`, which the models fill. Importing this package imports nothing.
"""
