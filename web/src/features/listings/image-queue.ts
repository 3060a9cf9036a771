export type ImageStatus = 'pending' | 'uploading' | 'done' | 'error'

export interface QueuedImage {
  key: string
  source: { kind: 'file'; file: File } | { kind: 'url'; url: string }
  name: string
  preview: string
  status: ImageStatus
  /** 0–100 while uploading. */
  progress: number
  error?: string
  imageId?: string
}

let seq = 0
const nextKey = () => `img-${Date.now().toString(36)}-${(seq++).toString(36)}`

export function queueFile(file: File): QueuedImage {
  return { key: nextKey(), source: { kind: 'file', file }, name: file.name, preview: URL.createObjectURL(file), status: 'pending', progress: 0 }
}

export function queueUrl(url: string): QueuedImage {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || url)
  return { key: nextKey(), source: { kind: 'url', url }, name, preview: url, status: 'pending', progress: 0 }
}

export function isHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}
