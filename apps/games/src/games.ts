import { gameDefinitions, SLOTS, type GameDefinition, type SlotConfig } from '@aurum/games-math'

/** A game the server runs: its catalogue entry and, for slots, the configuration. */
export interface RunnableGame {
  definition: GameDefinition
  slot?: SlotConfig
}

let registry: Map<string, RunnableGame> | undefined

/** Every game of the server by identifier (`<studio>:<id>`), built once. */
export function games(): Map<string, RunnableGame> {
  if (!registry) {
    const slots = new Map(SLOTS.map((s) => [s.id, s]))
    registry = new Map(
      gameDefinitions().map((definition) => [
        definition.identifier,
        { definition, slot: definition.type === 'slot' ? slots.get(definition.slug) : undefined },
      ]),
    )
  }
  return registry
}

export function findGame(identifier: string): RunnableGame | undefined {
  return games().get(identifier)
}
