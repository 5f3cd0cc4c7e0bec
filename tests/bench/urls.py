from django.urls import path

from enigma_site.urls import urlpatterns as site
from tests.bench.floor import minimal_write

urlpatterns = [path("bench/write/", minimal_write, name="bench_write"), *site]
