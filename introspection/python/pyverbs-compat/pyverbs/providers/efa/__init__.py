"""pyverbs.providers.efa: not in libgverbs yet."""
