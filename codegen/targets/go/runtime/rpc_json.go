package runtime

// The JSON side of the generated types: encoding without HTML escaping (the bytes sent are the
// bytes given), decoding that knows the generated tagged and untagged unions (Go cannot decode into
// an interface by itself), members that may be absent, null or a value (Nullable), dictionaries
// that keep their members' order (Map), and params sent by position.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// marshal encodes v like json.Marshal, without escaping <, > and &.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func isNull(data []byte) bool { return string(bytes.TrimSpace(data)) == "null" }

// unionDecoders holds the Decode function of every union interface of the package, by type; each
// union registers itself in an init function of the generated code.
var unionDecoders = map[reflect.Type]func([]byte) (any, error){}

func registerUnion[T any](decode func([]byte) (T, error)) {
	unionDecoders[reflect.TypeOf((*T)(nil)).Elem()] = func(data []byte) (any, error) { return decode(data) }
}

var unmarshalerType = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

// decodeValue decodes data into *ptr, unions included wherever they are (in slices, pointers,
// Maps, Nullables, struct members).
func decodeValue(data []byte, ptr any) error {
	return decodeInto(data, reflect.ValueOf(ptr).Elem())
}

func decodeInto(data []byte, v reflect.Value) error {
	t := v.Type()
	if decode, ok := unionDecoders[t]; ok {
		if isNull(data) {
			v.Set(reflect.Zero(t))
			return nil
		}
		u, err := decode(data)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(u))
		return nil
	}
	if !reflect.PtrTo(t).Implements(unmarshalerType) {
		switch t.Kind() {
		case reflect.Pointer:
			if isNull(data) {
				v.Set(reflect.Zero(t))
				return nil
			}
			p := reflect.New(t.Elem())
			if err := decodeInto(data, p.Elem()); err != nil {
				return err
			}
			v.Set(p)
			return nil
		case reflect.Slice:
			if t.Elem().Kind() == reflect.Uint8 {
				break
			}
			var items []json.RawMessage
			if err := json.Unmarshal(data, &items); err != nil {
				return err
			}
			if items == nil {
				v.Set(reflect.Zero(t))
				return nil
			}
			s := reflect.MakeSlice(t, len(items), len(items))
			for i, item := range items {
				if err := decodeInto(item, s.Index(i)); err != nil {
					return fmt.Errorf("item %d: %w", i, err)
				}
			}
			v.Set(s)
			return nil
		}
	}
	return json.Unmarshal(data, v.Addr().Interface())
}

// decodeObject decodes a JSON object into the struct *v member by member (by each field's json
// name), so that members holding unions decode too. Members the struct does not declare are skipped.
func decodeObject(data []byte, v any) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil {
		return err
	}
	rv := reflect.ValueOf(v).Elem()
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if raw, ok := members[name]; ok && f.IsExported() {
			if err := decodeInto(raw, rv.Field(i)); err != nil {
				return fmt.Errorf("member %q: %w", name, err)
			}
		}
	}
	return nil
}

// UnknownVariant is a tagged-union value whose tag this package was not generated with (a newer
// server): Tag is the tag member's value (a string, float64 or bool), Raw the whole object. It
// encodes back to Raw.
type UnknownVariant struct {
	Tag any
	Raw json.RawMessage
}

// MarshalJSON writes the object as it arrived.
func (u UnknownVariant) MarshalJSON() ([]byte, error) {
	if u.Raw == nil {
		return []byte("null"), nil
	}
	return u.Raw, nil
}

// decodeTagged decodes a tagged-union object: variant returns a pointer to the struct for a tag
// value (nil for a value it does not know, which makes an *UnknownVariant).
func decodeTagged(data []byte, key string, variant func(tag any) any) (any, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return nil, fmt.Errorf("a tagged union is a JSON object, got %.40s", data)
	}
	raw, ok := members[key]
	if !ok {
		return nil, fmt.Errorf("the object has no %q member to tell its variant", key)
	}
	var tag any
	if err := json.Unmarshal(raw, &tag); err != nil {
		return nil, err
	}
	v := variant(tag)
	if v == nil {
		return &UnknownVariant{Tag: tag, Raw: append(json.RawMessage(nil), data...)}, nil
	}
	return v, decodeValue(data, v)
}

// decodeUntagged decodes the first of the candidates (pointers) that data fits: first refusing
// members a struct does not declare, then accepting them.
func decodeUntagged(data []byte, union string, candidates ...any) (any, error) {
	if isNull(data) {
		return nil, fmt.Errorf("null is not a %s", union)
	}
	for _, strict := range []bool{true, false} {
		for _, c := range candidates {
			if decodeStrictly(data, c, strict) == nil {
				return c, nil
			}
		}
	}
	return nil, fmt.Errorf("%.60s fits none of the variants of %s", data, union)
}

// decodeStrictly decodes data into *ptr; strictly, a generated struct (its fields have json tags)
// must also declare every member data has, and data must have every member the struct requires
// (the fields without omitempty).
func decodeStrictly(data []byte, ptr any, strict bool) error {
	t := reflect.TypeOf(ptr).Elem()
	if strict && t.Kind() == reflect.Struct && t.NumField() > 0 && t.Field(0).Tag.Get("json") != "" {
		var members map[string]json.RawMessage
		if err := json.Unmarshal(data, &members); err != nil || members == nil {
			return fmt.Errorf("not an object: %.40s", data)
		}
		for i := 0; i < t.NumField(); i++ {
			name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if _, ok := members[name]; !ok && !strings.Contains(opts, "omitempty") {
				return fmt.Errorf("no %q member", name)
			}
			delete(members, name)
		}
		for name := range members {
			return fmt.Errorf("a member %q the variant does not declare", name)
		}
	}
	return decodeValue(data, ptr)
}

