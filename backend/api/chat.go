package api

import (
	"context"
	"encoding/json"
	"errors"

	"lexflow/backend/chat"
	"lexflow/backend/generation"
	"lexflow/backend/nodes"
	"lexflow/backend/runs"
	"lexflow/backend/store"
)

// ChatService holds conversations: questions, answers streaming from runs,
// regeneration, stop, export and the audit of each answer.
type ChatService struct {
	db       *store.DB
	chat     *chat.Service
	pipeline *generation.Pipeline
	models   Models
}

func (s *ChatService) ready() error {
	if s.chat == nil {
		return &Error{Status: 503, Body: ErrorBody{Code: "chat_unavailable", Message: "chat needs the library, which is not open here"}}
	}
	return nil
}

// List returns conversations, most recently active first.
func (s *ChatService) List(ctx context.Context) ([]Conversation, error) {
	cs, err := s.db.ListConversations(ctx)
	out := make([]Conversation, len(cs))
	for i, c := range cs {
		out[i] = conversationDTO(c)
	}
	return out, err
}

// Create starts an empty conversation with the default app, or the chatflow named.
func (s *ChatService) Create(ctx context.Context, in ConversationInput) (Conversation, error) {
	appID := chat.DefaultAppID
	if in.AppID != "" {
		a, err := s.db.GetApp(ctx, in.AppID)
		if err != nil {
			return Conversation{}, err
		}
		if a.Mode != "chatflow" {
			return Conversation{}, invalid("appId", "only a chatflow can answer in a conversation; "+a.Name+" is a workflow")
		}
		appID = a.ID
	}
	c, err := s.db.CreateConversation(ctx, store.Conversation{AppID: appID, Title: in.Title, Preview: in.Preview})
	return conversationDTO(c), err
}

// Rename changes a conversation's title.
func (s *ChatService) Rename(ctx context.Context, id string, in ConversationInput) (Conversation, error) {
	if in.Title == "" {
		return Conversation{}, invalid("title", "the title is empty")
	}
	if err := s.db.UpdateConversation(ctx, id, in.Title, ""); err != nil {
		return Conversation{}, err
	}
	c, err := s.db.GetConversation(ctx, id)
	return conversationDTO(c), err
}

// Delete removes a conversation and its messages (generation records stay for audit).
func (s *ChatService) Delete(ctx context.Context, id string) error {
	return s.db.DeleteConversation(ctx, id)
}

// Messages returns a conversation's messages in order, each answer with the
// timeline of the run behind it. The steps are read after the messages, so a
// run that ends in between shows as ended under a message that still says so.
func (s *ChatService) Messages(ctx context.Context, id string) ([]Message, error) {
	if _, err := s.db.GetConversation(ctx, id); err != nil {
		return nil, err
	}
	ms, err := s.db.ListMessages(ctx, id)
	if err != nil {
		return nil, err
	}
	steps, err := s.db.ConversationTimelines(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]Message, len(ms))
	for i, m := range ms {
		out[i] = messageDTO(m, steps[m.RunID])
	}
	return out, nil
}

// Send asks a question; the answer streams as the returned run's events.
func (s *ChatService) Send(ctx context.Context, id string, in SendMessage) (Turn, error) {
	if err := s.ready(); err != nil {
		return Turn{}, err
	}
	set := settingsOf(in.Settings)
	set.Mentioned = in.MentionIDs
	t, err := s.chat.Send(ctx, id, in.Query, set, in.TurnKey)
	return turnDTO(t), chatError(err)
}

// Regenerate answers an answer's question again, as a new answer.
func (s *ChatService) Regenerate(ctx context.Context, messageID string, in RegenerateRequest) (Turn, error) {
	if err := s.ready(); err != nil {
		return Turn{}, err
	}
	var set *chat.Settings
	if in.Settings != nil {
		v := settingsOf(*in.Settings)
		set = &v
	}
	t, err := s.chat.Regenerate(ctx, messageID, set)
	return turnDTO(t), chatError(err)
}

