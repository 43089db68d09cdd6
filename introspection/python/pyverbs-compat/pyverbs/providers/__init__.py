"""pyverbs.providers: provider direct verbs (mlx5, efa) are not in libgverbs yet."""
