/** True for plain JSON objects (not arrays or null), the shape API bodies are checked against. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
