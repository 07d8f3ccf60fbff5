"""The framework's steps: what any 18xx round is made of (auction, stock, operating)."""
