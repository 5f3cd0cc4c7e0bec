from django.urls import path

from characters import views

urlpatterns = [
    path("", views.character_list, name="character_list"),
    path("new/", views.character_create, name="character_create"),
    path("import/", views.character_import, name="character_import"),
    path("knack-hint/", views.knack_hint, name="knack_hint"),
    path("<int:pk>/", views.character_sheet, name="character_sheet"),
    path("<int:pk>/edit/", views.character_edit, name="character_edit"),
    path("<int:pk>/delete/", views.character_delete, name="character_delete"),
    path("<int:pk>/export/", views.character_export, name="character_export"),
    path("<int:pk>/notes/", views.character_notes, name="character_notes"),
    path("<int:pk>/portrait/", views.portrait_upload, name="portrait_upload"),
    path("<int:pk>/portrait/remove/", views.portrait_remove, name="portrait_remove"),
    path("<int:pk>/relationships/", views.relationship_add, name="relationship_add"),
    path(
        "<int:pk>/relationships/<int:relationship_pk>/delete/",
        views.relationship_delete,
        name="relationship_delete",
    ),
]
