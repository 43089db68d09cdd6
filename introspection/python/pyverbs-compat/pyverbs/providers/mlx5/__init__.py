"""pyverbs.providers.mlx5: not in libgverbs yet."""
