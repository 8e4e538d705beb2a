"""The director's web console (shell): Starlette pages, a WebSocket for live updates, logins."""
