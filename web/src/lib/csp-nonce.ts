// The Content-Security-Policy allows style elements only with the nonce the
// server puts in index.html for this page load (see platform/httpapi/headers.go).
export const cspNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined

type StyleLibraryGlobals = {
  // notistack styles through goober, which gives its style element the
  // nonce it finds in window.__nonce__.
  __nonce__?: string
  // ApexCharts reads its default options from window.Apex; chart.nonce goes
  // on the style element it adds.
  Apex?: { chart?: Record<string, unknown> } & Record<string, unknown>
}

if (cspNonce) {
  const globals = window as Window & StyleLibraryGlobals
  globals.__nonce__ = cspNonce
  globals.Apex = { ...globals.Apex, chart: { ...globals.Apex?.chart, nonce: cspNonce } }
}
