import { describe, expect, it } from 'vitest'
import { isValidHost } from './host.ts'

describe('isValidHost', () => {
  it('accepts names, IPv4 and bracketed IPv6 addresses with an optional port', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'aurum.casino',
      'www.aurum.com.au:443',
      'aurum.casino.',
      'my_service:8080',
      '127.0.0.1',
      '10.0.0.1:65535',
      '[::1]',
      '[::1]:3000',
      '[2001:db8::8a2e:370:7334]',
      '[::ffff:192.168.0.1]:80',
      '[1:2:3:4:5:6:7:8]',
    ]) {
      expect({ host, valid: isValidHost(host) }).toEqual({ host, valid: true })
    }
  })

  it('refuses a missing host, spaces, broken brackets, ports out of range and other characters', () => {
    for (const host of [
      undefined,
      '',
      'a b',
      '[::1',
      '::1',
      '[::1]x',
      '[1:2:3:4:5:6:7:8:9]',
      '[::1::2]',
      '[fe80::1%25eth0]',
      ':99999',
      'localhost:99999',
      'localhost:0',
      'localhost:',
      'a..b',
      '.a',
      'evil.com/path',
      'user@evil.com',
      'a\\b',
      'a'.repeat(300),
      'bücher.de',
    ]) {
      expect({ host, valid: isValidHost(host) }).toEqual({ host, valid: false })
    }
  })
})
