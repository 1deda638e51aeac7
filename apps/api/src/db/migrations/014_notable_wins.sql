-- The recent-wins feed (GET /api/stats/winners/latest, realtime `public:wins`) lists closed rounds
-- that paid ten times their bets or more. Only those rounds enter this index, so a spin that
-- doesn't win big writes nothing more than before.
CREATE INDEX game_rounds_notable_wins ON game_rounds (finished_at DESC)
  WHERE status = 'closed' AND total_wins > 0 AND total_wins >= 10 * total_bets;
