package config

import (
	"fmt"
	"net/url"
)

// Webhook configures LiveKit-style webhooks (media.webhook): room,
// participant and track events POSTed to each URL, signed with one of
// media.keys.
type Webhook struct {
	// URLs receive every event. Empty disables webhooks.
	URLs []string `yaml:"urls"`
	// APIKey names the media key that signs events (receivers verify with
	// its secret). Empty means the first key in sorted order.
	APIKey string `yaml:"api_key"`
}

func (w Webhook) validate(keys map[string]string, bad func(key, msg string)) {
	for _, raw := range w.URLs {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("webhook.urls", fmt.Sprintf("%q is not an http(s) URL", raw))
		}
	}
	if w.APIKey != "" {
		if _, ok := keys[w.APIKey]; !ok {
			bad("webhook.api_key", fmt.Sprintf("%q is not one of media.keys", w.APIKey))
		}
	}
}
