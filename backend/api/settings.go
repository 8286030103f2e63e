package api

import (
	"context"
	"errors"
	"fmt"

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

// Put validates and stores the settings: a default provider must exist.
func (s *SettingsService) Put(ctx context.Context, in Settings) (Settings, error) {
	if in.DefaultProviderID != "" {
		if _, err := s.db.GetProvider(ctx, in.DefaultProviderID); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return Settings{}, invalid("defaultProviderId", fmt.Sprintf("no provider with id %q", in.DefaultProviderID))
			}
			return Settings{}, err
		}
	}
	if err := s.db.SetSetting(ctx, settingsKey, in); err != nil {
		return Settings{}, err
	}
	return in, nil
}
