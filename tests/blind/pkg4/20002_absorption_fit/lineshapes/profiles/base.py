from ..hostlib import host as hostlib


class LineProfile:
    instrument_width = 1.0

    def shape(self, theta, grid):
        raise NotImplementedError

    def instrument(self, grid):
        # instrument response depends on the grid and a fixed width only
        return hostlib.scaled_i0(grid / self.instrument_width)

    def predict(self, theta, grid):
        return self.shape(theta, grid) * self.instrument(grid)
