"""hw_sim package."""
