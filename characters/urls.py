from django.urls import path

from characters.views import creation, portable, sheet

urlpatterns = [
    path("", sheet.character_list, name="character_list"),
    path("new/", creation.character_create, name="character_create"),
    path("import/", portable.character_import, name="character_import"),
    path("knack-hint/", creation.knack_hint, name="knack_hint"),
    path("<int:pk>/", sheet.character_sheet, name="character_sheet"),
    path("<int:pk>/edit/", creation.character_edit, name="character_edit"),
    path("<int:pk>/delete/", sheet.character_delete, name="character_delete"),
    path("<int:pk>/export/", portable.character_export, name="character_export"),
    path("<int:pk>/notes/", sheet.character_notes, name="character_notes"),
    path("<int:pk>/portrait/", sheet.portrait_upload, name="portrait_upload"),
    path("<int:pk>/portrait/remove/", sheet.portrait_remove, name="portrait_remove"),
    path("<int:pk>/relationships/", sheet.relationship_add, name="relationship_add"),
    path(
        "<int:pk>/relationships/<int:relationship_pk>/delete/",
        sheet.relationship_delete,
        name="relationship_delete",
    ),
]
