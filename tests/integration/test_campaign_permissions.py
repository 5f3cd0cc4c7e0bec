"""Every URL of campaigns, recaps, the log, the journal and notes × the Director, a Cast
player, another player and anonymous: what may not be seen answers 404 (never 403), and a
refused POST changes nothing."""

import pytest
from django.test import Client

from sessions.models import Adventure, Campaign, CastJournalEntry, Recap
from tests.conftest import PASSWORD, player_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(playing):
    """Alice's campaign with her adventure under way: Bob plays Sam in it, Carol plays Ada;
    Dora plays nobody's. A draft recap, a published one, a line of the journal by Sam."""
    from django.contrib.auth import get_user_model

    from sessions.actions import notes

    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    sequel = Adventure.objects.create(
        director=adventure.director, title="Sequel", campaign=campaign
    )
    draft = Recap.objects.create(adventure=adventure, title="Draft", body="Draft words.")
    published = Recap.objects.create(
        adventure=adventure, title="Out", body="Out words.", published=draft.created
    )
    entry = notes.write_in_journal(adventure, "Sam's line", playing["sam"], playing["sam"].owner)
    dora = get_user_model().objects.create_user("dora", password=PASSWORD)
    a, c = f"/adventures/{adventure.pk}", f"/campaigns/{campaign.pk}"
    return playing | {
        "campaign": campaign,
        "sequel": sequel,
        "draft": draft,
        "published": published,
        "entry": entry,
        "dora": dora,
        "a": a,
        "c": c,
    }


def _client(world, who):
    if who == "anonymous":
        return Client()
    if who == "director":
        client = Client()
        client.force_login(world["adventure"].director)
        return client
    if who == "cast":
        return player_client(world["sam"])
    client = Client()
    client.force_login(world["dora"])
    return client


WHO = ["director", "cast", "other", "anonymous"]

# page → who gets a 200 (everyone else logged in gets a 404; anonymous is sent to log in)
GETS = {
    "campaign": ("c", "/", {"director", "cast"}),
    "campaign_edit": ("c", "/edit/", {"director"}),
    "campaign_delete": ("c", "/delete/", {"director"}),
    "campaign_export": ("c", "/export/", {"director"}),
    "log": ("a", "/log/", {"director", "cast"}),
    "log_markdown": ("a", "/log/markdown/", {"director", "cast"}),
    "log_json": ("a", "/log/json/", {"director", "cast"}),
    "recap_draft": ("a", "/recaps/{draft}/", {"director"}),
    "recap_draft_markdown": ("a", "/recaps/{draft}/markdown/", {"director"}),
    "recap_published": ("a", "/recaps/{published}/", {"director", "cast"}),
    "recap_published_markdown": ("a", "/recaps/{published}/markdown/", {"director", "cast"}),
}


def _url(world, base, path):
    return world[base] + path.format(draft=world["draft"].pk, published=world["published"].pk)


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("page", list(GETS))
def test_every_page(world, who, page):
    base, path, allowed = GETS[page]
    response = _client(world, who).get(_url(world, base, path))
    if who == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == (200 if who in allowed else 404)


@pytest.mark.parametrize("who", ["director", "cast", "other"])
@pytest.mark.parametrize("page", ["/campaigns/new/", "/campaigns/import/"])
def test_anyone_logged_in_can_start_or_import_a_campaign(world, who, page):
    assert _client(world, who).get(page).status_code == 200
    assert Client().get(page).status_code == 302


def _state(world):
    draft, published = (
        Recap.objects.get(pk=world["draft"].pk),
        Recap.objects.get(pk=world["published"].pk),
    )
    return (
        Campaign.objects.filter(pk=world["campaign"].pk).values_list("title", flat=True).first(),
        Recap.objects.count(),
        (draft.title, draft.body, draft.published),
        (published.title, published.published),
        CastJournalEntry.objects.count(),
    )


DIRECTOR_POSTS = {
    "campaign_edit": ("c", "/edit/", {"title": "Hacked"}),
    "campaign_delete": ("c", "/delete/", {}),
    "recap_new": ("a", "/recaps/new/", {}),
    "recap_edit": ("a", "/recaps/{draft}/edit/", {"title": "Hacked", "body": "x", "publish": "1"}),
    "recap_publish": ("a", "/recaps/{draft}/publish/", {"published": "1"}),
    "recap_unpublish": ("a", "/recaps/{published}/publish/", {"published": "0"}),
    "recap_redraft": ("a", "/recaps/{published}/redraft/", {}),
    "recap_delete": ("a", "/recaps/{published}/delete/", {}),
}


