from sim import ReactionDiffusion


class FisherKPP(ReactionDiffusion):
    def source(self, u, rate):
        return rate * u * (1.0 - u)
