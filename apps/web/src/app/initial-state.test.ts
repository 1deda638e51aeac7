import { describe, expect, it } from 'vitest'
import { serializeState, type InitialState } from './initial-state.ts'

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** A state as a render dehydrates it: shared (frozen) answers, a render's own data, odd characters. */
function state(): InitialState {
  const query = (key: string, data: unknown) => ({
    dehydratedAt: 1,
    state: { data, dataUpdateCount: 1, status: 'success' },
    queryKey: [key],
    queryHash: `["${key}"]`,
  })
  const snippets = deepFreeze([{ id: 'a', content: '<p>18+</p>\u2028 "quoted" \\ </script>' }])
  return {
    env: { locale: 'en-CA' } as InitialState['env'],
    baseUrl: '/',
    query: {
      mutations: [],
      queries: [
        query('player', null),
        query('snippets', snippets),
        query('own', { list: ['<b>', '\u2029'] }),
        query('again', snippets),
        query('text', deepFreeze({ note: '\u0000shared-x-0' })),
        // An infinite query's data: its own object, with shared pages (and one of its own).
        query('games', {
          pages: [snippets, { own: '</script>' }, deepFreeze({ n: 2 })],
          pageParams: [1, 2, 3],
        }),
        query('no pages', { pages: [1, null], pageParams: [1, 2] }),
      ],
    } as unknown as InitialState['query'],
    router: { loaderData: { root: null }, actionData: null, errors: null },
  }
}

const plain = (s: InitialState) =>
  JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

describe('the serialised initial state', () => {
  it('is the JSON of the state, safe in a script element, with shared answers serialised once', () => {
    const s = state()
    expect(serializeState(s)).toBe(plain(s))
    // Again, from the kept JSON of the shared answers.
    expect(serializeState(s)).toBe(plain(s))
    expect(serializeState(s)).not.toMatch(/<|\u2028|\u2029/)
    expect(JSON.parse(serializeState(s))).toEqual(JSON.parse(JSON.stringify(s)))
  })
})
