"""18C2C (Coast to Coast): the board, tiles and variants (docs/rules/18c2c.md)."""
