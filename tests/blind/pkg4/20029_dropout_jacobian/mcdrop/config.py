DROP_RATE = 0.2
# arguments of the stochastic forward that the Jacobian is taken with respect to
JAC_ARGNUMS = (0, 1)
