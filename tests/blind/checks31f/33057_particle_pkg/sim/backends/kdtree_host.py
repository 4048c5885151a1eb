import numpy as np
from scipy.spatial import cKDTree

from .. import util as U
from ..constants import BOX


def nearest_neighbour(positions):
    pos = np.mod(np.asarray(positions, dtype=np.float64), BOX)
    tree = cKDTree(pos, boxsize=BOX)
    dist, idx = tree.query(pos, k=2)
    nbr = idx[:, 1]
    delta = U.minimum_image(pos - pos[nbr])
    d = np.asarray(U.safe_distance(dist[:, 1]))
    return (delta / d[:, None]).astype(np.float32), d.astype(np.float32)
