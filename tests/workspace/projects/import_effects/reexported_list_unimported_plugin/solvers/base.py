"""The solvers registered so far, in registration order."""
SOLVERS = []


def register(fn):
    SOLVERS.append(fn)
    return fn
