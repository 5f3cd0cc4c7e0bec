from django.urls import path

from sessions.views import cast, director, live, play, portable, prep, prep_items, table

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
    path("<int:pk>/legs/new/", prep_items.leg_form, name="leg_add"),
    path("<int:pk>/legs/<int:leg_pk>/edit/", prep_items.leg_form, name="leg_edit"),
    path("<int:pk>/legs/<int:leg_pk>/scenes/new/", prep_items.scene_form, name="scene_add"),
    path(
        "<int:pk>/legs/<int:leg_pk>/scenes/<int:scene_pk>/edit/",
        prep_items.scene_form,
        name="scene_edit",
    ),
    path(
        "<int:pk>/legs/<int:leg_pk>/locations/new/", prep_items.location_form, name="location_add"
    ),
    path(
        "<int:pk>/legs/<int:leg_pk>/locations/<int:location_pk>/edit/",
        prep_items.location_form,
        name="location_edit",
    ),
    path(
        "<int:pk>/locations/<int:location_pk>/dangers/new/",
        prep_items.danger_form,
        name="danger_add",
    ),
    path(
        "<int:pk>/locations/<int:location_pk>/dangers/<int:danger_pk>/edit/",
        prep_items.danger_form,
        name="danger_edit",
    ),
    path("<int:pk>/table/", table.table, name="table"),
    path("<int:pk>/table/events/", live.table_events, name="table_events"),
    path("<int:pk>/table/part/<str:name>/", table.part, name="table_fragment"),
    path("<int:pk>/table/sound-check/", table.sound_check, name="sound_check"),
    path("<int:pk>/table/roll/<int:character_id>/", play.gamble_roll, name="gamble_roll"),
    path("<int:pk>/table/odds/<int:character_id>/", table.gamble_odds, name="gamble_odds"),
    path(
        "<int:pk>/table/gambles/<int:gamble_id>/reroll/", play.gamble_reroll, name="gamble_reroll"
    ),
    path(
        "<int:pk>/table/gambles/<int:gamble_id>/lucky/",
        play.gamble_lucky_save,
        name="gamble_lucky_save",
    ),
    path(
        "<int:pk>/table/gambles/<int:gamble_id>/lock/", play.gamble_lock_in, name="gamble_lock_in"
    ),
    path(
        "<int:pk>/table/wideshot/<int:character_id>/", play.wideshot_detail, name="wideshot_detail"
    ),
    path("<int:pk>/table/wideshot/edit/", director.wideshot_edit, name="wideshot_edit"),
    path("<int:pk>/table/wideshot/lock/", director.wideshot_lock, name="wideshot_lock"),
    path("<int:pk>/table/leg/start/", director.leg_start, name="table_leg_start"),
    path("<int:pk>/table/leg/end/", director.leg_end, name="table_leg_end"),
    path("<int:pk>/table/scene/start/", director.scene_start, name="table_scene_start"),
    path("<int:pk>/table/scene/end/", director.scene_end, name="table_scene_end"),
    path("<int:pk>/table/screen/", director.screen_link, name="screen_link"),
    path("<int:pk>/table/finish/", director.adventure_finish, name="adventure_finish"),
    path("<int:pk>/table/peril/", director.peril_give, name="table_peril"),
    path("<int:pk>/table/rest/", director.rest, name="table_rest"),
    path("<int:pk>/table/group/", director.group_call, name="group_call"),
    path("<int:pk>/table/group/close/", director.group_close, name="group_close"),
    path("<int:pk>/table/investigate/", director.investigation_ask, name="investigation_ask"),
    path(
        "<int:pk>/table/investigate/<int:investigation_id>/roll/",
        play.investigation_roll,
        name="investigation_roll",
    ),
    path("<int:pk>/table/dangers/add/", director.danger_add, name="danger_quick_add"),
    path("<int:pk>/table/dangers/reveal/", director.danger_reveal, name="danger_reveal"),
    path("<int:pk>/table/dangers/success/", director.danger_success, name="danger_success"),
    path("<int:pk>/table/dangers/change/", director.danger_change, name="danger_change"),
    path("<int:pk>/table/dangers/remove/", director.danger_remove, name="danger_remove"),
    path("<int:pk>/table/tumult/start/", director.tumult_start, name="tumult_start"),
    path("<int:pk>/table/tumult/enemies/", director.tumult_enemies, name="tumult_enemies"),
    path("<int:pk>/table/tumult/next/", director.tumult_next, name="tumult_next"),
    path("<int:pk>/table/tumult/end/", director.tumult_end, name="tumult_end"),
    path("<int:pk>/table/tumult/act/<int:character_id>/", play.tumult_act, name="tumult_act"),
    path("<int:pk>/table/x-card/", play.x_card, name="x_card"),
    path("<int:pk>/table/resume/", director.resume, name="resume"),
    path("<int:pk>/table/undo/", director.undo, name="table_undo"),
    path(
        "<int:pk>/table/consequences/another/",
        director.consequences_another,
        name="consequences_another",
    ),
    path("<int:pk>/table/consequences/done/", director.consequences_done, name="consequences_done"),
    path(
        "<int:pk>/table/consequences/shown/", director.consequences_shown, name="consequences_shown"
    ),
    path("<int:pk>/table/prompts/add/", director.own_prompt_add, name="own_prompt_add"),
    path("<int:pk>/table/prompts/remove/", director.own_prompt_remove, name="own_prompt_remove"),
    path("<int:pk>/table/notes/", director.notes_save, name="notes_save"),
    path("<int:pk>/table/notes/add/", director.notes_add, name="notes_add"),
    path("<int:pk>/table/narrate/", director.narrate, name="narrate"),
    path(f"<int:pk>/{KIND}/delete/", prep_items.item_delete, name="item_delete"),
    path(f"<int:pk>/{KIND}/move/", prep_items.item_move, name="item_move"),
]
