from tests.bench.floor import Tick

__all__ = ["Tick"]