// Stop stops the run producing an answer.
func (s *ChatService) Stop(ctx context.Context, messageID string) error {
	if err := s.ready(); err != nil {
		return err
	}
	return chatError(s.chat.Stop(ctx, messageID))
}

// Export renders a conversation as Markdown with citations as footnotes.
func (s *ChatService) Export(ctx context.Context, id string) (string, error) {
	if err := s.ready(); err != nil {
		return "", err
	}
	return s.chat.Export(ctx, id)
}

// MessageGeneration returns the audit record of an answer, with its replays.
func (s *ChatService) MessageGeneration(ctx context.Context, messageID string) (GenerationAuditView, error) {
	g, err := s.db.MessageGeneration(ctx, messageID)
	if err != nil {
		return GenerationAuditView{}, err
	}
	return s.Generation(ctx, g.ID)
}

// Generation returns one audit record with its replays.
func (s *ChatService) Generation(ctx context.Context, id string) (GenerationAuditView, error) {
	rec, err := generation.Load(ctx, s.db, id)
	if err != nil {
		return GenerationAuditView{}, err
	}
	view := GenerationAuditView{Record: auditDTO(rec), Replays: []GenerationAudit{}}
	replays, err := generation.LoadReplays(ctx, s.db, id)
	for _, r := range replays {
		view.Replays = append(view.Replays, auditDTO(r))
	}
	return view, err
}

// Replay re-runs a stored generation from its snapshot with a model.
func (s *ChatService) Replay(ctx context.Context, id string, in ReplayRequest) (GenerationAudit, error) {
	if s.pipeline == nil {
		return GenerationAudit{}, &Error{Status: 503, Body: ErrorBody{Code: "chat_unavailable", Message: "replay needs the generation pipeline"}}
	}
	m, err := s.models.Resolve(ctx, nodes.ModelRef{Provider: in.ProviderID, Name: in.Model})
	if err != nil {
		return GenerationAudit{}, &Error{Status: 422, Body: ErrorBody{Code: "model_config", Message: err.Error()}}
	}
	rec, err := s.pipeline.Replay(ctx, id, m.Generation(), generation.Params{})
	if err != nil {
		return GenerationAudit{}, err
	}
	return auditDTO(rec), nil
}

// chatError turns the chat service's refusals into client errors.
func chatError(err error) error {
	switch {
	case errors.Is(err, chat.ErrEmptyQuestion), errors.Is(err, chat.ErrLongQuestion), errors.Is(err, chat.ErrNotAnswer):
		return invalid("", err.Error())
	case errors.Is(err, chat.ErrUnknownDocument):
		return invalid("documentIds", err.Error()+"; it may have been deleted: choose the documents again")
	case errors.Is(err, runs.ErrNotRunning):
		return &Error{Status: 409, Body: ErrorBody{Code: "not_running", Message: "this answer is not being generated"}}
	}
	return err
}

func settingsOf(t TurnSettings) chat.Settings {
	return chat.Settings{CollectionIDs: t.CollectionIDs, DocumentIDs: t.DocumentIDs, ProviderID: t.ProviderID, Model: t.Model}
}

func conversationDTO(c store.Conversation) Conversation {
	var set chat.Settings
	_ = json.Unmarshal([]byte(c.Settings), &set)
	return Conversation{ID: c.ID, AppID: c.AppID, Title: c.Title, Preview: c.Preview, MessageCount: c.MessageCount, CreatedAt: c.CreatedAt,
		UpdatedAt: c.UpdatedAt, Settings: TurnSettings{CollectionIDs: nonNil(set.CollectionIDs), DocumentIDs: nonNil(set.DocumentIDs),
			ProviderID: set.ProviderID, Model: set.Model}}
}

func turnDTO(t chat.Turn) Turn {
	return Turn{Human: messageDTO(t.Human, nil), AI: messageDTO(t.AI, nil), RunID: t.RunID}
}
