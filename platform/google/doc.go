// Package google verifies Google ID tokens (OpenID Connect) for
// identity-provider sign-in: the signature against the provider's published
// keys (JWKS, cached and refreshed on an unknown key id), the issuer, the
// audience (the site's client id), expiry and a verified e-mail.
//
// go-jose reads the key sets and golang-jwt checks the tokens.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform
//	others: any
package google
