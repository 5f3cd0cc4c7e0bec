from django.urls import path

from sessions.views import cast, portable, prep

KIND = "<str:kind>/<int:item_pk>"

urlpatterns = [
    path("", prep.adventure_list, name="adventure_list"),
    path("new/", prep.adventure_create, name="adventure_create"),
    path("import/", portable.adventure_import, name="adventure_import"),
    path("<int:pk>/", prep.adventure, name="adventure"),
    path("<int:pk>/edit/", prep.adventure_edit, name="adventure_edit"),
    path("<int:pk>/delete/", prep.adventure_delete, name="adventure_delete"),
    path("<int:pk>/export/", portable.adventure_export, name="adventure_export"),
    path("<int:pk>/invite/", prep.invite_regenerate, name="invite_regenerate"),
    path("<int:pk>/cast/<int:member_pk>/remove/", prep.cast_remove, name="cast_remove"),
    path("<int:pk>/safety/", cast.safety_add, name="safety_add"),
    path("<int:pk>/safety/<int:note_pk>/remove/", cast.safety_remove, name="safety_remove"),
    path("<int:pk>/legs/new/", prep.leg_form, name="leg_add"),
    path("<int:pk>/legs/<int:leg_pk>/edit/", prep.leg_form, name="leg_edit"),
    path("<int:pk>/legs/<int:leg_pk>/scenes/new/", prep.scene_form, name="scene_add"),
    path(
        "<int:pk>/legs/<int:leg_pk>/scenes/<int:scene_pk>/edit/",
        prep.scene_form,
        name="scene_edit",
    ),
    path("<int:pk>/legs/<int:leg_pk>/locations/new/", prep.location_form, name="location_add"),
    path(
        "<int:pk>/legs/<int:leg_pk>/locations/<int:location_pk>/edit/",
        prep.location_form,
        name="location_edit",
    ),
    path("<int:pk>/locations/<int:location_pk>/dangers/new/", prep.danger_form, name="danger_add"),
    path(
        "<int:pk>/locations/<int:location_pk>/dangers/<int:danger_pk>/edit/",
        prep.danger_form,
        name="danger_edit",
    ),
    path(f"<int:pk>/{KIND}/delete/", prep.item_delete, name="item_delete"),
    path(f"<int:pk>/{KIND}/move/", prep.item_move, name="item_move"),
]
