"""Games, seats, the append-only event log and state snapshots (see ARCHITECTURE)."""
