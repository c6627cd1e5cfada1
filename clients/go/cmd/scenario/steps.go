package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

// scenario is clients/scenario.json: the steps and what each expects.
type scenario struct {
	Steps                []string `json:"steps"`
	InitializeBadVersion struct {
		ProtocolVersion zeroclaw.ProtocolVersion `json:"protocolVersion"`
		ExpectError     struct {
			Code      int             `json:"code"`
			Reason    string          `json:"reason"`
			Requested json.RawMessage `json:"requested"`
			Supported []int64         `json:"supported"`
		} `json:"expect_error"`
	} `json:"initialize_bad_version"`
	Initialize struct {
		ProtocolVersion       zeroclaw.ProtocolVersion `json:"protocolVersion"`
		ClientInfo            zeroclaw.ClientInfo      `json:"clientInfo"`
		ExpectProtocolVersion int64                    `json:"expect_protocol_version"`
	} `json:"initialize"`
	Status struct {
		ExpectConnectionsLocalAtLeast int64 `json:"expect_connections_local_at_least"`
	} `json:"status"`
	ConfigSetMany        zeroclaw.ConfigSetManyParams `json:"config_set_many"`
	ConfigSetManyInvalid struct {
		Sets        []zeroclaw.ConfigEntry `json:"sets"`
		ExpectError struct {
			Code   int    `json:"code"`
			Reason string `json:"reason"`
			Index  int64  `json:"index"`
			Prop   string `json:"prop"`
		} `json:"expect_error"`
	} `json:"config_set_many_invalid"`
	SessionNew struct {
		Agent           string               `json:"agent"`
		SessionIDPrefix string               `json:"session_id_prefix"`
		ExpectMode      zeroclaw.SessionMode `json:"expect_mode"`
	} `json:"session_new"`
	SessionPrompt struct {
		Prompt  string `json:"prompt"`
		AskUser struct {
			Question string   `json:"question"`
			Choices  []string `json:"choices"`
		} `json:"ask_user"`
		Answer                   zeroclaw.ElicitationCreateResult `json:"answer"`
		ExpectOutcome            zeroclaw.TurnOutcome             `json:"expect_outcome"`
		ExpectUpdateTypesInOrder []string                         `json:"expect_update_types_in_order"`
		ExpectText               string                           `json:"expect_text"`
	} `json:"session_prompt"`
	Upload struct {
		Filename      string `json:"filename"`
		SizeBytes     int64  `json:"size_bytes"`
		DeclareSHA256 bool   `json:"declare_sha256"`
		ExpectChunks  int    `json:"expect_chunks"`
	} `json:"upload"`
	SessionMessages struct {
		ExpectRolesInOrder []zeroclaw.TranscriptRole `json:"expect_roles_in_order"`
		ExpectKindsInOrder []zeroclaw.TranscriptKind `json:"expect_kinds_in_order"`
	} `json:"session_messages"`
}

type runner struct {
	c         *zeroclaw.Client
	sc        *scenario
	sessionID string

	mu        sync.Mutex
	updates   []zeroclaw.SessionUpdateParams
	questions []string
}

func newRunner(c *zeroclaw.Client, sc *scenario) *runner {
	r := &runner{c: c, sc: sc}
	c.OnSessionUpdate(func(u zeroclaw.SessionUpdateParams) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.updates = append(r.updates, u)
	})
	c.HandleElicitationCreate(func(ctx context.Context, p *zeroclaw.ElicitationCreateParams) (*zeroclaw.ElicitationCreateResult, error) {
		r.mu.Lock()
		r.questions = append(r.questions, p.Message)
		r.mu.Unlock()
		answer := r.sc.SessionPrompt.Answer
		return &answer, nil
	})
	return r
}

