"""A typed asyncio client for the zeroclaw daemon's JSON-RPC socket, generated from openrpc.json.

::

    async with zeroclaw_client.connect() as client:
        await client.initialize(protocol_version=1)
        print((await client.status()).server_version)

The types, methods and errors come from ``_generated_*.py`` (``npm run generate``); the
connection, the update stream and the upload helper are written by hand.
"""

from ._generated_errors import *  # noqa: F403
from ._generated_errors import __all__ as _errors_all
from ._generated_methods import *  # noqa: F403
from ._generated_methods import __all__ as _methods_all
from ._generated_types import *  # noqa: F403
from ._generated_types import __all__ as _types_all
from .client import ZeroclawClient, connect
from .connection import DEFAULT_MAX_FRAME_BYTES, Connection, default_socket_path
from .errors import ConnectionClosedError, DecodeError, FrameTooLargeError, ZeroclawError
from .updates import UpdateStream
from .uploads import upload

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_MAX_FRAME_BYTES",
    "Connection",
    "ConnectionClosedError",
    "DecodeError",
    "FrameTooLargeError",
    "UpdateStream",
    "ZeroclawClient",
    "ZeroclawError",
    "connect",
    "default_socket_path",
    "upload",
    *_errors_all,
    *_methods_all,
    *_types_all,
]
