package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// EnvPrefix starts every environment override: SOUK_SERVER_ADDR sets
// server.addr, SOUK_MEDIA_TURN_UDP_PORT sets media.turn.udp_port.
const EnvPrefix = "SOUK_"

// Load builds the effective configuration: defaults, then the YAML file at
// path (skipped when path is empty), then SOUK_* variables from environ
// (as returned by os.Environ). Unknown keys and invalid values are errors
// that name the key.
func Load(path string, environ []string) (Config, error) {
	cfg := DefaultConfig()
	if path != "" {
		raw, err := os.ReadFile(path)
		if err != nil {
			return Config{}, fmt.Errorf("read config file: %w", err)
		}
		if err := decodeYAML(raw, &cfg); err != nil {
			return Config{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := applyEnv(&cfg, environ); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

func decodeYAML(raw []byte, cfg *Config) error {
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s", explainYAMLError(err))
	}
	return nil
}

// explainYAMLError turns yaml.v3's messages into ones that name the key.
func explainYAMLError(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs := make([]string, 0, len(te.Errors))
		for _, m := range te.Errors {
			m = strings.Replace(m, "not found in type config.", "is not a known key in section ", 1)
			msgs = append(msgs, m)
		}
		return strings.Join(msgs, "; ")
	}
	return err.Error()
}

// field is one settable leaf of Config, addressed by its dotted key.
type field struct {
	key   string
	value reflect.Value
	tag   reflect.StructTag
}

// leaves lists every settable leaf of v in declaration order.
func leaves(prefix string, v reflect.Value) []field {
	var out []field
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name := strings.Split(sf.Tag.Get("yaml"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		key := name
		if prefix != "" {
			key = prefix + "." + name
		}
		fv := v.Field(i)
		if fv.Kind() == reflect.Struct && fv.Type() != reflect.TypeOf(time.Duration(0)) {
			out = append(out, leaves(key, fv)...)
			continue
		}
		out = append(out, field{key: key, value: fv, tag: sf.Tag})
	}
	return out
}

func envName(key string) string {
	return EnvPrefix + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

func applyEnv(cfg *Config, environ []string) error {
	byEnv := map[string]field{}
	for _, f := range leaves("", reflect.ValueOf(cfg).Elem()) {
		byEnv[envName(f.key)] = f
	}
	var errs []error
	for _, kv := range environ {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(name, EnvPrefix) {
			continue
		}
		f, known := byEnv[name]
		if !known {
			errs = append(errs, fmt.Errorf("%s: unknown setting (known: see `souk config`)", name))
			continue
		}
		if err := setFromString(f.value, val); err != nil {
			errs = append(errs, fmt.Errorf("%s (%s): %w", name, f.key, err))
		}
	}
	return errors.Join(errs...)
}

// setFromString parses an environment value into the field's type. Lists
// are comma separated; maps are "key:value,key2:value2".
func setFromString(v reflect.Value, s string) error {
	switch {
	case v.Type() == reflect.TypeOf(time.Duration(0)):
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("%q is not a duration like 30s or 5m", s)
		}
		v.SetInt(int64(d))
	case v.Kind() == reflect.String:
		v.SetString(s)
	case v.Kind() == reflect.Int || v.Kind() == reflect.Int64:
		n, err := strconv.ParseInt(s, 10, v.Type().Bits())
		if err != nil {
			return fmt.Errorf("%q is not an integer", s)
		}
		v.SetInt(n)
	case v.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is not true or false", s)
		}
		v.SetBool(b)
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		var items []string
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				items = append(items, p)
			}
		}
		v.Set(reflect.ValueOf(items))
	case v.Kind() == reflect.Map && v.Type().Key().Kind() == reflect.String && v.Type().Elem().Kind() == reflect.String:
		m := map[string]string{}
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			k, val, ok := strings.Cut(p, ":")
			if !ok || k == "" {
				return fmt.Errorf("%q is not key:value", p)
			}
			m[k] = val
		}
		v.Set(reflect.ValueOf(m))
	default:
		return fmt.Errorf("type %s cannot be set from the environment", v.Type())
	}
	return nil
}

// EnvNames lists every environment variable Load understands, sorted.
func EnvNames() []string {
	cfg := DefaultConfig()
	var names []string
	for _, f := range leaves("", reflect.ValueOf(&cfg).Elem()) {
		names = append(names, envName(f.key))
	}
	sort.Strings(names)
	return names
}
