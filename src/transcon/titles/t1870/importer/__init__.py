"""Import of games recorded by 18xx.games: translate their actions into ours and replay."""
