package api

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"lexflow/backend/store"
)

const settingsKey = "defaults"

// SettingsService reads and writes the user's defaults.
type SettingsService struct{ db *store.DB }

// Get returns the stored settings (zero values when never saved).
func (s *SettingsService) Get(ctx context.Context) (Settings, error) {
	var out Settings
	err := s.db.GetSetting(ctx, settingsKey, &out)
	return out, err
}

// Default is the model a chat or step that names none uses, as resolved now.
func (s *SettingsService) Default(ctx context.Context) (DefaultModel, error) {
	rows, settings, err := loadDefaults(ctx, s.db)
	if err != nil {
		return DefaultModel{}, err
	}
	return chooseDefault(rows, settings), nil
}

// Put validates and stores the settings: a default provider must exist and
// have a model to answer with.
func (s *SettingsService) Put(ctx context.Context, in Settings) (Settings, error) {
	in.DefaultModel = strings.TrimSpace(in.DefaultModel)
	if in.DefaultProviderID != "" {
		p, err := s.db.GetProvider(ctx, in.DefaultProviderID)
		if errors.Is(err, store.ErrNotFound) {
			return Settings{}, invalid("defaultProviderId", fmt.Sprintf("no provider with id %q", in.DefaultProviderID))
		}
		if err != nil {
			return Settings{}, err
		}
		if !p.BuiltIn && in.DefaultModel == "" && p.DefaultModel == "" {
			return Settings{}, invalid("defaultModel", fmt.Sprintf("choose a model for %s: without one it cannot answer", p.Name))
		}
	}
	if err := s.db.SetSetting(ctx, settingsKey, in); err != nil {
		return Settings{}, err
	}
	return in, nil
}
