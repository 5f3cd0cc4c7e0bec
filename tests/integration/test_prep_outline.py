import pytest

from sessions.models import Adventure, Danger, KeyLocation, Leg, Scene

pytestmark = pytest.mark.django_db


def test_director_creates_an_adventure(alice_client, alice):
    response = alice_client.post(
        "/adventures/new/",
        {"title": "Peril at Petra", "villain": "The Jackal", "plan_components": "One\n\n Two \n"},
    )
    adventure = Adventure.objects.get(director=alice)
    assert response["Location"] == adventure.get_absolute_url()
    assert adventure.plan_components == ["One", "Two"]
    assert len(adventure.invite_code) >= 20


def test_an_adventure_needs_a_title(alice_client):
    response = alice_client.post("/adventures/new/", {"title": ""})
    assert response.status_code == 400
    assert "Every adventure needs a title." in response.content.decode()
    assert not Adventure.objects.exists()


def test_add_a_leg_inline_redraws_the_outline(alice_client, adventure):
    response = alice_client.post(
        f"/adventures/{adventure.pk}/legs/new/",
        {"title": "The Clockmaker's Daughter", "cold_open": "A kidnapping on a train"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#outline"
    assert "The Clockmaker&#x27;s Daughter" in response.content.decode()
    assert list(adventure.legs.values_list("position", flat=True)) == [1, 2]


def test_a_bad_leg_comes_back_in_the_same_fragment(alice_client, adventure):
    response = alice_client.post(
        f"/adventures/{adventure.pk}/legs/new/", {"title": ""}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 400
    assert "HX-Retarget" not in response
    content = response.content.decode()
    assert content.lstrip().startswith('<form class="panel prep-form"')
    assert "Give the Leg a title." in content
    assert adventure.legs.count() == 1


def test_add_a_scene_at_a_key_location_of_the_same_leg(alice_client, adventure):
    leg = adventure.legs.get()
    location = leg.key_locations.get()
    alice_client.post(
        f"/adventures/{adventure.pk}/legs/{leg.pk}/scenes/new/",
        {"beat": "Brawl on the quay", "key_location": location.pk, "framing_who": "Sailors"},
    )  # not "Dockhands": that names the hidden Danger "Dockhands …", and is warned of
    scene = leg.scenes.get(beat="Brawl on the quay")
    assert (scene.key_location, scene.position, scene.framing_who) == (location, 3, "Sailors")


def test_a_scene_cannot_use_another_legs_key_location(alice_client, adventure):
    leg = adventure.legs.get()
    other_leg = Leg.objects.create(adventure=adventure, title="Elsewhere", position=2)
    elsewhere = KeyLocation.objects.create(leg=other_leg, name="Far away")
    response = alice_client.post(
        f"/adventures/{adventure.pk}/legs/{leg.pk}/scenes/new/",
        {"beat": "Teleport", "key_location": elsewhere.pk},
    )
    assert response.status_code == 400
    assert not Scene.objects.filter(beat="Teleport").exists()


def test_key_location_lists_are_typed_one_per_line(alice_client, adventure):
    leg = adventure.legs.get()
    alice_client.post(
        f"/adventures/{adventure.pk}/legs/{leg.pk}/locations/new/",
        {
            "name": "Warehouse Nine",
            "leading_questions": "What smells?\nWhat ticks?",
            "npcs": "Brass Jack: foreman, loves a brawl\nThe dog",
        },
    )
    location = KeyLocation.objects.get(name="Warehouse Nine")
    assert location.leading_questions == ["What smells?", "What ticks?"]
    assert location.npcs == [
        {"name": "Brass Jack", "notes": "foreman, loves a brawl"},
        {"name": "The dog", "notes": ""},
    ]


@pytest.mark.parametrize(
    ("template", "threshold", "rating"),
    [("minion", 1, 1), ("lieutenant", 2, 3), ("villain", 4, 5)],
)
def test_a_danger_takes_its_templates_numbers(alice_client, adventure, template, threshold, rating):
    location = KeyLocation.objects.get()
    alice_client.post(
        f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/new/",
        {"name": "Goon", "template": template},
    )
    danger = Danger.objects.get(name="Goon")
    assert (danger.success_threshold, danger.danger_rating) == (threshold, rating)


def test_a_dangers_numbers_can_be_edited(alice_client, adventure):
    location = KeyLocation.objects.get()
    alice_client.post(
        f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/new/",
        {"name": "Tough goon", "template": "minion", "success_threshold": 3, "danger_rating": 2},
    )
    danger = Danger.objects.get(name="Tough goon")
    assert (danger.success_threshold, danger.danger_rating) == (3, 2)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "X", "template": "custom"}, "A custom Danger needs its own numbers."),
        ({"name": "X", "template": "minion", "success_threshold": 0}, "greater than or equal to 1"),
        ({"name": "X", "template": "minion", "danger_rating": -1}, "greater than or equal to 0"),
        ({"name": "X", "template": "dragon"}, "Select a valid choice"),
        ({"name": "", "template": "minion"}, "Name the Danger."),
    ],
)
def test_bad_dangers_are_refused(alice_client, adventure, data, message):
    location = KeyLocation.objects.get()
    response = alice_client.post(
        f"/adventures/{adventure.pk}/locations/{location.pk}/dangers/new/", data
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Danger.objects.count() == 1


def test_scenes_move_up_and_down(alice_client, adventure):
    leg = adventure.legs.get()
    first, second = leg.scenes.all()
    alice_client.post(f"/adventures/{adventure.pk}/scene/{second.pk}/move/", {"direction": "up"})
    assert list(leg.scenes.values_list("pk", flat=True)) == [second.pk, first.pk]
    # Moving the top one further up changes nothing.
    alice_client.post(f"/adventures/{adventure.pk}/scene/{second.pk}/move/", {"direction": "up"})
    assert list(leg.scenes.values_list("pk", flat=True)) == [second.pk, first.pk]


def test_a_bad_direction_is_refused(alice_client, adventure):
    scene = Scene.objects.first()
    response = alice_client.post(
        f"/adventures/{adventure.pk}/scene/{scene.pk}/move/", {"direction": "sideways"}
    )
    assert response.status_code == 400


def test_dangers_and_locations_cannot_be_moved(alice_client, adventure):
    danger = Danger.objects.get()
    response = alice_client.post(
        f"/adventures/{adventure.pk}/danger/{danger.pk}/move/", {"direction": "up"}
    )
    assert response.status_code == 400


def test_deleting_a_leg_takes_its_scenes_and_locations(alice_client, adventure):
    leg = adventure.legs.get()
    alice_client.post(f"/adventures/{adventure.pk}/leg/{leg.pk}/delete/")
    assert not Scene.objects.exists()
    assert not KeyLocation.objects.exists()
    assert not Danger.objects.exists()


def test_the_srd_hints_flag_what_is_missing(alice_client, adventure):
    content = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "Most adventures have 3–5 Legs; this one has 1 so far." in content
    Leg.objects.create(adventure=adventure, title="Bare leg", position=2)
    content = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "a cold open to throw the Cast into the action" in content
    assert "Key Locations to explore" in content


def test_the_outline_of_a_big_adventure_takes_few_queries(
    alice_client, alice, django_assert_max_num_queries
):
    adventure = Adventure.objects.create(director=alice, title="Epic")
    for leg_no in range(5):
        leg = Leg.objects.create(adventure=adventure, title=f"Leg {leg_no}", position=leg_no)
        location = KeyLocation.objects.create(leg=leg, name=f"Place {leg_no}")
        Danger.objects.create(key_location=location, name="Goon")
        for scene_no in range(6):
            scene = Scene.objects.create(
                leg=leg, beat=f"Beat {scene_no}", position=scene_no, key_location=location
            )
            Danger.objects.create(scene=scene, name="On-the-fly goon")
    # 16: one more since the outline lists the players kept out of the Cast (issue 36).
    with django_assert_max_num_queries(16):
        response = alice_client.get(adventure.get_absolute_url())
    assert response.content.decode().count("<strong>Beat 5</strong>") == 5


def test_the_outline_says_the_tables_dice_and_seats(alice_client, adventure):
    """A fresh-eyes prep had to open Edit to see whether "either" dice and four seats were
    saved: the outline says them under the title."""
    from sessions.models import RealDice

    Adventure.objects.filter(pk=adventure.pk).update(real_dice=RealDice.EITHER, seats=4)
    page = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "Dice: Either: each player chooses per roll · 4 seats" in page
    Adventure.objects.filter(pk=adventure.pk).update(real_dice=RealDice.APP, seats=None)
    page = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "Dice: The app rolls · No seat limit" in page


def test_what_a_leg_still_wants_reads_as_a_list(alice_client, adventure):
    """Read as a sentence: "…Key Locations to explore and a final showdown." (a reviewer read
    "…Key Locations to explore, a final showdown.")."""
    Leg.objects.create(adventure=adventure, title="Bare leg", position=2, cold_open="Rain.")
    content = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "This Leg still wants Key Locations to explore and a final showdown." in content


def test_a_finished_adventure_asks_for_no_more_prep(alice_client, adventure):
    Leg.objects.create(adventure=adventure, title="Bare leg", position=2)
    adventure.status = Adventure.Status.FINISHED
    adventure.save(update_fields=["status"])
    content = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "Bare leg" in content
    assert "still wants" not in content
    assert "Key Locations to explore" not in content
    assert "Most adventures have 3–5 Legs" not in content


def test_the_export_says_handouts_are_left_out_of_the_file(alice_client, adventure):
    # "(no handouts)" read as "this Adventure has none", beside a list of its handouts.
    content = alice_client.get(adventure.get_absolute_url()).content.decode()
    assert "Export prep as JSON" in content
    assert "(handouts not included)" in content
    assert "(no handouts)" not in content
