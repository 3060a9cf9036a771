// Package config holds the typed configuration of a souk process and the
// site (tenant) definitions.
//
// Config starts from DefaultConfig, which runs with no file; Load applies an
// optional YAML file and SOUK_* environment variables, rejecting unknown
// keys. Each section validates itself and names the offending key.
//
// Sites are one YAML file each under sites/, built into the binary; a
// SiteSet resolves a request's host name to its site.
//
// Imports: the standard library and gopkg.in/yaml.v3 only. Every other
// package may import config; config imports none of souk.
package config
