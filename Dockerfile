# One image for every role: web (gunicorn), Celery worker, Celery beat, migrations.
# See docker-compose.yml and docs/deployment.md.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    GWT_ENV=production

WORKDIR /app

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# Static files are collected at build time and served by WhiteNoise from the image.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --system --uid 10001 --home-dir /app gwt \
    && mkdir -p /app/var && chown gwt /app/var

USER gwt
EXPOSE 8000

# Workers per container: WEB_CONCURRENCY (read by gunicorn), default 3.
CMD ["gunicorn", "gwt_site.wsgi:application", "--bind", "0.0.0.0:8000", \
     "--forwarded-allow-ips", "*", "--access-logfile", "-", "--timeout", "30"]
