from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GwtSiteConfig(AppConfig):
    name = "gwt_site"
    verbose_name = _("Site")
