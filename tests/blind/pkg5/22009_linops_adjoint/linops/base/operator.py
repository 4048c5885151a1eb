import abc


class LinearOperator(abc.ABC):
    shape: tuple

    @abc.abstractmethod
    def matvec(self, v):
        ...

    def __matmul__(self, v):
        return self.matvec(v)