@pytest.mark.parametrize("who", ["cast", "other"])
@pytest.mark.parametrize("page", list(DIRECTOR_POSTS))
def test_the_directors_posts_are_404_for_players_and_change_nothing(world, who, page):
    base, path, data = DIRECTOR_POSTS[page]
    before = _state(world)
    assert _client(world, who).post(_url(world, base, path), data).status_code == 404
    assert _state(world) == before


@pytest.mark.parametrize("page", list(DIRECTOR_POSTS))
def test_the_directors_posts_work_for_the_director_and_refuse_get(world, page):
    base, path, data = DIRECTOR_POSTS[page]
    client = _client(world, "director")
    # Editing and deleting a campaign have a page of their own; the rest are buttons.
    has_page = page in ("campaign_edit", "campaign_delete")
    assert client.get(_url(world, base, path)).status_code == (200 if has_page else 405)
    assert client.post(_url(world, base, path), data).status_code == 302


@pytest.mark.parametrize("page", list(DIRECTOR_POSTS))
def test_anonymous_posts_are_sent_to_log_in(world, page):
    base, path, data = DIRECTOR_POSTS[page]
    before = _state(world)
    response = Client().post(_url(world, base, path), data)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert _state(world) == before


@pytest.mark.parametrize("who", WHO)
def test_the_one_tap_join(world, who):
    from sessions.actions import legs

    legs.finish_adventure(world["adventure"], world["adventure"].director)
    url = f"{world['c']}/adventures/{world['sequel'].pk}/join/"
    response = _client(world, who).post(url, {"character": world["sam"].pk})
    joined = world["sequel"].cast.filter(character=world["sam"]).exists()
    if who == "cast":
        assert (response.status_code, joined) == (302, True)
    elif who == "anonymous":
        assert (response.status_code, joined) == (302, False)
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert (response.status_code, joined) == (404, False)
    assert _client(world, "cast").get(url).status_code == 405


@pytest.mark.parametrize("who", WHO)
def test_writing_in_the_journal(world, who):
    response = _client(world, who).post(world["a"] + "/table/journal/", {"text": "A line"})
    written = CastJournalEntry.objects.filter(text="A line").exists()
    expected = {"director": (302, True), "cast": (302, True), "other": (404, False)}
    if who == "anonymous":
        assert (response.status_code, written) == (302, False)
    else:
        assert (response.status_code, written) == expected[who]


@pytest.mark.parametrize("who", WHO)
def test_crossing_out_a_line_of_the_journal(world, who):
    """Sam's own line: his player or the Director may; Ada's player is refused (a move the
    table explains); anyone else never sees it."""
    url = world["a"] + f"/table/journal/{world['entry'].pk}/remove/"
    clients = {"ada": player_client(world["ada"])} | {w: _client(world, w) for w in WHO}
    response = clients["ada"].post(url)
    assert CastJournalEntry.objects.filter(pk=world["entry"].pk).exists()
    response = clients[who].post(url)
    gone = not CastJournalEntry.objects.filter(pk=world["entry"].pk).exists()
    if who in ("director", "cast"):
        assert (response.status_code, gone) == (302, True)
    elif who == "other":
        assert (response.status_code, gone) == (404, False)
    else:
        assert (response.status_code, gone) == (302, False)


@pytest.mark.parametrize("who", WHO)
def test_a_heros_notes_are_their_players_alone(world, who):
    sam = world["sam"]
    for url in (world["a"] + f"/table/hero-notes/{sam.pk}/", f"/characters/{sam.pk}/notes/"):
        response = _client(world, who).post(url, {"notes": f"by {who}"})
        sam.refresh_from_db()
        if who == "cast":
            assert (response.status_code, sam.notes) == (302, "by cast")
        else:
            assert response.status_code == (302 if who == "anonymous" else 404)
            assert sam.notes in ("", "by cast")


def test_every_new_post_needs_a_csrf_token(world):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(world["sam"].owner)
    a, c, sam = world["a"], world["c"], world["sam"]
    for url in (
        f"{c}/adventures/{world['sequel'].pk}/join/",
        f"{a}/table/journal/",
        f"{a}/table/journal/{world['entry'].pk}/remove/",
        f"{a}/table/hero-notes/{sam.pk}/",
        f"/characters/{sam.pk}/notes/",
        "/campaigns/new/",
    ):
        assert strict.post(url, {"text": "x", "notes": "x", "title": "x"}).status_code == 403, url
    assert not Campaign.objects.filter(title="x").exists()
