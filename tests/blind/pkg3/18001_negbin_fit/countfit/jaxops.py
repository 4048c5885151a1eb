import jax.scipy.special as jss


def lgamma(x):
    return jss.gammaln(x)
