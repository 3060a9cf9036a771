// Content-Security-Policy violations fail the browser scenarios: every page
// reports them (the securitypolicyviolation event, and Chromium's console
// message for what the event does not reach, such as workers), and the
// runner checks the list after each scenario.
const violations = []

/** Starts recording the CSP violations of `page`. */
export async function watchCSP(page) {
  await page.exposeBinding('__soukCSPViolation', (_source, v) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__soukCSPViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : '',
        page: location.href,
      })
    })
  })
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().includes('Content Security Policy')) {
      violations.push({ console: msg.text(), page: page.url() })
    }
  })
}

/** Returns and forgets the violations recorded so far. */
export function takeCSPViolations() {
  return violations.splice(0, violations.length)
}
