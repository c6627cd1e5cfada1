// Package zeroclaw is a client for the zeroclaw daemon's JSON-RPC 2.0 socket (NDJSON over a Unix
// socket), generated from the daemon's openrpc.json.
//
// The *_gen.go files are generated: one method on *Client per client → daemon method, a struct per
// params object and result, string enums, tagged unions (an interface per union, one struct per
// variant, a Decode function per union), an error type per error code carrying its typed data, and
// hooks for daemon → client traffic (HandleElicitationCreate, OnSessionUpdate). The rest (client.go,
// framing.go, dial.go, wire.go, upload.go) is the small hand-written runtime: the socket, NDJSON framing,
// zc-out-N request ids, routing responses to callers, answering daemon → client requests, and the
// chunked-upload helper.
package zeroclaw
