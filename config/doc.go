// Package config holds the typed configuration of a souk process and the
// site (tenant) definitions.
//
// Config starts from DefaultConfig, which runs with no file; Load applies an
// optional YAML file and SOUK_* environment variables, rejecting unknown
// keys. Each section validates itself and names the offending key.
//
// Sites are one YAML file each under sites/, built into the binary; each is
// mapped into a platform.Site, and a SiteSet resolves a request's host name
// to its site.
//
// Of the module it imports only the platform root package (the domain
// types sites map into); every other package may import config.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config/mediadefaults
//	others: any
package config
