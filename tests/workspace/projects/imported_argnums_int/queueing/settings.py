SERVICE_RATE = 1.5
# the arguments of the waiting-time model the sensitivities are taken with respect to
WRT = (0, 1)
