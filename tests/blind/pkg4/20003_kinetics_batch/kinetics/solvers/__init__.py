from . import scipy_backend, euler_backend

REGISTRY = {"scipy": scipy_backend.integrate, "euler": euler_backend.integrate}
