import { describe, expect, it } from 'vitest'
import { parseArgs, USAGE } from './staff-create.ts'

describe('npm run staff:create', () => {
  it('read an e-mail with an optional name and role; the first member is an owner by default', () => {
    expect(parseArgs(['ops@aurum.example'])).toEqual({
      email: 'ops@aurum.example',
      name: 'ops',
      role: 'owner',
    })
    expect(parseArgs(['ana@aurum.example', '--name', 'Ana Lima', '--role', 'kyc'])).toEqual({
      email: 'ana@aurum.example',
      name: 'Ana Lima',
      role: 'kyc',
    })
  })

  it('answer the usage for anything else', () => {
    for (const args of [[], ['not-an-email'], ['a@b.example', '--name'], ['a@b.example', '--colour', 'red']])
      expect(parseArgs(args)).toEqual({ usage: USAGE })
  })
})
