package runtime

// The server's side of a stream connection: its requests and notifications, routed by the reader
// goroutine to the handlers the generated Handle… and On… methods register.

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
)

type requestHandler func(ctx context.Context, params json.RawMessage) (any, error)
type notificationHandler func(params json.RawMessage) error

func (c *Client) handle(method string, h requestHandler) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests[method] = h
}

func (c *Client) onNotification(method string, h notificationHandler) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.notifications[method] = h
}

// serve registers fn, a typed Handle…/On… callback, for the server's method: a request handler
// func(context.Context, params…) (R, error) or a notification callback func(params…). By name, the
// params object decodes into fn's one param; by position, the params array into its params in order.
func (c *Client) serve(method string, byName bool, fn any) {
	f := reflect.ValueOf(fn)
	request := f.Type().NumOut() == 2
	args := func(ctx context.Context, raw json.RawMessage) ([]reflect.Value, error) {
		in := make([]reflect.Value, f.Type().NumIn())
		var ptrs []any
		for i := range in {
			if request && i == 0 {
				in[0] = reflect.ValueOf(ctx)
				continue
			}
			p := reflect.New(f.Type().In(i))
			in[i] = p.Elem()
			ptrs = append(ptrs, p.Interface())
		}
		switch {
		case len(ptrs) == 0:
			return in, nil
		case byName:
			return in, decodeParams(raw, ptrs[0])
		}
		return in, decodePositional(raw, ptrs...)
	}
	if !request {
		c.onNotification(method, func(raw json.RawMessage) error {
			in, err := args(c.ctx, raw)
			if err == nil {
				f.Call(in)
			}
			return err
		})
		return
	}
	c.handle(method, func(ctx context.Context, raw json.RawMessage) (any, error) {
		in, err := args(ctx, raw)
		if err != nil {
			return nil, invalidParams(err)
		}
		out := f.Call(in)
		if err, _ := out[1].Interface().(error); err != nil {
			return nil, err
		}
		return out[0].Interface(), nil
	})
}

func (c *Client) notified(method string, params json.RawMessage) {
	c.mu.Lock()
	h := c.notifications[method]
	c.mu.Unlock()
	if h == nil {
		return
	}
	if err := h(params); err != nil {
		c.logf("dropping a %s notification: %v", method, err)
	}
}

// answer replies to a request from the server with its handler's result, or an error (-32601
// without a handler, the handler's *RPCError as it is, any other error as -32603).
func (c *Client) answer(id json.RawMessage, method string, params json.RawMessage) {
	c.mu.Lock()
	h := c.requests[method]
	c.mu.Unlock()
	reply := response{JSONRPC: "2.0", ID: id}
	internal := func(err error) *RPCError {
		data, _ := json.Marshal(map[string]string{"reason": "internal_error"})
		return &RPCError{Code: -32603, Message: err.Error(), Data: data}
	}
	if h == nil {
		data, _ := json.Marshal(map[string]string{"reason": "method_not_found", "method": method})
		reply.Error = &RPCError{Code: -32601, Message: "Method not found", Data: data}
	} else if result, err := h(c.ctx, params); err != nil {
		if !errors.As(err, &reply.Error) {
			reply.Error = internal(err)
		}
	} else if reply.Result, err = marshal(result); err != nil {
		reply.Result, reply.Error = nil, internal(err)
	}
	frame, err := encodeFrame(reply, c.maxFrame)
	if err == nil {
		err = c.write(frame)
	}
	if err != nil {
		c.logf("could not answer %s: %v", method, err)
	}
}
