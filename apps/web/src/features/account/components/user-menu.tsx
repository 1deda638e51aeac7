import { useTranslation } from '../../../lib/translation.tsx'
import { Link, useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../../components/button/button.tsx'
import { useSignOut } from '../api/auth-mutations.ts'
import { displayName, type UserInfo } from '@aurum/shared'
import { WalletMenu } from '../../wallet/components/wallet-menu.tsx'
import styles from './user-menu.module.css'

/** The signed-in player in the header: display name with status, and sign-out. */
export function UserMenu({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  const name = displayName(player, t('auth.visitor'), (status) =>
    t(`statuses.${status}`, { defaultValue: status }),
  )
  return (
    <div className={styles.menu}>
      <WalletMenu />
      {/* The one-click deposit (spec §2 /deposit-fast). On a small phone a round "+", named by its label: a long balance and a long Deposit
          (German, Estonian) would not fit beside the menu and the logo. */}
      <ButtonLink
        to="/deposit-fast"
        size="small"
        className={styles.deposit}
        aria-label={t('cashbox.deposit')}
      >
        <span className={styles.depositLabel}>{t('cashbox.deposit')}</span>
        <svg className={styles.depositIcon} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </ButtonLink>
      <Link to="/users" className={styles.name} title={t('nav.profile')}>
        {name}
      </Link>
      <SignOutButton className={styles.signOut} />
    </div>
  )
}

/** Sign-out: in the user menu, and in the burger menu on a phone's screen where the header has no room. */
export function SignOutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const signOut = useSignOut()
  return (
    <Button
      variant="secondary"
      size="small"
      className={className}
      disabled={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSettled: () => {
            onDone?.()
            void navigate('/')
          },
        })
      }
    >
      {t('auth.sign_out')}
    </Button>
  )
}

/** Unconfirmed e-mail notice under the header (spec §4): shown while signed in and unconfirmed. */
export function UnconfirmedEmailNotice({ player }: { player: UserInfo }) {
  const { t } = useTranslation()
  if (player.confirmed_at) return null
  return (
    <p className={styles.notice} role="status">
      {t('auth.unconfirmed_notice', { email: player.email })}{' '}
      <Link to="/email-verify">{t('auth.verify_resend')}</Link>
    </p>
  )
}
