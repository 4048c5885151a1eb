"""Library functions that call a function they are handed before they return, on the
caller's thread (each measured to: `sorted(key=)`, `scipy.optimize.minimize(fun, jac=)`,
`scipy.integrate.quad(func)`...): a callback's host calling one runs what it hands it. Read
by the text pass (`callback_hosts`: what the host reaches) and by the evaluator (a host's run
handing one a function it does not know is not a complete run: `python.calls`)."""

from __future__ import annotations

#: by canonical dotted name: the positions and keywords a function it calls may be passed at
CALLS_BACK: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "scipy.optimize.minimize": ((0,), ("fun", "jac", "hess", "hessp", "callback")),
    "scipy.optimize.minimize_scalar": ((0,), ("fun",)),
    "scipy.optimize.root": ((0,), ("fun", "jac")),
    "scipy.optimize.root_scalar": ((0,), ("f", "fprime")),
    "scipy.optimize.brentq": ((0,), ("f",)),
    "scipy.optimize.fsolve": ((0,), ("func", "fprime")),
    "scipy.optimize.least_squares": ((0,), ("fun", "jac")),
    "scipy.integrate.quad": ((0,), ("func",)),
    "scipy.integrate.solve_ivp": ((0,), ("fun",)),
    "scipy.integrate.odeint": ((0,), ("func",)),
    "functools.reduce": ((0,), ("function",)),
    # (`map`/`filter` are lazy: they call nothing until consumed)
    "builtins.sorted": ((), ("key",)),
    "builtins.min": ((), ("key",)),
    "builtins.max": ((), ("key",)),
}
