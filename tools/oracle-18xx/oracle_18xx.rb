# frozen_string_literal: true

# Replays an 18xx.games 1870 game file through the 18xx.games engine (from a local copy of its
# lib/ folder) one action at a time and prints, as JSON lines, the state after each recorded
# action: {"id": N, "state": {...}}; a refused action prints {"id": N, "error": "..."} and ends.
#
#   ruby oracle_18xx.rb ENGINE_LIB GAME.json
#
# Only the 1870 title is loaded (not lib/engine.rb, which loads every title).
require 'json'

engine_lib, game_file = ARGV
abort 'usage: ruby oracle_18xx.rb ENGINE_LIB GAME.json' unless engine_lib && game_file

$LOAD_PATH.unshift(File.join(__dir__, 'shim'))
require 'require_all'
%w[debug deep_freeze jaro_winkler logger].each { |f| require File.join(engine_lib, 'engine', f) }
require File.join(engine_lib, 'engine', 'game', 'g_1870')
require File.join(engine_lib, 'engine', 'game', 'g_1870', 'game')
require_files_retrying(Dir.glob(File.join(engine_lib, 'engine', 'game', 'g_1870', '**', '*.rb')).sort)
require_relative 'engine_fixes'

def shares_of(holder, corporation)
  holder.shares_of(corporation).sum(&:percent) / 10
end

def corporation_state(game, corp)
  price = corp.share_price
  {
    'price' => price&.price,
    'cell' => price&.coordinates,
    'stack' => price ? price.corporations.index(corp) : nil,
    'cash' => corp.cash,
    'ipo' => corp.shares_of(corp).select(&:buyable).sum(&:percent) / 10,
    'treasury' => corp.shares_of(corp).reject(&:buyable).sum(&:percent) / 10,
    'pool' => shares_of(game.share_pool, corp),
    'president' => corp.owner&.player? ? corp.owner.name : nil,
    'trains' => corp.trains.map(&:name).sort,
    'tokens' => corp.tokens.select(&:used).map { |t| t.city&.hex&.id }.compact.sort,
    'closed' => corp.closed?,
  }
end

def player_state(game, player)
  shares = game.corporations.to_h { |c| [c.name, shares_of(player, c)] }.reject { |_, n| n.zero? }
  { 'cash' => player.cash, 'shares' => shares,
    'privates' => player.companies.map(&:sym).sort }
end

def round_state(game)
  round = game.round
  order = round.respond_to?(:entities) && round.operating? ? round.entities.map(&:name) : []
  {
    'round' => round.class.name.split('::').last,
    'operating_order' => order,
    'acting' => game.finished ? [] : round.active_entities.map(&:name),
    'finished' => game.finished,
    'protection_pending' => !game.sell_queue.empty?,
  }
end

def snapshot(game)
  {
    'corporations' => game.corporations.to_h { |c| [c.name, corporation_state(game, c)] },
    'players' => game.players.to_h { |p| [p.name, player_state(game, p)] },
    'bank' => game.bank.cash,
    'pool_trains' => game.depot.discarded.map(&:name).sort,
  }.merge(round_state(game))
end

data = JSON.parse(File.read(game_file))
players = data['players'].to_h { |p| [p['id'], p['name']] }
settings = data['settings'] || {}
game = Engine::Game::G1870::Game.new(
  players, id: data['id'], actions: data['actions'], at_action: 0,
           seed: settings['seed'], optional_rules: (settings['optional_rules'] || []).map(&:to_sym)
)
$stdout.sync = true
def emit(object)
  puts "ORACLE #{JSON.generate(object)}"
end

emit({ 'id' => 0, 'state' => snapshot(game) })
data['actions'].each do |action|
  game.process_to_action(action['id'])
  if game.exception
    emit({ 'id' => action['id'], 'error' => game.exception.message })
    break
  end
  emit({ 'id' => action['id'], 'state' => snapshot(game) })
end
emit({ 'result' => game.result.transform_keys { |k| players[k] || k } })
