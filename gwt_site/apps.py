from django.apps import AppConfig


class GwtSiteConfig(AppConfig):
    name = "gwt_site"
    verbose_name = "Site"
