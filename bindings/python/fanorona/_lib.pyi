# SPDX-License-Identifier: MIT
# Types of fanorona._lib, the private ctypes layer: the names the other
# modules' types use; the rest (the FAN_* constants, the structures) is
# left open.
from typing import Any, Dict, List, Tuple

ENV_VAR: str
SONAME_MAJOR: int

class LibraryNotFoundError(OSError): ...

lib: Any
path: str

def declare(prototypes: Dict[str, Tuple[Any, List[Any]]]) -> None: ...

def __getattr__(name: str) -> Any: ...
