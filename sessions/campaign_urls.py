from django.urls import path

from sessions.views import campaigns, portable

urlpatterns = [
    path("new/", campaigns.campaign_create, name="campaign_create"),
    path("import/", portable.campaign_import, name="campaign_import"),
    path("<int:pk>/", campaigns.campaign, name="campaign"),
    path("<int:pk>/edit/", campaigns.campaign_edit, name="campaign_edit"),
    path("<int:pk>/delete/", campaigns.campaign_delete, name="campaign_delete"),
    path("<int:pk>/export/", portable.campaign_export, name="campaign_export"),
    path(
        "<int:pk>/adventures/<int:adventure_pk>/join/",
        campaigns.campaign_join,
        name="campaign_join",
    ),
]
