from . import _host


def _log_gamma_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _host.gammaln(x), _host.digamma(x) * t


def attach():
    from .gamma import log_gamma
    log_gamma.defjvp(_log_gamma_jvp)
