// Package google verifies Google ID tokens (OpenID Connect) for
// identity-provider sign-in: the signature against the provider's published
// keys (JWKS, cached and refreshed on an unknown key id), the issuer, the
// audience (the site's client id), expiry and a verified e-mail.
//
// Imports: platform, go-jose (key sets) and golang-jwt (token checks).
package google
