import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_every_model_change_has_a_migration():
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=1)
    except SystemExit as exit_:
        pytest.fail(f"models and migrations differ: run `manage.py makemigrations` ({exit_})")
