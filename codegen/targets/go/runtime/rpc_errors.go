package runtime

// Errors as values: a JSON-RPC error response is an *RPCError; a call returns the error type the
// document declares for its code instead (which unwraps to the *RPCError), matched first among the
// errors the method declares, then among all the document's errors.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// RPCError is a JSON-RPC error object as the server sent it. A declared error arrives as its
// generated type, which embeds it (Code, Message and raw Data) with its Data typed, and which
// errors.As finds an *RPCError in; an error the document does not declare arrives as an *RPCError.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// As lets errors.As find the *RPCError inside a declared error type, which embeds it.
func (e *RPCError) As(target any) bool {
	if t, ok := target.(**RPCError); ok {
		*t = e
		return true
	}
	return false
}

func (e *RPCError) Error() string {
	var data struct {
		Reason string `json:"reason"`
	}
	if json.Unmarshal(e.Data, &data) == nil && data.Reason != "" {
		return fmt.Sprintf("rpc error %d: %s (%s)", e.Code, e.Message, data.Reason)
	}
	return fmt.Sprintf("rpc error %d: %s", e.Code, e.Message)
}

// ErrClosed is wrapped by the error of every call the connection's end cut short, and of every call
// made after it.
var ErrClosed = errors.New("connection closed")

// closedError is ErrClosed with its cause: errors.Is(err, ErrClosed) holds, and errors.As finds the
// server's typed error when it announced one before closing.
type closedError struct{ cause error }

func (e *closedError) Error() string {
	if errors.Is(e.cause, io.EOF) {
		return ErrClosed.Error() + " by the server"
	}
	return ErrClosed.Error() + ": " + e.cause.Error()
}

func (e *closedError) Is(target error) bool { return target == ErrClosed }
func (e *closedError) Unwrap() error        { return e.cause }

// errorSpec is one declared error: its code, its message in the document, and how to build its type.
type errorSpec struct {
	code    int
	message string
	build   func(*RPCError) error
}

// documentErrors is every error the document declares (set by the generated code).
var documentErrors []errorSpec

// typed turns an *RPCError into the declared error it is; any other error is returned as it is.
func typed(err error, declared []errorSpec) error {
	var wire *RPCError
	if !errors.As(err, &wire) || err != error(wire) {
		return err
	}
	for _, specs := range [][]errorSpec{declared, documentErrors} {
		if spec := match(wire, specs); spec != nil {
			return spec.build(wire)
		}
	}
	return wire
}

// match finds the spec for wire's code: the only one with that code, else the one whose message is
// wire's too.
func match(wire *RPCError, specs []errorSpec) *errorSpec {
	var found []*errorSpec
	for i := range specs {
		if specs[i].code == wire.Code {
			found = append(found, &specs[i])
		}
	}
	if len(found) == 1 {
		return found[0]
	}
	for _, s := range found {
		if s.message == wire.Message {
			return s
		}
	}
	return nil
}

// decodeErrorData fills *into from an error's data; it stays zero when there is none, when it does
// not decode, or (reason given) when its "reason" member says another reason.
func decodeErrorData(data json.RawMessage, into any, reason string) {
	if len(data) == 0 || isNull(data) {
		return
	}
	if reason != "" {
		var tagged struct {
			Reason string `json:"reason"`
		}
		if json.Unmarshal(data, &tagged) != nil || tagged.Reason != reason {
			return
		}
	}
	_ = decodeValue(data, into)
}

// invalidParams is what a handler for the server's requests answers when the params do not decode.
func invalidParams(err error) *RPCError {
	data, _ := json.Marshal(map[string]any{
		"reason": "invalid_params",
		"errors": []map[string]string{{"path": "", "message": err.Error()}},
	})
	return &RPCError{Code: -32602, Message: "Invalid params", Data: data}
}
