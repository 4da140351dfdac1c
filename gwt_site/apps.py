from django.apps import AppConfig


class GwtSiteConfig(AppConfig):
    name = "gwt_site"
    verbose_name = "Site"

    def ready(self) -> None:
        from gwt_site import after_response

        after_response.connect()
