# SPDX-License-Identifier: LGPL-2.1-or-later
# SPDX-FileCopyrightText: 2026 The libgverbs authors

"""pyverbs.providers: provider direct verbs (mlx5, efa) are not in libgverbs yet."""