func (r *runner) initializeBadVersion(ctx context.Context) error {
	want := r.sc.InitializeBadVersion
	_, err := r.c.Initialize(ctx, &zeroclaw.InitializeParams{ProtocolVersion: zeroclaw.Ptr(want.ProtocolVersion)})
	var mismatch *zeroclaw.VersionMismatchError
	if !errors.As(err, &mismatch) {
		return fmt.Errorf("want a *VersionMismatchError, got %v", err)
	}
	var wire *zeroclaw.RPCError
	if !errors.As(err, &wire) || wire.Code != want.ExpectError.Code {
		return fmt.Errorf("want code %d, got %v", want.ExpectError.Code, err)
	}
	if mismatch.Data == nil {
		return fmt.Errorf("no typed data in %v", err)
	}
	if string(mismatch.Data.Requested) != string(want.ExpectError.Requested) || !reflect.DeepEqual(mismatch.Data.Supported, want.ExpectError.Supported) {
		return fmt.Errorf("data %+v, want requested %v supported %v", *mismatch.Data, want.ExpectError.Requested, want.ExpectError.Supported)
	}
	return nil
}

func (r *runner) initialize(ctx context.Context) error {
	want := r.sc.Initialize
	info := want.ClientInfo
	res, err := r.c.Initialize(ctx, &zeroclaw.InitializeParams{
		ProtocolVersion:    zeroclaw.Ptr(want.ProtocolVersion),
		ClientInfo:         &info,
		ClientCapabilities: &zeroclaw.ClientCapabilities{Elicitation: &zeroclaw.ClientCapabilitiesElicitation{}},
	})
	if err != nil {
		return err
	}
	if res.ProtocolVersion != want.ExpectProtocolVersion { // a const member: int64
		return fmt.Errorf("protocolVersion %d, want %d", res.ProtocolVersion, want.ExpectProtocolVersion)
	}
	return nil
}

func (r *runner) status(ctx context.Context) error {
	res, err := r.c.Status(ctx)
	if err != nil {
		return err
	}
	if local := res.Connections.Local; local < r.sc.Status.ExpectConnectionsLocalAtLeast {
		return fmt.Errorf("connections.local %d, want at least %d", local, r.sc.Status.ExpectConnectionsLocalAtLeast)
	}
	return nil
}

func (r *runner) configSetMany(ctx context.Context) error {
	params := r.sc.ConfigSetMany
	res, err := r.c.ConfigSetMany(ctx, &params)
	if err != nil {
		return err
	}
	props := make([]string, len(params.Sets))
	for i, s := range params.Sets {
		props[i] = s.Prop
	}
	if !res.Set || !reflect.DeepEqual(res.Props, props) {
		return fmt.Errorf("result %+v, want props %v set", *res, props)
	}
	return nil
}

func (r *runner) configSetManyInvalid(ctx context.Context) error {
	want := r.sc.ConfigSetManyInvalid
	_, err := r.c.ConfigSetMany(ctx, &zeroclaw.ConfigSetManyParams{Sets: want.Sets})
	var invalid *zeroclaw.InvalidParamsError
	if !errors.As(err, &invalid) {
		return fmt.Errorf("want an *InvalidParamsError, got %v", err)
	}
	entry, ok := invalid.Data.(*zeroclaw.InvalidEntryData)
	if !ok {
		return fmt.Errorf("want *InvalidEntryData (%s), got %T in %v", want.ExpectError.Reason, invalid.Data, err)
	}
	if entry.Index != want.ExpectError.Index || entry.Prop != want.ExpectError.Prop {
		return fmt.Errorf("index %d prop %q, want %d %q", entry.Index, entry.Prop, want.ExpectError.Index, want.ExpectError.Prop)
	}
	return nil
}

func (r *runner) sessionNew(ctx context.Context) error {
	want := r.sc.SessionNew
	id := want.SessionIDPrefix + "go-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	res, err := r.c.SessionNew(ctx, &zeroclaw.SessionNewParams{Agent: zeroclaw.Ptr(want.Agent), SessionID: zeroclaw.Ptr(id)})
	if err != nil {
		return err
	}
	if res.SessionID != id || res.Mode != want.ExpectMode {
		return fmt.Errorf("session %q mode %q, want %q %q", res.SessionID, res.Mode, id, want.ExpectMode)
	}
	r.sessionID = res.SessionID
	return nil
}

