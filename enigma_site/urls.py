from django.urls import include, path

from enigma_site import accounts, views, webapp
from sessions.views import pictures
from sessions.views.cast import join, join_new_hero
from sessions.views.dice import dice_page
from sessions.views.joining import join_by_code
from sessions.views.live import (
    screen,
    screen_events,
    screen_next,
    screen_part,
    screen_previously_skip,
)

urlpatterns = [
    path("", views.landing, name="landing"),
    path("home/", views.home, name="home"),
    path("about/", views.about, name="about"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:slug>/", views.rule, name="rule"),
    path("dice/", dice_page, name="dice"),
    path("healthz", views.health, name="health"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("characters/", include("characters.urls")),
    path("adventures/", include("sessions.urls")),
    path("campaigns/", include("sessions.campaign_urls")),
    path("join/", join_by_code, name="join_by_code"),
    path("join/<str:code>/", join, name="join"),
    path("join/<str:code>/hero/", join_new_hero, name="join_new_hero"),
    path("pictures/portraits/<int:pk>/<str:name>", pictures.portrait, name="portrait_picture"),
    path("pictures/handouts/<int:pk>/<str:name>", pictures.handout, name="handout_picture"),
    path("screen/<str:token>/", screen, name="screen"),
    path("screen/<str:token>/events/", screen_events, name="screen_events"),
    path("screen/<str:token>/part/<str:name>/", screen_part, name="screen_part"),
    path(
        "screen/<str:token>/previously/skip/",
        screen_previously_skip,
        name="screen_previously_skip",
    ),
    path("screen/<str:token>/next/", screen_next, name="screen_next"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("accounts/password/", accounts.password_change, name="password_change"),
]
