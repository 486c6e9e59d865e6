"""RetroCatan: an unofficial fan remake of the 1996 DOS game *Die Siedler von Catan*."""

__version__ = "0.1.0"
