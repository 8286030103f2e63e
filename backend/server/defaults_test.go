package server

import (
	"net/http"
	"testing"

	"lexflow/backend/api"
)

// The add dialog tests a provider before it is saved, over the real OpenAI and
// Ollama wire protocols, and points at /v1 (or back to the root) when the
// address typed answers 404 and the nearby one lists models.
func TestCheckingAnUnsavedProviderSuggestsTheRightPath(t *testing.T) {
	a := newTestAPI(t)
	root := a.llm.URL()
	cases := []struct {
		name, kind, base string
		ok               bool
		suggested        string
	}{
		{"OpenAI-compatible at /v1", "openai", a.llm.OpenAIURL(), true, ""},
		{"OpenAI-compatible without /v1", "openai", root, false, a.llm.OpenAIURL()},
		{"OpenAI-compatible at its chat endpoint", "openai", a.llm.OpenAIURL() + "/chat/completions", false, a.llm.OpenAIURL()},
		{"Ollama at its root", "ollama", root, true, ""},
		{"Ollama at its OpenAI-compatible /v1", "ollama", root + "/v1", false, root},
		{"nothing listening", "openai", "http://127.0.0.1:9/v1", false, ""},
	}
	for _, c := range cases {
		var res api.ProviderTest
		in := api.ProviderInput{Name: "New", Kind: c.kind, BaseURL: c.base, APIKey: strp("sk-test")}
		if code := a.call("POST", "/api/providers/check", in, &res); code != http.StatusOK {
			t.Fatalf("%s: check answered %d", c.name, code)
		}
		if res.OK != c.ok || res.SuggestedBaseURL != c.suggested {
			t.Errorf("%s: ok %v, suggested %q (error %+v); want ok %v, suggested %q", c.name, res.OK, res.SuggestedBaseURL, res.Error, c.ok, c.suggested)
		}
		if c.ok && !hasModel(res.Models, "fake-chat") {
			t.Errorf("%s: models %+v lack fake-chat", c.name, res.Models)
		}
	}
	var providers []api.Provider
	a.call("GET", "/api/providers", nil, &providers)
	if len(providers) != 1 {
		t.Errorf("checking saved a provider: %+v", providers)
	}
}

// Editing checks with the stored key unless the dialog replaces it.
func TestCheckingAnEditedProviderUsesItsStoredKey(t *testing.T) {
	a := newTestAPI(t)
	a.llm.SetAPIKey("sk-stored-key-1234")
	var p api.Provider
	in := api.ProviderInput{Name: "Keyed", Kind: "openai", BaseURL: a.llm.OpenAIURL(), APIKey: strp("sk-stored-key-1234"), DefaultModel: "fake-chat"}
	a.call("POST", "/api/providers", in, &p)
	in.APIKey = nil
	var res api.ProviderTest
	if a.call("POST", "/api/providers/"+p.ID+"/check", in, &res); !res.OK {
		t.Errorf("check with the stored key: %+v", res.Error)
	}
	in.APIKey = strp("sk-wrong")
	if a.call("POST", "/api/providers/"+p.ID+"/check", in, &res); res.OK || res.Error.Code != "unauthorized" {
		t.Errorf("check with a replaced wrong key: %+v", res)
	}
}

func hasModel(models []api.Model, name string) bool {
	for _, m := range models {
		if m.Name == name {
			return true
		}
	}
	return false
}

// A provider without a model to use is never the default, whatever Settings
// say; Chat and Settings read the same answer.
func TestAProviderWithoutAModelIsNeverTheDefault(t *testing.T) {
	a := newTestAPI(t)
	def := func() api.DefaultModel {
		var d api.DefaultModel
		if code := a.call("GET", "/api/settings/default-model", nil, &d); code != http.StatusOK {
			t.Fatalf("default-model: %d", code)
		}
		return d
	}
	if d := def(); !d.BuiltIn || d.ProviderID != "extractive" {
		t.Errorf("fresh install default = %+v, want the built-in provider", d)
	}
	var bare, modelled api.Provider
	a.call("POST", "/api/providers", api.ProviderInput{Name: "LM Studio", Kind: "openai", BaseURL: a.llm.OpenAIURL()}, &bare)
	if d := def(); !d.BuiltIn {
		t.Errorf("a provider without a default model became the default: %+v", d)
	}
	var e struct{ Error api.ErrorBody }
	if code := a.call("PUT", "/api/settings", api.Settings{DefaultProviderID: bare.ID}, &e); code != 400 || e.Error.Field != "defaultModel" {
		t.Errorf("default provider without a model: %d %+v", code, e.Error)
	}
	if code := a.call("PUT", "/api/settings", api.Settings{DefaultProviderID: bare.ID, DefaultModel: "fake-reasoner"}, nil); code != 200 {
		t.Fatalf("default provider with a model from its list: %d", code)
	}
	if d := def(); d.ProviderID != bare.ID || d.ProviderName != "LM Studio" || d.Model != "fake-reasoner" || d.Note != "" {
		t.Errorf("chosen default = %+v", d)
	}

	a.call("PUT", "/api/settings", api.Settings{}, nil)
	a.call("POST", "/api/providers", api.ProviderInput{Name: "Ollama", Kind: "ollama", BaseURL: a.llm.URL(), DefaultModel: "fake-chat"}, &modelled)
	if d := def(); d.ProviderID != modelled.ID || d.Model != "fake-chat" {
		t.Errorf("default without a choice = %+v, want the provider that has a model", d)
	}

	// The chosen provider loses its model: the default moves on, and says why.
	a.call("PUT", "/api/settings", api.Settings{DefaultProviderID: modelled.ID}, nil)
	a.call("PUT", "/api/providers/"+modelled.ID, api.ProviderInput{Name: "Ollama", Kind: "ollama", BaseURL: a.llm.URL()}, nil)
	if d := def(); !d.BuiltIn || d.Note == "" {
		t.Errorf("default after its model was removed = %+v, want the built-in one with a note", d)
	}
}
