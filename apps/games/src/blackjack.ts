import {
  actBlackjack,
  blackjackActions,
  publicView,
  type BlackjackAction,
  type BlackjackState,
} from '@aurum/games-math'
import { GameError, type Step } from './rounds.ts'

/** What the client is shown of a round: the public view and the actions open now (none once finished). */
export const blackjackOutcome = (state: BlackjackState) => ({
  view: publicView(state),
  actions: blackjackActions(state),
})

/** A player's action as a step of the open round (a double or split adds a stake). */
export function blackjackStep(state: BlackjackState, action: BlackjackAction): Step<BlackjackState> {
  if (!blackjackActions(state).includes(action)) throw new GameError('action_not_allowed')
  return stepTo(state, actBlackjack(state, action))
}

/**
 * How a round its player left ends: every hand still waiting stands — nothing is hit, doubled or
 * split on the player's behalf (a split hand still gets its second card, as the rules deal it) —
 * and the dealer plays out by the rules.
 */
export function standRemainingHands(state: BlackjackState): Step<BlackjackState> {
  let next = state
  while (!next.finished) next = actBlackjack(next, 'stand')
  return stepTo(state, next)
}

function stepTo(state: BlackjackState, next: BlackjackState): Step<BlackjackState> {
  return {
    addedBetCents: next.totalBetCents - state.totalBetCents,
    betCents: next.totalBetCents,
    // Finished: the final view (the dealer's cards shown, nothing else of the shoe).
    outcome: blackjackOutcome(next),
    hidden: next.finished ? null : next,
    finished: next.finished,
    winCents: next.winCents,
  }
}
