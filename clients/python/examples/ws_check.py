"""Talks to a zeroclaw gateway over WebSocket with the generated client: signs in with a pairing token,
reads status, runs a turn with a prompt over 64 KiB and reads it back. Prints one line per step.

    python3 clients/python/examples/ws_check.py ws://127.0.0.1:42617/rpc zc_…
"""

import asyncio
import sys

from zeroclaw_client import connect


async def main(url: str, token: str) -> None:
    async with connect(url) as client:
        init = await client.initialize(protocol_version=1, auth_token=token)
        print(f"principal {init.principal.id}")
        status = await client.status()
        print(f"gateway connections {status.connections.gateway}")
        session = await client.session_new()
        prompt = "word " * 20000
        turn = await client.session_prompt(session_id=session.session_id, prompt=prompt)
        print(f"outcome {turn.outcome}")
        page = await client.session_messages(session_id=session.session_id)
        print(f"messages {page.total}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
