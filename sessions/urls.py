from django.urls import path

from sessions.views import cast, live, portable, prep, table

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
    path("<int:pk>/table/", table.table, name="table"),
    path("<int:pk>/table/events/", live.table_events, name="table_events"),
    path("<int:pk>/table/part/<str:name>/", table.fragment, name="table_fragment"),
    path("<int:pk>/table/sound-check/", table.sound_check, name="sound_check"),
    path("<int:pk>/table/roll/<int:character_id>/", table.gamble_roll, name="gamble_roll"),
    path("<int:pk>/table/odds/<int:character_id>/", table.gamble_odds, name="gamble_odds"),
    path(
        "<int:pk>/table/gambles/<int:gamble_id>/reroll/", table.gamble_reroll, name="gamble_reroll"
    ),
    path(
        "<int:pk>/table/gambles/<int:gamble_id>/lucky/",
        table.gamble_lucky_save,
        name="gamble_lucky_save",
    ),
    path(
        "<int:pk>/table/gambles/<int:gamble_id>/lock/", table.gamble_lock_in, name="gamble_lock_in"
    ),
    path(
        "<int:pk>/table/wideshot/<int:character_id>/", table.wideshot_detail, name="wideshot_detail"
    ),
    path("<int:pk>/table/wideshot/edit/", table.wideshot_edit, name="wideshot_edit"),
    path("<int:pk>/table/wideshot/lock/", table.wideshot_lock, name="wideshot_lock"),
    path("<int:pk>/table/leg/start/", table.leg_start, name="table_leg_start"),
    path("<int:pk>/table/leg/end/", table.leg_end, name="table_leg_end"),
    path("<int:pk>/table/scene/start/", table.scene_start, name="table_scene_start"),
    path("<int:pk>/table/scene/end/", table.scene_end, name="table_scene_end"),
    path("<int:pk>/table/screen/", table.screen_link, name="screen_link"),
    path(f"<int:pk>/{KIND}/delete/", prep.item_delete, name="item_delete"),
    path(f"<int:pk>/{KIND}/move/", prep.item_move, name="item_move"),
]
