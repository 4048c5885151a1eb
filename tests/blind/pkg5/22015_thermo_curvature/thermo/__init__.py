from thermo.models.partition import PartitionModel

__all__ = ["PartitionModel"]