func (r *runner) sessionPrompt(ctx context.Context) error {
	want := r.sc.SessionPrompt
	res, err := r.c.SessionPrompt(ctx, &zeroclaw.SessionPromptParams{SessionID: r.sessionID, Prompt: want.Prompt})
	if err != nil {
		return err
	}
	if res.Outcome != want.ExpectOutcome {
		return fmt.Errorf("outcome %q (%s), want %q", res.Outcome, res.Content, want.ExpectOutcome)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.questions) != 1 || !strings.Contains(r.questions[0], want.AskUser.Question) {
		return fmt.Errorf("elicitations %q, want one asking %q", r.questions, want.AskUser.Question)
	}
	// Every update of the turn is written before its response (SPEC §7), so all are here now.
	var kinds []string
	var text strings.Builder
	for _, u := range r.updates {
		kind := ""
		switch u := u.(type) {
		case *zeroclaw.SessionUpdateToolCall:
			kind = "tool_call"
		case *zeroclaw.SessionUpdateToolResult:
			kind = "tool_result"
		case *zeroclaw.SessionUpdateAgentMessageChunk:
			kind = "agent_message_chunk"
			text.WriteString(u.Text)
		case *zeroclaw.SessionUpdateTurnComplete:
			kind = "turn_complete"
			if u.Outcome != want.ExpectOutcome {
				return fmt.Errorf("turn_complete outcome %q, want %q", u.Outcome, want.ExpectOutcome)
			}
		default:
			continue // thoughts, trims: not part of what the scenario pins
		}
		if len(kinds) == 0 || kinds[len(kinds)-1] != kind {
			kinds = append(kinds, kind)
		}
	}
	if !reflect.DeepEqual(kinds, want.ExpectUpdateTypesInOrder) {
		return fmt.Errorf("update types %v, want %v", kinds, want.ExpectUpdateTypesInOrder)
	}
	if text.String() != want.ExpectText || res.Content != want.ExpectText {
		return fmt.Errorf("streamed %q, result %q, want %q", text.String(), res.Content, want.ExpectText)
	}
	return nil
}

func (r *runner) upload(ctx context.Context) error {
	want := r.sc.Upload
	data := make([]byte, want.SizeBytes)
	for i := range data {
		data[i] = byte(i % 251)
	}
	sum := sha256.Sum256(data)
	opts := zeroclaw.UploadOptions{Filename: want.Filename}
	if want.DeclareSHA256 {
		opts.SHA256 = hex.EncodeToString(sum[:])
	}
	chunks := 0
	opts.Progress = func(int64, int64) { chunks++ }
	entry, err := r.c.Upload(ctx, r.sessionID, bytes.NewReader(data), want.SizeBytes, opts)
	if err != nil {
		return err
	}
	if chunks != want.ExpectChunks {
		return fmt.Errorf("%d chunks, want %d", chunks, want.ExpectChunks)
	}
	if entry.SizeBytes != want.SizeBytes || entry.RefID != "sha256:"+hex.EncodeToString(sum[:]) || entry.Filename != want.Filename {
		return fmt.Errorf("stored %+v", *entry)
	}
	return nil
}

func (r *runner) sessionMessages(ctx context.Context) error {
	want := r.sc.SessionMessages
	res, err := r.c.SessionMessages(ctx, &zeroclaw.SessionMessagesParams{SessionID: r.sessionID})
	if err != nil {
		return err
	}
	roles := make([]zeroclaw.TranscriptRole, len(res.Messages))
	kinds := make([]zeroclaw.TranscriptKind, len(res.Messages))
	for i, m := range res.Messages {
		roles[i], kinds[i] = m.Role, m.Kind
	}
	if !reflect.DeepEqual(roles, want.ExpectRolesInOrder) || !reflect.DeepEqual(kinds, want.ExpectKindsInOrder) {
		return fmt.Errorf("roles %v kinds %v, want %v %v", roles, kinds, want.ExpectRolesInOrder, want.ExpectKindsInOrder)
	}
	return nil
}
