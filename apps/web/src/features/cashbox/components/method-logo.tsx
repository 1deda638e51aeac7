import type { ReactNode } from 'react'
import type { PaymentsMethod } from '../payments-lib/types.ts'
import styles from './cashbox.module.css'

/**
 * Logos of the payment methods: our own artwork (generic marks, no brand's trademark), drawn
 * inline so they cost no request. Each is an image named by the method's title.
 */
type Mark = 'card' | 'bank' | 'instant_bank' | 'ewallet' | 'crypto' | 'card_crypto'

function markOf(method: Pick<PaymentsMethod, 'id' | 'brand' | 'type'>): Mark {
  if (method.id === 'card_provider') return 'card_crypto'
  if (method.type === 'crypto') return 'crypto'
  if (method.type === 'cards') return 'card'
  if (method.brand === 'sofort') return 'instant_bank'
  if (method.type === 'bank_transfer') return 'bank'
  return 'ewallet'
}

const card = (
  <>
    <rect x="4" y="5" width="40" height="26" rx="4" fill="#1f3b73" />
    <rect x="4" y="10" width="40" height="5" fill="#0e1e3d" />
    <rect x="9" y="19" width="8" height="6" rx="1.5" fill="#f5c451" />
    <path d="M24 25h15" stroke="#c9d4ea" strokeWidth="2" strokeLinecap="round" />
  </>
)

const coin = (cx: number, cy: number, r: number) => (
  <>
    <circle cx={cx} cy={cy} r={r} fill="#f5a623" />
    <circle cx={cx} cy={cy} r={r - 2} fill="none" stroke="#fff3d6" strokeWidth="1.2" />
    <path
      d={`M${cx - r / 4} ${cy - r / 2}v${r}M${cx - r / 4} ${cy - r / 2}h${r / 3}a${r / 4} ${r / 4} 0 0 1 0 ${r / 2}h-${r / 3}M${cx - r / 4} ${cy}h${r / 2.6}a${r / 4} ${r / 4} 0 0 1 0 ${r / 2}h-${r / 2.6}`}
      fill="none"
      stroke="#fff"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  </>
)

const MARKS: Record<Mark, ReactNode> = {
  card,
  // A bank building: the SEPA transfer.
  bank: (
    <>
      <rect x="4" y="3" width="40" height="30" rx="4" fill="#173f7a" />
      <path d="M24 8l12 6H12z" fill="#f5c451" />
      <path d="M15 16v9M21 16v9M27 16v9M33 16v9" stroke="#fff" strokeWidth="2.4" />
      <path d="M11 28h26" stroke="#f5c451" strokeWidth="2.4" strokeLinecap="round" />
    </>
  ),
  // A bank building with a lightning bolt: an instant bank transfer.
  instant_bank: (
    <>
      <rect x="4" y="3" width="40" height="30" rx="4" fill="#2b2f36" />
      <path d="M18 8l9 5H9z" fill="#e9ecf2" />
      <path d="M11 15v9M16 15v9M21 15v9M25 15v9" stroke="#e9ecf2" strokeWidth="2" />
      <path d="M8 27h19" stroke="#e9ecf2" strokeWidth="2" strokeLinecap="round" />
      <path d="M36 7l-6 12h5l-3 10 8-14h-5l3-8z" fill="#f5c451" />
    </>
  ),
  // A wallet with a clasp.
  ewallet: (
    <>
      <rect x="4" y="3" width="40" height="30" rx="4" fill="#0f6b5c" />
      <rect x="9" y="10" width="30" height="18" rx="3" fill="#e6f4f1" />
      <path d="M9 13l22-6 2 3" fill="none" stroke="#e6f4f1" strokeWidth="2" strokeLinejoin="round" />
      <rect x="29" y="16" width="10" height="6" rx="2" fill="#0f6b5c" />
      <circle cx="32.5" cy="19" r="1.4" fill="#f5c451" />
    </>
  ),
  crypto: (
    <>
      <rect x="4" y="3" width="40" height="30" rx="4" fill="#2a2140" />
      {coin(19, 18, 9)}
      <circle cx="33" cy="14" r="5" fill="#8c7ae6" />
      <circle cx="33" cy="14" r="3" fill="none" stroke="#e8e4ff" strokeWidth="1" />
    </>
  ),
  card_crypto: (
    <>
      {card}
      {coin(37, 25, 8)}
    </>
  ),
}

export function MethodLogo({
  method,
  size = 'medium',
  decorative = false,
}: {
  method: Pick<PaymentsMethod, 'id' | 'brand' | 'type' | 'title'>
  size?: 'small' | 'medium'
  /** Beside the method's title the logo adds nothing for a screen reader. */
  decorative?: boolean
}) {
  const [width, height] = size === 'small' ? [36, 27] : [48, 36]
  return (
    <svg
      className={styles.logo}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': method.title })}
      width={width}
      height={height}
      viewBox="0 0 48 36"
      focusable="false"
    >
      {MARKS[markOf(method)]}
    </svg>
  )
}
