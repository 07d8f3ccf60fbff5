# frozen_string_literal: true

# Fixes of 18xx.games engine defects that would stop a replay where their own code states the
# intended behaviour. Each names the defect; the oracle's report counts none of them as a
# difference of ours.
module OracleEngineFixes
  # `Game::Base#action_processed` (tobymao/18xx PR #10841) skips to the next entity when
  # closing a company leaves the current one without actions. Its `active_step` call caches
  # the step in the round, so when the next entity has nothing to do either, its skip finds
  # that stale step, `start_entity` does not move on, and the round waits for a player who
  # cannot act (a stock-round sale dropping a company to $0 while the next two players'
  # only action was buying its $0 shares: oracle fuzzing, seed 1870034). Clearing the cache
  # before moving on gives the intended skip.
  def action_processed(_action)
    return unless close_corporations_in_close_cell!
    return unless active_step&.actions(current_entity)&.empty?

    @round.skip_steps
    @round.clear_cache!
    @round.next_entity!
  end
end

Engine::Game::G1870::Game.prepend(OracleEngineFixes)
