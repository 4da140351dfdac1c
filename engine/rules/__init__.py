"""Rule code, one module per action family.  Each decision frame type is handled here."""
