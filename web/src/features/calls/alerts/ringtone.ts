// The incoming-call ringtone, made with WebAudio so there is no file to
// fetch. Browsers let a page play sound only after the user interacted
// with it (autoplay rules): until then the ringtone waits, and starts at
// the first click or key press if the call still rings.

/** Two short rising tones, then a pause: one ring every RING_PERIOD_MS. */
export const RING_PERIOD_MS = 3000
const TONES = [
  { at: 0, freq: 660, dur: 0.35 },
  { at: 0.45, freq: 880, dur: 0.35 },
] as const

type AudioContextCtor = new () => AudioContext

function audioContextCtor(): AudioContextCtor | null {
  const w = window as Window & { webkitAudioContext?: AudioContextCtor }
  return window.AudioContext ?? w.webkitAudioContext ?? null
}

/** Whether the user has interacted with the page, so sound may play. */
export function userHasInteracted(): boolean {
  const ua = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation
  return ua?.hasBeenActive ?? false
}

export class Ringtone {
  private ctx: AudioContext | null = null
  private timer: ReturnType<typeof setInterval> | null = null
  private waitingForGesture: (() => void) | null = null
  private playing = false

  /** Starts ringing now if sound is allowed, otherwise at the user's first gesture. */
  start(): void {
    if (this.playing) return
    this.playing = true
    if (userHasInteracted()) {
      this.begin()
      return
    }
    const onGesture = () => {
      this.clearGestureWait()
      if (this.playing) this.begin()
    }
    this.waitingForGesture = onGesture
    window.addEventListener('pointerdown', onGesture, { once: true })
    window.addEventListener('keydown', onGesture, { once: true })
  }

  stop(): void {
    this.playing = false
    this.clearGestureWait()
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
    if (this.ctx && this.ctx.state === 'running') void this.ctx.suspend()
  }

  /** Releases the audio context for good. */
  close(): void {
    this.stop()
    if (this.ctx) void this.ctx.close()
    this.ctx = null
  }

  get isPlaying(): boolean {
    return this.playing
  }

  private clearGestureWait() {
    if (!this.waitingForGesture) return
    window.removeEventListener('pointerdown', this.waitingForGesture)
    window.removeEventListener('keydown', this.waitingForGesture)
    this.waitingForGesture = null
  }

  private begin() {
    const Ctor = audioContextCtor()
    if (!Ctor) return
    try {
      this.ctx ??= new Ctor()
    } catch {
      return
    }
    void this.ctx.resume()
    this.ring()
    this.timer = setInterval(() => this.ring(), RING_PERIOD_MS)
  }

  private ring() {
    const ctx = this.ctx
    if (!ctx || !this.playing) return
    const t0 = ctx.currentTime + 0.05
    for (const tone of TONES) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = 'sine'
      osc.frequency.value = tone.freq
      const start = t0 + tone.at
      const end = start + tone.dur
      // Soft edges: no clicks.
      gain.gain.setValueAtTime(0, start)
      gain.gain.linearRampToValueAtTime(0.2, start + 0.03)
      gain.gain.setValueAtTime(0.2, end - 0.05)
      gain.gain.linearRampToValueAtTime(0, end)
      osc.connect(gain).connect(ctx.destination)
      osc.start(start)
      osc.stop(end + 0.01)
    }
  }
}
