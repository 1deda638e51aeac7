import { describe, expect, it } from 'vitest'
import { deviceFingerprint, type DeviceTraits } from './fingerprint.ts'

const traits: DeviceTraits = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
  languages: ['de-DE', 'en'],
  platform: 'Linux',
  timeZone: 'Europe/Berlin',
  screen: '1920x1080x24@1',
  hardwareConcurrency: 8,
  deviceMemory: 8,
  maxTouchPoints: 0,
}

describe('device fingerprint (dfpc)', () => {
  it('is a stable SHA-256 of the traits', () => {
    expect(deviceFingerprint(traits)).toMatch(/^[0-9a-f]{64}$/)
    expect(deviceFingerprint({ ...traits })).toBe(deviceFingerprint(traits))
  })

  it('changes with any trait', () => {
    const base = deviceFingerprint(traits)
    expect(deviceFingerprint({ ...traits, timeZone: 'Europe/Tallinn' })).not.toBe(base)
    expect(deviceFingerprint({ ...traits, screen: '390x844x24@3' })).not.toBe(base)
    expect(deviceFingerprint({ ...traits, languages: ['en', 'de-DE'] })).not.toBe(base)
  })
})
