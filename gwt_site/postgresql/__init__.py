"""The PostgreSQL backend of the project: Django's, with a cheaper connection health check
(``base.DatabaseWrapper``). Named so that ``ENGINE.endswith("postgresql")`` still holds."""
