package config

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

const redacted = "REDACTED"

// Redacted returns a copy safe to print: secrets and URL passwords are
// replaced, API key names are kept.
func (c Config) Redacted() Config {
	out := c
	out.Database.URL = redactURL(c.Database.URL)
	out.Redis.URL = redactURL(c.Redis.URL)
	out.Platform = c.Platform.redacted()
	if c.Media.TURN.Secret != "" {
		out.Media.TURN.Secret = redacted
	}
	if c.Metrics.Token != "" {
		out.Metrics.Token = redacted
	}
	out.Media.Keys = make(map[string]string, len(c.Media.Keys))
	for k := range c.Media.Keys {
		out.Media.Keys[k] = redacted
	}
	return out
}

// YAML renders the configuration as a YAML document that Load accepts,
// with durations written the way a person types them ("15s").
func (c Config) YAML() ([]byte, error) {
	b, err := yaml.Marshal(toTree(reflect.ValueOf(c)))
	if err != nil {
		return nil, fmt.Errorf("marshal config: %w", err)
	}
	return b, nil
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), redacted)
	}
	return u.String()
}

// toTree mirrors a config struct as nested yaml.Nodes so that key order
// follows the struct and durations print as strings.
func toTree(v reflect.Value) *yaml.Node {
	node := &yaml.Node{Kind: yaml.MappingNode}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		name := strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		fv := v.Field(i)
		key := &yaml.Node{Kind: yaml.ScalarNode, Value: name}
		var val *yaml.Node
		switch {
		case fv.Type() == reflect.TypeOf(time.Duration(0)):
			val = &yaml.Node{Kind: yaml.ScalarNode, Value: time.Duration(fv.Int()).String()}
		case fv.Kind() == reflect.Struct:
			val = toTree(fv)
		default:
			val = &yaml.Node{}
			if err := val.Encode(fv.Interface()); err != nil {
				val = &yaml.Node{Kind: yaml.ScalarNode, Value: fmt.Sprint(fv.Interface())}
			}
		}
		node.Content = append(node.Content, key, val)
	}
	return node
}
