"""What the characters app tells whoever shows its heroes elsewhere (the table does), without
knowing who that is: the app never imports `sessions`."""

from django.dispatch import Signal

# A player changed a hero outside play (its sheet, portrait, notes or relationships, or it is
# about to be deleted): sent with ``character`` once the change is saved (a deletion: inside
# its transaction, before it).
hero_edited = Signal()
