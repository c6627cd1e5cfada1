"""Connects to the URL it is given with the generated client and prints "connected", or the error
``connect`` raised (exit 3): what a user sees when the daemon is not there.

    python3 clients/python/examples/connect_check.py 'unix:~/.zeroclaw/data/daemon.sock'
"""

import asyncio
import sys

from zeroclaw_client import ConnectFailedError, connect


async def main(url: str) -> int:
    try:
        async with connect(url):
            print("connected")
            return 0
    except ConnectFailedError as err:
        print(f"{err} (ConnectFailedError: {err.endpoint})", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
