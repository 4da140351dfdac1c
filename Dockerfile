# One image for every role: web (gunicorn), live streams (uvicorn), Celery worker, Celery
# beat, migrations.
# See docker-compose.yml and docs/deployment.md.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    GWT_ENV=production

WORKDIR /app

# The PostgreSQL client tools (pg_dump, pg_restore, psql) for backups and `restore_drill`.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# Static files are collected at build time and served by WhiteNoise from the image.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --system --uid 10001 --home-dir /app gwt \
    && mkdir -p /app/var && chown gwt /app/var

USER gwt
EXPOSE 8000

# Workers per container: WEB_CONCURRENCY (read by gunicorn), default 3. Its logs are formatted
# like the application's (JSON lines in production: gwt_site/gunicorn_conf.py).
CMD ["gunicorn", "gwt_site.wsgi:application", "--bind", "0.0.0.0:8000", \
     "--config", "python:gwt_site.gunicorn_conf", \
     "--forwarded-allow-ips", "*", "--timeout", "30"]
