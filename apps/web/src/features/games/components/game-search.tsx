import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '../../../lib/translation.tsx'
import { useSearchParams } from 'react-router'
import { loadChunk } from '../../../lib/chunks.ts'
import styles from './games.module.css'

/** Typing settles for this long before the search runs. */
const DEBOUNCE_MS = 300

const loadResults = () => import('./search-results.tsx')
const SearchResults = lazy(() => loadChunk(async () => ({ default: (await loadResults()).SearchResults })))

/** The query a field's text searches for: at least 2 characters, else none (''). */
const queryOf = (text: string) => (text.trim().length > 1 ? text.trim() : '')

/**
 * The lobby's game search: a search field whose query (2 characters at least, after 300 ms) is
 * kept in the URL as `?q=`, so reload and back keep it. While a query is active the results
 * (their code loads on first use) take the place of the page's own list.
 */
export function GameSearch({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const query = queryOf(params.get('q') ?? '')
  const [text, setText] = useState(query)
  const [shown, setShown] = useState(query)
  const input = useRef<HTMLInputElement>(null)
  // Back and forward change the query: the field follows.
  if (shown !== query) {
    setShown(query)
    if (queryOf(text) !== query) setText(query)
  }

  const search = useCallback(
    (next: string) => {
      if (next === query) return
      setParams(
        (current) => {
          if (next) current.set('q', next)
          else current.delete('q')
          return current
        },
        // A new search is a history entry; refining it is not.
        { replace: !!next && !!query, preventScrollReset: true },
      )
    },
    [setParams, query],
  )

  useEffect(() => {
    const timer = setTimeout(() => search(queryOf(text)), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, search])

  const clear = () => {
    setText('')
    search('')
    input.current?.focus()
  }

  return (
    <>
      <form
        role="search"
        className={styles.search}
        onSubmit={(e) => {
          e.preventDefault()
          search(queryOf(text))
        }}
      >
        <input
          ref={input}
          type="search"
          name="q"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => void loadResults()}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !text) return
            e.preventDefault()
            clear()
          }}
          aria-label={t('games.search_label')}
          placeholder={t('games.search_placeholder')}
          autoComplete="off"
          enterKeyHint="search"
        />
        {text && (
          <button type="button" onClick={clear} aria-label={t('games.search_clear')}>
            ×
          </button>
        )}
      </form>
      {query ? (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          <SearchResults query={query} />
        </Suspense>
      ) : (
        children
      )}
    </>
  )
}
