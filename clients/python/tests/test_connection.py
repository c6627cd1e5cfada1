"""The generated client's socket connection over a real Unix socket: framing, ids, routing, the end of stream."""

from __future__ import annotations

import asyncio
import json
import unittest

from zeroclaw_client import (
    Client,
    ClientCapabilities,
    ClientCapabilitiesElicitation,
    ConnectionClosedError,
    ElicitationCreateParams,
    ElicitationCreateResult,
    FrameTooLargeError,
    InvalidEntryData,
    InvalidParamsError,
    InvalidRequestError,
    SessionBusyError,
    RpcError,
    SessionNotFoundError,
    SessionUpdateAgentMessageChunk,
    SessionUpdateParams,
    SessionUpdateTurnComplete,
    UnknownVariant,
    Subscription,
)

from peer import WAIT_S, ScriptedDaemon

SID = "s_01"


def chunk(text: str) -> dict:
    return {"sessionId": SID, "type": "agent_message_chunk", "text": text}


def turn_complete() -> dict:
    return {"sessionId": SID, "type": "turn_complete", "turnId": "t1", "outcome": "completed", "content": "ab"}


def update(params: dict) -> dict:
    return {"jsonrpc": "2.0", "method": "session/update", "params": params}


class ConnectionTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.daemon = await ScriptedDaemon().start()
        self.client = await Client.connect(self.daemon.path, max_frame_bytes=64 * 1024)

    async def asyncTearDown(self) -> None:
        await self.client.close()
        await self.daemon.stop()

    async def test_requests_are_numbered_zc_out_and_answered_out_of_order(self) -> None:
        first = asyncio.create_task(self.client.session_close(session_id="a"))
        second = asyncio.create_task(self.client.session_close(session_id="b"))
        r1, r2 = await self.daemon.receive(), await self.daemon.receive()
        self.assertEqual([r1["id"], r2["id"]], ["zc-out-0", "zc-out-1"])
        self.assertEqual(r1, {"jsonrpc": "2.0", "id": "zc-out-0", "method": "session/close", "params": {"session_id": "a"}})
        await self.daemon.answer(r2, {"session_id": "b", "closed": True})
        await self.daemon.answer(r1, {"session_id": "a", "closed": True})
        self.assertEqual((await first).session_id, "a")
        self.assertEqual((await second).session_id, "b")

    async def test_an_error_is_the_typed_exception_with_typed_data(self) -> None:
        call = asyncio.create_task(self.client.config_set_many(sets=[]))
        request = await self.daemon.receive()
        data = {"reason": "invalid_entry", "index": 1, "prop": "sessions.max_live", "errors": []}
        await self.daemon.fail(request, -32602, "Invalid config entry", data)
        with self.assertRaises(InvalidParamsError) as caught:
            await call
        e = caught.exception
        self.assertEqual((e.code, e.message, e.reason), (-32602, "Invalid config entry", "invalid_entry"))
        self.assertEqual(e.data, InvalidEntryData(index=1, prop="sessions.max_live", errors=[]))
        self.assertEqual(e.raw_data, data)

    async def test_unknown_codes_and_reasons_still_raise_with_the_raw_data(self) -> None:
        call = asyncio.create_task(self.client.status())
        await self.daemon.fail(await self.daemon.receive(), -32099, "new error", {"reason": "brand_new"})
        with self.assertRaises(RpcError) as caught:
            await call
        self.assertIs(type(caught.exception), RpcError)
        self.assertEqual((caught.exception.code, caught.exception.raw_data), (-32099, {"reason": "brand_new"}))
        call = asyncio.create_task(self.client.session_kill(session_id="x"))
        await self.daemon.fail(await self.daemon.receive(), -32000, "gone", {"reason": "not_a_known_reason"})
        with self.assertRaises(SessionNotFoundError) as caught2:
            await call
        # A reason this client does not know is kept, as any unknown tag is (codegen/README.md).
        self.assertEqual(caught2.exception.data, UnknownVariant("not_a_known_reason", {"reason": "not_a_known_reason"}))
        self.assertEqual(caught2.exception.reason, "not_a_known_reason")

    async def test_responses_to_no_pending_request_are_ignored(self) -> None:
        call = asyncio.create_task(self.client.session_delete(session_id="d"))
        request = await self.daemon.receive()
        with self.assertLogs("zeroclaw_client", "DEBUG") as logs:
            await self.daemon.send({"jsonrpc": "2.0", "id": "zc-out-99", "result": {"bogus": True}})
            await self.daemon.send({"jsonrpc": "2.0", "id": 7, "result": None})
            await self.daemon.send(b"not json\n\n   \n")
            await self.daemon.answer(request, {"session_id": "d", "deleted": True})
            self.assertTrue((await call).deleted)
        self.assertEqual(len(logs.output), 3)  # two stray responses, one bad frame; blank lines skipped

    async def test_crlf_frames_and_long_lines(self) -> None:
        call = asyncio.create_task(self.client.session_new(agent="default"))
        request = await self.daemon.receive()
        long_dir = "/w/" + "x" * 300_000  # far past asyncio's 64 KiB default line limit
        body = {"session_id": "n", "agent": "default", "mode": "acp", "workspace_dir": long_dir, "agent_alias": "default", "message_count": 0}
        await self.daemon.send(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": body}).encode() + b"\r\n")
        self.assertEqual((await call).workspace_dir, long_dir)

    async def test_updates_arrive_typed_in_order_before_the_response(self) -> None:
        seen: list[SessionUpdateParams] = []
        remove = self.client.on_session_update(seen.append)
        call = asyncio.create_task(self.client.session_prompt(session_id=SID, prompt="hi"))
        request = await self.daemon.receive()
        for params in [chunk("a"), chunk("b"), turn_complete()]:
            await self.daemon.send(update(params))
        result = {"session_id": SID, "turn_id": "t1", "outcome": "completed", "stop_reason": "end_turn", "content": "ab"}
        await self.daemon.answer(request, result)
        self.assertEqual((await call).content, "ab")
        # Listeners ran before the response resolved the call: nothing to wait for.
        self.assertEqual([type(u) for u in seen], [SessionUpdateAgentMessageChunk] * 2 + [SessionUpdateTurnComplete])
        self.assertEqual(seen[0], SessionUpdateAgentMessageChunk(session_id=SID, text="a"))
        remove()
        await self.daemon.send(update(chunk("late")))
        await self._round_trip()  # frames are handled in order: the late update has been by now
        self.assertEqual(len(seen), 3)

    async def _round_trip(self) -> None:
        call = asyncio.create_task(self.client.session_close(session_id="sync"))
        await self.daemon.answer(await self.daemon.receive(), {"session_id": "sync", "closed": True})
        await call

    async def test_update_stream_keeps_order_drops_what_does_not_decode_and_ends_with_the_connection(self) -> None:
        with self.client.session_update_events() as stream, self.assertLogs("zeroclaw_client", "WARNING") as logs:
            await self.daemon.send(update({**chunk("other"), "sessionId": "s_02"}))
            await self.daemon.send(update({"sessionId": SID}))  # no tag: does not decode; dropped, logged
            await self.daemon.send(update({"sessionId": SID, "type": "no_such_type"}))  # kept as UnknownVariant
            await self.daemon.send(update(chunk("mine")))
            await self.daemon.send(update(turn_complete()))
            await self.daemon.send(update(chunk("next turn")))
            got = [u async for u in stream.until(lambda u: isinstance(u, SessionUpdateTurnComplete))]
            self.assertEqual([getattr(u, "text", None) for u in got], ["other", None, "mine", None])
            self.assertEqual(got[1], UnknownVariant("no_such_type", {"sessionId": SID, "type": "no_such_type"}))
            self.assertEqual([getattr(u, "session_id", None) for u in got], ["s_02", None, SID, SID])
            self.assertIsInstance(await asyncio.wait_for(anext(stream), WAIT_S), SessionUpdateAgentMessageChunk)
            await self.daemon.hang_up()
            rest = await asyncio.wait_for(_drain(stream), WAIT_S)
            self.assertEqual(rest, [])
        self.assertIn("missing tag", logs.output[0])

    async def test_elicitation_requests_reach_the_handler_and_its_answer_goes_back(self) -> None:
        asked: list[ElicitationCreateParams] = []

        @self.client.on_elicitation_create
        async def answer(params: ElicitationCreateParams) -> ElicitationCreateResult:
            asked.append(params)
            return ElicitationCreateResult(action="accept", content={"answer": "blue"})

        await self.daemon.send(
            {"jsonrpc": "2.0", "id": "zc-out-0", "method": "elicitation/create", "params": {"sessionId": SID, "mode": "form", "message": "Which?"}}
        )
        response = await self.daemon.receive()
        self.assertEqual(response, {"jsonrpc": "2.0", "id": "zc-out-0", "result": {"action": "accept", "content": {"answer": "blue"}}})
        self.assertEqual(asked, [ElicitationCreateParams(session_id=SID, message="Which?")])

    async def test_initialize_sends_the_capabilities_it_is_given(self) -> None:
        call = asyncio.create_task(
            self.client.initialize(protocol_version=1, client_capabilities=ClientCapabilities(elicitation=ClientCapabilitiesElicitation(form={})))
        )
        request = await self.daemon.receive()
        self.assertEqual(request["params"], {"protocolVersion": 1, "clientCapabilities": {"elicitation": {"form": {}}}})
        await self.daemon.fail(request, -32600, "Invalid request", {"reason": "already_initialized"})
        with self.assertRaises(InvalidRequestError):
            await call

    async def test_until_done_ends_the_stream_with_the_call_keeping_every_update_before_it(self) -> None:
        with self.client.session_update_events() as stream:
            call = asyncio.create_task(self.client.session_prompt(session_id=SID, prompt="hi"))
            request = await self.daemon.receive()
            await self.daemon.send(update(chunk("a")))
            await self.daemon.send(update(chunk("b")))
            await self.daemon.fail(request, -32002, "Session busy", {"reason": "session_busy", "session_id": SID})
            got = [u async for u in stream.until_done(call)]
        self.assertEqual([getattr(u, "text", None) for u in got], ["a", "b"])
        with self.assertRaises(SessionBusyError):
            await call

    async def test_handler_errors_bad_params_and_unknown_methods_are_answered(self) -> None:
        async def refuse(params: ElicitationCreateParams) -> ElicitationCreateResult:
            raise InvalidParamsError("no thanks", raw_data={"reason": "invalid_params", "errors": []})

        self.client.on_elicitation_create(refuse)
        await self.daemon.send({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {"sessionId": SID, "mode": "form", "message": "?"}})
        self.assertEqual((await self.daemon.receive())["error"], {"code": -32602, "message": "no thanks", "data": {"reason": "invalid_params", "errors": []}})
        await self.daemon.send({"jsonrpc": "2.0", "id": 2, "method": "elicitation/create", "params": {"sessionId": SID, "mode": "form"}})
        bad = (await self.daemon.receive())["error"]
        self.assertEqual((bad["code"], bad["data"]["reason"], bad["data"]["errors"][0]["path"]), (-32602, "invalid_params", "/message"))
        await self.daemon.send({"jsonrpc": "2.0", "id": 3, "method": "nobody/serves", "params": {}})
        missing = await self.daemon.receive()
        self.assertEqual(missing, {"jsonrpc": "2.0", "id": 3, "error": {"code": -32601, "message": "Method not found", "data": {"reason": "method_not_found", "method": "nobody/serves"}}})

    async def test_a_frame_over_the_limit_is_refused_before_it_is_sent(self) -> None:
        with self.assertRaises(FrameTooLargeError):
            await self.client.session_prompt(session_id=SID, prompt="x" * 70_000)
        call = asyncio.create_task(self.client.status())
        self.assertEqual((await self.daemon.receive())["method"], "status")  # the connection goes on
        call.cancel()

    async def test_end_of_stream_fails_pending_calls_and_later_ones(self) -> None:
        call = asyncio.create_task(self.client.status())
        await self.daemon.receive()
        await self.daemon.hang_up()
        with self.assertRaises(ConnectionClosedError):
            await asyncio.wait_for(call, WAIT_S)
        await asyncio.wait_for(self.client.connection.wait_closed(), WAIT_S)
        self.assertTrue(self.client.connection.closed)
        with self.assertRaises(ConnectionClosedError):
            await self.client.status()


async def _drain(stream: Subscription[SessionUpdateParams]) -> list[SessionUpdateParams]:
    return [u async for u in stream]


if __name__ == "__main__":
    unittest.main()
