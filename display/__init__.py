"""display package."""
