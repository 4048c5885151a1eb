from .scipy_sparse import SparseOperator
