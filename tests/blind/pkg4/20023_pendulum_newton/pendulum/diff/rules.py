import jax

from pendulum.host import special as hs


@jax.custom_jvp
def ellipk(m):
    return hs.ellipk_cb(m)


@ellipk.defjvp
def _ellipk_jvp(primals, tangents):
    m, = primals
    dm, = tangents
    k = hs.ellipk_cb(m)
    e = hs.ellipe_cb(m)
    dk_dm = (e - (1.0 - m) * k) / (2.0 * m * (1.0 - m))
    return k, dk_dm * dm
