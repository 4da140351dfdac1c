import pytest


@pytest.mark.django_db
def test_the_home_page_says_what_the_service_is(client):
    response = client.get("/")

    assert response.status_code == 200
    assert b"Great Western Trail" in response.content


@pytest.mark.django_db
def test_the_openapi_schema_is_served(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    assert response.json()["info"]["title"] == "Great Western Trail API"
