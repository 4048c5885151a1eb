from ..funcs import lgamma, psi
from ..backend import host_trigamma


@lgamma.defjvp
def _lgamma_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return lgamma(x), psi(x) * dx


@psi.defjvp
def _psi_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return psi(x), host_trigamma(x) * dx
