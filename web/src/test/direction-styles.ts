// In Arabic every style goes through the right-to-left plugin, which mirrors
// `direction` too: an `sx={{ direction: 'ltr' }}` meant to keep code, charts or
// digits left-to-right becomes `rtl`. Such places use the `dir` attribute.
// Checked over the app's sources (src/app/rtl-styles.test.ts) and the template kit's.

/** `file:line` of every style that sets a direction, in raw sources keyed by file. */
export function directionStyles(sources: Record<string, string>): string[] {
  return Object.entries(sources).flatMap(([file, code]) =>
    code
      .split('\n')
      .map((line, i) => ({ line, n: i + 1 }))
      .filter(({ line }) => /\bdirection:\s*['"](ltr|rtl)['"]/.test(line) && !/createAppTheme/.test(line))
      .map(({ n }) => `${file}:${n}`),
  )
}