// Ptr returns a pointer to v, for optional members: Params{Limit: Ptr[int64](10)}.
func Ptr[T any](v T) *T { return &v }

// Nullable is a member that may be absent, null or a value: a nil Nullable is left out, NullValue
// is sent as null, NullableOf(v) as v. (A map, so that `omitempty` leaves the absent one out.)
type Nullable[T any] map[bool]T

// NullableOf is a Nullable holding v.
func NullableOf[T any](v T) Nullable[T] { return Nullable[T]{true: v} }

// NullValue is a Nullable holding null.
func NullValue[T any]() Nullable[T] { var zero T; return Nullable[T]{false: zero} }

// Get returns the value and true, or false when the member is null or absent.
func (n Nullable[T]) Get() (T, bool) { v, ok := n[true]; return v, ok }

// IsNull reports whether the member is present and null.
func (n Nullable[T]) IsNull() bool { _, ok := n[false]; return ok && len(n) == 1 }

// MarshalJSON writes the value, or null.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if v, ok := n[true]; ok {
		return marshal(v)
	}
	return []byte("null"), nil
}

// UnmarshalJSON reads null or a value.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	var v T
	if isNull(data) {
		*n = Nullable[T]{false: v}
		return nil
	}
	if err := decodeValue(data, &v); err != nil {
		return err
	}
	*n = Nullable[T]{true: v}
	return nil
}

// Map is a JSON object used as a dictionary. It keeps its members in the order they arrived (then
// were set), so a value decoded and encoded again is the same JSON text; the zero Map is empty and
// ready to use.
type Map[V any] struct {
	keys   []string
	values map[string]V
}

// MapOf is a Map holding the entries of m, in the order of their keys.
func MapOf[V any](m map[string]V) Map[V] {
	var out Map[V]
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out.Set(k, m[k])
	}
	return out
}

// Get returns the value under key and whether there is one.
func (m Map[V]) Get(key string) (V, bool) { v, ok := m.values[key]; return v, ok }

// Set puts value under key: at the end when the key is new, in its place otherwise.
func (m *Map[V]) Set(key string, value V) {
	if m.values == nil {
		m.values = map[string]V{}
	}
	if _, ok := m.values[key]; !ok {
		m.keys = append(m.keys, key)
	}
	m.values[key] = value
}

// Delete removes key.
func (m *Map[V]) Delete(key string) {
	if _, ok := m.values[key]; !ok {
		return
	}
	delete(m.values, key)
	for i, k := range m.keys {
		if k == key {
			m.keys = append(m.keys[:i:i], m.keys[i+1:]...)
			break
		}
	}
}

// Keys returns the keys in order.
func (m Map[V]) Keys() []string { return append([]string(nil), m.keys...) }

// Len is the number of entries.
func (m Map[V]) Len() int { return len(m.keys) }

// Std returns the entries as a Go map.
func (m Map[V]) Std() map[string]V {
	out := make(map[string]V, len(m.keys))
	for k, v := range m.values {
		out[k] = v
	}
	return out
}

// MarshalJSON writes the object with its members in order.
func (m Map[V]) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, k := range m.keys {
		key, err := marshal(k)
		if err != nil {
			return nil, err
		}
		value, err := marshal(m.values[k])
		if err != nil {
			return nil, fmt.Errorf("member %q: %w", k, err)
		}
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(append(append(buf, key...), ':'), value...)
	}
	return append(buf, '}'), nil
}

// UnmarshalJSON reads an object, keeping the order of its members (null is the empty Map).
func (m *Map[V]) UnmarshalJSON(data []byte) error {
	*m = Map[V]{}
	if isNull(data) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("a map is a JSON object, got %.40s", data)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		var v V
		if err := decodeValue(raw, &v); err != nil {
			return fmt.Errorf("member %q: %w", key, err)
		}
		m.Set(key, v)
	}
	_, err := dec.Token()
	return err
}

// positional is the params array of a call by position: optional arguments at the end that are
// nil are left out; a nil one before a given one is sent as null. required counts the leading
// arguments that are always sent.
func positional(required int, args ...any) []any {
	end := len(args)
	for end > required && isNil(args[end-1]) {
		end--
	}
	return append([]any{}, args[:end]...)
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// decodePositional decodes a params array into ptrs, in order (missing trailing ones stay zero).
func decodePositional(data []byte, ptrs ...any) error {
	var items []json.RawMessage
	if len(data) > 0 && !isNull(data) {
		if err := json.Unmarshal(data, &items); err != nil {
			return errors.New("params must be an array")
		}
	}
	for i, p := range ptrs {
		if i < len(items) {
			if err := decodeValue(items[i], p); err != nil {
				return fmt.Errorf("param %d: %w", i, err)
			}
		}
	}
	return nil
}

// decodeParams decodes by-name params into ptr (absent params are an empty object).
func decodeParams(data []byte, ptr any) error {
	if len(data) == 0 {
		data = []byte("{}")
	}
	return decodeValue(data, ptr)
}
