from terrain.grids.elevation import ElevationMap

__all__ = ["ElevationMap"]
