import numpy as np

TABLES = {}


def load_table(name, rho, T, P):
    TABLES[name] = (np.asarray(rho), np.asarray(T), np.asarray(P))
    return TABLES[name]


# default ideal-gas-like table, built at import time
_rho = np.linspace(0.1, 2.0, 20)
_T = np.linspace(200.0, 600.0, 30)
load_table("ideal", _rho, _T, 287.0 * _rho[:, None] * _T[None, :])
