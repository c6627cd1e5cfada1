package zeroclaw

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// RPCError is a JSON-RPC error object as the daemon sent it. Calls return the typed error for its code
// (*InvalidParamsError, *VersionMismatchError, …), which unwraps to this; a code openrpc.json does not
// declare comes back as a bare *RPCError.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string {
	if reason, err := peekTag(e.Data, "reason"); err == nil {
		return fmt.Sprintf("zeroclaw: %s (%d %s)", e.Message, e.Code, reason)
	}
	return fmt.Sprintf("zeroclaw: %s (%d)", e.Message, e.Code)
}

// UnknownVariant is a tagged-union value whose tag this client was not generated with (a newer daemon):
// Tag is the tag's value, Raw the whole object.
type UnknownVariant struct {
	Tag string
	Raw json.RawMessage
}

// Ptr returns a pointer to v, for optional members: SessionMessagesParams{Limit: zeroclaw.Ptr[int64](10)}.
func Ptr[T any](v T) *T { return &v }

// peekTag reads one string member of a JSON object without decoding the rest.
func peekTag(data []byte, key string) (string, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return "", err
	}
	raw, ok := members[key]
	if !ok {
		return "", fmt.Errorf("zeroclaw: no %q member", key)
	}
	var tag string
	if err := json.Unmarshal(raw, &tag); err != nil {
		return "", fmt.Errorf("zeroclaw: %q member: %w", key, err)
	}
	return tag, nil
}

// marshalTagged encodes a union variant with its tag as the first member.
func marshalTagged(key, tag string, v any) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, errors.New("zeroclaw: a union variant must encode as an object")
	}
	head, _ := json.Marshal(map[string]string{key: tag})
	if bytes.Equal(body, []byte("{}")) {
		return head, nil
	}
	out := make([]byte, 0, len(head)+len(body))
	out = append(out, head[:len(head)-1]...)
	out = append(out, ',')
	return append(out, body[1:]...), nil
}

// invalidParams is what a daemon → client request handler answers when its params do not decode.
func invalidParams(err error) *RPCError {
	data, _ := json.Marshal(map[string]any{
		"reason": "invalid_params",
		"errors": []map[string]string{{"path": "", "message": err.Error()}},
	})
	return &RPCError{Code: CodeInvalidParams, Message: "Invalid params", Data: data}
}

// request and response are the two envelopes this client writes (SPEC §3).
type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      string `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// incoming is any envelope the daemon writes; which members are present tells requests, notifications
// and responses apart (a json.RawMessage is nil when its member is absent, "null" when it is null).
type incoming struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}
