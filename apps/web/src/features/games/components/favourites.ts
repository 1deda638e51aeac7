import { usePlayer } from '../../account/api/get-player.ts'
import type { ListGame } from '../api/games.ts'
import { useFavourites, useToggleFavourite } from '../api/favourites.ts'

export interface FavouriteControl {
  /** The per-currency id the favourite is kept under (the player's currency). */
  id: number
  on: boolean
  toggle: (id: number, on: boolean) => void
}

/** The favourite toggle of a tile for a signed-in player (by the game's id in the player's currency). */
export function useFavouriteControl(): (game: ListGame) => FavouriteControl | undefined {
  const player = usePlayer()
  const { ids } = useFavourites(!!player)
  const toggle = useToggleFavourite()
  return (game) => {
    const id = player ? game.currencies[player.currency]?.id : undefined
    if (id === undefined || !ids.data) return undefined
    return { id, on: ids.data.includes(id), toggle: (gameId, on) => toggle.mutate({ id: gameId, on }) }
  }
}
