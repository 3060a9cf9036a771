// The Content-Security-Policy allows style elements only with the nonce the
// server puts in index.html for this page load (see platform/httpapi/headers.go).
export const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined

// notistack styles through goober, which gives its style element the nonce
// it finds in window.__nonce__.
if (cspNonce) (window as Window & { __nonce__?: string }).__nonce__ = cspNonce
