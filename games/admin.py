"""Moderation screens for games."""
