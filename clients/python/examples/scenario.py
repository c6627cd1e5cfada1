#!/usr/bin/env python3
"""The one scenario every generated client runs (clients/scenario.json), with zeroclaw_client.

    ZEROCLAW_SOCKET=/path/to/daemon.sock python3 clients/python/examples/scenario.py clients/scenario.json

Prints ``ok <step>`` or ``FAIL <step>: <why>`` per step and exits 0 only if every step passed.
Every call goes through the generated client's typed methods; the ``ask_user`` question is answered
by the handler registered with ``on_elicitation_create``, the turn's updates come from
``session_update_events()``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sys
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from zeroclaw_client import (
    ClientCapabilities,
    ClientCapabilitiesElicitation,
    ClientInfo,
    ConfigEntry,
    ElicitationCreateParams,
    ElicitationCreateResult,
    InvalidEntryData,
    InvalidParamsError,
    Client,
    SessionUpdateAgentMessageChunk,
    SessionUpdateParams,
    SessionUpdateToolCall,
    SessionUpdateToolResult,
    VersionMismatchData,
    VersionMismatchError,
    connect,
)

STEP_TIMEOUT_S = float(os.environ.get("ZEROCLAW_SCENARIO_STEP_TIMEOUT_S", "60"))


class StepFailed(Exception):
    pass


def expect(condition: bool, why: str) -> None:
    if not condition:
        raise StepFailed(why)


def runs(items: list[str]) -> list[str]:
    """Consecutive repeats folded: the chunks of one reply count as one agent_message_chunk."""
    return [x for i, x in enumerate(items) if i == 0 or items[i - 1] != x]


class Scenario:
    def __init__(self, client: Client, spec: dict[str, Any]) -> None:
        self.client = client
        self.spec = spec
        self.session_id = ""

    async def initialize_bad_version(self, s: dict[str, Any]) -> None:
        want = s["expect_error"]
        try:
            await self.client.initialize(protocol_version=s["protocolVersion"])
        except VersionMismatchError as e:
            expect(e.code == want["code"], f"code {e.code}, want {want['code']}")
            expect(isinstance(e.data, VersionMismatchData), f"data {e.raw_data!r} is not VersionMismatchData")
            assert isinstance(e.data, VersionMismatchData)
            expect(e.data.reason == want["reason"], f"reason {e.data.reason}")
            expect(e.data.requested == want["requested"], f"requested {e.data.requested!r}")
            expect(e.data.supported == want["supported"], f"supported {e.data.supported!r}")
        else:
            raise StepFailed("initialize with a bad version succeeded")

    async def initialize(self, s: dict[str, Any]) -> None:
        info = s["clientInfo"]
        result = await self.client.initialize(
            protocol_version=s["protocolVersion"],
            client_info=ClientInfo(name=info["name"], version=info["version"]),
            client_capabilities=ClientCapabilities(elicitation=ClientCapabilitiesElicitation(form={})),
        )
        got = result.protocol_version
        expect(got == s["expect_protocol_version"], f"protocol version {got}")

    async def status(self, s: dict[str, Any]) -> None:
        status = await self.client.status()
        local = status.connections.local
        expect(local >= s["expect_connections_local_at_least"], f"connections.local = {local}")

    async def config_set_many(self, s: dict[str, Any]) -> None:
        sets = [ConfigEntry(prop=e["prop"], value=e["value"]) for e in s["sets"]]
        result = await self.client.config_set_many(sets=sets)
        expect(result.props == [e["prop"] for e in s["sets"]], f"props {result.props}")
        expect(result.set is True, "set is not true")

    async def config_set_many_invalid(self, s: dict[str, Any]) -> None:
        want = s["expect_error"]
        try:
            await self.client.config_set_many(sets=[ConfigEntry(prop=e["prop"], value=e["value"]) for e in s["sets"]])
        except InvalidParamsError as e:
            expect(e.code == want["code"], f"code {e.code}")
            expect(isinstance(e.data, InvalidEntryData), f"data {e.raw_data!r} is not InvalidEntryData")
            assert isinstance(e.data, InvalidEntryData)
            expect(e.data.index == want["index"], f"index {e.data.index}")
            expect(e.data.prop == want["prop"], f"prop {e.data.prop}")
        else:
            raise StepFailed("an invalid entry was accepted")

    async def session_new(self, s: dict[str, Any]) -> None:
        wanted = f"{s['session_id_prefix']}{uuid.uuid4().hex[:12]}"
        result = await self.client.session_new(agent=s["agent"], session_id=wanted)
        expect(result.session_id == wanted, f"session_id {result.session_id}")
        expect(result.mode == s["expect_mode"], f"mode {result.mode}")
        self.session_id = result.session_id

    async def session_prompt(self, s: dict[str, Any]) -> None:
        asked: list[ElicitationCreateParams] = []

        @self.client.on_elicitation_create
        async def answer(params: ElicitationCreateParams) -> ElicitationCreateResult:
            asked.append(params)
            return ElicitationCreateResult(action=s["answer"]["action"], content=s["answer"]["content"])

        updates: list[SessionUpdateParams] = []
        with self.client.session_update_events() as stream:
            turn = asyncio.create_task(self.client.session_prompt(session_id=self.session_id, prompt=s["prompt"]))
            async for update in stream.until_done(turn):  # typed, in order, as they stream
                if update.session_id == self.session_id:
                    updates.append(update)
        result = await turn

        expect(result.outcome == s["expect_outcome"], f"outcome {result.outcome}: {result.content}")
        expect(result.content == s["expect_text"], f"content {result.content!r}")
        types = runs([u.type for u in updates])
        expect(types == s["expect_update_types_in_order"], f"update types {types}")
        text = "".join(u.text for u in updates if isinstance(u, SessionUpdateAgentMessageChunk))
        expect(text == s["expect_text"], f"streamed text {text!r}")
        expect(len(asked) == 1, f"{len(asked)} elicitation requests")
        expect(asked[0].message == s["ask_user"]["question"], f"asked {asked[0].message!r}")
        expect(asked[0].session_id == self.session_id, f"asked for session {asked[0].session_id}")
        call = next(u for u in updates if isinstance(u, SessionUpdateToolCall))
        expect(call.name == "ask_user", f"tool call {call.name}")
        done = next(u for u in updates if isinstance(u, SessionUpdateToolResult))
        expect(done.raw_output == s["expect_tool_output"], f"tool result {done.raw_output!r}")

    async def upload(self, s: dict[str, Any]) -> None:
        size = s["size_bytes"]
        data = (bytes(range(251)) * (size // 251 + 1))[:size]  # byte at offset i = i % 251
        progress: list[int] = []
        entry = await self.client.upload(
            self.session_id,
            data,
            filename=s["filename"],
            declare_sha256=s["declare_sha256"],
            on_progress=lambda received, _total: progress.append(received),
        )
        expect(len(progress) == s["expect_chunks"], f"{len(progress)} chunks")
        expect(progress[0] == s["chunk_bytes"], f"first chunk {progress[0]} bytes")
        expect(entry.size_bytes == size, f"size_bytes {entry.size_bytes}")
        expect(entry.ref_id == f"sha256:{hashlib.sha256(data).hexdigest()}", f"ref_id {entry.ref_id}")
        expect(entry.filename == s["filename"], f"filename {entry.filename}")

    async def session_messages(self, s: dict[str, Any]) -> None:
        result = await self.client.session_messages(session_id=self.session_id)
        roles = [m.role for m in result.messages]
        kinds = [m.kind for m in result.messages]
        expect(roles == s["expect_roles_in_order"], f"roles {roles}")
        expect(kinds == s["expect_kinds_in_order"], f"kinds {kinds}")


async def main(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    failed = 0
    async with connect(os.environ["ZEROCLAW_SOCKET"]) as client:
        scenario = Scenario(client, spec)
        for name in spec["steps"]:
            step: Callable[[dict[str, Any]], Awaitable[None]] = getattr(scenario, name)
            try:
                async with asyncio.timeout(STEP_TIMEOUT_S):
                    await step(spec[name])
                print(f"ok {name}", flush=True)
            except Exception as e:  # every failure is reported, then the next step runs
                failed += 1
                print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 2 or "ZEROCLAW_SOCKET" not in os.environ:
        sys.exit("usage: ZEROCLAW_SOCKET=<socket> scenario.py <scenario.json>")
    sys.exit(asyncio.run(main(sys.argv[1])))
