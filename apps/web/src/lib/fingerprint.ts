import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** What the fingerprint reads: stable traits of the browser and device, nothing probed or drawn. */
export interface DeviceTraits {
  userAgent: string
  languages: readonly string[]
  platform: string
  timeZone: string
  screen: string
  hardwareConcurrency: number
  deviceMemory: number | null
  maxTouchPoints: number
}

export function readDeviceTraits(): DeviceTraits {
  const nav = navigator as Navigator & { deviceMemory?: number; userAgentData?: { platform?: string } }
  // userAgentData where the browser has it; the older (deprecated but universal) platform otherwise.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const legacyPlatform = nav.platform
  return {
    userAgent: nav.userAgent,
    languages: nav.languages.length ? nav.languages : [nav.language],
    platform: nav.userAgentData?.platform ?? legacyPlatform,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    screen: `${screen.width}x${screen.height}x${screen.colorDepth}@${window.devicePixelRatio}`,
    hardwareConcurrency: nav.hardwareConcurrency,
    deviceMemory: nav.deviceMemory ?? null,
    maxTouchPoints: nav.maxTouchPoints,
  }
}

/**
 * The device fingerprint sent as `dfpc` with registration and sign-in (spec §5), for the
 * fraud checks that spot one device behind many accounts: a SHA-256 of the traits above.
 */
export function deviceFingerprint(traits: DeviceTraits = readDeviceTraits()): string {
  const canonical = JSON.stringify([
    traits.userAgent,
    traits.languages.join(','),
    traits.platform,
    traits.timeZone,
    traits.screen,
    traits.hardwareConcurrency,
    traits.deviceMemory,
    traits.maxTouchPoints,
  ])
  return bytesToHex(sha256(utf8ToBytes(canonical)))
}
